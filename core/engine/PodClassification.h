#pragma once
// How the controller sorts a job's pods into active, terminating, ready and failed (spec §5), when
// a pod finished (§14.4), and which active pod to delete first (§12.4, controller.ActivePods).
#include "Model.h"

namespace tessera::engine {

bool isTerminal(const Pod& pod);    // phase Succeeded or Failed
bool isActive(const Pod& pod);      // not terminal, no deletionTimestamp (§5.1)
bool isTerminating(const Pod& pod); // not terminal, deletionTimestamp set (§5.2)
bool isPodReady(const Pod& pod);    // condition Ready=True

// PRP=Failed or a pod failure policy: terminating pods are not replaced until they fail (§5.4).
bool onlyReplaceFailedPods(const JobSpec& spec);
// Failed phase, or (when terminating pods are replaced) terminating and not Succeeded (§5.5).
bool isPodFailed(const Pod& pod, const JobSpec& spec);

// When the pod finished (getFinishedTime, §14.4).
TimePoint podFinishTime(const Pod& pod);

// Sum of container and init-container restarts (pastBackoffLimitOnFailure, §9.4).
int64_t podRestartCount(const Pod& pod);

// controller.ActivePods "less": true when `a` should be deleted before `b` (§12.4): unscheduled
// before scheduled, Pending < Unknown < Running, not ready before ready, ready for less time,
// more restarts, newer.
bool isDeletedBefore(const Pod& a, const Pod& b);

} // namespace tessera::engine
