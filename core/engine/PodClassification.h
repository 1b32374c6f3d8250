#pragma once
// How the controller sorts a job's pods into active, terminating, ready and failed, when
// a pod finished, and which active pod to delete first (controller.ActivePods).
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
// Not terminal, no deletionTimestamp.
inline bool isActive(const Pod& pod) {
    return !isTerminal(pod) && !pod.metadata.deletionTimestamp;
}
// Not terminal, deletionTimestamp set.
inline bool isTerminating(const Pod& pod) {
    return !isTerminal(pod) && pod.metadata.deletionTimestamp;
}
bool isPodReady(const Pod& pod); // condition Ready=True

// PRP=Failed or a pod failure policy: terminating pods are not replaced until they fail.
inline bool onlyReplaceFailedPods(const JobSpec& spec) {
    return spec.podReplacementPolicy == PodReplacementPolicy::Failed ||
           spec.podFailurePolicy.has_value();
}
// Failed phase, or (when terminating pods are replaced) terminating and not Succeeded.
inline bool isPodFailed(const Pod& pod, const JobSpec& spec) {
    if (pod.phase == PodPhase::Failed)
        return true;
    if (onlyReplaceFailedPods(spec))
        return false;
    return pod.metadata.deletionTimestamp && pod.phase != PodPhase::Succeeded;
}

// When the pod finished (getFinishedTime).
TimePoint podFinishTime(const Pod& pod);

// Sum of container and init-container restarts (pastBackoffLimitOnFailure).
int64_t podRestartCount(const Pod& pod);

// controller.ActivePods "less": true when `a` should be deleted before `b`: unscheduled
// before scheduled, Pending < Unknown < Running, not ready before ready, ready for less time,
// more restarts, newer.
bool isDeletedBefore(const Pod& a, const Pod& b);

} // namespace tessera::engine
