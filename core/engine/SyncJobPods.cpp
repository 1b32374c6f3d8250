// The steps of a sync that act on pods (job_controller.go's manageJob, deleteActivePods,
// createPods and trackJobStatusAndRemoveFinalizers): which pods to delete and create, and which
// finished pods leave their finalizers and are counted.
#include "Backoff.h"
#include "PodFailurePolicyMatch.h"
#include "SyncJob.h"

#include <algorithm>

namespace tessera::engine::sync_detail {

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

} // namespace tessera::engine::sync_detail
