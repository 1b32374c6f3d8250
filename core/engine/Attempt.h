#pragma once
// One try at one index: a pod from creation to its end. The controller keeps every attempt, so
// reports, the timeline and the per-index details still have them after the pods are gone.
#include "Time.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace tessera::engine {

// How one attempt went (JobState.h has the rules that decide it):
// - Pending, Running: under way;
// - Succeeded, Failed: the pod's container ended (Failed includes evictions that set phase Failed);
// - Deleted: the pod was deleted before it finished while its Job still tracked it (kubectl delete
//   pod, an eviction through the API, the Job failing); it ended when its deletion was seen and
//   counts as a failed pod in status.failed;
// - Removed: its Job's controller removed it (a scale-down, suspend, a duplicate or invalid
//   index): the controller drops its tracking finalizer before the delete, so status.failed never
//   counts it; it ended when its deletion was seen;
// - Lost: it ended unseen (the pod went away while nobody watched, a local item whose exit was
//   never recorded): its end and outcome are unknown.
enum class AttemptOutcome : uint8_t { Pending, Running, Succeeded, Failed, Deleted, Removed, Lost };
inline constexpr std::size_t kAttemptOutcomeCount = 7;
const char* toString(AttemptOutcome);

struct Attempt {
    int32_t index = -1; // -1 for NonIndexed jobs
    int32_t number = 1; // 1 for the first attempt of the index, 2 for its first retry, ...
    std::string podName;
    std::string node;
    TimePoint createdAt{};
    std::optional<TimePoint> startedAt;
    std::optional<TimePoint> finishedAt;
    AttemptOutcome outcome = AttemptOutcome::Pending;
    std::optional<int32_t> exitCode; // once a container terminated (not for a pod deleted unrun)
    std::optional<int32_t> signal;
    std::string reason; // "Completed", "Error", "OOMKilled", "DeadlineExceeded", ...
    std::string message;
    int32_t failureCount = 0; // the pod's job-index-failure-count annotation (backoffLimitPerIndex)

    std::optional<Duration> duration() const {
        if (!startedAt || !finishedAt)
            return std::nullopt;
        return *finishedAt - *startedAt;
    }
};

// The order of one index's attempts, for every view and report: by creation, then by the failure
// count each was created with (a cluster's creation times have whole seconds, so a pod removed by
// a suspend and its replacement often share one), then by pod name. Two readers of the same
// attempts thus name the same "last attempt". `Name` is std::string or QString (pod names are
// ASCII, so both compare alike).
template <class Name>
constexpr bool attemptBefore(int64_t createdMsA, int32_t failureCountA, const Name& podA,
                             int64_t createdMsB, int32_t failureCountB, const Name& podB) {
    if (createdMsA != createdMsB)
        return createdMsA < createdMsB;
    if (failureCountA != failureCountB)
        return failureCountA < failureCountB;
    return podA < podB;
}

} // namespace tessera::engine
