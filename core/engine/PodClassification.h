#pragma once
// How the controller sorts a job's pods into active, terminating, ready and failed (spec §5), when
// a pod finished (§14.4), and which active pod to delete first (§12.4, controller.ActivePods).
#include "Model.h"
#include "PodIndex.h"

namespace tessera::engine {

// What a sync reads from every pod: its index and the inputs of its classification. A driver that
// owns its pods (JobController) keeps one beside each pod, refreshed whenever it changes the pod,
// and hands them to the reconciler with the pods: a sync of a thousand pods then reads 8 bytes
// per pod instead of the Pod structs and their conditions (two or more cache misses each).
struct PodFacts {
    int32_t index = kUnknownCompletionIndex; // completionIndexOf
    PodPhase phase = PodPhase::Pending;
    bool deleting = false; // metadata.deletionTimestamp is set
    bool ready = false;    // isPodReady
    bool tracked = false;  // hasTrackingFinalizer
    bool operator==(const PodFacts&) const = default;
};
PodFacts factsOf(const Pod& pod);

// The one-line tests are defined here so the reconciler's per-pod pass inlines them (it runs them
// for every pod in every sync).

// Phase Succeeded or Failed.
inline bool isTerminal(const Pod& pod) {
    return pod.phase == PodPhase::Succeeded || pod.phase == PodPhase::Failed;
}
// Not terminal, no deletionTimestamp (§5.1).
inline bool isActive(const Pod& pod) {
    return !isTerminal(pod) && !pod.metadata.deletionTimestamp;
}
// Not terminal, deletionTimestamp set (§5.2).
inline bool isTerminating(const Pod& pod) {
    return !isTerminal(pod) && pod.metadata.deletionTimestamp;
}
bool isPodReady(const Pod& pod); // condition Ready=True

// PRP=Failed or a pod failure policy: terminating pods are not replaced until they fail (§5.4).
inline bool onlyReplaceFailedPods(const JobSpec& spec) {
    return spec.podReplacementPolicy == PodReplacementPolicy::Failed ||
           spec.podFailurePolicy.has_value();
}
// Failed phase, or (when terminating pods are replaced) terminating and not Succeeded (§5.5).
inline bool isPodFailed(const Pod& pod, const JobSpec& spec) {
    if (pod.phase == PodPhase::Failed)
        return true;
    if (onlyReplaceFailedPods(spec))
        return false;
    return pod.metadata.deletionTimestamp && pod.phase != PodPhase::Succeeded;
}

// When the pod finished (getFinishedTime, §14.4).
TimePoint podFinishTime(const Pod& pod);

// Sum of container and init-container restarts (pastBackoffLimitOnFailure, §9.4).
int64_t podRestartCount(const Pod& pod);

// controller.ActivePods "less": true when `a` should be deleted before `b` (§12.4): unscheduled
// before scheduled, Pending < Unknown < Running, not ready before ready, ready for less time,
// more restarts, newer.
bool isDeletedBefore(const Pod& a, const Pod& b);

} // namespace tessera::engine
