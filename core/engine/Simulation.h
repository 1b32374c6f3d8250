#pragma once
// What a dry-run simulates and what it reports (Simulator.h runs it). Plain data, so the CLI, the
// GUI and tests build configurations the same way.
#include "Attempt.h"
#include "IndexSet.h"
#include "JobState.h"
#include "Model.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tessera::engine {

// How long a pod runs once started.
struct DurationModel {
    enum class Kind { Fixed, Uniform, LogNormal };
    Kind kind = Kind::Fixed;
    Duration fixed = std::chrono::seconds(30);
    Duration min = std::chrono::seconds(10), max = std::chrono::seconds(60); // Uniform
    Duration median = std::chrono::seconds(30);                              // LogNormal
    double sigma = 0.5;                                                      // LogNormal
    std::map<int32_t, Duration> perIndex; // overrides for given indexes
};

// How attempts fail.
struct FailureModel {
    double probability = 0.0; // per attempt
    // Exit codes of random failures with their weights (default: exit 1).
    std::vector<std::pair<int32_t, double>> exitCodes{{1, 1.0}};
    double signalShare = 0.0; // share of failures that are SIGKILLs (OOMKilled) instead of exits
    // Given indexes fail their first N attempts (-1: every attempt), with exit code 1.
    std::map<int32_t, int32_t> failingIndexes;
};

// A share of the cluster in the spirit of OpenKruise WorkloadSpread (seed 002): pods are assigned
// to the first subset below its maxReplicas; a subset runs at most `capacity` pods at once, the
// others wait Pending in it.
struct CapacitySubset {
    std::string name;
    std::optional<int32_t> maxReplicas; // how many pods the subset is given (unset: no limit)
    std::optional<int32_t> capacity;    // how many can run at once (unset: no limit)
    std::string zone;                   // topology.kubernetes.io/zone of its nodes
};

struct SimulationConfig {
    Job job; // defaulted and validated by the caller
    DurationModel duration;
    FailureModel failures;
    Duration startLatencyMin = std::chrono::seconds(1);
    Duration startLatencyMax = std::chrono::seconds(1);
    Duration syncBatchPeriod = std::chrono::seconds(1); // SyncJobBatchPeriod
    Duration deletionGrace = std::chrono::seconds(1);   // a deleted pod is gone after this
    std::vector<CapacitySubset> subsets;
    // Adaptive: a pod Pending longer than rescheduleCritical moves to a subset with room.
    bool adaptive = false;
    Duration rescheduleCritical = std::chrono::seconds(30);
    uint64_t seed = 1;
    TimePoint start = fromUnixMillis(1767225600000); // 2026-01-01T00:00:00Z
    Duration maxVirtualTime = std::chrono::hours(24 * 30);
    int64_t maxEvents = 50'000'000;
    std::size_t maxTimelineSamples = 2000;
};

struct TimelineSample {
    Duration at{}; // since the start
    int32_t pending = 0;
    int32_t running = 0;
    int32_t succeeded = 0;
    int32_t failed = 0; // status.failed (pods)
    int32_t failedIndexes = 0;
    int32_t parallelism = 0;
};

struct SubsetUsage {
    std::string name;
    int32_t podsAssigned = 0;
    int32_t peakRunning = 0;
};

struct SimulationResult {
    bool finished = false;
    std::string stopReason; // why an unfinished simulation stopped
    // The job's state at the end (engine::jobStateOf): Complete or Failed when it finished.
    JobState state = JobState::Pending;
    std::string reason; // the terminal condition's reason, e.g. "CompletionsReached"
    std::string message;
    Duration makespan{};

    int64_t syncs = 0;
    int64_t events = 0;
    JobStatus status;
    IndexSet completed;
    IndexSet failed;
    std::vector<Attempt> attempts; // every attempt, in creation order
    std::vector<TimelineSample> timeline;
    std::vector<SubsetUsage> subsets;
};

// The outcome as `tessera simulate` prints it: "Complete", "Failed" or "Unfinished".
inline const char* outcomeText(const SimulationResult& r) {
    return isFinished(r.state) ? toString(r.state) : "Unfinished";
}

} // namespace tessera::engine
