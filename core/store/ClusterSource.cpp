#include "ClusterSource.h"

#include "ClusterReportInput.h"
#include "ClusterSourceSupport.h"
#include "History.h"
#include "RelaunchInput.h"
#include "RunTimeline.h"
#include "engine/IndexSet.h"
#include "engine/PodClassification.h"
#include "report/ClusterReportLoader.h"

#include <QPointer>
#include <algorithm>

namespace tessera::store {

using cluster_source::parseInt;
using cluster_source::qs;
using cluster_source::toDateTime;

ClusterSource::ClusterSource(QString sourceName, kube::ApiClient* client, Options options,
                             QObject* parent)
    : JobStore(std::move(sourceName), parent)
    , m_client(client)
    , m_options(std::move(options)) {
    setEmitInterval(m_options.emitInterval);
    for (QTimer* t : {&m_nodesTimer, &m_historyTimer, &m_countdownTimer})
        t->setParent(this); // members: parented so moveToThread() takes them along
    connect(&m_nodesTimer, &QTimer::timeout, this, &ClusterSource::pollNodes);
    connect(&m_historyTimer, &QTimer::timeout, this, [this] {
        if (m_history && m_history->pendingCount() > 0)
            if (auto r = m_history->flush(); !r)
                disableHistory(QString::fromStdString(r.error().message));
    });
    connect(&m_countdownTimer, &QTimer::timeout, this, [this] {
        const int left =
            std::max(0, m_retrySeconds - static_cast<int>(m_retryClock.elapsed() / 1000));
        reportConnection(ConnectionState::Retrying, m_retryDetail, left);
        if (left == 0)
            m_countdownTimer.stop();
    });
}

ClusterSource::~ClusterSource() {
    for (auto& [key, w] : m_watched)
        stopPodsInformer(*w);
    qDeleteAll(m_jobsInformers);
    qDeleteAll(m_cronJobsInformers);
    for (const auto& l : std::as_const(m_logs))
        m_client->cancelStream(l.id);
    m_history.reset(); // flushes
    for (QTimer* t : {&m_nodesTimer, &m_historyTimer, &m_countdownTimer})
        t->setParent(nullptr);
}

QString ClusterSource::clusterKey() const {
    return historyClusterKey(m_options.cluster, m_client->connection().server.toString());
}

// ---------------------------------------------------------------- conversions

JobSummary ClusterSource::summarize(const QString& key, const codec::JobObject& o) {
    const engine::Job& j = o.job;
    JobSummary s;
    s.key = key;
    s.uid = qs(j.metadata.uid);
    s.name = qs(j.metadata.name);
    s.namespace_ = qs(j.metadata.namespace_);
    s.indexed = j.spec.completionMode == engine::CompletionMode::Indexed;
    s.completions = j.spec.completions.value_or(0);
    s.parallelism = j.spec.parallelism.value_or(1);
    s.active = j.status.active;
    s.ready = j.status.ready.value_or(0);
    s.succeeded = j.status.succeeded;
    s.failed = j.status.failed;
    s.suspended = j.spec.suspend.value_or(false);
    s.created = toDateTime(j.metadata.creationTimestamp);
    s.started = toDateTime(j.status.startTime);
    s.finished = toDateTime(j.status.completionTime);
    const engine::JobStateInfo state = engine::jobStateOf(j);
    s.status = state.state;
    s.statusReason = qs(state.reason);
    if (state.state == engine::JobState::Failed && !s.finished.isValid())
        if (const auto* failed = engine::findCondition(j.status.conditions, "Failed"))
            s.finished = toDateTime(failed->lastTransitionTime);
    for (const auto& owner : o.meta.ownerReferences)
        if (owner.controller.value_or(false) && owner.kind == "CronJob")
            s.cronJob = qs(owner.name);
    for (const auto& [label, value] : o.meta.labels)
        s.labels.insert(qs(label), qs(value));
    return s;
}

IndexAttempt ClusterSource::attemptOf(const codec::PodObject& o) {
    const engine::Pod& p = o.pod;
    IndexAttempt a;
    a.live = true;
    a.pod = qs(p.metadata.name);
    a.node = qs(p.nodeName);
    a.outcome = engine::attemptOutcomeOf(p);
    if (p.completionIndexAnnotation) {
        a.index = parseInt(*p.completionIndexAnnotation).value_or(-1);
    } else if (auto it = o.meta.labels.find(engine::kCompletionIndexKey);
               it != o.meta.labels.end()) {
        a.index = parseInt(it->second).value_or(-1);
    }
    if (p.failureCountAnnotation)
        a.attempt = std::max(0, parseInt(*p.failureCountAnnotation).value_or(0));
    a.created = toDateTime(p.metadata.creationTimestamp);
    a.started = toDateTime(p.startTime);
    a.reason = qs(p.reason);
    a.message = qs(p.message);
    a.restarts = static_cast<int>(engine::podRestartCount(p));
    // The container that says why: a failed one first, else any terminated, else a waiting one.
    const engine::ContainerStatus* why = nullptr;
    for (const auto& c : p.containerStatuses) {
        if (c.state == engine::ContainerStateKind::Terminated) {
            if (!why || why->state != engine::ContainerStateKind::Terminated ||
                (why->exitCode == 0 && c.exitCode != 0))
                why = &c;
            if (c.finishedAt) {
                const QDateTime f = toDateTime(c.finishedAt);
                if (!a.finished.isValid() || f > a.finished)
                    a.finished = f;
            }
        } else if (c.state == engine::ContainerStateKind::Waiting && !c.reason.empty() && !why) {
            why = &c;
        }
    }
    if (why) {
        if (why->state == engine::ContainerStateKind::Terminated) {
            a.exitCode = why->exitCode;
            a.signal = why->signal;
        }
        if (a.reason.isEmpty())
            a.reason = qs(why->reason);
        if (a.message.isEmpty())
            a.message = qs(why->message);
    }
    // Deleted or removed before it finished: it ends when its deletion was asked for (the
    // kubelet's kill follows within the grace period), so it is drawn and timed as what it is.
    if ((a.outcome == engine::AttemptOutcome::Deleted ||
         a.outcome == engine::AttemptOutcome::Removed) &&
        !a.finished.isValid())
        a.finished = toDateTime(p.metadata.deletionTimestamp);
    return a;
}

// ---------------------------------------------------------------- lifecycle

void ClusterSource::start() {
    if (m_started)
        return;
    m_started = true;
    if (!m_options.historyPath.isEmpty())
        openHistory();
    m_nodesTimer.start(m_options.nodesPoll);
    startJobsInformer();
    pollNodes();
}

bool ClusterSource::openHistory() {
    m_history = std::make_unique<History>(m_options.historyPath, m_options.historyMaxAttempts);
    if (auto r = m_history->open(); !r) {
        disableHistory(QString::fromStdString(r.error().message));
        return false;
    }
    m_historyTimer.start(m_options.historyFlush);
    return true;
}

void ClusterSource::disableHistory(const QString& reason) {
    if (m_history)
        m_history->discardPending();
    m_history.reset();
    m_historyTimer.stop();
    m_historyProblem = reason;
    emit historyUnavailable(reason);
}

void ClusterSource::repeatHistoryState() {
    if (!m_historyProblem.isEmpty())
        emit historyUnavailable(m_historyProblem);
}

void ClusterSource::resetHistory() {
    if (m_options.historyPath.isEmpty())
        return;
    disableHistory(QString()); // closes the file
    const QString aside = History::setAside(m_options.historyPath);
    if (openHistory()) {
        m_historyProblem.clear();
        emit historyUnavailable(QString());
    }
    if (!aside.isEmpty())
        emit actionFailed(QString(), tr("The broken history was kept as %1").arg(aside));
}

void ClusterSource::startJobsInformer() {
    qDeleteAll(m_jobsInformers);
    m_jobsInformers.clear();
    m_jobsStates.clear();
    QStringList namespaces = m_options.scope.namespaces;
    if (namespaces.isEmpty())
        namespaces << m_options.namespace_; // "" = all
    for (const QString& ns : std::as_const(namespaces)) {
        kube::Informer::Options o;
        o.resource = kube::Resource::Jobs;
        o.namespace_ = ns;
        o.labelSelector = m_options.scope.labelSelector;
        o.batchInterval = m_options.informerBatch;
        auto* informer = new kube::Informer(m_client, o);
        connect(informer, &kube::Informer::batchReady, this, &ClusterSource::onJobsBatch);
        connect(informer, &kube::Informer::stateChanged, this, &ClusterSource::onJobsState);
        m_jobsInformers.push_back(informer);
    }
    // Jobs of namespaces no longer watched leave the list now; the others' lists replace theirs
    // (no reset meanwhile: F5 keeps the rows, and so the selection).
    const JobScope& scope = m_options.scope;
    forgetJobsIf([&](const codec::JobObject& j) {
        const QString ns = qs(j.job.metadata.namespace_);
        return !scope.includesNamespace(ns) ||
               (scope.allNamespaces() && !m_options.namespace_.isEmpty() &&
                ns != m_options.namespace_);
    });
    for (kube::Informer* informer : m_jobsInformers)
        informer->start();
    startCronJobsInformers();
}

namespace {

// How bad a connection state is: a scope over several namespaces shows its worst one, so a
// namespace the user may not list is not hidden by the others being connected.
int severityOf(kube::WatchState::Phase phase) {
    using P = kube::WatchState::Phase;
    switch (phase) {
    case P::Stopped:
    case P::Connected:
        return 0;
    case P::Connecting:
        return 1;
    case P::Retrying:
        return 2;
    case P::Unauthorized:
    case P::Forbidden:
    case P::Failed:
        return 3;
    }
    return 0;
}

} // namespace

void ClusterSource::onJobsState(const kube::WatchState& reported) {
    using P = kube::WatchState::Phase;
    kube::WatchState s = reported;
    if (m_jobsInformers.size() > 1) {
        const auto* informer = qobject_cast<kube::Informer*>(sender());
        if (std::find(m_jobsInformers.begin(), m_jobsInformers.end(), informer) ==
            m_jobsInformers.end())
            return;
        m_jobsStates[informer] = reported;
        for (kube::Informer* other : m_jobsInformers) {
            const auto it = m_jobsStates.constFind(other);
            const kube::WatchState known = it == m_jobsStates.constEnd() ? kube::WatchState{} : *it;
            if (severityOf(known.phase) > severityOf(s.phase)) {
                s = known;
                s.detail = QStringLiteral("%1: %2").arg(other->options().namespace_, known.detail);
            }
        }
        if (severityOf(s.phase) > 0 && s.detail == reported.detail)
            s.detail = QStringLiteral("%1: %2").arg(informer->options().namespace_, s.detail);
    }
    if (s.phase != P::Retrying)
        m_countdownTimer.stop();
    switch (s.phase) {
    case P::Connecting:
        reportConnection(ConnectionState::Connecting, s.detail);
        break;
    case P::Connected:
        reportConnection(ConnectionState::Connected, s.detail);
        break;
    case P::Retrying:
        m_retrySeconds = s.retryInSeconds;
        m_retryDetail = s.detail;
        m_retryClock.start();
        reportConnection(ConnectionState::Retrying, s.detail, s.retryInSeconds);
        if (s.retryInSeconds > 0)
            m_countdownTimer.start(1000);
        break;
    case P::Unauthorized:
    case P::Forbidden:
        reportConnection(ConnectionState::Unauthorized, s.text());
        break;
    case P::Failed:
        reportConnection(ConnectionState::Failed, s.detail);
        break;
    case P::Stopped:
        break;
    }
}

void ClusterSource::onJobsBatch(const kube::InformerBatchPtr& batch) {
    const auto* informer = qobject_cast<kube::Informer*>(sender());
    if (std::find(m_jobsInformers.begin(), m_jobsInformers.end(), informer) ==
        m_jobsInformers.end())
        return; // a batch from an informer replaced meanwhile
    const auto keyOf = [this](const engine::Job& j) {
        return makeKey(sourceName(), qs(j.metadata.namespace_), qs(j.metadata.name));
    };
    std::vector<QString> changed;
    if (batch->replace && m_jobsInformers.size() == 1) {
        m_jobs.clear();
        QSet<QString> uids;
        std::vector<JobSummary> all;
        all.reserve(batch->jobs.size());
        for (const auto& j : batch->jobs) {
            const QString key = keyOf(j.job);
            m_jobs.insert(key, j);
            all.push_back(summarize(key, j));
            changed.push_back(key);
            uids.insert(qs(j.job.metadata.uid));
        }
        queueReset(std::move(all));
        for (const JobSummary& cronJob : std::as_const(m_cronJobs))
            queueUpsert(cronJob); // a reset drops every row: the CronJobs' stay
        // A relist records nothing new for the jobs it still has; the gone ones are forgotten.
        m_parallelismRecorded.removeIf(
            [&](QHash<QString, int>::iterator it) { return !uids.contains(it.key()); });
    } else if (batch->replace) {
        // One namespace's relist among several: it replaces that namespace's jobs only.
        const QString ns = informer->options().namespace_;
        QSet<QString> listed;
        for (const auto& j : batch->jobs) {
            const QString key = keyOf(j.job);
            listed.insert(key);
            m_jobs.insert(key, j);
            queueUpsert(summarize(key, j));
            changed.push_back(key);
        }
        forgetJobsIf([&](const codec::JobObject& j) {
            return qs(j.job.metadata.namespace_) == ns &&
                   !listed.contains(makeKey(sourceName(), ns, qs(j.job.metadata.name)));
        });
    } else {
        for (const QString& nsName : batch->deleted) {
            const qsizetype slash = nsName.indexOf(QLatin1Char('/'));
            const QString key = makeKey(sourceName(), nsName.left(slash), nsName.mid(slash + 1));
            m_parallelismRecorded.remove(qs(m_jobs.value(key).job.metadata.uid));
            m_jobs.remove(key);
            queueRemove(key);
            if (auto w = m_watched.find(key); w != m_watched.end())
                stopPodsInformer(*w->second);
        }
        for (const auto& j : batch->jobs) {
            const QString key = keyOf(j.job);
            m_jobs.insert(key, j);
            queueUpsert(summarize(key, j));
            changed.push_back(key);
        }
    }
    for (const QString& key : changed) {
        recordParallelism(m_jobs.value(key));
        auto w = m_watched.find(key);
        if (w == m_watched.end())
            continue;
        ensurePodsInformer(key, *w->second);
        sample(*w->second, m_jobs.value(key));
        markSnapshotDirty(key);
    }
}
void ClusterSource::forgetJobsIf(const std::function<bool(const codec::JobObject&)>& gone) {
    for (auto it = m_jobs.begin(); it != m_jobs.end();) {
        if (!gone(it.value())) {
            ++it;
            continue;
        }
        m_parallelismRecorded.remove(qs(it->job.metadata.uid));
        queueRemove(it.key());
        if (auto w = m_watched.find(it.key()); w != m_watched.end())
            stopPodsInformer(*w->second);
        it = m_jobs.erase(it);
    }
}

// ---------------------------------------------------------------- actions

void ClusterSource::jobAction(
    const QString& key, const char* what,
    const std::function<void(const QString&, const QString&,
                             kube::ApiClient::Callback<kube::ApiResponse>)>& call) {
    const auto parts = splitKey(key);
    if (!parts || parts->source != sourceName()) {
        emit actionFailed(key, QStringLiteral("%1: %2 is not a job of source %3")
                                   .arg(QLatin1String(what), key, sourceName()));
        return;
    }
    QPointer<ClusterSource> self(this);
    call(parts->namespace_, parts->name,
         [self, key, what = QLatin1String(what)](const kube::ApiResult<kube::ApiResponse>& r) {
             if (self && !r)
                 emit self->actionFailed(key,
                                         QStringLiteral("%1: %2").arg(what, r.error().message));
         });
}

void ClusterSource::setParallelism(const QString& key, int parallelism) {
    if (parallelism < 0) {
        emit actionFailed(
            key, QStringLiteral("spec.parallelism: must be >= 0, got %1").arg(parallelism));
        return;
    }
    jobAction(key, "set parallelism", [&](const QString& ns, const QString& name, auto done) {
        m_client->setParallelism(ns, name, parallelism, this, std::move(done));
    });
}

void ClusterSource::setSuspended(const QString& key, bool suspended) {
    jobAction(key, suspended ? "suspend" : "resume",
              [&](const QString& ns, const QString& name, auto done) {
                  m_client->setSuspended(ns, name, suspended, this, std::move(done));
              });
}

void ClusterSource::deleteJob(const QString& key) {
    jobAction(key, "delete", [&](const QString& ns, const QString& name, auto done) {
        m_client->deleteJob(ns, name, this, std::move(done));
    });
}

void ClusterSource::deletePod(const QString& key, const QString& pod) {
    if (pod.isEmpty()) {
        emit actionFailed(key, QStringLiteral("delete pod: no pod name given"));
        return;
    }
    // The pod lives in its Job's namespace (the key's).
    jobAction(key, "delete pod", [&](const QString& ns, const QString&, auto done) {
        m_client->deletePod(ns, pod, this, std::move(done));
    });
}

// ---------------------------------------------------------------- namespace, refresh, history

void ClusterSource::setNamespace(const QString& ns) {
    JobScope scope;
    if (!ns.isEmpty())
        scope.namespaces << ns;
    setScope(scope);
}

void ClusterSource::setScope(const JobScope& scope) {
    if (scope == m_options.scope && m_options.namespace_.isEmpty() && !m_jobsInformers.empty())
        return;
    m_options.scope = scope;
    m_options.namespace_.clear(); // the scope says it now
    if (m_started)
        startJobsInformer();
}

void ClusterSource::refresh() {
    if (m_started)
        startJobsInformer();
    pollNodes();
}

void ClusterSource::clearHistory() {
    if (m_history)
        if (auto r = m_history->clear(clusterKey()); !r)
            emit actionFailed(QString(), QString::fromStdString(r.error().message));
    for (auto& [key, w] : m_watched) {
        w->attempts.eraseIf([](const IndexAttempt& a) { return !a.live; });
        markSnapshotDirty(key);
    }
}

void ClusterSource::loadReportInput(const QString& key) {
    const auto parts = splitKey(key);
    if (!parts) {
        emit reportInputReady(key, {}, tr("%1: not a job of this source").arg(key));
        return;
    }
    // The Job and every pod of it the API still has (paged), on the client's thread.
    report::ClusterReportLoader::load(
        *m_client, parts->namespace_, parts->name, this,
        [this, key](engine::Result<report::ReportInput> loaded) {
            if (!loaded.ok()) {
                emit reportInputReady(key, {}, QString::fromStdString(loaded.error().describe()));
                return;
            }
            auto input = std::make_shared<report::ReportInput>(std::move(loaded.value()));
            input->source = sourceName().toStdString();
            // Pods the API no longer has are still in the History: the report counts what the
            // window shows.
            if (m_history)
                addRecordedAttempts(*input, *m_history, clusterKey());
            emit reportInputReady(key, std::move(input), QString());
        });
}

void ClusterSource::loadRelaunchInput(const QString& key) {
    const auto parts = splitKey(key);
    if (!parts) {
        emit relaunchInputReady(key, {}, tr("%1: not a job of this source").arg(key));
        return;
    }
    const auto fail = [this, key](const QString& message) {
        emit relaunchInputReady(key, {}, message);
    };
    const auto failWith = [fail](const engine::Error& e) {
        fail(QString::fromStdString(e.describe()));
    };
    // The Job as the API has it (image, template, annotations), then its items ConfigMap, then
    // the Job's status and pods (ClusterReportLoader) to choose the indexes.
    kube::ApiClient::Request getJob;
    getJob.path = kube::ApiClient::jobsPath(parts->namespace_) + QLatin1Char('/') + parts->name;
    m_client->send(
        getJob, this,
        [this, key, parts, fail, failWith](const kube::ApiResult<kube::ApiResponse>& job) {
            if (!job)
                return fail(job.error().message);
            const std::string jobJson = job->body.toStdString();
            const auto configMap = launch::itemsConfigMapOf(jobJson);
            if (!configMap.ok())
                return failWith(configMap.error());
            kube::ApiClient::Request getItems;
            getItems.path = QStringLiteral("/api/v1/namespaces/%1/configmaps/%2")
                                .arg(parts->namespace_, QString::fromStdString(*configMap));
            m_client->send(
                getItems, this,
                [this, key, parts, jobJson, fail,
                 failWith](const kube::ApiResult<kube::ApiResponse>& items) {
                    if (!items)
                        return fail(items.error().message);
                    auto relaunch = launch::relaunchFrom(jobJson, items->body.toStdString());
                    if (!relaunch.ok())
                        return failWith(relaunch.error());
                    auto input = std::make_shared<RelaunchInput>();
                    input->relaunch = std::move(relaunch).value();
                    input->origin = key;
                    report::ClusterReportLoader::load(
                        *m_client, parts->namespace_, parts->name, this,
                        [this, key, input, failWith](engine::Result<report::ReportInput> loaded) {
                            if (!loaded.ok())
                                return failWith(loaded.error());
                            input->chooseIndexes(loaded->job, loaded->attempts);
                            emit relaunchInputReady(key, input, QString());
                        });
                });
        });
}

} // namespace tessera::store
