// The stateful driver and the dry-run simulator. Expected figures are computed from the inputs
// (e.g. the makespan of fixed-duration waves), never copied from a run.
#include "engine/Simulator.h"

#include "Builders.h"
#include "engine/JobController.h"

#include <gtest/gtest.h>
#include <map>
#include <set>

using namespace tessera::engine;
using namespace tessera::engine::testing;
using std::chrono::seconds;

namespace {

// Records what the controller asks for; creates can be made to fail.
class ScriptedExecutor final : public PodExecutor {
public:
    bool createPod(const Pod& pod, PodHandle) override {
        if (failCreatesAfter >= 0 && static_cast<int>(created.size()) >= failCreatesAfter)
            return false;
        created.push_back(pod.metadata.name);
        return true;
    }
    void deletePod(const Pod& pod, DeletionReason reason) override {
        deleted.emplace_back(pod.metadata.name, reason);
    }
    std::vector<std::string> created;
    std::vector<std::pair<std::string, DeletionReason>> deleted;
    int failCreatesAfter = -1;
};

std::string podOfIndex(const JobController& c, int32_t index) {
    for (const Pod& p : c.livePods())
        if (p.completionIndexAnnotation == std::to_string(index) && !p.metadata.deletionTimestamp &&
            p.phase != PodPhase::Succeeded && p.phase != PodPhase::Failed)
            return p.metadata.name;
    return {};
}

TEST(JobController, CreatesLowestIndexesAndRecordsEveryAttempt) {
    ScriptedExecutor exec;
    JobController c(JobBuilder().indexed(4).parallelism(2).build(), exec);
    c.sync(kNow);
    ASSERT_EQ(exec.created.size(), 2u);
    EXPECT_EQ(c.job().status.active, 2);
    const std::string p0 = podOfIndex(c, 0);
    ASSERT_FALSE(p0.empty());
    c.podStarted(p0, kNow + seconds(1));
    c.podFinished(p0, 3, std::nullopt, "Error", "boom", kNow + seconds(5));
    c.sync(kNow + seconds(6)); // counts the failure; the retry waits 10 s
    EXPECT_EQ(c.job().status.failed, 1);
    EXPECT_EQ(c.job().status.active, 1);
    ASSERT_TRUE(c.nextSyncAt().has_value());
    EXPECT_EQ(*c.nextSyncAt(), kNow + seconds(15));
    c.sync(*c.nextSyncAt());
    EXPECT_EQ(c.attemptCount(0), 2);
    const auto attempts = c.attemptsOf(0);
    ASSERT_EQ(attempts.size(), 2u);
    EXPECT_EQ(attempts[0]->outcome, AttemptOutcome::Failed);
    EXPECT_EQ(attempts[0]->exitCode, 3);
    EXPECT_EQ(attempts[0]->message, "boom");
    EXPECT_EQ(attempts[0]->duration(), seconds(4));
    EXPECT_EQ(attempts[1]->number, 2);
    EXPECT_EQ(attempts[1]->outcome, AttemptOutcome::Pending);
}

TEST(JobController, ScaleDownDeletesAndTheGonePodLeaves) {
    ScriptedExecutor exec;
    JobController c(JobBuilder().indexed(10).parallelism(3).build(), exec);
    c.sync(kNow);
    c.setParallelism(1);
    c.sync(kNow + seconds(1));
    ASSERT_EQ(exec.deleted.size(), 2u);
    EXPECT_EQ(exec.deleted[0].second, DeletionReason::ScaleDown);
    EXPECT_EQ(c.job().status.terminating, 2);
    for (const auto& [name, reason] : exec.deleted)
        c.podDeleted(name, kNow + seconds(2));
    c.sync(kNow + seconds(3));
    EXPECT_EQ(c.livePods().size(), 1u);
    EXPECT_EQ(c.job().status.terminating, 0);
    EXPECT_EQ(c.job().status.failed, 0); // scale-down is never counted as a failure
}

// The controller drops a pod once it is finished and has no finalizer, whichever came first;
// it only looks at pods it saw lose the finalizer or finish, so each way in is checked.
TEST(JobController, APodLeavesOnceFinishedWithoutFinalizerInEitherOrder) {
    ScriptedExecutor exec;
    JobController c(JobBuilder().indexed(10).parallelism(3).build(), exec);
    c.sync(kNow);
    ASSERT_EQ(c.livePods().size(), 3u);
    // Finished, another pod dropped in between, then finalizer gone in a sync: it leaves then.
    const std::string done = podOfIndex(c, 0);
    const std::string killedEarly = podOfIndex(c, 1);
    c.podStarted(done, kNow);
    c.podFinished(done, 0, std::nullopt, "", "", kNow + seconds(1));
    c.podDeleted(killedEarly, kNow + seconds(1)); // Failed, finalizer still on: stays
    EXPECT_EQ(c.livePods().size(), 3u);
    c.sync(kNow + seconds(1));
    EXPECT_EQ(c.findPod(done), nullptr);
    EXPECT_EQ(c.findPod(killedEarly), nullptr);
    ASSERT_EQ(c.livePods().size(), 3u); // the one left and two replacements
    c.setParallelism(1);
    c.sync(kNow + seconds(2)); // scale-down: two deletions, finalizers removed first
    ASSERT_EQ(exec.deleted.size(), 2u);
    const std::string finishesFirst = exec.deleted[0].first;
    const std::string killed = exec.deleted[1].first;
    EXPECT_EQ(c.livePods().size(), 3u); // both still terminating
    // Finalizer gone, then finished: it leaves at the next sync.
    c.podStarted(finishesFirst, kNow + seconds(1));
    c.podFinished(finishesFirst, 0, std::nullopt, "", "", kNow + seconds(2));
    c.sync(kNow + seconds(3));
    EXPECT_EQ(c.findPod(finishesFirst), nullptr);
    EXPECT_EQ(c.livePods().size(), 2u);
    // Finalizer gone, then killed: it leaves at once.
    c.podDeleted(killed, kNow + seconds(4));
    EXPECT_EQ(c.findPod(killed), nullptr);
    ASSERT_EQ(c.livePods().size(), 1u);
    // Finished, then finalizer gone: it leaves in the sync that removes the finalizer.
    const std::string survivor = c.livePods().front().metadata.name;
    c.podStarted(survivor, kNow + seconds(5));
    c.podFinished(survivor, 0, std::nullopt, "", "", kNow + seconds(6));
    EXPECT_EQ(c.livePods().size(), 1u);
    c.sync(kNow + seconds(7));
    EXPECT_EQ(c.findPod(survivor), nullptr);
    for (const Pod& p : c.livePods())
        EXPECT_TRUE(p.hasTrackingFinalizer ||
                    (p.phase != PodPhase::Succeeded && p.phase != PodPhase::Failed));
}

TEST(JobController, AFailedCreateSkipsTheRestOfTheSlowStartBatches) {
    ScriptedExecutor exec;
    exec.failCreatesAfter = 2; // batch 1 (1 pod) succeeds, batch 2 (2 pods) fails at its 2nd
    JobController c(JobBuilder().indexed(10).parallelism(10).build(), exec);
    c.sync(kNow);
    EXPECT_EQ(exec.created.size(), 2u);
    EXPECT_EQ(c.livePods().size(), 2u);
    EXPECT_EQ(c.job().status.active, 2);
}

TEST(JobController, SuspendAndResume) {
    ScriptedExecutor exec;
    JobController c(JobBuilder().indexed(4).parallelism(2).build(), exec);
    c.sync(kNow);
    c.setSuspend(true);
    c.sync(kNow + seconds(1));
    EXPECT_EQ(exec.deleted.size(), 2u);
    EXPECT_EQ(exec.deleted[0].second, DeletionReason::Suspended);
    EXPECT_TRUE(hasTrueCondition(c.job().status, "Suspended"));
    for (const auto& [name, reason] : exec.deleted)
        c.podDeleted(name, kNow + seconds(2));
    c.setSuspend(false);
    c.sync(kNow + seconds(60));
    EXPECT_EQ(c.job().status.startTime, kNow + seconds(60));
    EXPECT_EQ(findCondition(c.job().status.conditions, "Suspended")->reason, "JobResumed");
    EXPECT_EQ(c.job().status.active, 2);
}

TEST(JobController, IndexStatesFollowTheJob) {
    ScriptedExecutor exec;
    JobController c(JobBuilder().indexed(5).parallelism(2).backoffLimitPerIndex(0).build(), exec);
    c.sync(kNow);
    c.podStarted(podOfIndex(c, 0), kNow);
    const std::string p1 = podOfIndex(c, 1);
    c.podStarted(p1, kNow);
    c.podFinished(p1, 1, std::nullopt, "Error", "", kNow + seconds(1));
    c.sync(kNow + seconds(2));
    IndexStateMap states;
    c.fillIndexStates(states);
    ASSERT_EQ(states.size(), 5);
    EXPECT_EQ(states.at(0), IndexState::Running);
    EXPECT_EQ(states.at(1),
              IndexState::FailedTerminal); // backoffLimitPerIndex 0: first failure fails it
    EXPECT_EQ(states.at(2), IndexState::Pending);
    EXPECT_EQ(states.at(3), IndexState::NotStarted);
    c.podFinished(podOfIndex(c, 0), 0, std::nullopt, "", "", kNow + seconds(3));
    c.sync(kNow + seconds(4));
    c.fillIndexStates(states);
    EXPECT_EQ(states.at(0), IndexState::Succeeded);
}

SimulationConfig fixedConfig(int32_t completions, int32_t parallelism, int64_t seconds_) {
    SimulationConfig cfg;
    cfg.job = JobBuilder().indexed(completions).parallelism(parallelism).build();
    cfg.duration.fixed = seconds(seconds_);
    return cfg;
}

TEST(Simulator, FixedDurationsRunInWavesOfParallelism) {
    const SimulationConfig cfg = fixedConfig(10, 3, 30);
    const SimulationResult r = simulate(cfg);
    ASSERT_TRUE(r.finished) << r.stopReason;
    EXPECT_EQ(r.state, JobState::Complete);
    EXPECT_EQ(r.reason, "CompletionsReached");
    EXPECT_EQ(r.status.completedIndexes, "0-9");
    EXPECT_EQ(r.attempts.size(), 10u);
    // Each wave: start latency, the run, then the batched sync that creates the next wave.
    const Duration wave = cfg.startLatencyMax + cfg.duration.fixed + cfg.syncBatchPeriod;
    const int64_t waves = (10 + 3 - 1) / 3;
    EXPECT_EQ(r.makespan, wave * waves);
    for (const TimelineSample& s : r.timeline)
        EXPECT_LE(s.pending + s.running, 3);
}

TEST(Simulator, IsDeterministicPerSeed) {
    SimulationConfig cfg = fixedConfig(200, 20, 30);
    cfg.duration.kind = DurationModel::Kind::LogNormal;
    cfg.failures.probability = 0.1;
    cfg.job.spec.backoffLimitPerIndex = 3;
    cfg.job.spec.backoffLimit = std::numeric_limits<int32_t>::max();
    const SimulationResult a = simulate(cfg);
    const SimulationResult b = simulate(cfg);
    cfg.seed = 2;
    const SimulationResult c = simulate(cfg);
    EXPECT_EQ(a.makespan, b.makespan);
    EXPECT_EQ(a.attempts.size(), b.attempts.size());
    EXPECT_EQ(a.status.completedIndexes, b.status.completedIndexes);
    EXPECT_NE(a.makespan, c.makespan);
}

TEST(Simulator, GivenIndexesFailAndAreRetriedAsThePolicySays) {
    SimulationConfig cfg = fixedConfig(5, 5, 10);
    cfg.job.spec.backoffLimitPerIndex = 1;
    cfg.job.spec.backoffLimit = std::numeric_limits<int32_t>::max();
    cfg.failures.failingIndexes = {{2, 1}, {4, -1}}; // index 2 fails once, index 4 always
    const SimulationResult r = simulate(cfg);
    ASSERT_TRUE(r.finished);
    EXPECT_EQ(r.state, JobState::Failed);
    EXPECT_EQ(r.reason, "FailedIndexes");
    EXPECT_EQ(r.status.completedIndexes, "0-3");
    EXPECT_EQ(r.status.failedIndexes, "4");
    std::map<int32_t, int> attempts;
    for (const Attempt& a : r.attempts)
        ++attempts[a.index];
    EXPECT_EQ(attempts[2], 2);
    EXPECT_EQ(attempts[4], 2); // backoffLimitPerIndex 1: one retry
    EXPECT_EQ(attempts[0], 1);
}

TEST(Simulator, MaxFailedIndexesEndsTheJob) {
    SimulationConfig cfg = fixedConfig(100, 10, 10);
    cfg.job.spec.backoffLimitPerIndex = 0;
    cfg.job.spec.maxFailedIndexes = 2;
    cfg.job.spec.backoffLimit = std::numeric_limits<int32_t>::max();
    cfg.failures.failingIndexes = {{1, -1}, {3, -1}, {5, -1}};
    const SimulationResult r = simulate(cfg);
    EXPECT_EQ(r.state, JobState::Failed);
    EXPECT_EQ(r.reason, "MaxFailedIndexesExceeded");
    EXPECT_EQ(r.failed.count(), 3);
}

TEST(Simulator, FixedSubsetsCapConcurrencyAndAdaptiveOnesOverflow) {
    SimulationConfig cfg = fixedConfig(40, 10, 20);
    cfg.subsets = {{"zone-a", 20, 2, "a"}, {"zone-b", std::nullopt, 8, "b"}};
    const SimulationResult fixed = simulate(cfg);
    ASSERT_TRUE(fixed.finished);
    ASSERT_EQ(fixed.subsets.size(), 2u);
    EXPECT_EQ(fixed.subsets[0].peakRunning, 2);
    EXPECT_EQ(fixed.subsets[0].podsAssigned, 20);

    cfg.adaptive = true;
    cfg.rescheduleCritical = seconds(5);
    const SimulationResult adaptive = simulate(cfg);
    ASSERT_TRUE(adaptive.finished);
    EXPECT_LE(adaptive.subsets[0].peakRunning, 2);
    EXPECT_GT(adaptive.subsets[1].podsAssigned, fixed.subsets[1].podsAssigned);
    EXPECT_LT(adaptive.makespan, fixed.makespan);
}

TEST(Simulator, TimelineCountsNeverGoBack) {
    SimulationConfig cfg = fixedConfig(300, 25, 30);
    cfg.duration.kind = DurationModel::Kind::Uniform;
    cfg.failures.probability = 0.05;
    cfg.job.spec.backoffLimit = 1000;
    const SimulationResult r = simulate(cfg);
    ASSERT_TRUE(r.finished);
    for (std::size_t i = 1; i < r.timeline.size(); ++i) {
        EXPECT_GE(r.timeline[i].at, r.timeline[i - 1].at);
        EXPECT_GE(r.timeline[i].succeeded, r.timeline[i - 1].succeeded);
        EXPECT_GE(r.timeline[i].failed, r.timeline[i - 1].failed);
    }
    EXPECT_EQ(r.timeline.back().succeeded, 300);
}

TEST(Simulator, StopsAJobThatCannotFinish) {
    SimulationConfig cfg = fixedConfig(3, 1, 10);
    cfg.job.spec.parallelism = 0;
    cfg.maxVirtualTime = std::chrono::hours(1);
    const SimulationResult r = simulate(cfg);
    EXPECT_FALSE(r.finished);
    EXPECT_STREQ(outcomeText(r), "Unfinished");
    EXPECT_FALSE(r.stopReason.empty());
}

} // namespace
