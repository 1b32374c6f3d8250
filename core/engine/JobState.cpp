#include "JobState.h"

#include <array>

namespace tessera::engine {

namespace {

constexpr std::array<const char*, kJobStateCount> kJobStateNames{
    "Pending", "Running", "Suspended", "Complete", "Failed", "Interrupted"};
constexpr std::array<const char*, kAttemptOutcomeCount> kOutcomeNames{
    "Pending", "Running", "Succeeded", "Failed", "Deleted", "Removed", "Lost"};

bool isTrue(const JobStatus& status, std::string_view type, const Condition** found) {
    const Condition* c = findCondition(status.conditions, type);
    *found = c;
    return c != nullptr && c->status == ConditionStatus::True;
}

} // namespace

const char* toString(JobState s) {
    return kJobStateNames[static_cast<std::size_t>(s)];
}

std::optional<JobState> jobStateFromString(std::string_view text) {
    for (std::size_t i = 0; i < kJobStateNames.size(); ++i)
        if (text == kJobStateNames[i])
            return static_cast<JobState>(i);
    return std::nullopt;
}

const char* toString(AttemptOutcome o) {
    return kOutcomeNames[static_cast<std::size_t>(o)];
}

std::optional<AttemptOutcome> attemptOutcomeFromString(std::string_view text) {
    for (std::size_t i = 0; i < kOutcomeNames.size(); ++i)
        if (text == kOutcomeNames[i])
            return static_cast<AttemptOutcome>(i);
    return std::nullopt;
}

JobStateInfo jobStateOf(const Job& job) {
    JobStateInfo info;
    const JobStatus& status = job.status;
    const Condition* c = nullptr;
    if (isTrue(status, "Complete", &c) || isTrue(status, "Failed", &c)) {
        info.state = c->type == "Complete" ? JobState::Complete : JobState::Failed;
        info.reason = c->reason;
        info.message = c->message;
        return info;
    }
    if (job.spec.suspend.value_or(false))
        info.state = JobState::Suspended;
    else if (status.active > 0 || status.startTime)
        info.state = JobState::Running;
    else
        info.state = JobState::Pending;
    if (isTrue(status, "FailureTarget", &c) || isTrue(status, "SuccessCriteriaMet", &c)) {
        info.reason = c->reason;
        info.message = c->message;
    }
    return info;
}

AttemptOutcome attemptOutcomeOf(PodPhase phase, bool deleting, bool tracked) {
    switch (phase) {
    case PodPhase::Succeeded:
        return AttemptOutcome::Succeeded;
    case PodPhase::Failed:
        return AttemptOutcome::Failed;
    case PodPhase::Running:
    case PodPhase::Pending:
    case PodPhase::Unknown:
        break;
    }
    if (deleting)
        return tracked ? AttemptOutcome::Deleted : AttemptOutcome::Removed;
    return phase == PodPhase::Running ? AttemptOutcome::Running : AttemptOutcome::Pending;
}

AttemptOutcome attemptOutcomeAfter(AttemptOutcome seen, AttemptOutcome now) {
    // The kubelet's kill ends a removed pod Failed (exit 143): it stays what it was.
    if (seen == AttemptOutcome::Removed && now == AttemptOutcome::Failed)
        return seen;
    // Once its Job counted a deleted pod, the controller drops its finalizer: still Deleted.
    if (seen == AttemptOutcome::Deleted && now == AttemptOutcome::Removed)
        return seen;
    return now;
}

} // namespace tessera::engine
