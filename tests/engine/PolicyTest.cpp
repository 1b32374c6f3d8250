// The policy files one by one (backoff, pod failure policy, success policy, pending indexes, pod
// names), with the values of the upstream unit tests quoted in job-controller-spec.md.
#include "Builders.h"
#include "engine/Backoff.h"
#include "engine/Indexes.h"
#include "engine/PodClassification.h"
#include "engine/PodFailurePolicyMatch.h"
#include "engine/PodIndex.h"
#include "engine/Reconciler.h"
#include "engine/SuccessPolicyMatch.h"

#include <gtest/gtest.h>
#include <random>

using namespace tessera::engine;
using namespace tessera::engine::testing;
using std::chrono::seconds;

namespace {

IndexSet set(const char* text) {
    return IndexSet::parseLenient(text, 1000);
}

// ---- Backoff ----

TEST(Backoff, DoublesFromTheBaseAndStopsAtTheCap) {
    const Duration base = seconds(10), cap = seconds(600);
    EXPECT_EQ(backoffDelay(0, base, cap), Duration::zero());
    EXPECT_EQ(backoffDelay(1, base, cap), seconds(10));
    EXPECT_EQ(backoffDelay(3, base, cap), seconds(40));
    EXPECT_EQ(backoffDelay(6, base, cap), seconds(320));
    EXPECT_EQ(backoffDelay(7, base, cap), seconds(600)); // 640 s capped
    EXPECT_EQ(backoffDelay(1000, base, cap), seconds(600));
}

TEST(Backoff, RemainingTimeMatchesTheUpstreamTableWith5sAnd700s) {
    const Duration base = seconds(5), cap = seconds(700);
    EXPECT_EQ(remainingBackoff(1, kNow, kNow, base, cap), seconds(5));
    EXPECT_EQ(remainingBackoff(1, secondsBefore(1), kNow, base, cap), seconds(4));
    EXPECT_EQ(remainingBackoff(1, secondsBefore(5), kNow, base, cap), Duration::zero());
    EXPECT_EQ(remainingBackoff(3, kNow, kNow, base, cap), seconds(20));
    EXPECT_EQ(remainingBackoff(8, kNow, kNow, base, cap), seconds(640));
    EXPECT_EQ(remainingBackoff(9, kNow, kNow, base, cap), seconds(700));
    EXPECT_EQ(remainingBackoff(0, kNow, kNow, base, cap), Duration::zero());
}

TEST(Backoff, RecordAddsFailuresAndASuccessResetsIt) {
    const Pod f1 = PodBuilder("f1").failed(1, 30).build();
    const Pod f2 = PodBuilder("f2").failed(1, 20).build();
    const Pod s = PodBuilder("s").succeeded(20).build();
    const Pod f3 = PodBuilder("f3").failed(1, 5).build();
    const std::vector<const Pod*> none;

    const std::vector<const Pod*> failures{&f2, &f1};
    BackoffRecord r = updatedBackoffRecord({}, none, failures);
    EXPECT_EQ(r.failuresAfterLastSuccess, 2);
    EXPECT_EQ(r.lastFailureTime, secondsBefore(20));
    EXPECT_EQ(updatedBackoffRecord(r, none, none), r);

    // f2 finished at the same instant as the success: only the later f3 counts.
    const std::vector<const Pod*> successes{&s};
    const std::vector<const Pod*> mixed{&f1, &f2, &f3};
    const BackoffRecord after = updatedBackoffRecord(r, successes, mixed);
    EXPECT_EQ(after.failuresAfterLastSuccess, 1);
    EXPECT_EQ(after.lastFailureTime, secondsBefore(5));
}

TEST(Backoff, PerIndexDelayComesFromTheLastFailedPodsCounts) {
    const Duration base = seconds(10), cap = seconds(600);
    const Pod c0 = PodBuilder("c0").failureCount(0).failed(1, 0).build();
    const Pod c1 = PodBuilder("c1").failureCount(1).failed(1, 0).build();
    const Pod c2 = PodBuilder("c2").failureCount(2).failed(1, 0).build();
    const Pod ignored = PodBuilder("i").failureCount(1).ignoredCount(1).failed(1, 1).build();
    EXPECT_EQ(remainingBackoffForIndex(nullptr, kNow, base, cap), Duration::zero());
    EXPECT_EQ(remainingBackoffForIndex(&c0, kNow, base, cap), seconds(10));
    EXPECT_EQ(remainingBackoffForIndex(&c1, kNow, base, cap), seconds(20));
    EXPECT_EQ(remainingBackoffForIndex(&c2, kNow, base, cap), seconds(40)); // 3rd failure: 4x base
    EXPECT_EQ(remainingBackoffForIndex(&ignored, kNow, base, cap), seconds(39));
}

TEST(Backoff, FinishTimeFallsBackFromContainersToReadyToDeletionToCreation) {
    Pod p = PodBuilder("p").failed(1, 42).build();
    EXPECT_EQ(podFinishTime(p), secondsBefore(42));
    p.containerStatuses.front().state = ContainerStateKind::Running; // not all terminated
    p.conditions.clear();
    EXPECT_EQ(podFinishTime(p), secondsBefore(600)); // creation time
    p.metadata.deletionTimestamp = secondsBefore(40);
    p.metadata.deletionGracePeriodSeconds = 30;
    EXPECT_EQ(podFinishTime(p), secondsBefore(70));
    Condition notReady;
    notReady.type = "Ready";
    notReady.status = ConditionStatus::False;
    notReady.lastTransitionTime = secondsBefore(50);
    p.conditions.push_back(notReady);
    EXPECT_EQ(podFinishTime(p), secondsBefore(50));
}

// ---- Pod failure policy ----

Pod failedWith(int32_t exitCode, const std::string& container = "main") {
    Pod p = PodBuilder("worker-3").failed(exitCode).build();
    p.containerStatuses.front().name = container;
    return p;
}

TEST(PodFailurePolicy, FirstMatchingRuleWinsAndUnknownActionsAreSkipped) {
    Job job = JobBuilder()
                  .failureRule(PodFailurePolicyAction::Unknown, {42})
                  .failureRule(PodFailurePolicyAction::Ignore, {42})
                  .failureRule(PodFailurePolicyAction::FailJob, {42})
                  .build();
    const auto m = matchPodFailurePolicy(job.spec.podFailurePolicy, failedWith(42));
    EXPECT_EQ(m.action, PodFailurePolicyAction::Ignore);
    EXPECT_FALSE(m.countFailed);
    EXPECT_FALSE(m.failJobMessage);
}

TEST(PodFailurePolicy, FailJobMessagesAreTheUpstreamOnes) {
    Job job = JobBuilder()
                  .failureRule(PodFailurePolicyAction::Count, {1})
                  .failureRule(PodFailurePolicyAction::FailJob, {5, 42})
                  .conditionRule(PodFailurePolicyAction::FailJob, "DisruptionTarget")
                  .build();
    const auto exit = matchPodFailurePolicy(job.spec.podFailurePolicy, failedWith(42));
    ASSERT_TRUE(exit.failJobMessage);
    EXPECT_EQ(*exit.failJobMessage,
              "Container main for pod default/worker-3 failed with exit code 42 "
              "matching FailJob rule at index 1");
    Pod disrupted = PodBuilder("worker-4").failed(0).withCondition("DisruptionTarget").build();
    const auto cond = matchPodFailurePolicy(job.spec.podFailurePolicy, disrupted);
    ASSERT_TRUE(cond.failJobMessage);
    EXPECT_EQ(
        *cond.failJobMessage,
        "Pod default/worker-4 has condition DisruptionTarget matching FailJob rule at index 2");
}

TEST(PodFailurePolicy, ExitCodeZeroNeverMatchesAndNotInMatchesTheRest) {
    Job job = JobBuilder()
                  .failureRule(PodFailurePolicyAction::FailJob, {1, 2}, ExitCodesOperator::NotIn)
                  .build();
    EXPECT_FALSE(matchPodFailurePolicy(job.spec.podFailurePolicy, failedWith(0)).action);
    EXPECT_FALSE(matchPodFailurePolicy(job.spec.podFailurePolicy, failedWith(2)).action);
    EXPECT_EQ(matchPodFailurePolicy(job.spec.podFailurePolicy, failedWith(3)).action,
              PodFailurePolicyAction::FailJob);
}

TEST(PodFailurePolicy, ContainerNameLimitsTheRuleAndInitContainersAreScannedToo) {
    Job job = JobBuilder()
                  .failureRule(PodFailurePolicyAction::FailJob, {7}, ExitCodesOperator::In, "setup")
                  .build();
    EXPECT_FALSE(matchPodFailurePolicy(job.spec.podFailurePolicy, failedWith(7, "main")).action);
    Pod init = PodBuilder("p").failed(0).build();
    ContainerStatus setup;
    setup.name = "setup";
    setup.state = ContainerStateKind::Terminated;
    setup.exitCode = 7;
    init.initContainerStatuses.push_back(setup);
    EXPECT_EQ(matchPodFailurePolicy(job.spec.podFailurePolicy, init).action,
              PodFailurePolicyAction::FailJob);
}

TEST(PodFailurePolicy, ConditionPatternsCompareTheStatusToo) {
    Job job = JobBuilder()
                  .conditionRule(PodFailurePolicyAction::Ignore, "DisruptionTarget",
                                 ConditionStatus::True)
                  .build();
    const Pod falseCondition =
        PodBuilder("p").failed(1).withCondition("DisruptionTarget", ConditionStatus::False).build();
    EXPECT_TRUE(matchPodFailurePolicy(job.spec.podFailurePolicy, falseCondition).countFailed);
}

TEST(PodFailurePolicy, NoPolicyCountsEveryFailure) {
    const auto m = matchPodFailurePolicy(std::nullopt, failedWith(1));
    EXPECT_TRUE(m.countFailed);
    EXPECT_FALSE(m.action);
}

// ---- Success policy ----

TEST(SuccessPolicy, MatchesIndexesCountsAndReportsTheRuleIndex) {
    SuccessPolicy p;
    p.rules = {{std::string("0-2"), std::nullopt}, {std::string("5-9"), 2}, {std::nullopt, 5}};
    EXPECT_EQ(matchSuccessPolicy(p, 10, set("0-2")), "Matched rules at index 0");
    EXPECT_EQ(matchSuccessPolicy(p, 10, set("0,1,5,7")), "Matched rules at index 1");
    EXPECT_EQ(matchSuccessPolicy(p, 10, set("0,1,3,4,6")), "Matched rules at index 2");
    EXPECT_FALSE(matchSuccessPolicy(p, 10, set("0,1,5")));
    EXPECT_FALSE(matchSuccessPolicy(p, 10, IndexSet{}));
    EXPECT_FALSE(matchSuccessPolicy(std::nullopt, 10, set("0-9")));
}

TEST(SuccessPolicy, SkipsRulesWhoseIndexesParseToNothing) {
    SuccessPolicy p;
    p.rules = {{std::string("invalid-form"), std::nullopt},
               {std::string(""), std::nullopt},
               {std::string("12-14"), std::nullopt}};
    EXPECT_FALSE(matchSuccessPolicy(p, 10, set("0-9")));
}

// ---- Pending indexes and removal ----

TEST(FirstPendingIndexes, MatchesTheUpstreamExamples) {
    EXPECT_EQ(firstPendingIndexes(IndexSet{}, 5, 3), (std::vector<int32_t>{0, 1, 2}));
    // active {3,5,8} (unknown ones ignored), succeeded {2-4, 9}
    EXPECT_EQ(firstPendingIndexes(set("3,5,8").unite(set("2-4,9")), 5, 20),
              (std::vector<int32_t>{0, 1, 6, 7, 10}));
    // active {3,9}, succeeded {1,5,9}, failed {2,6-7}
    EXPECT_EQ(firstPendingIndexes(set("3,9").unite(set("1,5,9")).unite(set("2,6,7")), 5, 20),
              (std::vector<int32_t>{0, 4, 8, 10, 11}));
    EXPECT_TRUE(firstPendingIndexes(set("0-9"), 3, 10).empty());
    EXPECT_TRUE(firstPendingIndexes(IndexSet{}, 0, 10).empty());
}

TEST(ActivePodsForRemoval, OrdersUnknownThenDuplicatesThenOutOfRangeThenScaleDown) {
    const Pod unknown = PodBuilder("unknown").running().build();
    const Pod dupOld = PodBuilder("dup-old").index(1).running().ready(100).build();
    const Pod dupNew = PodBuilder("dup-new").index(1).running().build();
    const Pod high = PodBuilder("high").index(9).running().build();
    const Pod keep0 = PodBuilder("keep0").index(0).running().ready(100).build();
    const Pod pending2 = PodBuilder("pending2").index(2).pending().build();
    std::vector<IndexedPod> active{{&high, 9},     {&keep0, 0},    {&dupNew, 1},
                                   {&unknown, -1}, {&pending2, 2}, {&dupOld, 1}};
    const auto removals = activePodsForRemoval(true, 5, active, 4);
    std::vector<std::string> names;
    std::vector<DeletionReason> reasons;
    for (const auto& r : removals) {
        names.push_back(r.pod.pod->metadata.name);
        reasons.push_back(r.reason);
    }
    EXPECT_EQ(names, (std::vector<std::string>{"unknown", "dup-new", "high", "pending2"}));
    EXPECT_EQ(reasons, (std::vector<DeletionReason>{
                           DeletionReason::InvalidIndex, DeletionReason::DuplicateIndex,
                           DeletionReason::InvalidIndex, DeletionReason::ScaleDown}));
}

TEST(ActivePodsForRemoval, ScaleDownOrderFollowsControllerActivePods) {
    const Pod unscheduled = PodBuilder("unscheduled").pending().build();
    const Pod pending = PodBuilder("pending").pending().scheduled().build();
    const Pod restarted = PodBuilder("restarted").running().restarts(3).build();
    const Pod newer = PodBuilder("newer").running().createdSecondsAgo(10).build();
    const Pod older = PodBuilder("older").running().createdSecondsAgo(1000).build();
    std::vector<IndexedPod> active{
        {&older, -1}, {&newer, -1}, {&restarted, -1}, {&pending, -1}, {&unscheduled, -1}};
    const auto removals = activePodsForRemoval(false, 0, active, 5);
    std::vector<std::string> names;
    for (const auto& r : removals)
        names.push_back(r.pod.pod->metadata.name);
    EXPECT_EQ(names,
              (std::vector<std::string>{"unscheduled", "pending", "restarted", "newer", "older"}));
}

// ---- Pod index annotations and names ----

TEST(PodIndex, ReadsTheCompletionIndexAnnotationOnly) {
    EXPECT_EQ(parseCompletionIndex("7"), 7);
    EXPECT_EQ(parseCompletionIndex("invalid"), -1);
    EXPECT_EQ(parseCompletionIndex("-2"), -1);
    EXPECT_EQ(parseCompletionIndex(""), -1);
    EXPECT_EQ(parseCompletionIndex("3x"), -1);
    EXPECT_EQ(completionIndexOf(PodBuilder("p").build()), -1);
}

// Plain digits take a short path; every other spelling the general one. Both must agree with
// Go's strconv.Atoi at the edges between them.
TEST(PodIndex, ReadsEverySpellingOfTheIndexAsAtoiDoes) {
    EXPECT_EQ(parseCompletionIndex("0"), 0);
    EXPECT_EQ(parseCompletionIndex("007"), 7);
    EXPECT_EQ(parseCompletionIndex("+7"), 7);
    EXPECT_EQ(parseCompletionIndex("-0"), 0);
    EXPECT_EQ(parseCompletionIndex(" 7"), -1);
    EXPECT_EQ(parseCompletionIndex("7 "), -1);
    EXPECT_EQ(parseCompletionIndex("999999999"), 999999999);
    EXPECT_EQ(parseCompletionIndex("2147483647"), 2147483647);
    EXPECT_EQ(parseCompletionIndex("2147483648"), 2147483647); // beyond int32: out of range
    EXPECT_EQ(parseCompletionIndex("0000000000012"), 12);
    EXPECT_EQ(parseCompletionIndex("99999999999999999999"), 2147483647);
    EXPECT_EQ(parseCompletionIndex("-99999999999999999999"), -1);
    EXPECT_EQ(parseCompletionIndex("--5"), -1); // one sign only, as Atoi
    EXPECT_EQ(parseCompletionIndex("+-5"), -1);
}

namespace {

// The index as Atoi reads it, written out digit by digit: the reference for the short path for
// plain digits and for the general parse.
int32_t referenceCompletionIndex(std::string_view text) {
    bool negative = false;
    if (!text.empty() && (text.front() == '+' || text.front() == '-')) {
        negative = text.front() == '-';
        text.remove_prefix(1);
    }
    if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos)
        return -1;
    text.remove_prefix(std::min(text.find_first_not_of('0'), text.size()));
    if (text.empty())
        return 0; // "0", "-0", "000"
    if (negative)
        return -1;
    if (text.size() > 10)
        return 2147483647;
    const int64_t value = std::stoll(std::string(text));
    return static_cast<int32_t>(std::min<int64_t>(value, 2147483647));
}

} // namespace

TEST(PodIndex, ReadsEveryIndexAsTheDigitByDigitReference) {
    for (int32_t i = 0; i < 1000000; ++i)
        ASSERT_EQ(parseCompletionIndex(std::to_string(i)), i);
    for (const char* text : {"00000000", "99999999", "12345678", "012345678", "100000000",
                             "1234567", "0000000000000", "9", ""})
        EXPECT_EQ(parseCompletionIndex(text), referenceCompletionIndex(text)) << text;
    std::mt19937_64 rng(3);
    const std::string alphabet = "0123456789012345678901234567890123456789+-x :/\x7f";
    for (int round = 0; round < 200000; ++round) {
        std::string text(std::uniform_int_distribution<std::size_t>(0, 12)(rng), ' ');
        for (char& c : text)
            c = alphabet[std::uniform_int_distribution<std::size_t>(0, alphabet.size() - 1)(rng)];
        ASSERT_EQ(parseCompletionIndex(text), referenceCompletionIndex(text)) << '"' << text << '"';
    }
}

TEST(PodIndex, ReadsFailureCountsAsUpstreamDoes) {
    Pod p = PodBuilder("p").build();
    p.failureCountAnnotation = "2147483647";
    EXPECT_EQ(indexFailureCountOf(p), 2147483647);
    p.failureCountAnnotation = "2147483648";
    EXPECT_EQ(indexFailureCountOf(p), 0);
    p.failureCountAnnotation = "-1";
    EXPECT_EQ(indexFailureCountOf(p), 0);
    p.failureCountAnnotation = "two";
    EXPECT_EQ(indexFailureCountOf(p), 0);
    p.failureCountAnnotation = "--3"; // Atoi rejects a second sign
    EXPECT_EQ(indexFailureCountOf(p), 0);
}

TEST(PodIndex, CutsLongGenerateNamesTo58Characters) {
    EXPECT_EQ(podGenerateName("indexed-job", 1), "indexed-job-1-");
    const std::string name70(70, 'a');
    const std::string name57(57, 'b');
    EXPECT_EQ(podGenerateName(name70, 1), std::string(55, 'a') + "-1-");
    EXPECT_EQ(podGenerateName(name57, 1), std::string(55, 'b') + "-1-");
    EXPECT_EQ(podGenerateName("wq", -1), "wq-");
    EXPECT_EQ(podHostname(name57, 12), name57 + "-12");
}

TEST(PodIndex, NameSuffixesUseTheKubernetesAlphabet) {
    for (uint64_t seed = 0; seed < 200; ++seed) {
        const std::string s = podNameSuffix(seed);
        ASSERT_EQ(s.size(), 5u);
        EXPECT_EQ(s.find_first_not_of("bcdfghjklmnpqrstvwxz2456789"), std::string::npos) << s;
    }
    EXPECT_NE(podNameSuffix(1), podNameSuffix(2));
}

// ---- What a created pod carries ----

TEST(CreatedPods, GetTheIndexEnvOnlyInContainersThatDoNotDefineIt) {
    const Job job = JobBuilder()
                        .indexed(2)
                        .parallelism(1)
                        .container("sidecar", true)
                        .initContainer("fetch")
                        .initContainer("own", true)
                        .build();
    const Plan plan = reconcile(job, {}, kNow);
    ASSERT_EQ(plan.createPods.size(), 1u);
    EXPECT_EQ(plan.createPods[0].containersWithIndexEnv, (std::vector<std::string>{"main"}));
    EXPECT_EQ(plan.createPods[0].initContainersWithIndexEnv, (std::vector<std::string>{"fetch"}));
    EXPECT_EQ(plan.createPods[0].hostname, "job-0");
    EXPECT_FALSE(plan.createPods[0].indexFailureCount); // no backoffLimitPerIndex: no annotation
}

TEST(CreatedPods, InheritFailureCountsAndIgnoredCountsFromThePodTheyReplace) {
    const Job job = JobBuilder()
                        .indexed(2)
                        .parallelism(2)
                        .backoffLimitPerIndex(6)
                        .conditionRule(PodFailurePolicyAction::Ignore, "DisruptionTarget")
                        .startedSecondsAgo(3600)
                        .build();
    const std::vector<Pod> pods{PodBuilder("f0").index(0).failureCount(3).failed(1, 3000).build(),
                                PodBuilder("f1")
                                    .index(1)
                                    .failureCount(3)
                                    .failed(1, 3000)
                                    .withCondition("DisruptionTarget")
                                    .build()};
    const Plan plan = reconcile(job, pods, kNow);
    ASSERT_EQ(plan.createPods.size(), 2u);
    EXPECT_EQ(plan.createPods[0].indexFailureCount, 4);
    EXPECT_FALSE(plan.createPods[0].indexIgnoredFailureCount);
    EXPECT_EQ(plan.createPods[1].indexFailureCount, 3);
    EXPECT_EQ(plan.createPods[1].indexIgnoredFailureCount, 1);
}

TEST(CreatedPods, NamesDifferAcrossSaltsAndAreStableForOneInput) {
    const Job job = JobBuilder().indexed(3).parallelism(3).build();
    SyncOptions a, b;
    b.nameSalt = 1;
    const Plan p1 = reconcile(job, {}, kNow, a);
    const Plan p2 = reconcile(job, {}, kNow, a);
    const Plan p3 = reconcile(job, {}, kNow, b);
    EXPECT_EQ(p1.createPods, p2.createPods);
    EXPECT_NE(p1.createPods[0].name, p3.createPods[0].name);
}

TEST(SyncEvents, FinishingEmitsTheKubernetesEvents) {
    const Job done = JobBuilder().indexed(1).parallelism(1).startedSecondsAgo(5).build();
    const Plan complete =
        reconcile(done, std::vector<Pod>{PodBuilder("s").index(0).succeeded().build()}, kNow);
    ASSERT_FALSE(complete.events.empty());
    EXPECT_EQ(complete.events.back(), (Event{"Normal", "Completed", "Job completed"}));
    EXPECT_EQ(complete.status.completionTime, kNow);

    const Job failing =
        JobBuilder().indexed(1).parallelism(1).backoffLimit(0).startedSecondsAgo(5).build();
    const Plan failed =
        reconcile(failing, std::vector<Pod>{PodBuilder("f").index(0).failed().build()}, kNow);
    EXPECT_EQ(failed.events.back(), (Event{"Warning", "BackoffLimitExceeded",
                                           "Job has reached the specified backoff limit"}));
    EXPECT_FALSE(failed.status.completionTime);
}

TEST(SyncSkips, JobsManagedElsewhereOrFinished) {
    const Job foreign =
        JobBuilder().indexed(3).parallelism(3).managedBy("kueue.x-k8s.io/multikueue").build();
    EXPECT_TRUE(reconcile(foreign, {}, kNow).skipped);
    EXPECT_TRUE(reconcile(foreign, {}, kNow).createPods.empty());
    const Job builtin =
        JobBuilder().indexed(3).parallelism(3).managedBy("kubernetes.io/job-controller").build();
    EXPECT_FALSE(reconcile(builtin, {}, kNow).skipped);
    const Job finished = JobBuilder()
                             .indexed(3)
                             .parallelism(3)
                             .condition("SuccessCriteriaMet", "CompletionsReached")
                             .condition("Complete", "CompletionsReached")
                             .build();
    const Plan plan = reconcile(finished, {}, kNow);
    EXPECT_TRUE(plan.skipped);
    EXPECT_EQ(plan.status.conditions.size(), 2u);
}

TEST(SlowStart, BatchesDoubleFromOne) {
    EXPECT_EQ(slowStartBatches(0), (std::vector<int32_t>{}));
    EXPECT_EQ(slowStartBatches(1), (std::vector<int32_t>{1}));
    EXPECT_EQ(slowStartBatches(10), (std::vector<int32_t>{1, 2, 4, 3}));
    EXPECT_EQ(slowStartBatches(500), (std::vector<int32_t>{1, 2, 4, 8, 16, 32, 64, 128, 245}));
}

} // namespace
