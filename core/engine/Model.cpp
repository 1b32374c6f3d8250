#include "Model.h"

#include <algorithm>

namespace tessera::engine {

const char* toString(CompletionMode m) {
    return m == CompletionMode::Indexed ? "Indexed" : "NonIndexed";
}

const char* toString(PodPhase p) {
    switch (p) {
    case PodPhase::Pending:
        return "Pending";
    case PodPhase::Running:
        return "Running";
    case PodPhase::Succeeded:
        return "Succeeded";
    case PodPhase::Failed:
        return "Failed";
    case PodPhase::Unknown:
        return "Unknown";
    }
    return "Unknown";
}

const char* toString(ConditionStatus s) {
    switch (s) {
    case ConditionStatus::True:
        return "True";
    case ConditionStatus::False:
        return "False";
    case ConditionStatus::Unknown:
        return "Unknown";
    }
    return "Unknown";
}

const char* toString(RestartPolicy p) {
    switch (p) {
    case RestartPolicy::Never:
        return "Never";
    case RestartPolicy::OnFailure:
        return "OnFailure";
    case RestartPolicy::Always:
        return "Always";
    }
    return "Never";
}

const char* toString(PodReplacementPolicy p) {
    return p == PodReplacementPolicy::Failed ? "Failed" : "TerminatingOrFailed";
}

const char* toString(PodFailurePolicyAction a) {
    switch (a) {
    case PodFailurePolicyAction::FailJob:
        return "FailJob";
    case PodFailurePolicyAction::FailIndex:
        return "FailIndex";
    case PodFailurePolicyAction::Ignore:
        return "Ignore";
    case PodFailurePolicyAction::Count:
        return "Count";
    case PodFailurePolicyAction::Unknown:
        return "Unknown";
    }
    return "Unknown";
}

const char* toString(ExitCodesOperator o) {
    switch (o) {
    case ExitCodesOperator::In:
        return "In";
    case ExitCodesOperator::NotIn:
        return "NotIn";
    case ExitCodesOperator::Unknown:
        return "Unknown";
    }
    return "Unknown";
}

std::optional<CompletionMode> completionModeFromString(std::string_view s) {
    if (s == "Indexed")
        return CompletionMode::Indexed;
    if (s == "NonIndexed")
        return CompletionMode::NonIndexed;
    return std::nullopt;
}

std::optional<PodPhase> podPhaseFromString(std::string_view s) {
    if (s == "Pending")
        return PodPhase::Pending;
    if (s == "Running")
        return PodPhase::Running;
    if (s == "Succeeded")
        return PodPhase::Succeeded;
    if (s == "Failed")
        return PodPhase::Failed;
    if (s == "Unknown")
        return PodPhase::Unknown;
    return std::nullopt;
}

std::optional<ConditionStatus> conditionStatusFromString(std::string_view s) {
    if (s == "True")
        return ConditionStatus::True;
    if (s == "False")
        return ConditionStatus::False;
    if (s == "Unknown")
        return ConditionStatus::Unknown;
    return std::nullopt;
}

std::optional<RestartPolicy> restartPolicyFromString(std::string_view s) {
    if (s == "Never")
        return RestartPolicy::Never;
    if (s == "OnFailure")
        return RestartPolicy::OnFailure;
    if (s == "Always")
        return RestartPolicy::Always;
    return std::nullopt;
}

std::optional<PodReplacementPolicy> podReplacementPolicyFromString(std::string_view s) {
    if (s == "Failed")
        return PodReplacementPolicy::Failed;
    if (s == "TerminatingOrFailed")
        return PodReplacementPolicy::TerminatingOrFailed;
    return std::nullopt;
}

PodFailurePolicyAction podFailurePolicyActionFromString(std::string_view s) {
    if (s == "FailJob")
        return PodFailurePolicyAction::FailJob;
    if (s == "FailIndex")
        return PodFailurePolicyAction::FailIndex;
    if (s == "Ignore")
        return PodFailurePolicyAction::Ignore;
    if (s == "Count")
        return PodFailurePolicyAction::Count;
    return PodFailurePolicyAction::Unknown;
}

ExitCodesOperator exitCodesOperatorFromString(std::string_view s) {
    if (s == "In")
        return ExitCodesOperator::In;
    if (s == "NotIn")
        return ExitCodesOperator::NotIn;
    return ExitCodesOperator::Unknown;
}

const Condition* findCondition(const std::vector<Condition>& conditions, std::string_view type) {
    auto it = std::find_if(conditions.begin(), conditions.end(),
                           [&](const Condition& c) { return c.type == type; });
    return it == conditions.end() ? nullptr : &*it;
}

bool hasTrueCondition(const JobStatus& status, std::string_view type) {
    const Condition* c = findCondition(status.conditions, type);
    return c && c->status == ConditionStatus::True;
}

bool isFinished(const JobStatus& status) {
    return hasTrueCondition(status, "Complete") || hasTrueCondition(status, "Failed");
}

} // namespace tessera::engine
