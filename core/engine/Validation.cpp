#include "Validation.h"

#include "IndexSet.h"
#include "ValidationNames.h"

#include <algorithm>
#include <cctype>

namespace tessera::engine {

namespace {

constexpr int32_t kMaxParallelismForIndexedJob = 100000;
constexpr int32_t kMaxFailedIndexesForIndexedJob = 100000;
constexpr int32_t kCompletionsSoftLimit = 100000;
constexpr int32_t kParallelismLimitForHighCompletions = 10000;
constexpr int32_t kMaxFailedIndexesLimitForHighCompletions = 10000;
constexpr std::size_t kMaxPodFailurePolicyRules = 20;
constexpr std::size_t kMaxSuccessPolicyRules = 20;
constexpr std::size_t kMaxOnExitCodesValues = 255;
constexpr std::size_t kMaxOnPodConditionsPatterns = 20;
constexpr std::size_t kMaxSucceededIndexesLength = std::size_t{64} * 1024;

class Errors {
public:
    void add(std::string field, std::string message) {
        Error e;
        e.field = std::move(field);
        e.message = std::move(message);
        m_errors.push_back(std::move(e));
    }
    void nonNegative(const std::string& field, const std::optional<int64_t>& value) {
        if (value && *value < 0) {
            add(field, "must be greater than or equal to 0");
            m_errors.back().value = std::to_string(*value);
        }
    }
    std::vector<Error> take() { return std::move(m_errors); }

private:
    std::vector<Error> m_errors;
};

std::optional<int64_t> widen(const std::optional<int32_t>& v) {
    return v ? std::optional<int64_t>(*v) : std::nullopt;
}

bool templateHasContainer(const PodTemplate& t, const std::string& name) {
    const auto named = [&](const ContainerInfo& c) {
        return c.name == name;
    };
    return std::any_of(t.containers.begin(), t.containers.end(), named) ||
           std::any_of(t.initContainers.begin(), t.initContainers.end(), named);
}

void validatePodFailurePolicy(const JobSpec& spec, Errors& errors) {
    const PodFailurePolicy& policy = *spec.podFailurePolicy;
    const std::string base = "spec.podFailurePolicy.rules";
    if (policy.rules.size() > kMaxPodFailurePolicyRules)
        errors.add(base, "must have at most " + std::to_string(kMaxPodFailurePolicyRules) +
                             " rules, got " + std::to_string(policy.rules.size()));
    if (spec.podTemplate.restartPolicy != RestartPolicy::Never)
        errors.add("spec.template.spec.restartPolicy",
                   "must be Never when podFailurePolicy is specified, got " +
                       std::string(toString(spec.podTemplate.restartPolicy)));
    if (spec.podReplacementPolicy && *spec.podReplacementPolicy != PodReplacementPolicy::Failed)
        errors.add("spec.podReplacementPolicy",
                   "must be Failed when podFailurePolicy is specified, got " +
                       std::string(toString(*spec.podReplacementPolicy)));
    for (std::size_t i = 0; i < policy.rules.size(); ++i) {
        const PodFailurePolicyRule& rule = policy.rules[i];
        const std::string path = base + "[" + std::to_string(i) + "]";
        if (rule.action == PodFailurePolicyAction::Unknown)
            errors.add(path + ".action",
                       "unsupported value \"" + rule.actionName +
                           "\": supported values are FailJob, FailIndex, Ignore, Count");
        if (rule.action == PodFailurePolicyAction::FailIndex && !spec.backoffLimitPerIndex)
            errors.add(path + ".action", "FailIndex requires backoffLimitPerIndex to be set");
        const bool hasExitCodes = rule.onExitCodes.has_value();
        const bool hasConditions = !rule.onPodConditions.empty();
        if (hasExitCodes == hasConditions) {
            errors.add(path, "specify exactly one of onExitCodes and onPodConditions");
            continue;
        }
        if (hasExitCodes) {
            const PodFailurePolicyOnExitCodes& req = *rule.onExitCodes;
            const std::string p = path + ".onExitCodes";
            if (req.op == ExitCodesOperator::Unknown)
                errors.add(p + ".operator", "unsupported value: supported values are In, NotIn");
            if (req.values.empty() || req.values.size() > kMaxOnExitCodesValues)
                errors.add(p + ".values", "must have between 1 and 255 values, got " +
                                              std::to_string(req.values.size()));
            for (std::size_t k = 1; k < req.values.size(); ++k)
                if (req.values[k] <= req.values[k - 1]) {
                    errors.add(p + ".values[" + std::to_string(k) + "]",
                               "values must be unique and sorted in ascending order");
                    break;
                }
            if (req.op == ExitCodesOperator::In &&
                std::find(req.values.begin(), req.values.end(), 0) != req.values.end())
                errors.add(p + ".values", "must not contain 0 for the In operator");
            if (req.containerName && !templateHasContainer(spec.podTemplate, *req.containerName))
                errors.add(p + ".containerName",
                           "must be one of the container or initContainer names "
                           "in the pod template, got \"" +
                               *req.containerName + "\"");
        } else {
            if (rule.onPodConditions.size() > kMaxOnPodConditionsPatterns)
                errors.add(path + ".onPodConditions", "must have at most 20 patterns");
            for (std::size_t k = 0; k < rule.onPodConditions.size(); ++k)
                if (rule.onPodConditions[k].type.empty())
                    errors.add(path + ".onPodConditions[" + std::to_string(k) + "].type",
                               "Required value");
        }
    }
}

void validateSuccessPolicy(const JobSpec& spec, Errors& errors) {
    const SuccessPolicy& policy = *spec.successPolicy;
    const std::string base = "spec.successPolicy.rules";
    if (spec.completionMode != CompletionMode::Indexed)
        errors.add("spec.successPolicy", "requires completionMode Indexed");
    if (policy.rules.empty() || policy.rules.size() > kMaxSuccessPolicyRules)
        errors.add(base,
                   "must have between 1 and 20 rules, got " + std::to_string(policy.rules.size()));
    const int32_t completions = spec.completions.value_or(0);
    for (std::size_t i = 0; i < policy.rules.size(); ++i) {
        const SuccessPolicyRule& rule = policy.rules[i];
        const std::string path = base + "[" + std::to_string(i) + "]";
        if (!rule.succeededIndexes && !rule.succeededCount) {
            errors.add(path,
                       "at least one of succeededIndexes or succeededCount must be specified");
            continue;
        }
        std::optional<int64_t> indexCount;
        if (rule.succeededIndexes) {
            if (rule.succeededIndexes->size() > kMaxSucceededIndexesLength) {
                errors.add(path + ".succeededIndexes", "must be at most 65536 characters");
            } else {
                const auto parsed = IndexSet::parseStrict(*rule.succeededIndexes, completions);
                if (!parsed.ok()) {
                    Error e = parsed.error();
                    e.field.clear();
                    errors.add(path + ".succeededIndexes", e.describe());
                } else {
                    indexCount = parsed->count();
                }
            }
        }
        if (rule.succeededCount) {
            const int32_t count = *rule.succeededCount;
            if (count < 0)
                errors.nonNegative(path + ".succeededCount", int64_t{count});
            else if (count > completions)
                errors.add(path + ".succeededCount", "must be less than or equal to " +
                                                         std::to_string(completions) +
                                                         " (completions)");
            else if (indexCount && count > *indexCount)
                errors.add(path + ".succeededCount",
                           "must be less than or equal to " + std::to_string(*indexCount) +
                               " (the number of indexes in succeededIndexes)");
        }
    }
}

} // namespace

std::vector<Error> validateJob(const Job& job) {
    Errors errors;
    const JobSpec& spec = job.spec;
    const bool indexed = spec.completionMode == CompletionMode::Indexed;

    if (job.metadata.name.empty())
        errors.add("metadata.name", "Required value");
    errors.nonNegative("spec.parallelism", widen(spec.parallelism));
    errors.nonNegative("spec.completions", widen(spec.completions));
    errors.nonNegative("spec.activeDeadlineSeconds", spec.activeDeadlineSeconds);
    errors.nonNegative("spec.backoffLimit", widen(spec.backoffLimit));
    errors.nonNegative("spec.ttlSecondsAfterFinished", widen(spec.ttlSecondsAfterFinished));
    errors.nonNegative("spec.backoffLimitPerIndex", widen(spec.backoffLimitPerIndex));
    errors.nonNegative("spec.maxFailedIndexes", widen(spec.maxFailedIndexes));

    if (spec.podTemplate.restartPolicy == RestartPolicy::Always)
        errors.add("spec.template.spec.restartPolicy",
                   "Unsupported value: \"Always\": supported values: \"OnFailure\", \"Never\"");
    if (spec.podTemplate.containers.empty())
        errors.add("spec.template.spec.containers", "Required value");

    if (spec.managedBy && (spec.managedBy->empty() || spec.managedBy->size() > 63 ||
                           spec.managedBy->find('/') == std::string::npos))
        errors.add("spec.managedBy",
                   "must be a domain-prefixed path of at most 63 characters, like "
                   "kubernetes.io/job-controller");

    if (indexed) {
        if (!spec.completions) {
            errors.add("spec.completions", "Required value: when completion mode is Indexed");
        } else if (*spec.completions > 0 && !job.metadata.name.empty()) {
            const std::string lastHostname =
                job.metadata.name + "-" + std::to_string(*spec.completions - 1);
            if (!isDns1123Label(lastHostname))
                errors.add("metadata.name",
                           "\"" + lastHostname +
                               "\" (the hostname of the last index) must be a "
                               "DNS-1123 label: at most 63 lowercase letters, digits "
                               "and '-'");
        }
        if (spec.parallelism && *spec.parallelism > kMaxParallelismForIndexedJob)
            errors.add("spec.parallelism", "must be less than or equal to 100000 when completion "
                                           "mode is Indexed");
        if (spec.maxFailedIndexes) {
            if (spec.completions && *spec.maxFailedIndexes > *spec.completions)
                errors.add("spec.maxFailedIndexes", "must be less than or equal to completions");
            if (*spec.maxFailedIndexes > kMaxFailedIndexesForIndexedJob)
                errors.add("spec.maxFailedIndexes", "must be less than or equal to 100000");
        }
        if (spec.completions && *spec.completions > kCompletionsSoftLimit &&
            spec.backoffLimitPerIndex) {
            if (!spec.maxFailedIndexes)
                errors.add("spec.maxFailedIndexes", "Required value: when completions > 100000 and "
                                                    "backoffLimitPerIndex is set");
            else if (*spec.maxFailedIndexes > kMaxFailedIndexesLimitForHighCompletions)
                errors.add("spec.maxFailedIndexes", "must be less than or equal to 10000 when "
                                                    "completions > 100000");
            if (spec.parallelism && *spec.parallelism > kParallelismLimitForHighCompletions)
                errors.add("spec.parallelism",
                           "must be less than or equal to 10000 when completions "
                           "> 100000 and backoffLimitPerIndex is set");
        }
    } else {
        if (spec.backoffLimitPerIndex)
            errors.add("spec.backoffLimitPerIndex", "requires completionMode Indexed");
        if (spec.maxFailedIndexes)
            errors.add("spec.maxFailedIndexes", "requires completionMode Indexed");
    }
    if (spec.maxFailedIndexes && !spec.backoffLimitPerIndex)
        errors.add("spec.maxFailedIndexes", "requires backoffLimitPerIndex to be set");
    if (spec.podFailurePolicy)
        validatePodFailurePolicy(spec, errors);
    if (spec.successPolicy)
        validateSuccessPolicy(spec, errors);
    return errors.take();
}

std::vector<Error> validateJobUpdate(const Job& previous, const Job& updated) {
    std::vector<Error> errors = validateJob(updated);
    const auto immutable = [&](const char* field, bool same, std::string value = {}) {
        if (!same) {
            Error e;
            e.field = field;
            e.value = std::move(value);
            e.message = "field is immutable";
            errors.push_back(std::move(e));
        }
    };
    const JobSpec& a = previous.spec;
    const JobSpec& b = updated.spec;
    immutable("spec.completionMode", a.completionMode == b.completionMode,
              b.completionMode == CompletionMode::Indexed ? "\"Indexed\"" : "\"NonIndexed\"");
    immutable("spec.backoffLimitPerIndex", a.backoffLimitPerIndex == b.backoffLimitPerIndex);
    immutable("spec.managedBy", a.managedBy == b.managedBy);
    immutable("spec.podFailurePolicy",
              a.podFailurePolicy.has_value() == b.podFailurePolicy.has_value());
    immutable("spec.successPolicy", a.successPolicy.has_value() == b.successPolicy.has_value());
    if (a.completions != b.completions) {
        const bool elastic = b.completionMode == CompletionMode::Indexed && b.completions &&
                             b.parallelism && *b.completions == *b.parallelism;
        if (!elastic) {
            Error e;
            e.field = "spec.completions";
            e.message = b.completionMode == CompletionMode::Indexed
                            ? "can only be changed together with parallelism, to the same value"
                            : "field is immutable";
            errors.push_back(std::move(e));
        }
    }
    return errors;
}

std::vector<Error> validateJobStatus(const Job& job) {
    Errors errors;
    const JobStatus& s = job.status;
    const auto isTrue = [&](const char* type) {
        return hasTrueCondition(s, type);
    };
    errors.nonNegative("status.active", int64_t{s.active});
    errors.nonNegative("status.succeeded", int64_t{s.succeeded});
    errors.nonNegative("status.failed", int64_t{s.failed});
    errors.nonNegative("status.ready", widen(s.ready));
    errors.nonNegative("status.terminating", widen(s.terminating));
    if (s.ready && *s.ready > s.active)
        errors.add("status.ready", "must be less than or equal to active (" +
                                       std::to_string(s.active) + "), got " +
                                       std::to_string(*s.ready));
    if (isTrue("Failed") && !isTrue("FailureTarget"))
        errors.add("status.conditions", "Failed requires a FailureTarget=True condition");
    if (isTrue("Complete") && !isTrue("SuccessCriteriaMet"))
        errors.add("status.conditions", "Complete requires a SuccessCriteriaMet=True condition");
    if (isTrue("Complete") && (isTrue("Failed") || isTrue("FailureTarget")))
        errors.add("status.conditions",
                   "Complete cannot be set together with Failed or FailureTarget");
    if (isTrue("SuccessCriteriaMet") && (isTrue("Failed") || isTrue("FailureTarget")))
        errors.add("status.conditions",
                   "SuccessCriteriaMet cannot be set together with Failed or FailureTarget");
    if (isFinished(s)) {
        if (s.active != 0)
            errors.add("status.active", "must be 0 for a finished job");
        if (s.terminating.value_or(0) != 0)
            errors.add("status.terminating", "must be 0 for a finished job");
        if (!s.startTime)
            errors.add("status.startTime", "Required value for a finished job");
        if (s.uncountedTerminatedPods && (!s.uncountedTerminatedPods->succeeded.empty() ||
                                          !s.uncountedTerminatedPods->failed.empty()))
            errors.add("status.uncountedTerminatedPods", "must be empty for a finished job");
    }
    if (job.spec.completionMode == CompletionMode::Indexed) {
        const int32_t completions = job.spec.completions.value_or(0);
        const auto completed = IndexSet::parseStrict(s.completedIndexes, completions);
        if (!completed.ok())
            errors.add("status.completedIndexes", completed.error().describe());
        if (s.failedIndexes) {
            const auto failed = IndexSet::parseStrict(*s.failedIndexes, completions);
            if (!failed.ok())
                errors.add("status.failedIndexes", failed.error().describe());
            else if (completed.ok() && failed->intersects(*completed))
                errors.add("status.failedIndexes", "must not overlap completedIndexes");
        }
    }
    return errors.take();
}

std::optional<Error> checkDryRunLimits(const Job& job) {
    // NonIndexed jobs are limited too: a dry-run makes one attempt per completion either way.
    const int32_t completions = job.spec.completions.value_or(1);
    if (completions <= kMaxDryRunCompletions)
        return std::nullopt;
    Error e;
    e.field = "spec.completions";
    e.message = std::to_string(completions) + " is above the dry-run limit of " +
                std::to_string(kMaxDryRunCompletions) +
                " (a dry-run keeps every index's attempts in memory; a cluster or tessera serve "
                "runs such a job)";
    return e;
}

} // namespace tessera::engine
