#include "JobController.h"

#include "JobState.h"
#include "PodClassification.h"
#include "PodIndex.h"

#include <algorithm>
#include <cassert>
#include <type_traits>
#include <utility>

namespace tessera::engine {

namespace {

// v = {value}, reusing v's buffer: every simulated pod has its statuses set two or three times.
template <typename T> void replaceWithOne(std::vector<T>& v, std::type_identity_t<T>&& value) {
    v.resize(1);
    v.front() = std::move(value);
}

} // namespace

JobController::JobController(Job job, PodExecutor& executor, SyncOptions options)
    : m_job(std::move(job))
    , m_executor(executor)
    , m_options(options) {
    if (m_options.backoff)
        m_backoff = *m_options.backoff;
    if (m_job.spec.completionMode == CompletionMode::Indexed) {
        const int32_t completions = std::max(m_job.spec.completions.value_or(0), 0);
        m_indexRange = completions;
        // Most indexes take one attempt: growing the history by doubling would copy it ~17 times.
        // Only up to a bound: the history grows with the attempts made, and a valid Job may ask
        // for 2,000,000,000 indexes of which a few run at a time.
        const auto expected =
            std::min<std::size_t>(static_cast<std::size_t>(completions), kReservedAttemptsLimit);
        m_attempts.reserve(expected + expected / 16);
        m_previousAttemptOfIndex.reserve(expected + expected / 16);
    }
}

JobController::Tracked JobController::tracked(const std::string& name) {
    const auto it = m_podByName.find(name);
    return it == m_podByName.end() ? Tracked{} : tracked(it->second);
}

JobController::Tracked JobController::tracked(PodHandle handle) {
    if (handle >= m_podOfHandle.size() || m_podOfHandle[handle] == kGone)
        return {};
    const uint32_t position = m_podOfHandle[handle];
    return {&m_pods[position], &m_attempts[handle], position};
}

const Pod* JobController::findPod(const std::string& name) const {
    const auto it = m_podByName.find(name);
    return it == m_podByName.end() ? nullptr : &m_pods[m_podOfHandle[it->second]];
}

Plan JobController::sync(TimePoint now) {
    SyncOptions options = m_options;
    options.backoff = m_backoff;
    options.nameSalt = m_nameSalt++;
    options.expectationsSatisfied = true; // every create and delete is applied before we return
    assert(std::equal(m_pods.begin(), m_pods.end(), m_facts.begin(), m_facts.end(),
                      [](const Pod& p, const PodFacts& f) { return factsOf(p) == f; }));
    Plan plan = m_reconciler.reconcile(m_job, m_pods, m_facts, now, options);
    m_nextSyncAt.reset();
    if (plan.skipped)
        return plan;
    applyPlan(plan, now);
    return plan;
}

void JobController::applyPlan(const Plan& plan, TimePoint now) {
    m_job.status = plan.status;
    m_backoff = plan.backoff;
    for (const std::string& name : plan.removeFinalizers) {
        if (const Tracked t = tracked(name); t.pod) {
            t.pod->hasTrackingFinalizer = false;
            refreshFacts(t.position);
            mayBeGone(t.position);
        }
    }
    for (const PodToDelete& d : plan.deletePods) {
        const Tracked t = tracked(d.name);
        Pod* p = t.pod;
        if (!p)
            continue;
        if (d.removeFinalizerFirst) {
            p->hasTrackingFinalizer = false;
            mayBeGone(t.position);
        }
        const bool deleteNow = !p->metadata.deletionTimestamp;
        if (deleteNow)
            p->metadata.deletionTimestamp = now;
        refreshFacts(t.position);
        if (deleteNow) // last: the executor may report the pod gone at once (podDeleted)
            m_executor.deletePod(*p, d.reason);
    }
    createPods(plan, now);
    dropGonePods();
    if (plan.requeueAfter)
        m_nextSyncAt = now + *plan.requeueAfter;
}

void JobController::createPods(const Plan& plan, TimePoint now) {
    const std::vector<int32_t> batches =
        slowStartBatches(static_cast<int32_t>(plan.createPods.size()));
    std::size_t next = 0;
    for (const int32_t batch : batches) {
        bool batchFailed = false;
        for (int32_t k = 0; k < batch; ++k, ++next) {
            const PodToCreate& c = plan.createPods[next];
            Pod p;
            p.metadata.name = c.name;
            p.metadata.namespace_ = m_job.metadata.namespace_;
            p.metadata.uid = m_job.metadata.uid + "/" + c.name;
            p.metadata.creationTimestamp = now;
            if (c.index >= 0)
                p.completionIndexAnnotation = std::to_string(c.index);
            if (c.indexFailureCount)
                p.failureCountAnnotation = std::to_string(*c.indexFailureCount);
            if (c.indexIgnoredFailureCount)
                p.ignoredFailureCountAnnotation = std::to_string(*c.indexIgnoredFailureCount);
            p.hostname = c.hostname;
            p.phase = PodPhase::Pending;
            const auto handle = static_cast<PodHandle>(m_attempts.size());
            if (!m_executor.createPod(p, handle)) {
                batchFailed = true;
                --m_job.status.active;
                continue;
            }
            Attempt a;
            a.index = c.index;
            a.podName = c.name;
            a.createdAt = now;
            a.failureCount = c.indexFailureCount.value_or(0);
            uint32_t previous = kNoAttempt;
            if (c.index >= 0 && c.index < m_indexRange) {
                const auto [it, first] =
                    m_lastAttemptOfIndex.try_emplace(c.index, static_cast<uint32_t>(handle));
                if (!first) {
                    previous = std::exchange(it->second, static_cast<uint32_t>(handle));
                    a.number = m_attempts[previous].number + 1;
                } else {
                    m_attemptedIndexes.insert(c.index);
                }
            }
            m_previousAttemptOfIndex.push_back(previous);
            m_podByName[c.name] = handle;
            m_attempts.push_back(std::move(a));
            m_podOfHandle.push_back(static_cast<uint32_t>(m_pods.size()));
            m_handleOfPod.push_back(handle);
            m_facts.push_back(factsOf(p));
            m_pods.push_back(std::move(p));
        }
        if (batchFailed) {
            // The creates not attempted are given up for this sync.
            const auto skipped = static_cast<int32_t>(plan.createPods.size() - next);
            m_job.status.active -= skipped;
            return;
        }
    }
}

namespace {

bool isGone(const Pod& pod) {
    return !pod.hasTrackingFinalizer && isTerminal(pod);
}

} // namespace

// Drops the pods that are gone: finished, with no finalizer left. Each one's place is taken by
// the last pod, in the order a scan from the front would meet them, so m_pods keeps the order it
// has always had (the reconciler breaks ties between pods of one index by it). Only the pods
// marked by mayBeGone are looked at: a scan of every pod, twice per simulated second, was a
// cache miss per pod.
void JobController::dropGonePods() {
    std::vector<std::size_t>& gone = m_mayBeGone;
    std::erase_if(gone, [&](std::size_t position) { return !isGone(m_pods[position]); });
    std::sort(gone.begin(), gone.end());
    gone.erase(std::unique(gone.begin(), gone.end()), gone.end());
    std::size_t next = 0;
    while (next < gone.size()) {
        const std::size_t position = gone[next];
        const std::size_t last = m_pods.size() - 1;
        m_podByName.erase(m_pods[position].metadata.name);
        m_podOfHandle[m_handleOfPod[position]] = kGone;
        if (position != last) {
            m_pods[position] = std::move(m_pods[last]);
            m_facts[position] = m_facts[last];
            m_handleOfPod[position] = m_handleOfPod[last];
            m_podOfHandle[m_handleOfPod[position]] = static_cast<uint32_t>(position);
            if (gone.back() == last)
                gone.pop_back(); // the pod moved in is gone too: this position again
            else
                ++next;
        } else {
            ++next;
        }
        m_pods.pop_back();
        m_facts.pop_back();
        m_handleOfPod.pop_back();
    }
    gone.clear();
    assert(std::none_of(m_pods.begin(), m_pods.end(), isGone));
}

void JobController::podScheduled(const std::string& name, const std::string& node, TimePoint now) {
    if (const auto it = m_podByName.find(name); it != m_podByName.end())
        podScheduled(it->second, node, now);
}

void JobController::podStarted(const std::string& name, TimePoint now) {
    if (const auto it = m_podByName.find(name); it != m_podByName.end())
        podStarted(it->second, now);
}

void JobController::podFinished(const std::string& name, int32_t exitCode,
                                std::optional<int32_t> signal, const std::string& reason,
                                const std::string& message, TimePoint now) {
    if (const auto it = m_podByName.find(name); it != m_podByName.end())
        podFinished(it->second, exitCode, signal, reason, message, now);
}

void JobController::podDeleted(const std::string& name, TimePoint now) {
    if (const auto it = m_podByName.find(name); it != m_podByName.end())
        podDeleted(it->second, now);
}

void JobController::podScheduled(PodHandle handle, const std::string& node, TimePoint) {
    const auto [p, a, position] = tracked(handle);
    if (!p)
        return;
    p->nodeName = node;
    a->node = node;
}

void JobController::podStarted(PodHandle handle, TimePoint now) {
    const auto [p, a, position] = tracked(handle);
    if (!p || isTerminal(*p))
        return;
    p->phase = PodPhase::Running;
    p->startTime = now;
    ContainerStatus c;
    c.name = m_job.spec.podTemplate.containers.empty()
                 ? "main"
                 : m_job.spec.podTemplate.containers.front().name;
    c.state = ContainerStateKind::Running;
    c.ready = true;
    c.startedAt = now;
    replaceWithOne(p->containerStatuses, std::move(c));
    replaceWithOne(p->conditions,
                   Condition{"Ready", ConditionStatus::True, "", "", std::nullopt, now});
    refreshFacts(position);
    a->outcome = AttemptOutcome::Running;
    a->startedAt = now;
}

void JobController::podFinished(PodHandle handle, int32_t exitCode, std::optional<int32_t> signal,
                                const std::string& reason, const std::string& message,
                                TimePoint now) {
    const auto [p, a, position] = tracked(handle);
    if (!p || isTerminal(*p))
        return;
    const bool succeeded = exitCode == 0 && !signal;
    p->phase = succeeded ? PodPhase::Succeeded : PodPhase::Failed;
    mayBeGone(position);
    ContainerStatus c;
    c.name = m_job.spec.podTemplate.containers.empty()
                 ? "main"
                 : m_job.spec.podTemplate.containers.front().name;
    c.state = ContainerStateKind::Terminated;
    c.exitCode = signal ? 128 + *signal : exitCode;
    c.signal = signal;
    c.reason = reason.empty() ? (succeeded ? "Completed" : "Error") : reason;
    c.message = message;
    c.startedAt = p->startTime;
    c.finishedAt = now;
    a->outcome = succeeded ? AttemptOutcome::Succeeded : AttemptOutcome::Failed;
    a->finishedAt = now;
    a->exitCode = c.exitCode;
    a->signal = signal;
    a->reason = c.reason;
    a->message = message;
    replaceWithOne(p->containerStatuses, std::move(c));
    replaceWithOne(p->conditions, Condition{"Ready", ConditionStatus::False, "PodCompleted", "",
                                            std::nullopt, now});
    refreshFacts(position);
}

void JobController::podDeleted(PodHandle handle, TimePoint now) {
    const auto [p, a, position] = tracked(handle);
    if (!p)
        return;
    if (isUnderWay(a->outcome)) {
        // Deleted while tracked (counted as failed), or removed by this controller after it
        // dropped the pod's finalizer (a scale-down: never counted), as upstream's deleteJobPods.
        a->outcome = p->hasTrackingFinalizer ? AttemptOutcome::Deleted : AttemptOutcome::Removed;
        a->finishedAt = now;
        a->reason = toString(a->outcome);
    }
    if (!isTerminal(*p)) {
        // The kubelet kills the containers: the pod ends Failed (SIGTERM), as on a cluster.
        p->phase = PodPhase::Failed;
        mayBeGone(position);
        ContainerStatus c;
        c.name = "main";
        c.state = ContainerStateKind::Terminated;
        c.exitCode = 143;
        c.signal = 15;
        c.reason = "Error";
        c.finishedAt = now;
        replaceWithOne(p->containerStatuses, std::move(c));
        refreshFacts(position);
    }
    dropGonePods();
}

void JobController::setParallelism(int32_t parallelism) {
    m_job.spec.parallelism = parallelism;
}

void JobController::setSuspend(bool suspend) {
    m_job.spec.suspend = suspend;
}

void JobController::setCompletions(int32_t completions) {
    m_job.spec.completions = completions;
    m_job.spec.parallelism = completions;
    if (m_job.spec.completionMode == CompletionMode::Indexed)
        m_indexRange = std::max(m_indexRange, completions);
}

std::vector<const Attempt*> JobController::attemptsOf(int32_t index) const {
    std::vector<const Attempt*> out;
    const auto it = m_lastAttemptOfIndex.find(index);
    if (it == m_lastAttemptOfIndex.end())
        return out;
    for (uint32_t i = it->second; i != kNoAttempt; i = m_previousAttemptOfIndex[i])
        out.push_back(&m_attempts[i]);
    std::reverse(out.begin(), out.end());
    return out;
}

int32_t JobController::attemptCount(int32_t index) const {
    const auto it = m_lastAttemptOfIndex.find(index);
    return it == m_lastAttemptOfIndex.end() ? 0 : m_attempts[it->second].number;
}

std::size_t JobController::bookkeepingBytes() const {
    // A hash node per attempted index: its key, value, next pointer and bucket slot.
    const std::size_t perNode = sizeof(std::pair<const int32_t, uint32_t>) + 2 * sizeof(void*);
    return m_attempts.capacity() * sizeof(Attempt) +
           m_previousAttemptOfIndex.capacity() * sizeof(uint32_t) +
           m_lastAttemptOfIndex.size() * perNode +
           m_lastAttemptOfIndex.bucket_count() * sizeof(void*) +
           m_attemptedIndexes.intervalCount() * sizeof(Interval) + m_pods.capacity() * sizeof(Pod);
}

void JobController::fillIndexStates(IndexStateMap& out) const {
    const int32_t completions = std::max(m_job.spec.completions.value_or(0), 0);
    const int32_t total = std::max(completions, m_indexRange);
    out = IndexStateMap(total);
    out.paint(completions, total - 1, IndexState::OutOfRange);
    const bool jobFailed = hasTrueCondition(m_job.status, "Failed");
    out.paint(m_attemptedIndexes.clippedBelow(completions),
              jobFailed ? IndexState::FailedTerminal : IndexState::FailedWillRetry);
    std::vector<std::pair<int32_t, IndexState>> live;
    live.reserve(m_pods.size());
    for (const Pod& p : m_pods) {
        const int32_t ix = completionIndexOf(p);
        if (ix < 0 || ix >= completions || !isActive(p))
            continue;
        live.emplace_back(ix,
                          p.phase == PodPhase::Running ? IndexState::Running : IndexState::Pending);
    }
    out.paintPoints(std::move(live));
    out.paint(IndexSet::parseLenient(m_job.status.failedIndexes.value_or(""), completions),
              IndexState::FailedTerminal);
    out.paint(IndexSet::parseLenient(m_job.status.completedIndexes, completions),
              IndexState::Succeeded);
}

} // namespace tessera::engine
