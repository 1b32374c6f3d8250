#pragma once
// The engine's view of a batch/v1 Job and its v1 Pods: plain structs holding only what the job
// controller reads or writes. Field names follow the Kubernetes API so a reader can map them
// 1:1 to the JSON (core/codec does the mapping). Optional fields stay std::optional where the API
// distinguishes "unset" from a value (defaulting happens in Defaults.h, as the API server does).
#include "Time.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::engine {

// ---- Well-known names ----
inline constexpr const char* kCompletionIndexKey = "batch.kubernetes.io/job-completion-index";
inline constexpr const char* kIndexFailureCountKey = "batch.kubernetes.io/job-index-failure-count";
inline constexpr const char* kIndexIgnoredFailureCountKey =
    "batch.kubernetes.io/job-index-ignored-failure-count";
inline constexpr const char* kTrackingFinalizer = "batch.kubernetes.io/job-tracking";
inline constexpr const char* kJobNameLabel = "batch.kubernetes.io/job-name";
inline constexpr const char* kControllerUidLabel = "batch.kubernetes.io/controller-uid";
inline constexpr const char* kCompletionIndexEnv = "JOB_COMPLETION_INDEX";
inline constexpr const char* kJobControllerName = "kubernetes.io/job-controller";

// ---- Conditions ----
enum class ConditionStatus { True, False, Unknown };

struct Condition {
    std::string type; // "Complete", "Failed", "SuccessCriteriaMet", "FailureTarget", "Suspended",
                      // pod: "Ready", ...
    ConditionStatus status = ConditionStatus::True;
    std::string reason;
    std::string message;
    std::optional<TimePoint> lastProbeTime;
    std::optional<TimePoint> lastTransitionTime;

    bool operator==(const Condition&) const = default;
};

// ---- Job spec ----
enum class CompletionMode { NonIndexed, Indexed };
enum class RestartPolicy { Never, OnFailure, Always };
enum class PodReplacementPolicy { TerminatingOrFailed, Failed };

enum class PodFailurePolicyAction { FailJob, FailIndex, Ignore, Count, Unknown };
enum class ExitCodesOperator { In, NotIn, Unknown };

struct PodFailurePolicyOnExitCodes {
    std::optional<std::string> containerName;
    ExitCodesOperator op = ExitCodesOperator::In;
    std::vector<int32_t> values; // sorted ascending, unique (validated)
};

struct PodFailurePolicyOnPodCondition {
    std::string type;
    ConditionStatus status = ConditionStatus::True; // the API defaults the pattern status to True
};

struct PodFailurePolicyRule {
    PodFailurePolicyAction action = PodFailurePolicyAction::Count;
    std::string actionName; // as written, so an Unknown action can be reported
    std::optional<PodFailurePolicyOnExitCodes> onExitCodes;
    std::vector<PodFailurePolicyOnPodCondition> onPodConditions;
};

struct PodFailurePolicy {
    std::vector<PodFailurePolicyRule> rules;
};

struct SuccessPolicyRule {
    std::optional<std::string> succeededIndexes;
    std::optional<int32_t> succeededCount;
};

struct SuccessPolicy {
    std::vector<SuccessPolicyRule> rules;
};

// The parts of spec.template the controller looks at.
struct ContainerInfo {
    std::string name;
    bool definesCompletionIndexEnv =
        false; // the container already has an env entry JOB_COMPLETION_INDEX
};

struct PodTemplate {
    std::vector<ContainerInfo> containers;
    std::vector<ContainerInfo> initContainers;
    RestartPolicy restartPolicy = RestartPolicy::Never;
    std::string subdomain; // spec.template.spec.subdomain (hostname.subdomain)
};

struct JobSpec {
    std::optional<int32_t> parallelism;
    std::optional<int32_t> completions;
    CompletionMode completionMode = CompletionMode::NonIndexed;
    std::optional<int64_t> activeDeadlineSeconds;
    std::optional<int32_t> backoffLimit;
    std::optional<int32_t> backoffLimitPerIndex;
    std::optional<int32_t> maxFailedIndexes;
    std::optional<PodFailurePolicy> podFailurePolicy;
    std::optional<SuccessPolicy> successPolicy;
    std::optional<bool> suspend;
    std::optional<PodReplacementPolicy> podReplacementPolicy;
    std::optional<std::string> managedBy;
    std::optional<int32_t> ttlSecondsAfterFinished;
    PodTemplate podTemplate;
};

// ---- Job status ----
struct UncountedTerminatedPods {
    std::vector<std::string> succeeded; // pod UIDs
    std::vector<std::string> failed;
};

struct JobStatus {
    std::vector<Condition> conditions;
    std::optional<TimePoint> startTime;
    std::optional<TimePoint> completionTime;
    int32_t active = 0;
    int32_t succeeded = 0;
    int32_t failed = 0;
    std::optional<int32_t> terminating;
    std::optional<int32_t> ready;
    std::string completedIndexes;             // Indexed only; "" when none
    std::optional<std::string> failedIndexes; // Indexed with backoffLimitPerIndex only
    std::optional<UncountedTerminatedPods> uncountedTerminatedPods;
};

struct ObjectMeta {
    // First: the reconciler reads it for every pod in every sync, next to the Pod's other
    // per-sync fields (see Pod).
    std::optional<TimePoint> deletionTimestamp;
    std::string name;
    std::string namespace_;
    std::string uid;
    std::string resourceVersion;
    std::optional<TimePoint> creationTimestamp;
    std::optional<int64_t> deletionGracePeriodSeconds;
};

struct Job {
    ObjectMeta metadata;
    JobSpec spec;
    JobStatus status;
};

// ---- Pods ----
enum class PodPhase { Pending, Running, Succeeded, Failed, Unknown };

enum class ContainerStateKind { Waiting, Running, Terminated };

struct ContainerStatus {
    std::string name;
    ContainerStateKind state = ContainerStateKind::Waiting;
    bool ready = false;
    int32_t restartCount = 0;
    // state.running / state.terminated
    std::optional<TimePoint> startedAt;
    std::optional<TimePoint> finishedAt;
    int32_t exitCode = 0;          // terminated only
    std::optional<int32_t> signal; // terminated only
    std::string reason;            // waiting or terminated reason ("Error", "OOMKilled", ...)
    std::string message;

    bool operator==(const ContainerStatus&) const = default;
};

struct Pod {
    // The fields the reconciler reads for every pod in every sync come first, with
    // metadata.deletionTimestamp right after them: two cache lines per pod instead of five, for
    // the thousands of pods of a large job.
    std::optional<std::string>
        completionIndexAnnotation; // batch.kubernetes.io/job-completion-index (see below)
    PodPhase phase = PodPhase::Pending;
    bool hasTrackingFinalizer =
        true; // metadata.finalizers contains batch.kubernetes.io/job-tracking
    std::vector<Condition>
        conditions; // status.conditions (Ready, PodScheduled, DisruptionTarget, ...)

    ObjectMeta metadata;
    // The annotations and labels the controller reads, kept raw: the engine applies the
    // controller's own parsing rules (an invalid value is "unknown", not an error). The
    // completion index annotation is the first field above.
    std::optional<std::string> failureCountAnnotation;        // ...job-index-failure-count
    std::optional<std::string> ignoredFailureCountAnnotation; // ...job-index-ignored-failure-count

    std::string nodeName; // spec.nodeName ("" = unscheduled)
    std::string hostname; // spec.hostname

    std::optional<TimePoint> startTime; // status.startTime
    std::vector<ContainerStatus> containerStatuses;
    std::vector<ContainerStatus> initContainerStatuses;
    std::string reason;  // status.reason
    std::string message; // status.message
};

// ---- Small helpers shared by every layer ----
const char* toString(CompletionMode);
const char* toString(PodPhase);
const char* toString(ConditionStatus);
const char* toString(RestartPolicy);
const char* toString(PodReplacementPolicy);
const char* toString(PodFailurePolicyAction);
const char* toString(ExitCodesOperator);

std::optional<CompletionMode> completionModeFromString(std::string_view);
std::optional<PodPhase> podPhaseFromString(std::string_view);
std::optional<ConditionStatus> conditionStatusFromString(std::string_view);
std::optional<RestartPolicy> restartPolicyFromString(std::string_view);
std::optional<PodReplacementPolicy> podReplacementPolicyFromString(std::string_view);
PodFailurePolicyAction podFailurePolicyActionFromString(std::string_view); // Unknown if not known
ExitCodesOperator exitCodesOperatorFromString(std::string_view);           // Unknown if not known

// The condition of the given type, or nullptr.
const Condition* findCondition(const std::vector<Condition>& conditions, std::string_view type);
// True when the job has condition `type` with status True.
bool hasTrueCondition(const JobStatus& status, std::string_view type);
// Complete=True or Failed=True.
bool isFinished(const JobStatus& status);

} // namespace tessera::engine
