#include "ClusterSource.h"
#include "ClusterSourceSupport.h"
#include "History.h"
#include "RunTimeline.h"
#include "engine/IndexSet.h"
#include "history/IndexStates.h"
#include "kube/JsonWatch.h"
#include "report/ReportBuilder.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>

namespace tessera::store {

using cluster_source::isActivePhase;
using cluster_source::qs;

namespace {
const QLatin1String kZoneLabel("topology.kubernetes.io/zone");
// Pods in logTailTaken the attempts no longer have, at most, before they are dropped from it.
constexpr std::size_t kLogTailsForgottenSlack = 4096;
} // namespace

// ---------------------------------------------------------------- watched jobs

void ClusterSource::watchJob(const QString& key) {
    auto& slot = m_watched[key];
    if (!slot) {
        slot = std::make_unique<Watched>();
        // As many attempts as the History keeps: live and after a restart alike.
        slot->attempts =
            AttemptsByPod(static_cast<std::size_t>(std::max(1, m_options.historyMaxAttempts)));
    }
    Watched& w = *slot;
    ++w.refs;
    if (auto j = m_jobs.find(key); j != m_jobs.end()) {
        ensurePodsInformer(key, w);
        sample(w, *j);
    }
    // A new watcher needs the whole grid, not a dirty range.
    w.lastStates.reset();
    markSnapshotDirty(key);
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
        w.eventsByName.clear();
        w.timeline.clear();
        w.lastStates.reset();
        w.logTailTaken.clear();
        w.uid = uid;
        loadHistory(key, w);
        backfillPods(key, false);
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
    ensureEventsInformer(key, w);
}

void ClusterSource::stopPodsInformer(Watched& w) {
    for (kube::Informer** informer : {&w.pods, &w.eventsInformer}) {
        if (!*informer)
            continue;
        (*informer)->stop();
        delete *informer;
        *informer = nullptr;
    }
}

void ClusterSource::ensureEventsInformer(const QString& key, Watched& w) {
    if (w.eventsInformer)
        return;
    const codec::JobObject& job = m_jobs[key];
    kube::Informer::Options o;
    o.resource = kube::Resource::Events;
    o.namespace_ = qs(job.job.metadata.namespace_);
    o.fieldSelector = kube::ApiClient::eventsAboutSelector(w.uid, qs(job.job.metadata.name));
    o.batchInterval = m_options.informerBatch;
    auto* informer = new kube::Informer(m_client, o);
    w.eventsInformer = informer;
    connect(informer, &kube::Informer::batchReady, this,
            [this, key, informer](const kube::InformerBatchPtr& b) {
                auto it = m_watched.find(key);
                if (it != m_watched.end() && it->second->eventsInformer == informer)
                    onEventsBatch(key, *it->second, b);
            });
    // Events are a nicety: a user who may not list them sees the job without them, and the
    // informer does not ask again and again.
    connect(informer, &kube::Informer::stateChanged, informer,
            [informer](const kube::WatchState& s) {
                if (s.phase == kube::WatchState::Phase::Forbidden ||
                    s.phase == kube::WatchState::Phase::Unauthorized)
                    informer->stop();
            });
    informer->start();
}

void ClusterSource::onEventsBatch(const QString& key, Watched& w,
                                  const kube::InformerBatchPtr& batch) {
    if (batch->replace)
        w.eventsByName.clear();
    for (const QString& gone : batch->deleted)
        w.eventsByName.remove(gone);
    for (const QJsonObject& object : batch->objects)
        w.eventsByName.insert(kube::objectKeyOf(object), eventOf(object));
    std::vector<Event> events = eventsOldestFirst(w.eventsByName);
    if (events != w.events) {
        w.events = std::move(events);
        markSnapshotDirty(key);
    }
}

Event ClusterSource::eventOf(const QJsonObject& object) {
    const kube::KubeEvent e = kube::KubeEvent::fromJson(object);
    return {e.type, e.reason, e.message, e.count, e.firstTimestamp, e.lastTimestamp, e.source};
}

std::vector<Event> ClusterSource::eventsOldestFirst(const QHash<QString, Event>& byName) {
    std::vector<Event> events(byName.begin(), byName.end());
    std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
        return std::tie(a.lastTime, a.firstTime, a.reason, a.message) <
               std::tie(b.lastTime, b.firstTime, b.reason, b.message);
    });
    return events;
}

const IndexAttempt& ClusterSource::keepAttempt(Watched& w, IndexAttempt a) {
    a.node = m_strings.intern(a.node);
    a.reason = m_strings.intern(a.reason);
    a.message = m_strings.intern(a.message);
    a.logTail.clear(); // in the History only (fetchLog reads it from there)
    return w.attempts.put(std::move(a));
}

void ClusterSource::loadHistory(const QString& key, Watched& w) {
    if (!m_history || w.uid.isEmpty())
        return;
    // The parallelism changes seen before the job was opened, in this session or an earlier one.
    if (auto samples = m_history->parallelismSamples(clusterKey(), w.uid); !samples)
        emit actionFailed(key, QString::fromStdString(samples.error().message));
    else
        for (const ProgressSample& p : *samples)
            appendProgressSample(w.timeline, p, 0,
                                 static_cast<std::size_t>(std::max(0, m_options.timelineMax)));
    // First recorded first: the attempts' limit then forgets them in the History's order.
    auto r = m_history->attempts(clusterKey(), w.uid, History::Order::FirstRecorded);
    if (!r) {
        emit actionFailed(key, QString::fromStdString(r.error().message));
        return;
    }
    for (auto& a : *r) {
        // Failed pods whose log tail is already recorded need not be asked again.
        if (!a.logTail.isEmpty())
            w.logTailTaken.insert(a.pod);
        keepAttempt(w, std::move(a));
    }
}

void ClusterSource::onPodsBatch(const QString& key, const kube::InformerBatchPtr& batch) {
    Watched& w = *m_watched.at(key);
    const auto parts = splitKey(key);
    const QString ns = parts ? parts->namespace_ : QString();
    const QString jobName = parts ? parts->name : QString();
    bool leftRunning = false;
    const auto gone = [&](const QString& pod) {
        auto it = w.livePods.find(pod);
        if (it == w.livePods.end())
            return;
        if (const IndexAttempt* a = w.attempts.find(pod)) {
            IndexAttempt left = *a;
            left.live = false;
            // Left while running: most likely it succeeded (the informer does not follow
            // succeeded pods); the list tells its end.
            if (isActivePhase(left.outcome))
                leftRunning = true;
            keepAttempt(w, std::move(left));
        }
        w.livePods.erase(it);
    };
    if (batch->replace) {
        const auto before = w.livePods.keys();
        for (const QString& pod : before)
            gone(pod);
    }
    // Deletions name "namespace/name"; the pods informer watches the job's namespace only.
    for (const QString& podKey : batch->deleted)
        gone(podKey.mid(podKey.indexOf(QLatin1Char('/')) + 1));
    for (const auto& p : batch->pods) {
        IndexAttempt a = attemptOf(p);
        w.livePods.insert(a.pod, {m_strings.intern(a.node), isActivePhase(a.outcome)});
        const IndexAttempt* known = w.attempts.find(a.pod);
        if (known) {
            a.outcome = engine::attemptOutcomeAfter(known->outcome, a.outcome);
            if (a.outcome == engine::AttemptOutcome::Removed && known->finished.isValid())
                a.finished = known->finished; // it ended when its removal was seen
        }
        const bool changed = !known || !(*known == a);
        const IndexAttempt& kept = changed ? keepAttempt(w, std::move(a)) : *known;
        if (changed && m_history)
            m_history->record(clusterKey(), w.uid, jobName, kept);
        if (kept.outcome == engine::AttemptOutcome::Failed && m_history &&
            m_options.historyLogLines > 0 && !w.logTailTaken.contains(kept.pod)) {
            w.logTailTaken.insert(kept.pod);
            takeLogTail(key, ns, kept);
        }
    }
    // Bounded as the attempts are: once a few thousand pods it names were forgotten by the
    // attempts' limit, forget them here too (a 20-minute soak grew by 290,000 failed pods).
    if (std::size_t(w.logTailTaken.size()) > w.attempts.size() + kLogTailsForgottenSlack)
        w.logTailTaken.removeIf([&](const QString& pod) { return !w.attempts.find(pod); });
    if (leftRunning)
        scheduleBackfill(key, w);
    markSnapshotDirty(key);
}

namespace {
ProgressSample progressNow(const codec::JobObject& job) {
    ProgressSample s;
    s.t = QDateTime::currentDateTimeUtc();
    s.succeeded = job.job.status.succeeded;
    s.failed = job.job.status.failed;
    s.active = job.job.status.active;
    s.parallelism = job.job.spec.parallelism.value_or(1);
    return s;
}
} // namespace

void ClusterSource::sample(Watched& w, const codec::JobObject& job) {
    appendProgressSample(w.timeline, progressNow(job), m_options.timelineStep.count(),
                         static_cast<std::size_t>(std::max(0, m_options.timelineMax)));
}

void ClusterSource::recordParallelism(const codec::JobObject& job) {
    const QString uid = qs(job.job.metadata.uid);
    if (!m_history || uid.isEmpty())
        return;
    const int parallelism = job.job.spec.parallelism.value_or(1);
    const auto it = m_parallelismRecorded.constFind(uid);
    if (it != m_parallelismRecorded.cend() && *it == parallelism)
        return;
    m_parallelismRecorded.insert(uid, parallelism);
    m_history->recordParallelism(clusterKey(), uid, progressNow(job));
}

std::shared_ptr<const std::map<int32_t, int32_t>>
ClusterSource::originalIndexesOf(const codec::JobObject& job, Watched& w) {
    const auto it = job.meta.annotations.find(report::ReportBuilder::kOriginalIndexesAnnotation);
    const std::string text = it == job.meta.annotations.end() ? std::string() : it->second;
    if (text != w.originalIndexesText) {
        // The report's parser, bounded by the job's completions (one original per index).
        auto map = report::ReportBuilder::originalIndexesFromAnnotation(
            text, std::max(0, job.job.spec.completions.value_or(0)));
        w.originalIndexesText = text;
        w.originalIndexes =
            map.empty() ? nullptr
                        : std::make_shared<const std::map<int32_t, int32_t>>(std::move(map));
    }
    return w.originalIndexes;
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
    const bool jobFailed = s.summary.status == engine::JobState::Failed;
    const auto completed = engine::IndexSet::parseLenient(job.status.completedIndexes, n);
    const auto failedSet =
        engine::IndexSet::parseLenient(job.status.failedIndexes.value_or(std::string()), n);

    // Attempts sorted by (index, attempt, created); the newest of an index decides its state.
    s.attempts = w.attempts.inOrder();

    // States as runs: one point per index with attempts (the newest attempt decides), then the
    // index sets, by the rule the report follows too (history::indexStatesOf). Nothing here is
    // sized by completions.
    std::vector<history::NewestAttempt> newestAttempts;
    int failures = 0; // of the current index, over its attempts so far
    for (size_t i = 0; i < s.attempts.size(); ++i) {
        const IndexAttempt& a = s.attempts[i];
        const int index = a.index;
        const bool newest = i + 1 == s.attempts.size() || s.attempts[i + 1].index != index;
        if (index < 0 || index >= n)
            continue;
        if (i == 0 || s.attempts[i - 1].index != index)
            failures = 0;
        engine::AttemptOutcome outcome = a.outcome;
        // A pod that left the API while Pending/Running (succeeded pods are not watched, or it
        // was deleted): say what became of it as far as the job's status tells. The snapshot
        // gets its own record (`a` is not used after); the source's stays as the API last said.
        if (!a.live && isActivePhase(outcome)) {
            outcome = newest && completed.contains(index) ? engine::AttemptOutcome::Succeeded
                                                          : engine::AttemptOutcome::Lost;
            IndexAttempt ended = a;
            ended.outcome = outcome;
            s.attempts.replace(i, std::move(ended));
        }
        failures = history::failuresAfter(failures, a.attempt, outcome);
        if (!newest)
            continue;
        if (failures > 0)
            s.failureCount.emplace(index, failures);
        newestAttempts.push_back({index, outcome, failures > 0});
    }
    s.states = history::indexStatesOf(n, newestAttempts, completed, failedSet, jobFailed);

    for (const auto& p : std::as_const(w.livePods)) {
        if (!p.active || p.node.isEmpty())
            continue;
        ++s.podsByNode[p.node];
        ++s.podsByZone[m_nodeZones.value(p.node)];
    }
    s.nodeZones = m_nodeZones;
    s.events = w.events;
    s.timeline = w.timeline;
    s.originalIndexes = originalIndexesOf(*jit, w);

    s.markChangedSince(w.lastStates);
    s.serial = ++w.serial;
    return snap;
}

// ---------------------------------------------------------------- events, nodes

void ClusterSource::pollNodes() {
    kube::ApiClient::Request r;
    r.path = QStringLiteral("/api/v1/nodes");
    m_client->send(r, this, [this](const kube::ApiResult<kube::ApiResponse>& resp) {
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

} // namespace tessera::store
