// One syncJob pass (job_controller.go) over a snapshot. The steps keep the order and names of
// the upstream function so the two can be read side by side: SyncJob::run below calls them in
// upstream's order; the steps that act on pods are in SyncJobPods.cpp, the pass's state in
// SyncJob.h, and each policy in its own file (Backoff, PodFailurePolicyMatch, SuccessPolicyMatch,
// Indexes, Conditions).
#include "Reconciler.h"

#include "Backoff.h"
#include "Conditions.h"
#include "PodFailurePolicyMatch.h"
#include "SuccessPolicyMatch.h"
#include "SyncJob.h"

#include <algorithm>
#include <utility>

namespace tessera::engine {

using namespace sync_detail;

namespace sync_detail {

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

} // namespace sync_detail

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