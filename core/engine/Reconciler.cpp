// One syncJob pass (job_controller.go) over a snapshot. The steps below keep the order
// and names of the upstream function so the two can be read side by side; each policy lives in
// its own file (Backoff, PodFailurePolicyMatch, SuccessPolicyMatch, Indexes, Conditions).
#include "Reconciler.h"

#include "Backoff.h"
#include "Conditions.h"
#include "Defaults.h"
#include "Indexes.h"
#include "PodClassification.h"
#include "PodFailurePolicyMatch.h"
#include "PodIndex.h"
#include "SuccessPolicyMatch.h"
#include "SyncScratch.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <limits>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace tessera::engine {

using namespace sync_detail;

namespace {

constexpr int32_t kMaxPodCreateDeletePerSync = 500;
constexpr int32_t kMaxUncountedPods = 500;

// The terminal condition this sync is working towards (jobCtx.finishedCondition): an interim
// SuccessCriteriaMet or FailureTarget now, Complete or Failed once no pod is left terminating.
struct PendingFinish {
    bool success = false;
    std::string reason;
    std::string message;
};

} // namespace

namespace {

class SyncJob {
public:
    // `facts` is empty, or factsOf(pods[i]) for each pod.
    SyncJob(const Job& job, std::span<const Pod> pods, std::span<const PodFacts> facts,
            TimePoint now, const SyncOptions& options, Reconciler::Scratch& scratch)
        : m_job(job)
        , m_spec(job.spec)
        , m_now(now)
        , m_options(options)
        , m_scratch(scratch)
        , m_pods(scratch.pods)
        , m_active(scratch.active)
        , m_newSucceeded(scratch.newSucceeded)
        , m_newFailed(scratch.newFailed)
        , m_delayedPerIndex(scratch.delayedPerIndex) {
        m_pods.clear();
        m_active.clear();
        m_newSucceeded.clear();
        m_newFailed.clear();
        m_delayedPerIndex.clear();
        applyDefaults(m_spec);
        m_indexed = m_spec.completionMode == CompletionMode::Indexed;
        m_completions = m_spec.completions.value_or(0);
        m_perIndexBackoff = m_indexed && m_spec.backoffLimitPerIndex.has_value();
        m_onlyReplaceFailed = onlyReplaceFailedPods(m_spec);
        m_plan.status = job.status;
        if (const auto& uncounted = m_job.status.uncountedTerminatedPods) {
            m_uncountedSucceeded.insert(uncounted->succeeded.begin(), uncounted->succeeded.end());
            m_uncountedFailed.insert(uncounted->failed.begin(), uncounted->failed.end());
        }
        m_pods.reserve(pods.size());
        if (!m_indexed) {
            for (std::size_t i = 0; i < pods.size(); ++i) {
                PodFacts f = facts.empty() ? factsOf(pods[i]) : facts[i];
                f.index = kUnknownCompletionIndex;
                classify(pods[i], f, m_pods.emplace_back());
            }
            return;
        }
        // The pods are read in input order (one sequential pass over the Pod structs), then put
        // in index order, ties in input order (orderByIndex). This runs in every sync.
        std::vector<SyncPod>& inInputOrder = scratch.podsInInputOrder;
        inInputOrder.resize(pods.size());
        int32_t lowestIndex = std::numeric_limits<int32_t>::max();
        if (facts.empty()) {
            for (std::size_t i = 0; i < pods.size(); ++i) {
                prefetchConditions(pods, i + kPrefetchDistance);
                classify(pods[i], factsOf(pods[i]), inInputOrder[i]);
                lowestIndex = std::min(lowestIndex, inInputOrder[i].index);
            }
        } else {
            for (std::size_t i = 0; i < pods.size(); ++i) {
                classify(pods[i], facts[i], inInputOrder[i]);
                lowestIndex = std::min(lowestIndex, facts[i].index);
            }
        }
        orderByIndex(inInputOrder, lowestIndex, scratch, m_pods);
    }

    Plan run();

private:
    bool suspended() const { return m_spec.suspend.value_or(false); }
    bool validForCounting(int32_t index) const {
        return !m_indexed || (index >= 0 && index < m_completions);
    }
    bool validForCounting(const SyncPod& p) const { return validForCounting(p.index); }
    // Fills `p` in place: a SyncPod assembled on the stack and then copied whole was read back
    // before its byte-sized stores had landed (a store-forwarding stall per pod and sync).
    // The tests of PodClassification.h (isActive, isTerminating, isPodFailed) over the facts;
    // the pod itself is read only when the status lists uncounted pods.
    void classify(const Pod& pod, const PodFacts& f, SyncPod& p) const {
        const bool terminal = f.phase == PodPhase::Succeeded || f.phase == PodPhase::Failed;
        p.pod = &pod;
        p.index = f.index;
        p.active = !terminal && !f.deleting;
        p.terminating = !terminal && f.deleting;
        p.ready = p.active && f.ready;
        p.succeeded = f.phase == PodPhase::Succeeded;
        p.failed = f.phase == PodPhase::Failed ||
                   (!m_onlyReplaceFailed && f.deleting && f.phase != PodPhase::Succeeded);
        p.tracked = f.tracked;
        p.countable = p.tracked && !isUncounted(pod) && validForCounting(f.index);
    }
    bool isUncounted(const Pod& pod) const {
        if (m_uncountedSucceeded.empty() && m_uncountedFailed.empty())
            return false; // the usual case: the previous sync left nothing uncounted
        return m_uncountedSucceeded.contains(pod.metadata.uid) ||
               m_uncountedFailed.contains(pod.metadata.uid);
    }
    bool isIndexFailed(const SyncPod& p) const;
    const IndexSet& activeIndexSet() {
        if (!m_activeIndexes)
            m_activeIndexes = indexesOf(m_active);
        return *m_activeIndexes;
    }

    void classifyPods();
    void computeIndexes();
    void computeDelayedDeletions();
    void evaluateTerminalConditions();
    void deleteActivePods();
    void manageJob();
    void createPods(std::span<const int32_t> indexes);
    void deletePods(std::span<const PodRemoval> removals, bool removeFinalizerFirst);
    void updateSuspendedCondition();
    void trackStatusAndRemoveFinalizers();
    void finish();
    void requeueAfter(Duration d) {
        if (!m_plan.requeueAfter || d < *m_plan.requeueAfter)
            m_plan.requeueAfter = d;
    }

    const Job& m_job;
    JobSpec m_spec; // defaulted copy
    TimePoint m_now;
    const SyncOptions& m_options;
    Reconciler::Scratch& m_scratch;
    bool m_indexed = false;
    bool m_perIndexBackoff = false;
    bool m_onlyReplaceFailed = false; // onlyReplaceFailedPods(m_spec)
    int32_t m_completions = 0;

    std::vector<SyncPod>& m_pods; // all pods, by index for Indexed jobs
    std::vector<IndexedPod>& m_active;
    std::vector<const Pod*>& m_newSucceeded;
    std::vector<const Pod*>& m_newFailed;
    std::unordered_map<int32_t, const Pod*>& m_delayedPerIndex;
    std::unordered_set<std::string_view> m_uncountedSucceeded, m_uncountedFailed;
    int64_t m_succeeded = 0; // jobCtx.succeeded (Indexed: the succeeded-index total)
    int64_t m_failed = 0;    // jobCtx.failed: what backoffLimit is checked against
    int32_t m_activeCount = 0;
    int32_t m_ready = 0;
    int32_t m_terminating = 0;

    IndexSet m_prevSucceeded;
    IndexSet m_succeededIndexes;
    IndexSet m_failedIndexes;                // BLPI only
    std::optional<IndexSet> m_activeIndexes; // of m_active, computed once when first needed

    std::optional<PendingFinish> m_finish;
    Plan m_plan;
};

bool SyncJob::isIndexFailed(const SyncPod& p) const {
    if (!p.failed)
        return false;
    const Pod& pod = *p.pod;
    bool counted = true;
    if (m_spec.podFailurePolicy) {
        const PodFailurePolicyMatch match = matchPodFailurePolicy(m_spec.podFailurePolicy, pod);
        if (match.action == PodFailurePolicyAction::FailIndex)
            return true;
        counted = match.countFailed;
    }
    return counted && indexFailureCountOf(pod) >= *m_spec.backoffLimitPerIndex;
}

void SyncJob::classifyPods() {
    for (const SyncPod& p : m_pods) {
        if (p.active) {
            m_active.push_back(p.indexed());
            if (p.ready)
                ++m_ready;
        } else if (p.terminating) {
            ++m_terminating;
        }
        if (!p.countable)
            continue;
        if (p.succeeded)
            m_newSucceeded.push_back(p.pod);
        else if (p.failed)
            m_newFailed.push_back(p.pod);
    }
    m_activeCount = static_cast<int32_t>(m_active.size());

    int64_t nonIgnoredFailures = 0;
    for (const Pod* pod : m_newFailed)
        if (matchPodFailurePolicy(m_spec.podFailurePolicy, *pod).countFailed)
            ++nonIgnoredFailures;
    m_succeeded = int64_t{m_job.status.succeeded} + static_cast<int64_t>(m_newSucceeded.size()) +
                  static_cast<int64_t>(m_uncountedSucceeded.size());
    m_failed = int64_t{m_job.status.failed} + nonIgnoredFailures +
               static_cast<int64_t>(m_uncountedFailed.size());
}

void SyncJob::computeIndexes() {
    m_prevSucceeded =
        m_scratch.completedIndexes.parse(m_job.status.completedIndexes, m_completions);
    std::vector<int32_t>& newIndexes = m_scratch.indexes;
    newIndexes.clear();
    // Every succeeded pod that still holds the finalizer, uncounted or not: an uncounted
    // one's index is succeeded already, so manageJob must not start it again.
    for (const SyncPod& p : m_pods)
        if (p.succeeded && p.tracked && validForCounting(p))
            newIndexes.push_back(p.index);
    m_succeededIndexes = m_prevSucceeded.withOrderedIndexes(newIndexes);
    m_succeeded = m_succeededIndexes.count();

    if (!m_perIndexBackoff)
        return;
    const IndexSet& prevFailed =
        m_scratch.failedIndexes.parse(m_job.status.failedIndexes.value_or(""), m_completions);
    std::vector<int32_t>& newFailed = m_scratch.indexes;
    newFailed.clear();
    for (const SyncPod& p : m_pods)
        if (p.countable && isIndexFailed(p))
            newFailed.push_back(p.index);
    // An index that also succeeded stays succeeded: the API rejects overlapping sets.
    m_failedIndexes = prevFailed.withOrderedIndexes(newFailed).subtract(m_succeededIndexes);
}

void SyncJob::computeDelayedDeletions() {
    // The last failed pod of an index that is still pending keeps its finalizer until its
    // replacement exists, so the replacement can inherit its failure counts.
    const IndexSet& activeIndexes = activeIndexSet();
    for (const SyncPod& p : m_pods) {
        if (!p.countable || !p.failed)
            continue;
        const Pod& pod = *p.pod;
        if (m_succeededIndexes.contains(p.index) || m_failedIndexes.contains(p.index) ||
            activeIndexes.contains(p.index))
            continue;
        auto [it, inserted] = m_delayedPerIndex.try_emplace(p.index, &pod);
        if (inserted)
            continue;
        const int64_t held = indexAbsoluteFailureCountOf(*it->second);
        const int64_t candidate = indexAbsoluteFailureCountOf(pod);
        if (candidate > held ||
            (candidate == held && podFinishTime(pod) > podFinishTime(*it->second)))
            it->second = &pod;
    }
}

void SyncJob::evaluateTerminalConditions() {
    JobStatus& status = m_plan.status;
    const Condition* successCriteria =
        findCondition(status.conditions, conditions::kSuccessCriteriaMet);
    const Condition* failureTarget = findCondition(status.conditions, conditions::kFailureTarget);
    if (successCriteria && successCriteria->status == ConditionStatus::True) {
        m_finish = PendingFinish{true, successCriteria->reason, successCriteria->message};
        return;
    }
    if (failureTarget && failureTarget->status == ConditionStatus::True) {
        m_finish = PendingFinish{false, failureTarget->reason, failureTarget->message};
        return;
    }
    if (m_spec.podFailurePolicy) {
        for (const SyncPod& p : m_pods) {
            if (!p.failed)
                continue;
            PodFailurePolicyMatch match = matchPodFailurePolicy(m_spec.podFailurePolicy, *p.pod);
            if (match.failJobMessage) {
                m_finish = PendingFinish{false, conditions::kReasonPodFailurePolicy,
                                         std::move(*match.failJobMessage)};
                return;
            }
        }
    }
    const int32_t backoffLimit = m_spec.backoffLimit.value_or(6);
    bool pastBackoffLimit = m_failed > backoffLimit;
    if (!pastBackoffLimit && m_spec.podTemplate.restartPolicy == RestartPolicy::OnFailure) {
        int64_t restarts = 0;
        for (const SyncPod& p : m_pods)
            if (p.pod->phase == PodPhase::Running || p.pod->phase == PodPhase::Pending)
                restarts += podRestartCount(*p.pod);
        pastBackoffLimit = backoffLimit == 0 ? restarts > 0 : restarts >= backoffLimit;
    }
    if (pastBackoffLimit) {
        m_finish = PendingFinish{false, conditions::kReasonBackoffLimitExceeded,
                                 conditions::kMessageBackoffLimitExceeded};
        return;
    }
    if (m_spec.activeDeadlineSeconds && status.startTime && !suspended()) {
        const Duration allowed = std::chrono::seconds(*m_spec.activeDeadlineSeconds);
        const Duration elapsed = m_now - *status.startTime;
        if (elapsed >= allowed) {
            m_finish = PendingFinish{false, conditions::kReasonDeadlineExceeded,
                                     conditions::kMessageDeadlineExceeded};
            return;
        }
        requeueAfter(allowed - elapsed);
    }
    if (!m_indexed)
        return;
    if (m_perIndexBackoff) {
        if (m_spec.maxFailedIndexes && m_failedIndexes.count() > *m_spec.maxFailedIndexes) {
            m_finish = PendingFinish{false, conditions::kReasonMaxFailedIndexesExceeded,
                                     conditions::kMessageMaxFailedIndexesExceeded};
            return;
        }
        if (!m_failedIndexes.empty() &&
            m_failedIndexes.count() + m_succeededIndexes.count() >= m_completions) {
            m_finish = PendingFinish{false, conditions::kReasonFailedIndexes,
                                     conditions::kMessageFailedIndexes};
            return;
        }
    }
    if (auto message = matchSuccessPolicy(m_spec.successPolicy, m_completions, m_succeededIndexes))
        m_finish = PendingFinish{true, conditions::kReasonSuccessPolicy, std::move(*message)};
}

void SyncJob::deletePods(std::span<const PodRemoval> removals, bool removeFinalizerFirst) {
    for (const PodRemoval& removal : removals) {
        const Pod& pod = *removal.pod.pod;
        m_plan.deletePods.push_back({pod.metadata.name, pod.metadata.uid, removal.pod.index,
                                     removal.reason, removeFinalizerFirst});
        m_plan.events.push_back(
            {"Normal", "SuccessfulDelete", "Deleted pod: " + pod.metadata.name});
        --m_activeCount;
        ++m_terminating;
        if (isPodReady(pod))
            --m_ready;
    }
}

void SyncJob::deleteActivePods() {
    const DeletionReason reason =
        m_finish->success ? DeletionReason::SuccessPolicy : DeletionReason::JobFinished;
    std::vector<PodRemoval> removals;
    removals.reserve(m_active.size());
    for (const IndexedPod& p : m_active)
        removals.push_back({p, reason});
    // Finalizers stay: the flush below counts these pods (as failed when the job failed).
    deletePods(removals, false);
}

void SyncJob::manageJob() {
    if (suspended()) {
        const auto removals = activePodsForRemoval(m_indexed, m_completions, m_active,
                                                   static_cast<int64_t>(m_active.size()));
        std::vector<PodRemoval> suspendedRemovals = removals;
        for (PodRemoval& r : suspendedRemovals)
            r.reason = DeletionReason::Suspended;
        deletePods(suspendedRemovals, true);
        return;
    }

    const int32_t parallelism = m_spec.parallelism.value_or(1);
    int64_t wantActive = 0;
    if (!m_indexed && !m_spec.completions)
        wantActive = m_succeeded > 0 ? m_activeCount : parallelism;
    else
        wantActive = std::clamp<int64_t>(int64_t{m_completions} - m_succeeded, 0, parallelism);

    const int64_t rmAtLeast = std::max<int64_t>(m_activeCount - wantActive, 0);
    auto removals = activePodsForRemoval(m_indexed, m_completions, m_active, rmAtLeast);
    if (removals.size() > static_cast<std::size_t>(kMaxPodCreateDeletePerSync))
        removals.resize(kMaxPodCreateDeletePerSync);
    if (!removals.empty()) {
        // Deletions take precedence: nothing is created in the same sync.
        deletePods(removals, true);
        return;
    }

    const int32_t heldByTerminating = onlyReplaceFailedPods(m_spec) ? m_terminating : 0;
    int64_t diff = wantActive - heldByTerminating - m_activeCount;
    if (diff <= 0)
        return;
    if (!m_perIndexBackoff) {
        const Duration remaining = remainingBackoff(
            m_plan.backoff.failuresAfterLastSuccess, m_plan.backoff.lastFailureTime, m_now,
            m_options.podFailureBackoff, m_options.maxPodFailureBackoff);
        if (remaining > Duration::zero()) {
            requeueAfter(remaining);
            return;
        }
    }
    diff = std::min<int64_t>(diff, kMaxPodCreateDeletePerSync);
    if (!m_indexed) {
        std::vector<int32_t> unindexed(static_cast<std::size_t>(diff), kUnknownCompletionIndex);
        createPods(unindexed);
        return;
    }

    IndexSet nonPending = m_succeededIndexes.unite(activeIndexSet()).unite(m_failedIndexes);
    if (onlyReplaceFailedPods(m_spec)) {
        std::vector<IndexedPod> terminating;
        for (const SyncPod& p : m_pods)
            if (p.terminating)
                terminating.push_back(p.indexed());
        nonPending = nonPending.unite(indexesOf(terminating));
    }
    std::vector<int32_t> indexes =
        firstPendingIndexes(nonPending, static_cast<int32_t>(diff), m_completions);
    if (m_perIndexBackoff) {
        std::vector<int32_t> readyNow;
        std::optional<Duration> soonest;
        for (const int32_t index : indexes) {
            const auto it = m_delayedPerIndex.find(index);
            const Duration remaining = remainingBackoffForIndex(
                it == m_delayedPerIndex.end() ? nullptr : it->second, m_now,
                m_options.podFailureBackoff, m_options.maxPodFailureBackoff);
            if (remaining == Duration::zero())
                readyNow.push_back(index);
            else if (!soonest || remaining < *soonest)
                soonest = remaining;
        }
        // Upstream relies on the next pod event to retry the delayed indexes; a driver with no
        // events of its own needs the wake-up time, so it is reported either way.
        if (soonest)
            requeueAfter(*soonest);
        indexes = std::move(readyNow);
    }
    createPods(indexes);
}

void SyncJob::createPods(std::span<const int32_t> indexes) {
    const std::string& jobName = m_job.metadata.name;
    const uint64_t seed = mix(
        mix(fnv1a(m_job.metadata.uid, fnv1a(jobName)), static_cast<uint64_t>(toUnixMillis(m_now))),
        m_options.nameSalt);
    m_plan.createPods.reserve(m_plan.createPods.size() + indexes.size());
    m_plan.events.reserve(m_plan.events.size() + indexes.size());
    for (std::size_t position = 0; position < indexes.size(); ++position) {
        const int32_t index = indexes[position];
        PodToCreate create;
        create.index = index;
        create.generateName = podGenerateName(jobName, index);
        create.name = create.generateName +
                      podNameSuffix(mix(mix(seed, static_cast<uint64_t>(index) + 1), position));
        if (m_indexed) {
            create.hostname = podHostname(jobName, index);
            for (const ContainerInfo& c : m_spec.podTemplate.containers)
                if (!c.definesCompletionIndexEnv)
                    create.containersWithIndexEnv.push_back(c.name);
            for (const ContainerInfo& c : m_spec.podTemplate.initContainers)
                if (!c.definesCompletionIndexEnv)
                    create.initContainersWithIndexEnv.push_back(c.name);
        }
        if (m_perIndexBackoff) {
            int32_t failures = 0;
            int32_t ignored = 0;
            if (const auto it = m_delayedPerIndex.find(index); it != m_delayedPerIndex.end()) {
                const Pod& replaced = *it->second;
                failures = indexFailureCountOf(replaced);
                ignored = indexIgnoredFailureCountOf(replaced);
                if (matchPodFailurePolicy(m_spec.podFailurePolicy, replaced).countFailed)
                    ++failures;
                else
                    ++ignored;
            }
            create.indexFailureCount = failures;
            if (ignored > 0)
                create.indexIgnoredFailureCount = ignored;
        }
        m_plan.events.push_back({"Normal", "SuccessfulCreate", "Created pod: " + create.name});
        m_plan.createPods.push_back(std::move(create));
    }
    m_activeCount += static_cast<int32_t>(indexes.size());
}

void SyncJob::updateSuspendedCondition() {
    JobStatus& status = m_plan.status;
    if (suspended()) {
        if (conditions::ensureStatus(status.conditions, conditions::kSuspended,
                                     ConditionStatus::True, conditions::kReasonJobSuspended,
                                     conditions::kMessageJobSuspended, m_now))
            m_plan.events.push_back({"Normal", "Suspended", "Job suspended"});
        return;
    }
    if (conditions::ensureStatus(status.conditions, conditions::kSuspended, ConditionStatus::False,
                                 conditions::kReasonJobResumed, conditions::kMessageJobResumed,
                                 m_now)) {
        m_plan.events.push_back({"Normal", "Resumed", "Job resumed"});
        // activeDeadlineSeconds measures continuous active time.
        status.startTime = m_now;
    }
}

void SyncJob::trackStatusAndRemoveFinalizers() {
    const bool jobDeleted = m_job.metadata.deletionTimestamp.has_value();
    const bool failurePending = m_finish && !m_finish->success;
    std::vector<int32_t> succeededNow;
    int32_t succeededUnindexed = 0;
    int32_t failedNow = 0;
    bool reachedMaxUncounted = false;

    for (const SyncPod& p : m_pods) {
        if (!p.tracked)
            continue;
        const Pod& pod = *p.pod;
        const bool considerFailed = p.failed;
        bool canRemove = jobDeleted || m_finish || p.succeeded;
        if (!canRemove && considerFailed) {
            const auto delayed = m_delayedPerIndex.find(p.index);
            canRemove = !(m_perIndexBackoff && delayed != m_delayedPerIndex.end() &&
                          delayed->second == &pod);
        }
        if (!canRemove)
            continue;
        m_plan.removeFinalizers.push_back(pod.metadata.name);

        if (p.succeeded && !m_uncountedFailed.contains(pod.metadata.uid)) {
            if (m_indexed) {
                if (validForCounting(p) && !m_prevSucceeded.contains(p.index))
                    succeededNow.push_back(p.index);
            } else if (!m_uncountedSucceeded.contains(pod.metadata.uid)) {
                ++succeededUnindexed;
                ++m_plan.counts.podsSucceeded;
            }
        } else if (considerFailed || failurePending) {
            if (!m_uncountedFailed.contains(pod.metadata.uid) && validForCounting(p)) {
                const PodFailurePolicyMatch match =
                    matchPodFailurePolicy(m_spec.podFailurePolicy, pod);
                if (match.action) {
                    switch (*match.action) {
                    case PodFailurePolicyAction::FailJob:
                        ++m_plan.counts.failJob;
                        break;
                    case PodFailurePolicyAction::FailIndex:
                        ++m_plan.counts.failIndex;
                        break;
                    case PodFailurePolicyAction::Ignore:
                        ++m_plan.counts.ignore;
                        break;
                    case PodFailurePolicyAction::Count:
                        ++m_plan.counts.count;
                        break;
                    case PodFailurePolicyAction::Unknown:
                        break;
                    }
                }
                if (match.countFailed) {
                    ++failedNow;
                    ++m_plan.counts.podsFailed;
                } else {
                    ++m_plan.counts.failuresIgnored;
                }
            }
        }
        const std::size_t queued = succeededNow.size() +
                                   static_cast<std::size_t>(succeededUnindexed) +
                                   static_cast<std::size_t>(failedNow);
        if (queued >= static_cast<std::size_t>(kMaxUncountedPods)) {
            // The controller flushes here and finishes the rest in the next sync.
            reachedMaxUncounted = true;
            break;
        }
    }

    JobStatus& status = m_plan.status;
    const auto prevUncountedSucceeded = static_cast<int32_t>(m_uncountedSucceeded.size());
    const auto prevUncountedFailed = static_cast<int32_t>(m_uncountedFailed.size());
    if (m_indexed) {
        // With nothing left uncounted and every finished pod seen, the indexes counted now are
        // those computeIndexes added: the same set, not merged again.
        const bool countedAsComputed =
            !reachedMaxUncounted && m_uncountedSucceeded.empty() && m_uncountedFailed.empty();
        const IndexSet completed = countedAsComputed
                                       ? m_succeededIndexes
                                       : m_prevSucceeded.withOrderedIndexes(succeededNow);
        m_plan.counts.podsSucceeded = static_cast<int32_t>(succeededNow.size());
        status.completedIndexes = m_scratch.completedIndexes.format(completed, m_completions);
        status.succeeded = static_cast<int32_t>(completed.count());
        if (m_perIndexBackoff)
            status.failedIndexes = m_scratch.failedIndexes.format(m_failedIndexes, m_completions);
    } else {
        status.succeeded = m_job.status.succeeded + prevUncountedSucceeded + succeededUnindexed;
    }
    status.failed = m_job.status.failed + prevUncountedFailed + failedNow;
    status.active = m_activeCount;
    status.ready = std::max(m_ready, 0);
    status.terminating = m_terminating;
    status.uncountedTerminatedPods = UncountedTerminatedPods{};

    if (reachedMaxUncounted) {
        m_finish.reset();
        requeueAfter(Duration::zero());
    }
}

void SyncJob::finish() {
    if (!m_finish)
        return;
    JobStatus& status = m_plan.status;
    const char* interim =
        m_finish->success ? conditions::kSuccessCriteriaMet : conditions::kFailureTarget;
    const char* final = m_finish->success ? conditions::kComplete : conditions::kFailed;
    conditions::ensureStatus(status.conditions, interim, ConditionStatus::True, m_finish->reason,
                             m_finish->message, m_now);
    if (m_terminating > 0)
        return; // the final condition waits until every pod is gone
    conditions::ensureStatus(status.conditions, final, ConditionStatus::True, m_finish->reason,
                             m_finish->message, m_now);
    if (m_finish->success) {
        status.completionTime = m_now;
        m_plan.events.push_back({"Normal", "Completed", "Job completed"});
    } else {
        m_plan.events.push_back({"Warning", m_finish->reason, m_finish->message});
    }
    m_plan.backoff = BackoffRecord{};
    m_plan.requeueAfter.reset();
}

Plan SyncJob::run() {
    classifyPods();

    // Job first start: startTime is set only when not suspended.
    if (!m_plan.status.startTime && !suspended())
        m_plan.status.startTime = m_now;

    if (m_options.backoff) {
        m_plan.backoff = updatedBackoffRecord(*m_options.backoff, m_newSucceeded, m_newFailed);
    } else {
        // Stateless: rebuild the record from every finished pod in the snapshot.
        std::vector<const Pod*> succeeded, failed;
        for (const SyncPod& p : m_pods) {
            if (!validForCounting(p))
                continue; // as getNewFinishedPods: pods without a valid index never count
            if (p.succeeded)
                succeeded.push_back(p.pod);
            else if (p.failed)
                failed.push_back(p.pod);
        }
        m_plan.backoff = updatedBackoffRecord(BackoffRecord{}, succeeded, failed);
    }

    if (m_indexed)
        computeIndexes();
    if (m_perIndexBackoff)
        computeDelayedDeletions();
    evaluateTerminalConditions();

    if (m_finish) {
        deleteActivePods();
        if (!m_options.expectationsSatisfied)
            m_finish.reset(); // pods not yet seen may still change the outcome
    } else {
        const bool manageJobCalled =
            m_options.expectationsSatisfied && !m_job.metadata.deletionTimestamp;
        if (manageJobCalled)
            manageJob();
        const bool complete = (!m_indexed && !m_spec.completions)
                                  ? m_succeeded > 0 && m_activeCount == 0
                                  : m_succeeded >= m_completions && m_activeCount == 0;
        if (complete)
            m_finish = PendingFinish{true, conditions::kReasonCompletionsReached,
                                     conditions::kMessageCompletionsReached};
        else if (manageJobCalled)
            updateSuspendedCondition();
    }

    trackStatusAndRemoveFinalizers();
    finish();
    return std::move(m_plan);
}

} // namespace

const char* toString(DeletionReason reason) {
    switch (reason) {
    case DeletionReason::JobFinished:
        return "JobFinished";
    case DeletionReason::SuccessPolicy:
        return "SuccessPolicy";
    case DeletionReason::Suspended:
        return "Suspended";
    case DeletionReason::ScaleDown:
        return "ScaleDown";
    case DeletionReason::DuplicateIndex:
        return "DuplicateIndex";
    case DeletionReason::InvalidIndex:
        return "InvalidIndex";
    }
    return "ScaleDown";
}

Plan reconcile(const Job& job, std::span<const Pod> pods, TimePoint now,
               const SyncOptions& options) {
    return Reconciler().reconcile(job, pods, now, options);
}

Reconciler::Reconciler()
    : m_scratch(std::make_unique<Scratch>()) {}
Reconciler::~Reconciler() = default;
Reconciler::Reconciler(const Reconciler&)
    : Reconciler() {}
Reconciler& Reconciler::operator=(const Reconciler&) {
    m_scratch = std::make_unique<Scratch>();
    return *this;
}
Reconciler::Reconciler(Reconciler&&) noexcept = default;
Reconciler& Reconciler::operator=(Reconciler&&) noexcept = default;

Plan Reconciler::reconcile(const Job& job, std::span<const Pod> pods, TimePoint now,
                           const SyncOptions& options) {
    return reconcile(job, pods, {}, now, options);
}

Plan Reconciler::reconcile(const Job& job, std::span<const Pod> pods,
                           std::span<const PodFacts> facts, TimePoint now,
                           const SyncOptions& options) {
    assert(facts.empty() || facts.size() == pods.size());
    if (facts.size() != pods.size())
        facts = {}; // not the facts of these pods: read the pods
    const bool foreignController = job.spec.managedBy && *job.spec.managedBy != kJobControllerName;
    if (foreignController || isFinished(job.status)) {
        Plan plan;
        plan.status = job.status;
        plan.skipped = true;
        if (!foreignController)
            plan.backoff = BackoffRecord{}; // a finished job's record is dropped
        else if (options.backoff)
            plan.backoff = *options.backoff;
        return plan;
    }
    if (!m_scratch)
        m_scratch = std::make_unique<Scratch>(); // moved from
    return SyncJob(job, pods, facts, now, options, *m_scratch).run();
}

std::vector<int32_t> slowStartBatches(int32_t n) {
    std::vector<int32_t> batches;
    for (int32_t batch = 1; n > 0; batch *= 2) {
        const int32_t size = std::min(batch, n);
        batches.push_back(size);
        n -= size;
    }
    return batches;
}

} // namespace tessera::engine
