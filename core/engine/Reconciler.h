#pragma once
// One sync of the Kubernetes job controller (syncJob in
// https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/job/job_controller.go; the
// names in parentheses in core/engine are upstream's functions and files in that directory, and
// pkg/apis/batch for validation and defaults) as a pure function: the job, its pods and "now" in;
// a Plan out. No clock, no I/O, no randomness: the same input
// always gives the same plan. Drivers (the simulator, the local runner, `tessera serve`) apply the
// plan and call again; `tessera reconcile` prints it.
//
// Stateful parts of the upstream controller are inputs here:
//  - expectations: SyncOptions::expectationsSatisfied (true for the stateless CLI);
//  - the global backoff record: SyncOptions::backoff. When absent it is derived from
//    every terminal pod in the input (their finish times), which is what a stateless caller wants.
// The two-phase status write of trackJobStatusAndRemoveFinalizers collapses into one plan:
// finished pods whose tracking finalizer is removed in this sync are counted in the returned status
// and listed in Plan::removeFinalizers, so status.uncountedTerminatedPods comes back empty.
#include "Model.h"
#include "PodClassification.h"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tessera::engine {

// The global (no backoffLimitPerIndex) retry backoff record (backoff_utils.go backoffRecord).
struct BackoffRecord {
    int32_t failuresAfterLastSuccess = 0;
    std::optional<TimePoint> lastFailureTime;
    bool operator==(const BackoffRecord&) const = default;
};

struct SyncOptions {
    bool expectationsSatisfied = true;
    std::optional<BackoffRecord> backoff;
    // Base and cap of the retry delay (defaults: 10 s and 10 min). The local runner scales
    // them down with --backoff-scale; nothing else should change them.
    Duration podFailureBackoff = std::chrono::seconds(10);
    Duration maxPodFailureBackoff = std::chrono::minutes(10);
    // Salt for the deterministic 5-character pod name suffix (drivers pass a counter so two
    // attempts of one index created at the same instant still get different names).
    uint64_t nameSalt = 0;
};

struct PodToCreate {
    int32_t index = -1;       // -1 for NonIndexed jobs
    std::string generateName; // "<job>-<index>-" (cut to 58 characters, as
                              // getPodGenerateNameWithIndex does)
    std::string name;         // generateName + 5 deterministic characters
    std::string hostname;     // Indexed: "<job>-<index>"; NonIndexed: ""
    // Containers (by name) that get the JOB_COMPLETION_INDEX env var (those that do not define it).
    std::vector<std::string> containersWithIndexEnv;
    std::vector<std::string> initContainersWithIndexEnv;
    // backoffLimitPerIndex only: the failure-count annotations of the new pod.
    std::optional<int32_t> indexFailureCount;
    std::optional<int32_t> indexIgnoredFailureCount;
    bool operator==(const PodToCreate&) const = default;
};

enum class DeletionReason {
    JobFinished,    // a terminal condition is pending: counted as failed
    SuccessPolicy,  // the success policy matched: not counted
    Suspended,      // manageJob on a suspended job: not counted
    ScaleDown,      // more active than wanted: not counted
    DuplicateIndex, // a second active pod of one index: not counted
    InvalidIndex,   // no/invalid index, or index >= completions: not counted
};
const char* toString(DeletionReason);

struct PodToDelete {
    std::string name;
    std::string uid;
    int32_t index = -1; // -1 when unknown
    DeletionReason reason = DeletionReason::ScaleDown;
    // manageJob deletions patch the finalizer away before the DELETE, so the pod is never counted
    //. Deletions for a finished job keep it, and the pod is counted as failed.
    bool removeFinalizerFirst = true;
    bool operator==(const PodToDelete&) const = default;
};

struct Event {
    std::string type; // "Normal" or "Warning"
    std::string
        reason; // "SuccessfulCreate", "SuccessfulDelete", "Completed", "BackoffLimitExceeded", ...
    std::string message;
    bool operator==(const Event&) const = default;
};

// Which of the pod-finished tallies this sync recorded (for metrics and history).
struct SyncCounts {
    int32_t podsSucceeded = 0;   // pods counted as succeeded in this sync
    int32_t podsFailed = 0;      // pods counted as failed in this sync
    int32_t failuresIgnored = 0; // failures matched by an Ignore rule
    int32_t failJob = 0, failIndex = 0, ignore = 0, count = 0; // pod failure policy actions
};

struct Plan {
    std::vector<PodToCreate> createPods; // in creation order, lowest index first
    std::vector<PodToDelete> deletePods;
    std::vector<std::string> removeFinalizers; // pod names whose tracking finalizer goes now
    JobStatus status;                          // the complete new status
    std::vector<Event> events;
    std::optional<Duration> requeueAfter; // sync again after this long, even with no pod event
    BackoffRecord backoff;                // the updated global backoff record
    SyncCounts counts;
    // True when the sync did nothing because the job is finished, managed by another controller,
    // or has an unknown completion mode (the first checks of syncJob).
    bool skipped = false;
};

Plan reconcile(const Job& job, std::span<const Pod> pods, TimePoint now,
               const SyncOptions& options = {});

// reconcile() for a driver that syncs one job again and again (JobController, so the simulator):
// the buffers of a sync are kept for the next one, and so are the index sets last read from and
// written to status.completedIndexes / failedIndexes, so the text a sync wrote is not parsed
// again by the next one. Same plans as reconcile(), which uses a fresh Reconciler per call.
class Reconciler {
public:
    Reconciler();
    ~Reconciler();
    Reconciler(const Reconciler&); // the copy starts with nothing remembered
    Reconciler& operator=(const Reconciler&);
    Reconciler(Reconciler&&) noexcept;
    Reconciler& operator=(Reconciler&&) noexcept;

    Plan reconcile(const Job& job, std::span<const Pod> pods, TimePoint now,
                   const SyncOptions& options = {});
    // The same, with factsOf(pods[i]) already known for every pod (facts.size() == pods.size()):
    // the sync reads the facts instead of the pods wherever they suffice.
    Plan reconcile(const Job& job, std::span<const Pod> pods, std::span<const PodFacts> facts,
                   TimePoint now, const SyncOptions& options = {});

    struct Scratch;

private:
    std::unique_ptr<Scratch> m_scratch;
};

// Slow-start batching: the sizes of the creation batches for n creations: 1, 2, 4, ...
// A driver issues batch k only when every create of batch k-1 succeeded.
std::vector<int32_t> slowStartBatches(int32_t n);

} // namespace tessera::engine
