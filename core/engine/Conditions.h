#pragma once
// Job condition types, reasons and messages exactly as the Kubernetes API writes them,
// and ensureJobConditionStatus.
#include "Model.h"

#include <string_view>

namespace tessera::engine::conditions {

inline constexpr const char* kComplete = "Complete";
inline constexpr const char* kFailed = "Failed";
inline constexpr const char* kSuccessCriteriaMet = "SuccessCriteriaMet";
inline constexpr const char* kFailureTarget = "FailureTarget";
inline constexpr const char* kSuspended = "Suspended";

inline constexpr const char* kReasonBackoffLimitExceeded = "BackoffLimitExceeded";
inline constexpr const char* kReasonDeadlineExceeded = "DeadlineExceeded";
inline constexpr const char* kReasonPodFailurePolicy = "PodFailurePolicy";
inline constexpr const char* kReasonMaxFailedIndexesExceeded = "MaxFailedIndexesExceeded";
inline constexpr const char* kReasonFailedIndexes = "FailedIndexes";
inline constexpr const char* kReasonSuccessPolicy = "SuccessPolicy";
inline constexpr const char* kReasonCompletionsReached = "CompletionsReached";
inline constexpr const char* kReasonJobSuspended = "JobSuspended";
inline constexpr const char* kReasonJobResumed = "JobResumed";

inline constexpr const char* kMessageBackoffLimitExceeded =
    "Job has reached the specified backoff limit";
inline constexpr const char* kMessageDeadlineExceeded =
    "Job was active longer than specified deadline";
inline constexpr const char* kMessageMaxFailedIndexesExceeded =
    "Job has exceeded the specified maximal number of failed indexes";
inline constexpr const char* kMessageFailedIndexes = "Job has failed indexes";
inline constexpr const char* kMessageCompletionsReached =
    "Reached expected number of succeeded pods";
inline constexpr const char* kMessageJobSuspended = "Job suspended";
inline constexpr const char* kMessageJobResumed = "Job resumed";

Condition make(std::string_view type, ConditionStatus status, std::string_view reason,
               std::string_view message, TimePoint now);

// Updates the condition of that type when status, reason or message differ, or appends it unless
// its status is False. Returns whether anything changed. New and changed conditions get
// lastProbeTime = lastTransitionTime = now.
bool ensureStatus(std::vector<Condition>& list, std::string_view type, ConditionStatus status,
                  std::string_view reason, std::string_view message, TimePoint now);

} // namespace tessera::engine::conditions
