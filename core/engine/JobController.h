#pragma once
// The stateful driver around the pure reconcile(): it owns one Job, the pods the controller still
// tracks, the retry backoff record and the attempt history, and applies each Plan through a
// PodExecutor. The simulator, the local runner and `tessera serve` all drive jobs through it, so a
// dry-run and a local run follow exactly the same rules.
//
// Usage: executors report pod lifecycle events (podStarted, podFinished, podDeleted); the driver
// calls sync(now) after events (batched, as the upstream controller batches them for 1 s) and at
// nextSyncAt().
#include "Attempt.h"
#include "IndexSet.h"
#include "IndexStateMap.h"
#include "Model.h"
#include "Reconciler.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace tessera::engine {

// A pod as its controller knows it: its attempt's place in JobController::attempts(), which never
// changes. An executor that keeps its own record of each pod (the simulator) reports events by
// handle, which skips the name lookup; the others report by name.
using PodHandle = uint32_t;

// Where the plan's side effects go: a simulated cluster, real processes, an API server.
class PodExecutor {
public:
    virtual ~PodExecutor() = default;
    // Starts the pod; false when the create failed (the rest of the slow-start batch is skipped).
    virtual bool createPod(const Pod& pod, PodHandle handle) = 0;
    // Stops the pod; the executor calls JobController::podDeleted once it is gone.
    virtual void deletePod(const Pod& pod, DeletionReason reason) = 0;
};

class JobController {
public:
    JobController(Job job, PodExecutor& executor, SyncOptions options = {});

    // One sync: reconcile, then apply the plan (status, finalizers, deletions, creations in
    // slow-start batches). Returns the plan as reconcile produced it.
    Plan sync(TimePoint now);

    // Pod lifecycle, as reported by the executor: by name, or by the handle createPod was given.
    // Events of pods the controller no longer tracks are ignored.
    void podScheduled(const std::string& name, const std::string& node, TimePoint now);
    void podStarted(const std::string& name, TimePoint now);
    void podFinished(const std::string& name, int32_t exitCode, std::optional<int32_t> signal,
                     const std::string& reason, const std::string& message, TimePoint now);
    void podDeleted(const std::string& name, TimePoint now);
    void podScheduled(PodHandle pod, const std::string& node, TimePoint now);
    void podStarted(PodHandle pod, TimePoint now);
    void podFinished(PodHandle pod, int32_t exitCode, std::optional<int32_t> signal,
                     const std::string& reason, const std::string& message, TimePoint now);
    void podDeleted(PodHandle pod, TimePoint now);

    // Live changes to the spec, as `kubectl patch` would make them.
    void setParallelism(int32_t parallelism);
    void setSuspend(bool suspend);
    // Elastic Indexed Jobs: completions and parallelism change together.
    void setCompletions(int32_t completions);

    const Job& job() const { return m_job; }
    bool finished() const { return isFinished(m_job.status); }
    std::optional<TimePoint> nextSyncAt() const { return m_nextSyncAt; }
    // Pods the controller still tracks: not gone, or finished but still holding the finalizer.
    const std::vector<Pod>& livePods() const { return m_pods; }
    const Pod* findPod(const std::string& name) const;

    const std::vector<Attempt>& attempts() const { return m_attempts; }
    // Hands the history over (the controller is done with it): no copy of 100,000 attempts.
    std::vector<Attempt> takeAttempts() { return std::move(m_attempts); }
    std::vector<const Attempt*> attemptsOf(int32_t index) const;
    int32_t attemptCount(int32_t index) const;

    // Every index's state, as runs: O(intervals of the index sets + live pods + attempted-index
    // intervals), whatever completions is (the grid repaints from this).
    void fillIndexStates(IndexStateMap& out) const;

    // The memory reserved for attempts and per-index bookkeeping: it follows the attempts made,
    // not completions (tests hold a Job of 2,000,000,000 indexes to it).
    std::size_t bookkeepingBytes() const;
    // The history is reserved up front for at most this many attempts (a dry-run of 100,000
    // indexes then never copies it); beyond, it grows as attempts are made.
    static constexpr std::size_t kReservedAttemptsLimit = std::size_t{1} << 17;

private:
    // A live pod and its attempt, found with one lookup (events arrive by pod name).
    struct Tracked {
        Pod* pod = nullptr;
        Attempt* attempt = nullptr;
        std::size_t position = 0; // of pod in m_pods
    };
    Tracked tracked(const std::string& name);
    Tracked tracked(PodHandle handle);
    void applyPlan(const Plan& plan, TimePoint now);
    void createPods(const Plan& plan, TimePoint now);
    void dropGonePods();
    // Notes that the pod at `position` lost its finalizer or finished, so it may be gone.
    void mayBeGone(std::size_t position) { m_mayBeGone.push_back(position); }
    // Called after every change to the pod at `position`.
    void refreshFacts(std::size_t position) { m_facts[position] = factsOf(m_pods[position]); }

    Job m_job;
    PodExecutor& m_executor;
    SyncOptions m_options;
    Reconciler m_reconciler; // one per job: keeps its buffers and the parsed status between syncs
    BackoffRecord m_backoff;
    uint64_t m_nameSalt = 0;
    std::optional<TimePoint> m_nextSyncAt;

    static constexpr uint32_t kGone = UINT32_MAX;
    std::vector<Pod> m_pods;
    std::vector<PodFacts> m_facts; // factsOf(m_pods[i]), kept with the pods for the reconciler
    std::vector<PodHandle> m_handleOfPod; // m_pods[i]'s attempt
    std::vector<uint32_t> m_podOfHandle;  // by attempt: its pod's place in m_pods, or kGone
    // Positions in m_pods of the pods that may have become gone since the last dropGonePods: the
    // only ones it needs to look at (positions hold still until then: creations append).
    std::vector<std::size_t> m_mayBeGone;
    std::unordered_map<std::string, PodHandle> m_podByName; // live pods only
    std::vector<Attempt> m_attempts;
    // An index's attempts, newest first: m_lastAttemptOfIndex gives the newest's place in
    // m_attempts, m_previousAttemptOfIndex (one slot per attempt) the one before, down to
    // kNoAttempt. Memory follows the attempts made, never completions: a Job may validly ask
    // for 2,000,000,000 indexes.
    static constexpr uint32_t kNoAttempt = UINT32_MAX;
    std::unordered_map<int32_t, uint32_t> m_lastAttemptOfIndex;
    std::vector<uint32_t> m_previousAttemptOfIndex;
    IndexSet m_attemptedIndexes; // the indexes with at least one attempt, below m_indexRange
    int32_t m_indexRange = 0;    // the largest completions seen (indexes beyond it: OutOfRange)
};

} // namespace tessera::engine
