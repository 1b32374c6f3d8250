#include "PodFailurePolicyMatch.h"

#include <algorithm>

namespace tessera::engine {

namespace {

bool exitCodeMatches(int32_t exitCode, const PodFailurePolicyOnExitCodes& rule) {
    const bool listed =
        std::find(rule.values.begin(), rule.values.end(), exitCode) != rule.values.end();
    switch (rule.op) {
    case ExitCodesOperator::In:
        return listed;
    case ExitCodesOperator::NotIn:
        return !listed;
    case ExitCodesOperator::Unknown:
        return false;
    }
    return false;
}

const ContainerStatus* matchingContainer(const std::vector<ContainerStatus>& statuses,
                                         const PodFailurePolicyOnExitCodes& rule) {
    for (const ContainerStatus& c : statuses) {
        if (c.state != ContainerStateKind::Terminated)
            continue;
        if (rule.containerName && *rule.containerName != c.name)
            continue;
        // Exit code 0 never matches: the policy is about failures.
        if (c.exitCode != 0 && exitCodeMatches(c.exitCode, rule))
            return &c;
    }
    return nullptr;
}

const Condition* matchingCondition(const Pod& pod,
                                   const std::vector<PodFailurePolicyOnPodCondition>& patterns) {
    for (const Condition& condition : pod.conditions)
        for (const PodFailurePolicyOnPodCondition& pattern : patterns)
            if (condition.type == pattern.type && condition.status == pattern.status)
                return &condition;
    return nullptr;
}

std::string podRef(const Pod& pod) {
    return pod.metadata.namespace_ + "/" + pod.metadata.name;
}

} // namespace

PodFailurePolicyMatch matchPodFailurePolicy(const std::optional<PodFailurePolicy>& policy,
                                            const Pod& failedPod) {
    if (!policy)
        return {};
    for (std::size_t ruleIndex = 0; ruleIndex < policy->rules.size(); ++ruleIndex) {
        const PodFailurePolicyRule& rule = policy->rules[ruleIndex];
        if (rule.action == PodFailurePolicyAction::Unknown)
            continue;
        std::string failJobMessage;
        if (rule.onExitCodes) {
            const ContainerStatus* c =
                matchingContainer(failedPod.containerStatuses, *rule.onExitCodes);
            if (!c)
                c = matchingContainer(failedPod.initContainerStatuses, *rule.onExitCodes);
            if (!c)
                continue;
            failJobMessage = "Container " + c->name + " for pod " + podRef(failedPod) +
                             " failed with exit code " + std::to_string(c->exitCode) +
                             " matching FailJob rule at index " + std::to_string(ruleIndex);
        } else if (!rule.onPodConditions.empty()) {
            const Condition* condition = matchingCondition(failedPod, rule.onPodConditions);
            if (!condition)
                continue;
            failJobMessage = "Pod " + podRef(failedPod) + " has condition " + condition->type +
                             " matching FailJob rule at index " + std::to_string(ruleIndex);
        } else {
            continue;
        }
        PodFailurePolicyMatch match;
        match.action = rule.action;
        match.countFailed = rule.action != PodFailurePolicyAction::Ignore;
        if (rule.action == PodFailurePolicyAction::FailJob)
            match.failJobMessage = std::move(failJobMessage);
        return match;
    }
    return {};
}

} // namespace tessera::engine
