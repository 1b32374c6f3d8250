#pragma once
// A cluster keeps pods, not attempts: turns the pods of one Job (as listed from the API server)
// into the engine's attempt history, so cluster and demo jobs get the same report as local runs.
// Pods the cluster has already removed are, of course, missing from the history.
#include "engine/Attempt.h"
#include "engine/Model.h"

#include <vector>

namespace tessera::report {

class PodAttempts {
public:
    // One attempt per pod, in creation order; `number` counts the pods of each index in that
    // order. Index from the completion-index annotation (-1 when absent or invalid).
    static std::vector<engine::Attempt> fromPods(const std::vector<engine::Pod>& pods);
    static engine::Attempt fromPod(const engine::Pod& pod);
};

} // namespace tessera::report
