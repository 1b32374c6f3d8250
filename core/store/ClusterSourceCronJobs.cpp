// CronJobs: listed and watched in the jobs' scope (the same namespaces, one informer for all of
// them or one per namespace, and the same label selector sent to the server), each a row of the
// job list its runs group under (JobSummary::cron). A cluster that refuses to list them (403)
// still shows its Jobs: the refusal is said once and that informer stops (no retries against a
// rule that will not change by itself); F5 or a new scope asks again.
#include "ClusterSource.h"
#include "ClusterSourceSupport.h"
#include "kube/JsonWatch.h"

#include <QJsonArray>
#include <QJsonObject>
#include <algorithm>

namespace tessera::store {

namespace {

QDateTime timeOf(const QJsonObject& o, const char* field) {
    const QString text = o.value(QLatin1String(field)).toString();
    if (text.isEmpty())
        return {};
    const QDateTime t = QDateTime::fromString(text, Qt::ISODateWithMs);
    return t.isValid() ? t.toUTC() : QDateTime::fromString(text, Qt::ISODate).toUTC();
}

} // namespace

JobSummary ClusterSource::summarizeCronJob(const QString& key, const QJsonObject& cronJob) {
    const QJsonObject meta = cronJob.value(QLatin1String("metadata")).toObject();
    const QJsonObject spec = cronJob.value(QLatin1String("spec")).toObject();
    const QJsonObject status = cronJob.value(QLatin1String("status")).toObject();
    JobSummary s;
    s.key = key;
    s.uid = meta.value(QLatin1String("uid")).toString();
    s.name = meta.value(QLatin1String("name")).toString();
    s.namespace_ = meta.value(QLatin1String("namespace")).toString();
    s.cronJob = s.name; // its runs' group is its own
    s.created = timeOf(meta, "creationTimestamp");
    const QJsonObject labels = meta.value(QLatin1String("labels")).toObject();
    for (auto it = labels.begin(); it != labels.end(); ++it)
        s.labels.insert(it.key(), it.value().toString());
    CronJobInfo info;
    info.schedule = spec.value(QLatin1String("schedule")).toString();
    info.timeZone = spec.value(QLatin1String("timeZone")).toString();
    info.suspend = spec.value(QLatin1String("suspend")).toBool(false);
    info.lastScheduleTime = timeOf(status, "lastScheduleTime");
    info.lastSuccessfulTime = timeOf(status, "lastSuccessfulTime");
    info.active = static_cast<int>(status.value(QLatin1String("active")).toArray().size());
    s.suspended = info.suspend;
    s.status = info.suspend ? engine::JobState::Suspended : engine::JobState::Pending;
    s.cron = info;
    return s;
}

void ClusterSource::startCronJobsInformers() {
    qDeleteAll(m_cronJobsInformers);
    m_cronJobsInformers.clear();
    m_cronJobsRefusalSaid = false;
    QStringList namespaces = m_options.scope.namespaces;
    if (namespaces.isEmpty())
        namespaces << m_options.namespace_; // "" = all
    for (const QString& ns : std::as_const(namespaces)) {
        kube::Informer::Options o;
        o.resource = kube::Resource::CronJobs;
        o.namespace_ = ns;
        o.labelSelector = m_options.scope.labelSelector;
        o.batchInterval = m_options.informerBatch;
        auto* informer = new kube::Informer(m_client, o);
        connect(informer, &kube::Informer::batchReady, this, &ClusterSource::onCronJobsBatch);
        connect(informer, &kube::Informer::stateChanged, this, &ClusterSource::onCronJobsState);
        m_cronJobsInformers.push_back(informer);
    }
    const JobScope& scope = m_options.scope;
    forgetCronJobsIf([&](const JobSummary& c) {
        return !scope.includesNamespace(c.namespace_) ||
               (scope.allNamespaces() && !m_options.namespace_.isEmpty() &&
                c.namespace_ != m_options.namespace_);
    });
    for (kube::Informer* informer : m_cronJobsInformers)
        informer->start();
}

void ClusterSource::onCronJobsBatch(const kube::InformerBatchPtr& batch) {
    const auto* informer = qobject_cast<kube::Informer*>(sender());
    if (std::find(m_cronJobsInformers.begin(), m_cronJobsInformers.end(), informer) ==
        m_cronJobsInformers.end())
        return; // a batch from an informer replaced meanwhile
    QSet<QString> listed;
    for (const QJsonObject& object : batch->objects) {
        const QString nsName = kube::objectKeyOf(object);
        const qsizetype slash = nsName.indexOf(QLatin1Char('/'));
        const QString key = cronJobRowKey(sourceName(), nsName.left(slash), nsName.mid(slash + 1));
        JobSummary row = summarizeCronJob(key, object);
        listed.insert(key);
        if (m_cronJobs.value(key) == row)
            continue;
        m_cronJobs.insert(key, row);
        queueUpsert(std::move(row));
    }
    if (batch->replace) {
        // A relist is the whole truth of its namespace (or of every namespace).
        const QString ns = informer->options().namespace_;
        forgetCronJobsIf([&](const JobSummary& c) {
            return (ns.isEmpty() || c.namespace_ == ns) && !listed.contains(c.key);
        });
    }
    for (const QString& nsName : batch->deleted) {
        const qsizetype slash = nsName.indexOf(QLatin1Char('/'));
        const QString key = cronJobRowKey(sourceName(), nsName.left(slash), nsName.mid(slash + 1));
        if (m_cronJobs.remove(key) > 0)
            queueRemove(key);
    }
}

void ClusterSource::onCronJobsState(const kube::WatchState& state) {
    using P = kube::WatchState::Phase;
    if (state.phase != P::Forbidden && state.phase != P::Unauthorized)
        return; // the jobs' informers say how the connection is
    auto* informer = qobject_cast<kube::Informer*>(sender());
    if (std::find(m_cronJobsInformers.begin(), m_cronJobsInformers.end(), informer) ==
        m_cronJobsInformers.end())
        return;
    informer->stop();
    if (m_cronJobsRefusalSaid)
        return;
    m_cronJobsRefusalSaid = true;
    emit actionFailed(
        sourceName(),
        tr("CronJobs are not listed (their runs are still grouped): %1").arg(state.detail));
}

void ClusterSource::forgetCronJobsIf(const std::function<bool(const JobSummary&)>& gone) {
    for (auto it = m_cronJobs.begin(); it != m_cronJobs.end();) {
        if (!gone(it.value())) {
            ++it;
            continue;
        }
        queueRemove(it.key());
        it = m_cronJobs.erase(it);
    }
}

} // namespace tessera::store
