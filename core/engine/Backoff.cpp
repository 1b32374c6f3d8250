#include "Backoff.h"

#include "PodClassification.h"
#include "PodIndex.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace tessera::engine {

namespace {

std::vector<TimePoint> sortedFinishTimes(std::span<const Pod* const> pods) {
    std::vector<TimePoint> times;
    times.reserve(pods.size());
    for (const Pod* pod : pods)
        times.push_back(podFinishTime(*pod));
    std::sort(times.begin(), times.end());
    return times;
}

} // namespace

Duration backoffDelay(int32_t failures, Duration base, Duration cap) {
    if (failures <= 0)
        return Duration::zero();
    Duration delay = base;
    for (int32_t i = 1; i < failures; ++i) {
        delay *= 2;
        if (delay >= cap)
            return cap;
    }
    return std::min(delay, cap);
}

Duration remainingBackoff(int32_t failures, std::optional<TimePoint> lastFailure, TimePoint now,
                          Duration base, Duration cap) {
    if (failures <= 0 || !lastFailure)
        return Duration::zero();
    const Duration delay = backoffDelay(failures, base, cap);
    const Duration elapsed = now - *lastFailure;
    return elapsed >= delay ? Duration::zero() : delay - elapsed;
}

BackoffRecord updatedBackoffRecord(BackoffRecord record, std::span<const Pod* const> newSucceeded,
                                   std::span<const Pod* const> newFailed) {
    const std::vector<TimePoint> failures = sortedFinishTimes(newFailed);
    if (newSucceeded.empty()) {
        if (failures.empty())
            return record;
        record.failuresAfterLastSuccess += static_cast<int32_t>(failures.size());
        record.lastFailureTime = failures.back();
        return record;
    }
    const TimePoint lastSuccess = sortedFinishTimes(newSucceeded).back();
    record = BackoffRecord{};
    for (auto it = failures.rbegin(); it != failures.rend() && *it > lastSuccess; ++it) {
        if (!record.lastFailureTime)
            record.lastFailureTime = *it;
        ++record.failuresAfterLastSuccess;
    }
    return record;
}

Duration remainingBackoffForIndex(const Pod* lastFailedPod, TimePoint now, Duration base,
                                  Duration cap) {
    if (!lastFailedPod)
        return Duration::zero();
    const int64_t failures = indexAbsoluteFailureCountOf(*lastFailedPod) + 1;
    const auto clamped =
        static_cast<int32_t>(std::min<int64_t>(failures, std::numeric_limits<int32_t>::max()));
    return remainingBackoff(clamped, podFinishTime(*lastFailedPod), now, base, cap);
}

} // namespace tessera::engine
