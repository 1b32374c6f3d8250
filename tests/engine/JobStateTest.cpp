// The one rule for a job's state and the one for an attempt's outcome, case by case.
#include "engine/JobState.h"

#include "engine/PodClassification.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace tessera::engine {
namespace {

Condition condition(std::string type, ConditionStatus status, std::string reason = {},
                    std::string message = {}) {
    Condition c;
    c.type = std::move(type);
    c.status = status;
    c.reason = std::move(reason);
    c.message = std::move(message);
    return c;
}

struct JobCase {
    const char* name;
    bool suspend;
    int32_t active;
    bool started;
    std::vector<Condition> conditions;
    JobStateInfo expected;
};

TEST(JobState, JobStateOfFollowsConditionsThenSuspendThenProgress) {
    const auto T = ConditionStatus::True;
    const auto F = ConditionStatus::False;
    const std::vector<JobCase> cases{
        {"new", false, 0, false, {}, {JobState::Pending, "", ""}},
        {"started", false, 0, true, {}, {JobState::Running, "", ""}},
        {"active pods", false, 3, false, {}, {JobState::Running, "", ""}},
        {"suspended", true, 0, true, {condition("Suspended", T)}, {JobState::Suspended, "", ""}},
        {"complete",
         false,
         0,
         true,
         {condition("Complete", T, "CompletionsReached", "done")},
         {JobState::Complete, "CompletionsReached", "done"}},
        {"failed",
         false,
         0,
         true,
         {condition("FailureTarget", T, "BackoffLimitExceeded"),
          condition("Failed", T, "BackoffLimitExceeded", "too many")},
         {JobState::Failed, "BackoffLimitExceeded", "too many"}},
        // kubectl shows a finished Job as finished even when spec.suspend is set afterwards.
        {"complete and suspended",
         true,
         0,
         true,
         {condition("Complete", T, "CompletionsReached")},
         {JobState::Complete, "CompletionsReached", ""}},
        {"failed and suspended",
         true,
         0,
         true,
         {condition("Failed", T, "DeadlineExceeded")},
         {JobState::Failed, "DeadlineExceeded", ""}},
        {"failing: pods still terminating",
         false,
         2,
         true,
         {condition("FailureTarget", T, "MaxFailedIndexesExceeded", "m")},
         {JobState::Running, "MaxFailedIndexesExceeded", "m"}},
        {"condition False is no state",
         false,
         1,
         true,
         {condition("Failed", F, "X"), condition("Complete", F, "Y")},
         {JobState::Running, "", ""}},
    };
    for (const JobCase& c : cases) {
        Job job;
        job.spec.suspend = c.suspend;
        job.status.active = c.active;
        if (c.started)
            job.status.startTime = fromUnixMillis(1000);
        job.status.conditions = c.conditions;
        EXPECT_EQ(jobStateOf(job), c.expected) << c.name;
    }
}

TEST(JobState, NamesRoundTrip) {
    for (std::size_t i = 0; i < kJobStateCount; ++i) {
        const auto s = static_cast<JobState>(i);
        EXPECT_EQ(jobStateFromString(toString(s)), s);
    }
    for (std::size_t i = 0; i < kAttemptOutcomeCount; ++i) {
        const auto o = static_cast<AttemptOutcome>(i);
        EXPECT_EQ(attemptOutcomeFromString(toString(o)), o);
    }
    EXPECT_FALSE(jobStateFromString("Done"));
    EXPECT_FALSE(attemptOutcomeFromString("Unknown"));
}

TEST(JobState, HasEndedAndIsFinished) {
    EXPECT_TRUE(isFinished(JobState::Complete));
    EXPECT_TRUE(isFinished(JobState::Failed));
    EXPECT_FALSE(isFinished(JobState::Interrupted));
    EXPECT_TRUE(hasEnded(JobState::Interrupted));
    EXPECT_FALSE(hasEnded(JobState::Suspended));
    EXPECT_FALSE(hasEnded(JobState::Running));
}

struct PodCase {
    const char* name;
    PodPhase phase;
    bool deleting;
    bool tracked;
    AttemptOutcome expected;
    bool countsAsFailed;
};

TEST(AttemptOutcome, OfPodMirrorsIsPodFailed) {
    const std::vector<PodCase> cases{
        {"pending", PodPhase::Pending, false, true, AttemptOutcome::Pending, false},
        {"running", PodPhase::Running, false, true, AttemptOutcome::Running, false},
        {"succeeded", PodPhase::Succeeded, false, true, AttemptOutcome::Succeeded, false},
        {"failed", PodPhase::Failed, false, true, AttemptOutcome::Failed, true},
        {"unknown phase", PodPhase::Unknown, false, true, AttemptOutcome::Pending, false},
        {"running pod deleted", PodPhase::Running, true, true, AttemptOutcome::Deleted, true},
        {"pending pod deleted", PodPhase::Pending, true, true, AttemptOutcome::Deleted, true},
        // Its controller dropped the finalizer first (scale-down): never counted.
        {"running pod removed", PodPhase::Running, true, false, AttemptOutcome::Removed, false},
        // A pod that finished before its deletion keeps its outcome.
        {"succeeded then deleted", PodPhase::Succeeded, true, true, AttemptOutcome::Succeeded,
         false},
        {"failed then deleted", PodPhase::Failed, true, true, AttemptOutcome::Failed, true},
    };
    for (const PodCase& c : cases) {
        Pod pod;
        pod.phase = c.phase;
        if (c.deleting)
            pod.metadata.deletionTimestamp = fromUnixMillis(1000);
        pod.hasTrackingFinalizer = c.tracked;
        EXPECT_EQ(attemptOutcomeOf(pod), c.expected) << c.name;
        EXPECT_EQ(countsAsFailed(attemptOutcomeOf(pod)), c.countsAsFailed) << c.name;
        // The controller's own test agrees over the pods it tracks (it counts no other).
        if (c.tracked) {
            EXPECT_EQ(isPodFailed(pod, JobSpec{}), c.countsAsFailed) << c.name;
        }
    }
    EXPECT_FALSE(countsAsFailed(AttemptOutcome::Lost));
    EXPECT_FALSE(countsAsFailed(AttemptOutcome::Removed));
    // What is seen later does not undo what was seen: a removed pod the kubelet killed, a
    // deleted pod whose finalizer went once it was counted.
    EXPECT_EQ(attemptOutcomeAfter(AttemptOutcome::Removed, AttemptOutcome::Failed),
              AttemptOutcome::Removed);
    EXPECT_EQ(attemptOutcomeAfter(AttemptOutcome::Deleted, AttemptOutcome::Removed),
              AttemptOutcome::Deleted);
    EXPECT_EQ(attemptOutcomeAfter(AttemptOutcome::Running, AttemptOutcome::Failed),
              AttemptOutcome::Failed);
    EXPECT_TRUE(isUnderWay(AttemptOutcome::Pending));
    EXPECT_FALSE(isUnderWay(AttemptOutcome::Deleted));
}

} // namespace
} // namespace tessera::engine
