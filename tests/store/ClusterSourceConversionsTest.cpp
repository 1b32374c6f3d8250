// ClusterSource's conversions from API objects to the window's values: an attempt's outcome and
// end by engine::attemptOutcomeOf, a job's state by engine::jobStateOf.
#include "store/ClusterSource.h"

#include <chrono>
#include <gtest/gtest.h>
#include <vector>

using namespace tessera;
using namespace tessera::store;

// A pod deleted while it ran is an attempt that ended when its deletion was asked for: Deleted
// while its Job tracks it (kubectl delete pod: a failed pod), Removed when its controller dropped
// the finalizer first (a scale-down: not a failure); one that finished before its deletion keeps
// its outcome. A finished Job reads finished even with spec.suspend set.
TEST(ClusterSourceConversions, DeletedPodsEndAtTheirDeletionAndFinishedJobsReadFinished) {
    using engine::AttemptOutcome;
    struct Case {
        const char* name;
        engine::PodPhase phase;
        bool deleting;
        bool tracked;
        AttemptOutcome outcome;
        bool endsAtDeletion;
    };
    const engine::TimePoint created = engine::fromUnixMillis(1795341600000);
    const engine::TimePoint deletion = created + std::chrono::seconds(42);
    for (const Case& c : std::vector<Case>{
             {"running", engine::PodPhase::Running, false, true, AttemptOutcome::Running, false},
             {"running, deleted", engine::PodPhase::Running, true, true, AttemptOutcome::Deleted,
              true},
             {"pending, deleted", engine::PodPhase::Pending, true, true, AttemptOutcome::Deleted,
              true},
             {"running, removed", engine::PodPhase::Running, true, false, AttemptOutcome::Removed,
              true},
             {"failed, deleted", engine::PodPhase::Failed, true, true, AttemptOutcome::Failed,
              false},
         }) {
        codec::PodObject o;
        o.pod.metadata.name = "render-0-a";
        o.pod.metadata.creationTimestamp = created;
        o.pod.startTime = created;
        o.pod.phase = c.phase;
        if (c.deleting)
            o.pod.metadata.deletionTimestamp = deletion;
        o.pod.hasTrackingFinalizer = c.tracked;
        const IndexAttempt a = ClusterSource::attemptOf(o);
        EXPECT_EQ(a.outcome, c.outcome) << c.name;
        EXPECT_EQ(a.finished.isValid() &&
                      a.finished.toMSecsSinceEpoch() == engine::toUnixMillis(deletion),
                  c.endsAtDeletion)
            << c.name;
    }
    codec::JobObject job;
    job.job.spec.suspend = true;
    job.job.status.startTime = created;
    engine::Condition complete;
    complete.type = "Complete";
    complete.status = engine::ConditionStatus::True;
    job.job.status.conditions = {complete};
    EXPECT_EQ(ClusterSource::summarize(QStringLiteral("k"), job).status,
              engine::JobState::Complete);
}
