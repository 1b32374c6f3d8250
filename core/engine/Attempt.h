#pragma once
// One try at one index: a pod from creation to its end. The controller keeps every attempt, so
// reports, the timeline and the per-index details still have them after the pods are gone.
#include "Time.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tessera::engine {

enum class AttemptOutcome : uint8_t { Pending, Running, Succeeded, Failed, Deleted };
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
    int32_t exitCode = 0;
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

} // namespace tessera::engine
