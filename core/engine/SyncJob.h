#pragma once
// The state of one syncJob pass (Reconciler.cpp runs it; SyncJobPods.cpp holds the steps that
// create, delete and count pods). Internal to the engine: the public entry points are in
// Reconciler.h.
#include "Defaults.h"
#include "Indexes.h"
#include "PodClassification.h"
#include "PodIndex.h"
#include "Reconciler.h"
#include "SyncScratch.h"

#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace tessera::engine::sync_detail {

constexpr int32_t kMaxPodCreateDeletePerSync = 500;
constexpr int32_t kMaxUncountedPods = 500;

// The terminal condition this sync is working towards (jobCtx.finishedCondition): an interim
// SuccessCriteriaMet or FailureTarget now, Complete or Failed once no pod is left terminating.
struct PendingFinish {
    bool success = false;
    std::string reason;
    std::string message;
};

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

} // namespace tessera::engine::sync_detail
