#pragma once
// Matching a failed pod against spec.podFailurePolicy (pod_failure_policy.go).
#include "Model.h"

#include <optional>
#include <string>

namespace tessera::engine {

struct PodFailurePolicyMatch {
    // Set for FailJob: the message of the job's FailureTarget condition.
    std::optional<std::string> failJobMessage;
    // False only for Ignore: the failure does not count toward backoffLimit or the index.
    bool countFailed = true;
    // The action of the matching rule; unset when no rule matched (or there is no policy).
    std::optional<PodFailurePolicyAction> action;
};

// Rules in order, first match wins; rules with an unknown action are skipped.
PodFailurePolicyMatch matchPodFailurePolicy(const std::optional<PodFailurePolicy>& policy,
                                            const Pod& failedPod);

} // namespace tessera::engine
