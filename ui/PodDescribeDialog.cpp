#include "PodDescribeDialog.h"

#include "FailuresPanel.h"
#include "Format.h"
#include "TableColumns.h"
#include "TableRowsModel.h"
#include "TableViews.h"
#include "kube/ApiClient.h"
#include "kube/JsonWatch.h"
#include "store/ClusterSource.h"
#include "store/JobStore.h"

#include <QGroupBox>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace tessera::ui {

namespace {

QString str(const QJsonObject& o, const char* key) {
    return o.value(QLatin1String(key)).toString();
}

QDateTime timeOf(const QJsonObject& o, const char* key) {
    return QDateTime::fromString(str(o, key), Qt::ISODate);
}

// "Running since 10:02:03", "Waiting: ImagePullBackOff (message)", "Terminated: exit code 137,
// OOMKilled, at 10:04:00".
QString describeState(const QJsonObject& state) {
    if (state.contains(QLatin1String("running")))
        return PodDescribeDialog::tr("Running since %1")
            .arg(Format::time(
                timeOf(state.value(QLatin1String("running")).toObject(), "startedAt")));
    if (state.contains(QLatin1String("waiting"))) {
        const QJsonObject w = state.value(QLatin1String("waiting")).toObject();
        QString text = PodDescribeDialog::tr("Waiting: %1").arg(str(w, "reason"));
        if (!str(w, "message").isEmpty())
            text += QStringLiteral(" (%1)").arg(str(w, "message"));
        return text;
    }
    if (state.contains(QLatin1String("terminated"))) {
        const QJsonObject t = state.value(QLatin1String("terminated")).toObject();
        QString text = PodDescribeDialog::tr("Terminated: exit code %1")
                           .arg(t.value(QLatin1String("exitCode")).toInt());
        if (!str(t, "reason").isEmpty())
            text += QStringLiteral(", ") + str(t, "reason");
        if (timeOf(t, "finishedAt").isValid())
            text += PodDescribeDialog::tr(", at %1").arg(Format::time(timeOf(t, "finishedAt")));
        return text;
    }
    return {};
}

QGroupBox* group(const QString& title, TableRowsModel* model, const QString& name,
                 int stretchColumn, QWidget* parent) {
    auto* box = new QGroupBox(title, parent);
    auto* view = makeSortableTable(model, box, name);
    fitColumnsStretching(view, stretchColumn);
    (new QVBoxLayout(box))->addWidget(view);
    return box;
}

} // namespace

PodDescribeDialog::PodDescribeDialog(kube::ApiClient* client, ObjectRef pod,
                                     store::JobStore* jobStore, store::JobSnapshotPtr snapshot,
                                     QWidget* parent)
    : QDialog(parent)
    , m_client(client)
    , m_pod(std::move(pod))
    , m_summary(new QLabel(this))
    , m_conditions(new TableRowsModel(
          {tr("Condition"), tr("Status"), tr("Reason"), tr("Message"), tr("Last change")}, this))
    , m_containers(new TableRowsModel(
          {tr("Container"), tr("State"), tr("Ready"), tr("Restarts"), tr("Last termination")},
          this))
    , m_podEvents(new TableRowsModel(FailuresPanel::eventHeaders(), this))
    , m_jobEvents(new TableRowsModel(FailuresPanel::eventHeaders(), this)) {
    setObjectName(QStringLiteral("podDescribeDialog"));
    setAttribute(Qt::WA_DeleteOnClose);
    setWindowTitle(tr("Pod %1").arg(m_pod.name));
    m_summary->setObjectName(QStringLiteral("podSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(
        group(tr("Conditions"), m_conditions, QStringLiteral("podConditions"), 3, split));
    split->addWidget(
        group(tr("Containers"), m_containers, QStringLiteral("podContainers"), 1, split));
    m_podEventsGroup =
        group(tr("Events of the pod"), m_podEvents, QStringLiteral("podEvents"), 2, split);
    split->addWidget(m_podEventsGroup);
    split->addWidget(
        group(tr("Events of the job"), m_jobEvents, QStringLiteral("podJobEvents"), 2, split));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    resize(900, 680);

    setJobSnapshot(snapshot);
    if (jobStore)
        connect(jobStore, &store::JobStore::jobSnapshotChanged, this,
                [this](const store::JobSnapshotPtr& s) {
                    if (s && s->summary.key == m_pod.jobKey)
                        setJobSnapshot(s);
                });
    startWatches();
}

PodDescribeDialog::~PodDescribeDialog() {
    stopWatches();
}

void PodDescribeDialog::done(int result) {
    stopWatches();
    QDialog::done(result);
}

void PodDescribeDialog::stopWatches() {
    // The informers live in the client's thread: stopped and deleted there.
    for (QPointer<kube::Informer>* watch : {&m_podWatch, &m_eventsWatch}) {
        if (!*watch)
            continue;
        (*watch)->stop();
        (*watch)->deleteLater();
        *watch = nullptr;
    }
}

QString PodDescribeDialog::summaryText() const {
    return m_summary->text();
}

void PodDescribeDialog::setJobSnapshot(const store::JobSnapshotPtr& snapshot) {
    if (!snapshot)
        return;
    m_snapshot = snapshot;
    m_jobEvents->setRows(FailuresPanel::eventRows(snapshot->events));
    if (m_gone)
        showRecorded();
}

void PodDescribeDialog::startWatches() {
    if (!m_client)
        return;
    kube::Informer::Options pod;
    pod.resource = kube::Resource::PodsJson;
    pod.namespace_ = m_pod.namespace_;
    pod.fieldSelector = QStringLiteral("metadata.name=") + m_pod.name;
    m_podWatch = new kube::Informer(m_client, pod);
    connect(m_podWatch, &kube::Informer::batchReady, this, &PodDescribeDialog::onPodBatch);
    connect(m_podWatch, &kube::Informer::stateChanged, this,
            [this](const kube::WatchState& s) { onWatchState(s, false); });
    kube::Informer::Options events;
    events.resource = kube::Resource::Events;
    events.namespace_ = m_pod.namespace_;
    events.fieldSelector = kube::ApiClient::eventsAboutSelector(QString(), m_pod.name);
    m_eventsWatch = new kube::Informer(m_client, events);
    connect(m_eventsWatch, &kube::Informer::batchReady, this, &PodDescribeDialog::onEventsBatch);
    connect(m_eventsWatch, &kube::Informer::stateChanged, this,
            [this](const kube::WatchState& s) { onWatchState(s, true); });
    m_podWatch->start();
    m_eventsWatch->start();
}

void PodDescribeDialog::onPodBatch(const kube::InformerBatchPtr& batch) {
    const QString self = m_pod.namespace_ + QLatin1Char('/') + m_pod.name;
    if (!batch->objects.empty()) {
        m_gone = false;
        showPod(batch->objects.back());
    } else if (batch->replace || // an empty list: there is no such pod
               std::find(batch->deleted.begin(), batch->deleted.end(), self) !=
                   batch->deleted.end()) {
        m_gone = true;
        showRecorded();
    }
    emit refreshed();
}

void PodDescribeDialog::onEventsBatch(const kube::InformerBatchPtr& batch) {
    if (batch->replace)
        m_podEventsByName.clear();
    for (const QString& gone : batch->deleted)
        m_podEventsByName.remove(gone);
    for (const QJsonObject& event : batch->objects)
        m_podEventsByName.insert(kube::objectKeyOf(event), store::ClusterSource::eventOf(event));
    const std::vector<store::Event> events =
        store::ClusterSource::eventsOldestFirst(m_podEventsByName);
    m_podEvents->setRows(FailuresPanel::eventRows(events));
    m_podEventsGroup->setTitle(tr("Events of the pod (%1)").arg(events.size()));
    emit refreshed();
}

void PodDescribeDialog::onWatchState(const kube::WatchState& state, bool events) {
    using P = kube::WatchState::Phase;
    if (state.phase == P::Connected || state.phase == P::Connecting || state.phase == P::Stopped)
        return;
    // The informer retries by itself; until it gets through, say why nothing changes.
    if (events)
        m_podEventsGroup->setTitle(tr("Events of the pod: %1").arg(state.text()));
    else
        m_summary->setText(state.text());
    emit refreshed();
}

void PodDescribeDialog::showPod(const QJsonObject& pod) {
    const QJsonObject meta = pod.value(QLatin1String("metadata")).toObject();
    const QJsonObject spec = pod.value(QLatin1String("spec")).toObject();
    const QJsonObject status = pod.value(QLatin1String("status")).toObject();
    QString summary =
        tr("Pod %1 · %2 · node %3")
            .arg(m_pod.name, str(status, "phase"),
                 str(spec, "nodeName").isEmpty() ? tr("none yet") : str(spec, "nodeName"));
    const QString index = meta.value(QLatin1String("annotations"))
                              .toObject()
                              .value(QLatin1String("batch.kubernetes.io/job-completion-index"))
                              .toString();
    if (!index.isEmpty())
        summary += tr(" · index %1").arg(index);
    if (timeOf(status, "startTime").isValid())
        summary += tr(" · started %1").arg(Format::time(timeOf(status, "startTime")));
    if (!str(status, "reason").isEmpty())
        summary += QStringLiteral(" · %1: %2").arg(str(status, "reason"), str(status, "message"));
    m_summary->setText(summary);

    std::vector<TableRowsModel::Row> conditions;
    for (const QJsonValue& v : status.value(QLatin1String("conditions")).toArray()) {
        const QJsonObject c = v.toObject();
        const QDateTime changed = timeOf(c, "lastTransitionTime");
        conditions.push_back({{str(c, "type")},
                              {str(c, "status")},
                              {str(c, "reason")},
                              {str(c, "message"), {}, str(c, "message")},
                              {changed, Format::time(changed)}});
    }
    m_conditions->setRows(std::move(conditions));

    std::vector<TableRowsModel::Row> containers;
    for (const char* list : {"initContainerStatuses", "containerStatuses"}) {
        for (const QJsonValue& v : status.value(QLatin1String(list)).toArray()) {
            const QJsonObject c = v.toObject();
            const QString state = describeState(c.value(QLatin1String("state")).toObject());
            const QString last = describeState(c.value(QLatin1String("lastState")).toObject());
            containers.push_back({{str(c, "name")},
                                  {state, {}, state},
                                  {c.value(QLatin1String("ready")).toBool() ? tr("yes") : tr("no")},
                                  {c.value(QLatin1String("restartCount")).toInt()},
                                  {last, {}, last}});
        }
    }
    m_containers->setRows(std::move(containers));
}

void PodDescribeDialog::showRecorded() {
    const store::IndexAttempt* recorded = nullptr;
    if (m_snapshot)
        for (const store::IndexAttempt& a : m_snapshot->attempts)
            if (a.pod == m_pod.name)
                recorded = &a;
    m_conditions->setRows({});
    m_containers->setRows({});
    if (!recorded) {
        m_summary->setText(
            tr("Pod %1 no longer exists, and the History has no record of it.").arg(m_pod.name));
        return;
    }
    QString text = tr("Pod %1 no longer exists. The History recorded: index %2, attempt %3, %4")
                       .arg(m_pod.name)
                       .arg(recorded->index)
                       .arg(recorded->attempt + 1)
                       .arg(Format::outcome(recorded->outcome));
    if (!recorded->node.isEmpty())
        text += tr(" on %1").arg(recorded->node);
    if (recorded->started.isValid())
        text += tr(", started %1").arg(Format::time(recorded->started));
    if (recorded->finished.isValid())
        text += tr(", ended %1").arg(Format::time(recorded->finished));
    if (recorded->exitCode >= 0)
        text += tr(", exit code %1").arg(Format::exitCode(recorded->exitCode, recorded->signal));
    if (!recorded->reason.isEmpty())
        text += QStringLiteral(", %1").arg(recorded->reason);
    if (!recorded->message.isEmpty())
        text += QStringLiteral(": %1").arg(recorded->message);
    m_summary->setText(text + QLatin1Char('.'));
}

} // namespace tessera::ui
