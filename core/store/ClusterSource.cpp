#include "ClusterSource.h"

#include "History.h"
#include "RelaunchInput.h"
#include "engine/IndexSet.h"
#include "report/ClusterReportLoader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <algorithm>
#include <charconv>

namespace tessera::store {

namespace {

constexpr int kMaxLogTailsRunning = 4;
const QLatin1String kZoneLabel("topology.kubernetes.io/zone");

QDateTime toDateTime(const std::optional<engine::TimePoint>& t) {
    if (!t)
        return {};
    return QDateTime::fromMSecsSinceEpoch(engine::toUnixMillis(*t), Qt::UTC);
}

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

std::optional<int> parseInt(std::string_view s) {
    int v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size())
        return std::nullopt;
    return v;
}

bool isActivePhase(const QString& phase) {
    return phase == QLatin1String("Pending") || phase == QLatin1String("Running");
}

} // namespace

ClusterSource::ClusterSource(QString sourceName, kube::ApiClient* client, Options options,
                             QObject* parent)
    : JobStore(std::move(sourceName), parent)
    , m_client(client)
    , m_options(std::move(options)) {
    setEmitInterval(m_options.emitInterval);
    for (QTimer* t : {&m_eventsTimer, &m_nodesTimer, &m_historyTimer, &m_countdownTimer})
        t->setParent(this); // members: parented so moveToThread() takes them along
    connect(&m_eventsTimer, &QTimer::timeout, this, &ClusterSource::pollEvents);
    connect(&m_nodesTimer, &QTimer::timeout, this, &ClusterSource::pollNodes);
    connect(&m_historyTimer, &QTimer::timeout, this, [this] {
        if (m_history && m_history->pendingCount() > 0)
            if (auto r = m_history->flush(); !r)
                qWarning("tessera: %s", r.error().message.c_str());
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
    delete m_jobsInformer;
    for (const auto& l : std::as_const(m_logs))
        m_client->cancelStream(l.id);
    m_history.reset(); // flushes
    for (QTimer* t : {&m_eventsTimer, &m_nodesTimer, &m_historyTimer, &m_countdownTimer})
        t->setParent(nullptr);
}

QString ClusterSource::clusterKey() const {
    return m_options.cluster.isEmpty() ? m_client->connection().server.toString()
                                       : m_options.cluster;
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
    const auto* failed = engine::findCondition(j.status.conditions, "Failed");
    if (engine::hasTrueCondition(j.status, "Complete")) {
        s.status = QStringLiteral("Complete");
    } else if (failed && failed->status == engine::ConditionStatus::True) {
        s.status = QStringLiteral("Failed");
        s.statusReason = qs(failed->reason);
        if (!s.finished.isValid())
            s.finished = toDateTime(failed->lastTransitionTime);
    } else if (s.suspended) {
        s.status = QStringLiteral("Suspended");
    } else if (s.active > 0 || s.started.isValid()) {
        s.status = QStringLiteral("Running");
    } else {
        s.status = QStringLiteral("Pending");
    }
    if (s.statusReason.isEmpty())
        if (const auto* ft = engine::findCondition(j.status.conditions, "FailureTarget");
            ft && ft->status == engine::ConditionStatus::True)
            s.statusReason = qs(ft->reason);
    return s;
}

IndexAttempt ClusterSource::attemptOf(const codec::PodObject& o) {
    const engine::Pod& p = o.pod;
    IndexAttempt a;
    a.live = true;
    a.pod = qs(p.metadata.name);
    a.node = qs(p.nodeName);
    a.phase = QLatin1String(engine::toString(p.phase));
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
    return a;
}

// ---------------------------------------------------------------- lifecycle

void ClusterSource::start() {
    if (m_started)
        return;
    m_started = true;
    if (!m_options.historyPath.isEmpty()) {
        m_history = std::make_unique<History>(m_options.historyPath, m_options.historyMaxAttempts);
        if (auto r = m_history->open(); !r) {
            // Without history the dashboard still works; say so once.
            emit actionFailed(QString(), QString::fromStdString(r.error().message));
            m_history.reset();
        } else {
            m_historyTimer.start(m_options.historyFlush);
        }
    }
    m_eventsTimer.start(m_options.eventsPoll);
    m_nodesTimer.start(m_options.nodesPoll);
    startJobsInformer();
    pollNodes();
}

void ClusterSource::startJobsInformer() {
    delete m_jobsInformer;
    kube::Informer::Options o;
    o.resource = kube::Resource::Jobs;
    o.namespace_ = m_options.namespace_;
    o.batchInterval = m_options.informerBatch;
    m_jobsInformer = new kube::Informer(m_client, o);
    connect(m_jobsInformer, &kube::Informer::batchReady, this, &ClusterSource::onJobsBatch);
    connect(m_jobsInformer, &kube::Informer::stateChanged, this, &ClusterSource::onJobsState);
    m_jobsInformer->start();
}

void ClusterSource::onJobsState(const kube::ConnectionState& s) {
    using P = kube::ConnectionState::Phase;
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
    if (sender() != m_jobsInformer)
        return; // a batch from an informer replaced meanwhile
    const auto keyOf = [this](const engine::Job& j) {
        return makeKey(sourceName(), qs(j.metadata.namespace_), qs(j.metadata.name));
    };
    std::vector<QString> changed;
    if (batch->replace) {
        m_jobs.clear();
        std::vector<JobSummary> all;
        all.reserve(batch->jobs.size());
        for (const auto& j : batch->jobs) {
            const QString key = keyOf(j.job);
            m_jobs.insert(key, j);
            all.push_back(summarize(key, j));
            changed.push_back(key);
        }
        queueReset(std::move(all));
    } else {
        for (const QString& nsName : batch->deleted) {
            const qsizetype slash = nsName.indexOf(QLatin1Char('/'));
            const QString key = makeKey(sourceName(), nsName.left(slash), nsName.mid(slash + 1));
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
        auto w = m_watched.find(key);
        if (w == m_watched.end())
            continue;
        ensurePodsInformer(key, *w->second);
        sample(*w->second, m_jobs.value(key));
        markSnapshotDirty(key);
    }
}

// ---------------------------------------------------------------- watched jobs

void ClusterSource::watchJob(const QString& key) {
    auto& slot = m_watched[key];
    if (!slot)
        slot = std::make_unique<Watched>();
    Watched& w = *slot;
    ++w.refs;
    if (auto j = m_jobs.find(key); j != m_jobs.end()) {
        ensurePodsInformer(key, w);
        sample(w, *j);
    }
    // A new watcher needs the whole grid, not a dirty range.
    w.lastStates.reset();
    markSnapshotDirty(key);
    pollEvents();
}

void ClusterSource::unwatchJob(const QString& key) {
    auto it = m_watched.find(key);
    if (it == m_watched.end() || --it->second->refs > 0)
        return;
    stopPodsInformer(*it->second);
    m_watched.erase(it);
    for (auto l = m_logs.begin(); l != m_logs.end();) {
        if (l.key().startsWith(key + QLatin1Char('#'))) {
            m_client->cancelStream(l->id);
            l = m_logs.erase(l);
        } else {
            ++l;
        }
    }
}

void ClusterSource::ensurePodsInformer(const QString& key, Watched& w) {
    const codec::JobObject& job = m_jobs[key];
    const QString uid = qs(job.job.metadata.uid);
    if (w.pods && w.uid == uid)
        return;
    if (w.uid != uid) {
        // A new job under the same name: nothing of the old one applies.
        stopPodsInformer(w);
        w.livePods.clear();
        w.attempts.clear();
        w.events.clear();
        w.timeline.clear();
        w.lastStates.reset();
        w.logTailTaken.clear();
        w.uid = uid;
        loadHistory(key, w);
    }
    kube::Informer::Options o = kube::Informer::podsOfJob(job);
    o.batchInterval = m_options.informerBatch;
    w.pods = new kube::Informer(m_client, o);
    connect(w.pods, &kube::Informer::batchReady, this,
            [this, key, informer = w.pods](const kube::InformerBatchPtr& b) {
                auto it = m_watched.find(key);
                if (it != m_watched.end() && it->second->pods == informer)
                    onPodsBatch(key, b);
            });
    w.pods->start();
}

void ClusterSource::stopPodsInformer(Watched& w) {
    if (!w.pods)
        return;
    w.pods->stop();
    delete w.pods;
    w.pods = nullptr;
}

void ClusterSource::loadHistory(const QString& key, Watched& w) {
    if (!m_history || w.uid.isEmpty())
        return;
    auto r = m_history->attempts(clusterKey(), w.uid);
    if (!r) {
        emit actionFailed(key, QString::fromStdString(r.error().message));
        return;
    }
    for (auto& a : *r) {
        // Failed pods whose log tail is already recorded need not be asked again.
        if (!a.logTail.isEmpty())
            w.logTailTaken.insert(a.pod);
        w.attempts[a.pod] = std::move(a);
    }
}

void ClusterSource::onPodsBatch(const QString& key, const kube::InformerBatchPtr& batch) {
    Watched& w = *m_watched.at(key);
    const auto parts = splitKey(key);
    const QString ns = parts ? parts->namespace_ : QString();
    const QString jobName = parts ? parts->name : QString();
    const auto gone = [&](const QString& podKey) {
        auto it = w.livePods.find(podKey);
        if (it == w.livePods.end())
            return;
        const QString pod = qs(it->pod.metadata.name);
        if (auto a = w.attempts.find(pod); a != w.attempts.end())
            a->second.live = false;
        w.livePods.erase(it);
    };
    if (batch->replace) {
        const auto before = w.livePods.keys();
        for (const QString& k : before)
            gone(k);
    }
    for (const QString& podKey : batch->deleted)
        gone(podKey);
    for (const auto& p : batch->pods) {
        const QString podKey =
            qs(p.pod.metadata.namespace_) + QLatin1Char('/') + qs(p.pod.metadata.name);
        w.livePods.insert(podKey, p);
        IndexAttempt a = attemptOf(p);
        auto& slot = w.attempts[a.pod];
        if (!slot.logTail.isEmpty())
            a.logTail = slot.logTail;
        const bool changed = !(slot == a);
        slot = a;
        if (changed && m_history)
            m_history->record(clusterKey(), w.uid, jobName, a);
        if (a.phase == QLatin1String("Failed") && m_options.historyLogLines > 0 &&
            !w.logTailTaken.contains(a.pod)) {
            w.logTailTaken.insert(a.pod);
            takeLogTail(key, ns, a);
        }
    }
    markSnapshotDirty(key);
}

void ClusterSource::sample(Watched& w, const codec::JobObject& job) {
    ProgressSample s;
    s.t = QDateTime::currentDateTimeUtc();
    s.succeeded = job.job.status.succeeded;
    s.failed = job.job.status.failed;
    s.active = job.job.status.active;
    s.parallelism = job.job.spec.parallelism.value_or(1);
    appendProgressSample(w.timeline, s, m_options.timelineStep.count(),
                         static_cast<std::size_t>(std::max(0, m_options.timelineMax)));
}

JobSnapshotPtr ClusterSource::buildSnapshot(const QString& key) {
    auto wit = m_watched.find(key);
    auto jit = m_jobs.find(key);
    if (wit == m_watched.end() || jit == m_jobs.end())
        return {};
    Watched& w = *wit->second;
    const engine::Job& job = jit->job;
    auto snap = std::make_shared<JobSnapshot>();
    JobSnapshot& s = *snap;
    s.summary = summarize(key, *jit);
    s.fillFromJob(job);

    const int n = s.summary.indexed ? std::max(0, s.summary.completions) : 0;
    const bool jobFailed = s.summary.status == QLatin1String("Failed");
    const auto completed = engine::IndexSet::parseLenient(job.status.completedIndexes, n);
    const auto failedSet =
        engine::IndexSet::parseLenient(job.status.failedIndexes.value_or(std::string()), n);

    // Attempts sorted by (index, attempt, created); the newest of an index decides its state.
    s.attempts.reserve(w.attempts.size());
    for (const auto& [pod, a] : w.attempts)
        s.attempts.push_back(a);
    std::sort(s.attempts.begin(), s.attempts.end(),
              [](const IndexAttempt& a, const IndexAttempt& b) {
                  if (a.index != b.index)
                      return a.index < b.index;
                  if (a.attempt != b.attempt)
                      return a.attempt < b.attempt;
                  return a.created < b.created;
              });

    // States as runs: the index sets, then one point per index with attempts (the newest
    // attempt decides). Nothing here is sized by completions.
    using engine::IndexState;
    std::vector<std::pair<int32_t, IndexState>> newestStates;
    int failures = 0; // of the current index, over its attempts so far
    for (size_t i = 0; i < s.attempts.size(); ++i) {
        IndexAttempt& a = s.attempts[i];
        const bool newest = i + 1 == s.attempts.size() || s.attempts[i + 1].index != a.index;
        if (a.index < 0 || a.index >= n)
            continue;
        if (i == 0 || s.attempts[i - 1].index != a.index)
            failures = 0;
        const bool failedPod = a.phase == QLatin1String("Failed");
        failures = std::max(failures, a.attempt + (failedPod ? 1 : 0));
        // A pod that left the API while Pending/Running (succeeded pods are not watched, or it
        // was deleted): say what became of it as far as the job's status tells.
        if (!a.live && isActivePhase(a.phase))
            a.phase = newest && completed.contains(a.index) ? QStringLiteral("Succeeded")
                                                            : QStringLiteral("Unknown");
        if (!newest)
            continue;
        if (failures > 0)
            s.failureCount.emplace(a.index, failures);
        if (a.phase == QLatin1String("Pending"))
            newestStates.emplace_back(a.index, IndexState::Pending);
        else if (a.phase == QLatin1String("Running"))
            newestStates.emplace_back(a.index, IndexState::Running);
        else if (a.phase == QLatin1String("Succeeded"))
            newestStates.emplace_back(a.index, IndexState::Succeeded);
        else if (failures > 0)
            newestStates.emplace_back(a.index, jobFailed ? IndexState::FailedTerminal
                                                         : IndexState::FailedWillRetry);
    }
    s.states = engine::IndexStateMap(n);
    s.states.paintPoints(std::move(newestStates));
    s.states.paint(completed, IndexState::Succeeded);
    s.states.paint(failedSet, IndexState::FailedTerminal);

    for (const auto& p : std::as_const(w.livePods)) {
        const auto phase = p.pod.phase;
        if (phase != engine::PodPhase::Pending && phase != engine::PodPhase::Running)
            continue;
        const QString node = qs(p.pod.nodeName);
        if (node.isEmpty())
            continue;
        ++s.podsByNode[node];
        ++s.podsByZone[m_nodeZones.value(node)];
    }
    s.events = w.events;
    s.timeline = w.timeline;

    // What changed since the previous snapshot of this job (everything for a new watcher).
    if (!w.lastStates) {
        s.dirtyFirst = 0;
        s.dirtyLast = n - 1;
    } else if (const auto changed =
                   engine::IndexStateMap::differingRange(*w.lastStates, s.states)) {
        s.dirtyFirst = changed->first;
        s.dirtyLast = changed->last;
    }
    w.lastStates = s.states;
    s.serial = ++w.serial;
    return snap;
}

// ---------------------------------------------------------------- events, nodes

void ClusterSource::pollEvents() {
    for (const auto& [key, w] : m_watched) {
        auto j = m_jobs.find(key);
        if (j == m_jobs.end())
            continue;
        const QString uid = qs(j->job.metadata.uid);
        m_client->listEvents(
            qs(j->job.metadata.namespace_), uid, qs(j->job.metadata.name), this,
            [this, key = key, uid](const kube::ApiResult<QList<kube::KubeEvent>>& r) {
                auto it = m_watched.find(key);
                if (!r || it == m_watched.end() || it->second->uid != uid)
                    return; // events are a nicety: a refused or failed poll changes nothing
                std::vector<Event> events;
                for (const auto& e : *r)
                    events.push_back({e.type, e.reason, e.message, e.count, e.firstTimestamp,
                                      e.lastTimestamp, e.source});
                std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
                    return a.lastTime < b.lastTime;
                });
                if (events != it->second->events) {
                    it->second->events = std::move(events);
                    markSnapshotDirty(key);
                }
            });
    }
}

void ClusterSource::pollNodes() {
    kube::ApiClient::Request r;
    r.path = QStringLiteral("/api/v1/nodes");
    m_client->send(std::move(r), this, [this](const kube::ApiResult<kube::ApiResponse>& resp) {
        if (!resp)
            return; // no right to list nodes: zones stay unknown ("")
        const QJsonDocument doc = QJsonDocument::fromJson(resp->body);
        QHash<QString, QString> zones;
        for (const QJsonValue& item : doc.object().value(QStringLiteral("items")).toArray()) {
            const QJsonObject meta = item.toObject().value(QStringLiteral("metadata")).toObject();
            zones.insert(
                meta.value(QStringLiteral("name")).toString(),
                meta.value(QStringLiteral("labels")).toObject().value(kZoneLabel).toString());
        }
        if (zones == m_nodeZones)
            return;
        m_nodeZones = std::move(zones);
        for (const auto& [key, w] : m_watched)
            markSnapshotDirty(key);
    });
}

// ---------------------------------------------------------------- logs

void ClusterSource::takeLogTail(const QString& key, const QString& ns, const IndexAttempt& a) {
    m_tailQueue.push_back({key, ns, a});
    pumpLogTails();
}

void ClusterSource::pumpLogTails() {
    while (m_tailsRunning < kMaxLogTailsRunning && !m_tailQueue.empty()) {
        TailRequest req = std::move(m_tailQueue.front());
        m_tailQueue.pop_front();
        if (m_watched.find(req.key) == m_watched.end())
            continue;
        ++m_tailsRunning;
        auto text = std::make_shared<QByteArray>();
        m_client->streamLogs(
            req.ns, req.attempt.pod, QString(), m_options.historyLogLines, false, this,
            [text](const QByteArray& chunk) {
                if (text->size() < 64 * 1024)
                    text->append(chunk);
            },
            [this, req, text](const std::optional<kube::ApiError>& e) {
                --m_tailsRunning;
                auto it = m_watched.find(req.key);
                if (!e && it != m_watched.end() && !text->isEmpty()) {
                    auto a = it->second->attempts.find(req.attempt.pod);
                    if (a != it->second->attempts.end()) {
                        a->second.logTail = QString::fromUtf8(*text);
                        if (m_history)
                            m_history->record(clusterKey(), it->second->uid,
                                              qs(m_jobs.value(req.key).job.metadata.name),
                                              a->second);
                        markSnapshotDirty(req.key);
                    }
                }
                pumpLogTails();
            });
    }
}

void ClusterSource::fetchLog(const QString& key, int index, int attempt, bool follow) {
    stopLog(key, index);
    auto w = m_watched.find(key);
    auto j = m_jobs.find(key);
    if (w == m_watched.end() || j == m_jobs.end()) {
        emit actionFailed(key, QStringLiteral("logs of %1: the job is not watched").arg(key));
        emit logTextArrived(key, index, attempt, QString(), true);
        return;
    }
    if (index == kAllIndexes) {
        fetchMergedLog(key, qs(j->job.metadata.namespace_), w->second->attempts);
        return;
    }
    // The requested attempt of the index, or its newest.
    const IndexAttempt* found = nullptr;
    for (const auto& [pod, a] : w->second->attempts) {
        if (a.index != index || (attempt >= 0 && a.attempt != attempt))
            continue;
        if (!found || a.attempt > found->attempt ||
            (a.attempt == found->attempt && a.created > found->created))
            found = &a;
    }
    if (!found) {
        emit logTextArrived(key, index, attempt,
                            QStringLiteral("(no pod of index %1 is known)\n").arg(index), true);
        return;
    }
    const int foundAttempt = found->attempt;
    if (!found->live) {
        QString text =
            found->logTail.isEmpty()
                ? QStringLiteral("(pod %1 no longer exists; no log was recorded)\n").arg(found->pod)
                : QStringLiteral("(pod %1 no longer exists; its last lines:)\n%2")
                      .arg(found->pod, found->logTail);
        emit logTextArrived(key, index, foundAttempt, text, true);
        return;
    }
    const QString logKey = key + QLatin1Char('#') + QString::number(index);
    auto decoder = std::make_shared<QStringDecoder>(QStringDecoder::Utf8);
    const quint64 id = m_client->streamLogs(
        qs(j->job.metadata.namespace_), found->pod, QString(), m_options.logTailLines, follow, this,
        [this, key, index, foundAttempt, decoder](const QByteArray& chunk) {
            if (chunk.isEmpty())
                return;
            const QString text = decoder->decode(chunk);
            if (!text.isEmpty())
                emit logTextArrived(key, index, foundAttempt, text, false);
        },
        [this, key, index, foundAttempt, logKey](const std::optional<kube::ApiError>& e) {
            m_logs.remove(logKey);
            emit logTextArrived(key, index, foundAttempt,
                                e ? QStringLiteral("\n(log: %1)\n").arg(e->message) : QString(),
                                true);
        });
    m_logs.insert(logKey, {id, decoder});
}

void ClusterSource::stopLog(const QString& key, int index) {
    const QString logKey = key + QLatin1Char('#') + QString::number(index);
    auto it = m_logs.find(logKey);
    if (it == m_logs.end())
        return;
    m_client->cancelStream(it->id);
    m_logs.erase(it);
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

// ---------------------------------------------------------------- namespace, refresh, history

void ClusterSource::setNamespace(const QString& ns) {
    if (ns == m_options.namespace_ && m_jobsInformer)
        return;
    m_options.namespace_ = ns;
    if (m_started)
        startJobsInformer(); // its first list arrives as a reset
}

void ClusterSource::refresh() {
    if (m_started)
        startJobsInformer();
    pollEvents();
    pollNodes();
}

void ClusterSource::clearHistory() {
    if (m_history)
        if (auto r = m_history->clear(clusterKey()); !r)
            emit actionFailed(QString(), QString::fromStdString(r.error().message));
    for (auto& [key, w] : m_watched) {
        std::erase_if(w->attempts, [](const auto& kv) { return !kv.second.live; });
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

void ClusterSource::fetchMergedLog(const QString& key, const QString& namespace_,
                                   const std::map<QString, IndexAttempt>& attempts) {
    // The newest attempt of each index, the most recently started ones, oldest first.
    std::map<int, const IndexAttempt*> byIndex;
    for (const auto& [pod, a] : attempts) {
        const IndexAttempt*& slot = byIndex[a.index];
        if (!slot || a.attempt > slot->attempt ||
            (a.attempt == slot->attempt && a.created > slot->created))
            slot = &a;
    }
    std::vector<IndexAttempt> newest;
    for (const auto& [index, a] : byIndex)
        newest.push_back(*a);
    const auto startOf = [](const IndexAttempt& a) {
        return a.started.isValid() ? a.started : a.created;
    };
    std::sort(newest.begin(), newest.end(), [&](const IndexAttempt& a, const IndexAttempt& b) {
        return startOf(a) != startOf(b) ? startOf(a) < startOf(b) : a.index < b.index;
    });
    if (newest.size() > size_t(kMergedAttempts))
        newest.erase(newest.begin(), newest.end() - kMergedAttempts);
    if (newest.empty()) {
        emit logTextArrived(key, kAllIndexes, -1, tr("(no pod of this job is known)\n"), true);
        return;
    }
    // One short request per live pod (tailLines); the pieces are put back in order at the end.
    struct Merge {
        std::vector<QString> pieces;
        int pending = 0;
    };
    auto merge = std::make_shared<Merge>();
    merge->pieces.resize(newest.size());
    const auto finishOne = [this, key, merge] {
        if (--merge->pending > 0)
            return;
        QString text;
        for (const QString& piece : merge->pieces)
            text += piece;
        emit logTextArrived(key, kAllIndexes, -1, text, true);
    };
    merge->pending = int(newest.size());
    for (size_t i = 0; i < newest.size(); ++i) {
        const IndexAttempt& a = newest[i];
        if (!a.live) {
            merge->pieces[i] = prefixLines(a.index, a.logTail);
            finishOne();
            continue;
        }
        auto body = std::make_shared<QByteArray>();
        m_client->streamLogs(
            namespace_, a.pod, QString(), kMergedLines, false, this,
            [body](const QByteArray& chunk) { *body += chunk; },
            [merge, body, i, index = a.index, finishOne](const std::optional<kube::ApiError>&) {
                merge->pieces[i] = prefixLines(index, QString::fromUtf8(*body));
                finishOne();
            });
    }
}

} // namespace tessera::store
