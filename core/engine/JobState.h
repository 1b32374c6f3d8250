#pragma once
// The vocabulary every view speaks: a job's state and an attempt's outcome, each decided by one
// function. The window's sources, the local runner, the simulator, the report and the CLI call
// these; text appears only where it enters or leaves (codec, journal, writers, UI labels).
//
// The rules follow the Kubernetes job controller and kubectl:
// - a job is Complete or Failed once the condition of that type is True (whatever `suspend` says:
//   a finished Job that is also suspended reads as finished, as kubectl shows it); otherwise
//   Suspended when spec.suspend is set, Running once it started or has active pods, else Pending;
// - an attempt (one pod) succeeded or failed by its phase; a pod deleted before it finished ended
//   Deleted, which the controller counts in status.failed as it counts a failed pod (`isPodFailed`,
//   https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/job/job_controller.go).
#include "Attempt.h"
#include "Model.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tessera::engine {

// Interrupted is a local run's overlay (its runner is gone and it has not finished); a Job
// object never reads Interrupted.
enum class JobState : uint8_t { Pending, Running, Suspended, Complete, Failed, Interrupted };
inline constexpr std::size_t kJobStateCount = 6;

const char* toString(JobState);
std::optional<JobState> jobStateFromString(std::string_view text);

// Complete or Failed: the job will not change any more.
constexpr bool isFinished(JobState s) {
    return s == JobState::Complete || s == JobState::Failed;
}
// Its clock has stopped: finished, or interrupted (until it is resumed).
constexpr bool hasEnded(JobState s) {
    return isFinished(s) || s == JobState::Interrupted;
}

struct JobStateInfo {
    JobState state = JobState::Pending;
    // The finishing condition's reason and message (BackoffLimitExceeded, CompletionsReached,
    // ...); while not finished, the reason of a True FailureTarget or SuccessCriteriaMet
    // condition (the job is about to finish that way).
    std::string reason, message;
    bool operator==(const JobStateInfo&) const = default;
};

// The one rule for a Job object's state (a cluster's, a local run's rebuilt Job, a simulation's).
JobStateInfo jobStateOf(const Job& job);

// An attempt's outcome from its pod: the phase; for a pod deleted before it reached Succeeded or
// Failed, Deleted while its Job tracks it (the job-tracking finalizer: it will be counted as
// failed) and Removed when its controller dropped the finalizer first (scale-down and the other
// removals upstream's `deleteJobPods` makes: never counted).
AttemptOutcome attemptOutcomeOf(PodPhase phase, bool deleting, bool tracked);
inline AttemptOutcome attemptOutcomeOf(const Pod& pod) {
    return attemptOutcomeOf(pod.phase, pod.metadata.deletionTimestamp.has_value(),
                            pod.hasTrackingFinalizer);
}
// The outcome of an attempt seen `seen` whose pod now reads `now`: a removed pod the kubelet then
// killed stays Removed, a deleted pod whose finalizer the controller then dropped (it counted it)
// stays Deleted; otherwise the newer word wins.
AttemptOutcome attemptOutcomeAfter(AttemptOutcome seen, AttemptOutcome now);

std::optional<AttemptOutcome> attemptOutcomeFromString(std::string_view text);

// Pending or Running: the attempt is under way.
constexpr bool isUnderWay(AttemptOutcome o) {
    return o == AttemptOutcome::Pending || o == AttemptOutcome::Running;
}
// The attempt's pod counts in the Job's status.failed: it failed, or it was deleted before it
// succeeded while its Job tracked it (upstream `isPodFailed` over the tracked pods). A Removed
// attempt does not count. The "failed attempts" every view shows count these.
constexpr bool countsAsFailed(AttemptOutcome o) {
    return o == AttemptOutcome::Failed || o == AttemptOutcome::Deleted;
}

} // namespace tessera::engine
