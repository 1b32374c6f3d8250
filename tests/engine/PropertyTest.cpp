// Properties that hold after any sync, over seeded random jobs and pod sets, and over whole runs
// driven to the end by applying each plan the way a cluster would.
#include "Builders.h"
#include "engine/IndexSet.h"
#include "engine/PodClassification.h"
#include "engine/PodIndex.h"
#include "engine/Reconciler.h"
#include "engine/Validation.h"

#include <gtest/gtest.h>
#include <map>
#include <random>
#include <set>

using namespace tessera::engine;
using namespace tessera::engine::testing;

namespace {

struct Scenario {
    Job job;
    std::vector<Pod> pods;
};

Scenario randomScenario(std::mt19937_64& rng) {
    auto pick = [&](int lo, int hi) {
        return std::uniform_int_distribution<int>(lo, hi)(rng);
    };
    const int completions = pick(1, 40);
    JobBuilder b;
    b.indexed(completions).parallelism(pick(0, 15)).startedSecondsAgo(pick(0, 500));
    if (pick(0, 2) == 0)
        b.backoffLimitPerIndex(pick(0, 2));
    else
        b.backoffLimit(pick(0, 10));
    if (pick(0, 4) == 0)
        b.successRule(std::nullopt, pick(1, completions));
    if (pick(0, 3) == 0)
        b.replacement(PodReplacementPolicy::Failed);
    // A previous status that the controller could have written.
    std::vector<int32_t> done;
    for (int i = 0; i < completions; ++i)
        if (pick(0, 4) == 0)
            done.push_back(i);
    const IndexSet completed = IndexSet::fromSortedIndexes(done);
    b.completedIndexes(completed.toString())
        .succeeded(static_cast<int32_t>(completed.count()))
        .failed(pick(0, 3));
    Scenario s{b.build(), {}};
    if (s.job.spec.backoffLimitPerIndex)
        s.job.status.failedIndexes = "";

    const int podCount = pick(0, 30);
    for (int i = 0; i < podCount; ++i) {
        PodBuilder p("pod-" + std::to_string(i));
        const int index = pick(-1, completions + 2);
        if (index >= 0)
            p.index(index);
        else if (pick(0, 1))
            p.indexText("garbage");
        switch (pick(0, 5)) {
        case 0:
            p.pending();
            break;
        case 1:
            p.pending().scheduled();
            break;
        case 2:
            p.running();
            break;
        case 3:
            p.running().ready(pick(1, 300));
            break;
        case 4:
            p.succeeded(pick(1, 300));
            break;
        default:
            p.failed(pick(1, 3), pick(1, 300));
            break;
        }
        if (pick(0, 6) == 0)
            p.deleting(pick(0, 30));
        if (pick(0, 4) == 0)
            p.noFinalizer();
        p.failureCount(pick(0, 2));
        s.pods.push_back(p.build());
    }
    return s;
}

// Checks that hold for every plan; returns the first broken one.
void expectInvariants(const Job& job, std::span<const Pod> pods, const Plan& plan,
                      const std::string& where) {
    const int32_t completions = *job.spec.completions;
    const JobStatus& st = plan.status;
    // The status is one the API server accepts.
    Job after = job;
    after.status = st;
    for (const Error& e : validateJobStatus(after))
        ADD_FAILURE() << where << ": invalid status: " << e.describe();
    const IndexSet completed = IndexSet::parseLenient(st.completedIndexes, completions);
    EXPECT_EQ(st.succeeded, completed.count()) << where;
    const IndexSet before = IndexSet::parseLenient(job.status.completedIndexes, completions);
    EXPECT_TRUE(before.isSubsetOf(completed)) << where << ": completed indexes shrank";
    EXPECT_GE(st.failed, job.status.failed) << where;
    EXPECT_LE(st.active, std::max(*job.spec.parallelism, 0)) << where;

    // After the plan: no index has two active pods, and creations are pending indexes, ascending.
    std::set<std::string> deleted;
    for (const PodToDelete& d : plan.deletePods)
        deleted.insert(d.name);
    std::multiset<int32_t> activeIndexes;
    for (const Pod& p : pods)
        if (isActive(p) && !deleted.contains(p.metadata.name)) {
            const int32_t ix = completionIndexOf(p);
            EXPECT_TRUE(ix >= 0 && ix < completions) << where << ": kept a pod with index " << ix;
            activeIndexes.insert(ix);
        }
    const IndexSet failed = IndexSet::parseLenient(st.failedIndexes.value_or(""), completions);
    int32_t previous = -1;
    for (const PodToCreate& c : plan.createPods) {
        EXPECT_GT(c.index, previous) << where;
        previous = c.index;
        EXPECT_LT(c.index, completions) << where;
        EXPECT_FALSE(completed.contains(c.index)) << where;
        EXPECT_FALSE(failed.contains(c.index)) << where;
        activeIndexes.insert(c.index);
    }
    for (const int32_t ix : activeIndexes)
        EXPECT_EQ(activeIndexes.count(ix), 1u) << where << ": index " << ix << " twice";
    if (!plan.createPods.empty()) {
        EXPECT_TRUE(plan.deletePods.empty()) << where << ": created and deleted in one sync";
    }
}

TEST(ReconcilerProperties, HoldAfterAnySyncOfRandomPods) {
    std::mt19937_64 rng(20261122);
    for (int round = 0; round < 3000; ++round) {
        const Scenario s = randomScenario(rng);
        const Plan plan = reconcile(s.job, s.pods, kNow);
        expectInvariants(s.job, s.pods, plan, "round " + std::to_string(round));
        if (::testing::Test::HasFailure())
            return;
    }
}

// A tiny cluster: applies plans, moves pods through their lifecycle with random outcomes.
class MiniCluster {
public:
    MiniCluster(Job job, uint64_t seed, double failureRate)
        : m_job(std::move(job))
        , m_rng(seed)
        , m_failureRate(failureRate) {}

    // Runs until the job finishes; returns the number of syncs.
    int runToEnd(int maxSteps) {
        TimePoint now = kNow;
        for (int step = 0; step < maxSteps; ++step) {
            const Plan plan = reconcile(m_job, m_pods, now);
            expectInvariants(m_job, m_pods, plan, "step " + std::to_string(step));
            apply(plan, now);
            if (isFinished(m_job.status))
                return step;
            now += std::chrono::seconds(5);
            advance(now);
        }
        return maxSteps;
    }
    const Job& job() const { return m_job; }
    int attempts(int32_t index) const {
        return m_attempts.contains(index) ? m_attempts.at(index) : 0;
    }

private:
    void apply(const Plan& plan, TimePoint now) {
        m_job.status = plan.status;
        std::set<std::string> noFinalizer(plan.removeFinalizers.begin(),
                                          plan.removeFinalizers.end());
        for (const PodToDelete& d : plan.deletePods)
            if (d.removeFinalizerFirst)
                noFinalizer.insert(d.name);
        for (Pod& p : m_pods) {
            if (noFinalizer.contains(p.metadata.name))
                p.hasTrackingFinalizer = false;
            for (const PodToDelete& d : plan.deletePods)
                if (d.name == p.metadata.name && !p.metadata.deletionTimestamp)
                    p.metadata.deletionTimestamp = now;
        }
        for (const PodToCreate& c : plan.createPods) {
            PodBuilder b(c.name);
            b.index(c.index).pending().createdSecondsAgo(0);
            if (c.indexFailureCount)
                b.failureCount(*c.indexFailureCount);
            Pod pod = b.build();
            pod.metadata.creationTimestamp = now;
            m_pods.push_back(pod);
            ++m_attempts[c.index];
        }
        // Finished pods without the finalizer are garbage-collected; so are deleted ones.
        std::erase_if(m_pods, [](const Pod& p) {
            return !p.hasTrackingFinalizer && (isTerminal(p) || p.metadata.deletionTimestamp);
        });
    }

    void advance(TimePoint now) {
        std::uniform_real_distribution<double> u(0, 1);
        for (Pod& p : m_pods) {
            if (p.metadata.deletionTimestamp && !isTerminal(p)) {
                finish(p, PodPhase::Failed, 143, now); // killed by the deletion
            } else if (p.phase == PodPhase::Pending) {
                p.phase = PodPhase::Running;
                p.nodeName = "node-a";
            } else if (p.phase == PodPhase::Running && u(m_rng) < 0.5) {
                const bool fails = u(m_rng) < m_failureRate;
                finish(p, fails ? PodPhase::Failed : PodPhase::Succeeded, fails ? 1 : 0, now);
            }
        }
    }

    static void finish(Pod& p, PodPhase phase, int32_t exitCode, TimePoint now) {
        p.phase = phase;
        ContainerStatus c;
        c.name = "main";
        c.state = ContainerStateKind::Terminated;
        c.exitCode = exitCode;
        c.finishedAt = now;
        p.containerStatuses = {c};
    }

    Job m_job;
    std::vector<Pod> m_pods;
    std::mt19937_64 m_rng;
    double m_failureRate;
    std::map<int32_t, int> m_attempts;
};

// Everything a plan says, compared field by field (Plan has no operator==).
void expectSamePlan(const Plan& expected, const Plan& actual, const std::string& where) {
    EXPECT_EQ(expected.createPods, actual.createPods) << where;
    EXPECT_EQ(expected.deletePods, actual.deletePods) << where;
    EXPECT_EQ(expected.removeFinalizers, actual.removeFinalizers) << where;
    EXPECT_EQ(expected.events, actual.events) << where;
    EXPECT_EQ(expected.requeueAfter, actual.requeueAfter) << where;
    EXPECT_EQ(expected.backoff, actual.backoff) << where;
    EXPECT_EQ(expected.skipped, actual.skipped) << where;
    EXPECT_EQ(expected.counts.podsSucceeded, actual.counts.podsSucceeded) << where;
    EXPECT_EQ(expected.counts.podsFailed, actual.counts.podsFailed) << where;
    EXPECT_EQ(expected.counts.failuresIgnored, actual.counts.failuresIgnored) << where;
    const JobStatus& a = expected.status;
    const JobStatus& b = actual.status;
    EXPECT_EQ(a.completedIndexes, b.completedIndexes) << where;
    EXPECT_EQ(a.failedIndexes, b.failedIndexes) << where;
    EXPECT_EQ(a.succeeded, b.succeeded) << where;
    EXPECT_EQ(a.failed, b.failed) << where;
    EXPECT_EQ(a.active, b.active) << where;
    EXPECT_EQ(a.ready, b.ready) << where;
    EXPECT_EQ(a.terminating, b.terminating) << where;
    EXPECT_EQ(a.conditions, b.conditions) << where;
    EXPECT_EQ(a.startTime, b.startTime) << where;
    EXPECT_EQ(a.completionTime, b.completionTime) << where;
}

// One Reconciler kept across syncs (as JobController keeps one) remembers the index sets it read
// and wrote. Whatever the next status holds (the text it wrote, a text written by someone else,
// the same text under fewer completions, uncounted pods), it must plan what a fresh one plans.
TEST(ReconcilerProperties, AReconcilerKeptAcrossSyncsPlansAsAFreshOne) {
    std::mt19937_64 rng(20261124);
    auto pick = [&](int lo, int hi) {
        return std::uniform_int_distribution<int>(lo, hi)(rng);
    };
    Reconciler kept;
    for (int round = 0; round < 2000; ++round) {
        Scenario s = randomScenario(rng);
        const std::string where = "round " + std::to_string(round);
        if (pick(0, 5) == 0 && !s.pods.empty()) {
            // A previous sync that was cut short: some finished pods are listed as uncounted.
            UncountedTerminatedPods uncounted;
            for (const Pod& p : s.pods)
                if (p.phase == PodPhase::Succeeded && pick(0, 1))
                    uncounted.succeeded.push_back(p.metadata.uid);
                else if (p.phase == PodPhase::Failed && pick(0, 1))
                    uncounted.failed.push_back(p.metadata.uid);
            s.job.status.uncountedTerminatedPods = uncounted;
        }
        const Plan first = kept.reconcile(s.job, s.pods, kNow);
        expectSamePlan(reconcile(s.job, s.pods, kNow), first, where + " first sync");

        // The next sync reads the status the first one wrote: what the memo expects.
        Job next = s.job;
        next.status = first.status;
        expectSamePlan(reconcile(next, s.pods, kNow + std::chrono::seconds(1)),
                       kept.reconcile(next, s.pods, kNow + std::chrono::seconds(1)),
                       where + " status as written");

        // Someone else rewrote the status: the same indexes spelled differently, or others.
        Job rewritten = next;
        const int32_t completions = *rewritten.spec.completions;
        const IndexSet written =
            IndexSet::parseLenient(rewritten.status.completedIndexes, completions);
        std::string spelled;
        for (const int32_t index : written)
            spelled += (spelled.empty() ? "" : ",") + std::to_string(index);
        rewritten.status.completedIndexes =
            pick(0, 1) ? spelled : std::to_string(pick(0, completions));
        if (rewritten.status.failedIndexes && pick(0, 1))
            rewritten.status.failedIndexes = std::to_string(pick(0, completions));
        expectSamePlan(reconcile(rewritten, s.pods, kNow + std::chrono::seconds(2)),
                       kept.reconcile(rewritten, s.pods, kNow + std::chrono::seconds(2)),
                       where + " status rewritten");

        // The same text read under fewer completions (an elastic scale-down) clips it.
        Job shrunk = next;
        shrunk.spec.completions = pick(1, completions);
        shrunk.spec.parallelism = shrunk.spec.completions;
        expectSamePlan(reconcile(shrunk, s.pods, kNow + std::chrono::seconds(3)),
                       kept.reconcile(shrunk, s.pods, kNow + std::chrono::seconds(3)),
                       where + " fewer completions");
        if (::testing::Test::HasFailure())
            return;
    }
}

// JobController hands the reconciler each pod's facts (index, phase, deletion, Ready, finalizer)
// so a sync need not read the pods: with them, any pod set must get the plan the pods alone get.
TEST(ReconcilerProperties, ThePodsFactsPlanAsThePodsThemselves) {
    std::mt19937_64 rng(20261125);
    Reconciler withFacts;
    for (int round = 0; round < 2000; ++round) {
        Scenario s = randomScenario(rng);
        if (round % 4 == 0 && !s.pods.empty()) {
            UncountedTerminatedPods uncounted; // the one case where the pods are read after all
            for (const Pod& p : s.pods)
                if (p.phase == PodPhase::Failed)
                    uncounted.failed.push_back(p.metadata.uid);
            s.job.status.uncountedTerminatedPods = uncounted;
        }
        if (round % 3 == 0)
            s.job.spec.completionMode = CompletionMode::NonIndexed;
        std::vector<PodFacts> facts;
        for (const Pod& p : s.pods)
            facts.push_back(factsOf(p));
        expectSamePlan(reconcile(s.job, s.pods, kNow),
                       withFacts.reconcile(s.job, s.pods, facts, kNow),
                       "round " + std::to_string(round));
        if (::testing::Test::HasFailure())
            return;
    }
}

TEST(ReconcilerProperties, AJobWithoutFailuresCompletesWithEveryIndexOnce) {
    MiniCluster cluster(JobBuilder().indexed(60).parallelism(7).build(), 1, 0.0);
    cluster.runToEnd(1000);
    const Job& job = cluster.job();
    ASSERT_TRUE(hasTrueCondition(job.status, "Complete"));
    EXPECT_EQ(job.status.completedIndexes, "0-59");
    EXPECT_EQ(job.status.succeeded, 60);
    EXPECT_EQ(job.status.failed, 0);
    for (int32_t i = 0; i < 60; ++i)
        EXPECT_EQ(cluster.attempts(i), 1) << "index " << i;
}

TEST(ReconcilerProperties, RandomFailuresEndCompleteOrFailedWithConsistentCounts) {
    for (uint64_t seed = 1; seed <= 40; ++seed) {
        JobBuilder b;
        b.indexed(25).parallelism(5);
        if (seed % 2)
            b.backoffLimitPerIndex(1).maxFailedIndexes(3);
        else
            b.backoffLimit(8);
        MiniCluster cluster(b.build(), seed, 0.25);
        cluster.runToEnd(20000);
        const JobStatus& st = cluster.job().status;
        ASSERT_TRUE(isFinished(st)) << "seed " << seed;
        EXPECT_EQ(st.active, 0);
        EXPECT_EQ(st.terminating.value_or(0), 0);
        if (hasTrueCondition(st, "Complete")) {
            EXPECT_EQ(st.succeeded, 25) << "seed " << seed;
        } else {
            const Condition* failed = findCondition(st.conditions, "Failed");
            ASSERT_NE(failed, nullptr);
            const std::set<std::string> reasons{"BackoffLimitExceeded", "MaxFailedIndexesExceeded",
                                                "FailedIndexes"};
            EXPECT_TRUE(reasons.contains(failed->reason)) << failed->reason;
            if (failed->reason == "BackoffLimitExceeded") {
                EXPECT_GT(st.failed, 8);
            }
        }
        if (::testing::Test::HasFailure())
            return;
    }
}

} // namespace
