// Deletions as the upstream controller counts them (pkg/controller/job/job_controller.go):
// - a pod deleted before it succeeded while its Job tracks it (kubectl delete pod, an eviction)
//   is a failed pod (`isPodFailed`): status.failed counts it, its attempt ends Deleted;
// - the pods the controller removes itself (a scale-down: `deleteJobPods`) lose their tracking
//   finalizer before the delete, so status.failed never counts them: their attempts end Removed.
// Either attempt ends when its deletion was seen. The attempts that count as failed
// (engine::countsAsFailed) are exactly the pods status.failed counts, in a local run and a
// dry-run as on a cluster.
#include "Builders.h"
#include "engine/JobController.h"
#include "engine/JobState.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace tessera::engine {
namespace {

using namespace testing;

// Records what the controller asks for; deletions are reported back after the sync.
class RecordingExecutor : public PodExecutor {
public:
    bool createPod(const Pod& pod, PodHandle) override {
        created.push_back(pod.metadata.name);
        return true;
    }
    void deletePod(const Pod& pod, DeletionReason) override {
        deleted.push_back(pod.metadata.name);
    }
    std::vector<std::string> created, deleted;
};

struct DeletionCase {
    const char* name;
    Job job;
    int32_t scaleTo;     // parallelism after the pods started (unchanged: no scale-down)
    int32_t userDeletes; // running pods then deleted by someone else (kubectl delete pod)
    int32_t expectedRemoved, expectedDeleted, expectedFailedPods;
};

Job threeAtATime(std::optional<PodReplacementPolicy> replacement = std::nullopt,
                 bool failurePolicy = false) {
    JobBuilder b;
    b.indexed(6).parallelism(3).backoffLimit(10);
    if (replacement)
        b.replacement(*replacement);
    if (failurePolicy)
        b.failureRule(PodFailurePolicyAction::Count, {1});
    return b.build();
}

TEST(Deletions, ScaleDownRemovalsAreNotFailuresAndUserDeletionsAre) {
    const std::vector<DeletionCase> cases{
        {"scale-down", threeAtATime(), 1, 0, 2, 0, 0},
        {"scale-down, replace failed only", threeAtATime(PodReplacementPolicy::Failed), 1, 0, 2, 0,
         0},
        {"scale-down, pod failure policy", threeAtATime(std::nullopt, true), 1, 0, 2, 0, 0},
        {"scale-down to zero", threeAtATime(), 0, 0, 3, 0, 0},
        {"kubectl delete pod", threeAtATime(), 3, 1, 0, 1, 1},
        {"kubectl delete pod, replace failed only", threeAtATime(PodReplacementPolicy::Failed), 3,
         2, 0, 2, 2},
        {"kubectl delete pod, pod failure policy", threeAtATime(std::nullopt, true), 3, 1, 0, 1, 1},
    };
    for (const DeletionCase& c : cases) {
        SCOPED_TRACE(c.name);
        RecordingExecutor executor;
        JobController controller(c.job, executor);
        TimePoint now = kNow;
        controller.sync(now);
        ASSERT_EQ(executor.created.size(), 3u);
        for (const std::string& pod : executor.created)
            controller.podStarted(pod, now);
        now += std::chrono::seconds(1);
        controller.setParallelism(c.scaleTo);
        controller.sync(now);
        ASSERT_EQ(static_cast<int32_t>(executor.deleted.size()), c.expectedRemoved);
        const TimePoint deletedAt = now + std::chrono::seconds(1);
        std::vector<std::string> gone = executor.deleted;
        for (int32_t i = 0; i < c.userDeletes; ++i)
            gone.push_back(executor.created[static_cast<std::size_t>(i)]);
        for (const std::string& pod : gone)
            controller.podDeleted(pod, deletedAt);
        for (int i = 0; i < 3; ++i) {
            now += std::chrono::seconds(2);
            controller.sync(now);
        }
        EXPECT_EQ(controller.job().status.failed, c.expectedFailedPods);
        int32_t removed = 0, deleted = 0, countedFailed = 0;
        for (const Attempt& a : controller.attempts()) {
            removed += a.outcome == AttemptOutcome::Removed ? 1 : 0;
            deleted += a.outcome == AttemptOutcome::Deleted ? 1 : 0;
            countedFailed += countsAsFailed(a.outcome) ? 1 : 0;
            if (a.outcome == AttemptOutcome::Removed || a.outcome == AttemptOutcome::Deleted) {
                ASSERT_TRUE(a.finishedAt.has_value());
                EXPECT_EQ(*a.finishedAt, deletedAt);
            }
        }
        EXPECT_EQ(removed, c.expectedRemoved);
        EXPECT_EQ(deleted, c.expectedDeleted);
        // The attempts that count as failed are the pods the Job's own counter counts.
        EXPECT_EQ(countedFailed, controller.job().status.failed);
    }
}

} // namespace
} // namespace tessera::engine
