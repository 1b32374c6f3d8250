#include "PodClassification.h"

#include <algorithm>
#include <string_view>

namespace tessera::engine {

namespace {

int phaseOrdinal(PodPhase phase) {
    switch (phase) {
    case PodPhase::Pending:
        return 0;
    case PodPhase::Unknown:
        return 1;
    case PodPhase::Running:
        return 2;
    default:
        return 0; // terminal pods are never compared (Go's map lookup gives 0 too)
    }
}

// The pod's Ready condition, or nullptr. The reconciler asks for it for every active pod in every
// sync: comparing against a type whose length the compiler knows inlines the compare, where
// findCondition's runtime-length compare called memcmp for each condition.
const Condition* readyCondition(const Pod& pod) {
    constexpr std::string_view kReady = "Ready";
    for (const Condition& c : pod.conditions)
        if (std::string_view(c.type) == kReady)
            return &c;
    return nullptr;
}

std::optional<TimePoint> readySince(const Pod& pod) {
    const Condition* ready = readyCondition(pod);
    if (ready && ready->status == ConditionStatus::True)
        return ready->lastTransitionTime;
    return std::nullopt;
}

int32_t maxContainerRestarts(const Pod& pod) {
    int32_t most = 0;
    for (const ContainerStatus& c : pod.containerStatuses)
        most = std::max(most, c.restartCount);
    return most;
}

// Go's afterOrZero: a zero time sorts first, otherwise later sorts first.
bool afterOrZero(const std::optional<TimePoint>& a, const std::optional<TimePoint>& b) {
    if (!a || !b)
        return !a;
    return *a > *b;
}

std::optional<TimePoint> finishTimeFromContainers(const Pod& pod) {
    std::optional<TimePoint> latest;
    for (const auto* list : {&pod.containerStatuses, &pod.initContainerStatuses}) {
        for (const ContainerStatus& c : *list) {
            if (c.state != ContainerStateKind::Terminated)
                return std::nullopt;
            if (c.finishedAt && (!latest || *c.finishedAt > *latest))
                latest = c.finishedAt;
        }
    }
    return latest;
}

} // namespace

bool isPodReady(const Pod& pod) {
    const Condition* ready = readyCondition(pod);
    return ready && ready->status == ConditionStatus::True;
}

PodFacts factsOf(const Pod& pod) {
    PodFacts f;
    f.index = completionIndexOf(pod);
    f.phase = pod.phase;
    f.deleting = pod.metadata.deletionTimestamp.has_value();
    f.ready = isPodReady(pod);
    f.tracked = pod.hasTrackingFinalizer;
    return f;
}

TimePoint podFinishTime(const Pod& pod) {
    if (const auto fromContainers = finishTimeFromContainers(pod))
        return *fromContainers;
    const Condition* ready = readyCondition(pod);
    if (ready && ready->status == ConditionStatus::False && ready->lastTransitionTime)
        return *ready->lastTransitionTime;
    if (pod.metadata.deletionTimestamp) {
        const auto grace =
            std::chrono::seconds(pod.metadata.deletionGracePeriodSeconds.value_or(0));
        return *pod.metadata.deletionTimestamp - std::chrono::duration_cast<Duration>(grace);
    }
    return pod.metadata.creationTimestamp.value_or(TimePoint{});
}

int64_t podRestartCount(const Pod& pod) {
    int64_t total = 0;
    for (const ContainerStatus& c : pod.containerStatuses)
        total += c.restartCount;
    for (const ContainerStatus& c : pod.initContainerStatuses)
        total += c.restartCount;
    return total;
}

bool isDeletedBefore(const Pod& a, const Pod& b) {
    if (a.nodeName != b.nodeName && (a.nodeName.empty() || b.nodeName.empty()))
        return a.nodeName.empty();
    if (phaseOrdinal(a.phase) != phaseOrdinal(b.phase))
        return phaseOrdinal(a.phase) < phaseOrdinal(b.phase);
    const bool aReady = isPodReady(a);
    const bool bReady = isPodReady(b);
    if (aReady != bReady)
        return !aReady;
    if (aReady && bReady) {
        const auto aSince = readySince(a);
        const auto bSince = readySince(b);
        if (aSince != bSince)
            return afterOrZero(aSince, bSince);
    }
    if (maxContainerRestarts(a) != maxContainerRestarts(b))
        return maxContainerRestarts(a) > maxContainerRestarts(b);
    if (a.metadata.creationTimestamp != b.metadata.creationTimestamp)
        return afterOrZero(a.metadata.creationTimestamp, b.metadata.creationTimestamp);
    return false;
}

} // namespace tessera::engine
