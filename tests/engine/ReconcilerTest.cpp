// One sync of the job controller, case by case, modelled on upstream TestControllerSyncJob: each
// case gives a job and its pods and names everything the sync must do. The expected values come
// from upstream's behaviour
// (https://github.com/kubernetes/kubernetes/tree/master/pkg/controller/job,
// job_controller_test.go), not from running this code.
#include "engine/Reconciler.h"

#include "Builders.h"

#include <cctype>
#include <gtest/gtest.h>
#include <numeric>
#include <optional>
#include <random>

using namespace tessera::engine;
using namespace tessera::engine::testing;

namespace {

constexpr int64_t kAnyRequeue = -2;
constexpr int64_t kNoRequeue = -1;

struct Expected {
    std::vector<int32_t> created;
    std::vector<std::string> deleted;
    std::vector<std::string> finalizersRemoved;
    int32_t active = 0;
    int32_t succeeded = 0;
    int32_t failed = 0;
    int32_t terminating = 0;
    std::string completedIndexes;
    std::optional<std::string> failedIndexes;
    // type/reason of every condition, in order
    std::vector<std::pair<std::string, std::string>> conditions;
    int64_t requeueMs = kAnyRequeue;
};

struct Case {
    const char* name;
    Job job;
    std::vector<Pod> pods;
    Expected expected;
    SyncOptions options = {};
};

std::vector<Case> cases() {
    std::vector<Case> c;
    // ---- creation ----
    c.push_back({"indexed job starts its lowest indexes up to parallelism",
                 JobBuilder().indexed(5).parallelism(3).build(),
                 {},
                 {.created = {0, 1, 2}, .active = 3, .requeueMs = kNoRequeue}});
    c.push_back({"creates only pending indexes, counting a new success",
                 JobBuilder().indexed(5).parallelism(3).build(),
                 {PodBuilder("p0").index(0).running().build(),
                  PodBuilder("p1").index(1).succeeded().build()},
                 {.created = {2, 3},
                  .finalizersRemoved = {"p1"},
                  .active = 3,
                  .succeeded = 1,
                  .completedIndexes = "1"}});
    c.push_back(
        {"indexes already completed in status are never recreated",
         JobBuilder().indexed(4).parallelism(4).completedIndexes("0,1").succeeded(2).build(),
         {PodBuilder("p3").index(3).running().build()},
         {.created = {2}, .active = 2, .succeeded = 2, .completedIndexes = "0,1"}});
    c.push_back({"completed indexes beyond completions are dropped and succeeded goes down",
                 JobBuilder().indexed(2).parallelism(2).completedIndexes("3").succeeded(1).build(),
                 {},
                 {.created = {0, 1}, .active = 2, .succeeded = 0, .completedIndexes = ""}});
    {
        std::vector<int32_t> first500(500);
        std::iota(first500.begin(), first500.end(), 0);
        c.push_back({"at most 500 creations per sync, lowest indexes first",
                     JobBuilder().indexed(2000).parallelism(1000).build(),
                     {},
                     {.created = first500, .active = 500}});
    }
    // ---- completion ----
    c.push_back({"indexed job completes through SuccessCriteriaMet then Complete",
                 JobBuilder().indexed(3).parallelism(3).startedSecondsAgo(60).build(),
                 {PodBuilder("p0").index(0).succeeded().build(),
                  PodBuilder("p1").index(1).succeeded().build(),
                  PodBuilder("p2").index(2).succeeded().build()},
                 {.finalizersRemoved = {"p0", "p1", "p2"},
                  .succeeded = 3,
                  .completedIndexes = "0-2",
                  .conditions = {{"SuccessCriteriaMet", "CompletionsReached"},
                                 {"Complete", "CompletionsReached"}},
                  .requeueMs = kNoRequeue}});
    c.push_back({"duplicate successes of one index count once",
                 JobBuilder().indexed(2).parallelism(1).build(),
                 {PodBuilder("a").index(0).succeeded().build(),
                  PodBuilder("b").index(0).succeeded().build()},
                 {.created = {1},
                  .finalizersRemoved = {"a", "b"},
                  .active = 1,
                  .succeeded = 1,
                  .completedIndexes = "0"}});
    {
        std::vector<Pod> finished;
        std::vector<std::string> first500;
        for (int32_t i = 0; i < 501; ++i) {
            finished.push_back(PodBuilder("s" + std::to_string(i)).index(i).succeeded().build());
            if (i < 500)
                first500.push_back("s" + std::to_string(i));
        }
        c.push_back({"501 finished indexes: 500 counted, the job finishes next sync",
                     JobBuilder().indexed(501).parallelism(501).startedSecondsAgo(60).build(),
                     finished,
                     {.finalizersRemoved = first500,
                      .succeeded = 500,
                      .completedIndexes = "0-499",
                      .requeueMs = 0}});
    }
    // ---- removal ----
    c.push_back(
        {"indexes outside completions are deleted and nothing is created",
         JobBuilder().indexed(3).parallelism(3).build(),
         {PodBuilder("p0").index(0).running().build(), PodBuilder("p5").index(5).running().build(),
          PodBuilder("p7").index(7).running().build()},
         {.deleted = {"p5", "p7"}, .active = 1, .terminating = 2}});
    c.push_back({"pods without a valid index are deleted and never counted as failed",
                 JobBuilder().indexed(2).parallelism(2).build(),
                 {PodBuilder("none").running().build(),
                  PodBuilder("bad").indexText("invalid").running().build(),
                  PodBuilder("neg").indexText("-2").running().build(),
                  PodBuilder("p1").index(1).running().build()},
                 {.deleted = {"none", "bad", "neg"}, .active = 1, .terminating = 3}});
    c.push_back({"a duplicate index keeps the running pod and deletes the pending one",
                 JobBuilder().indexed(2).parallelism(2).build(),
                 {PodBuilder("run").index(1).running().build(),
                  PodBuilder("pend").index(1).pending().build(),
                  PodBuilder("p0").index(0).running().build()},
                 {.deleted = {"pend"}, .active = 2, .terminating = 1}});
    c.push_back(
        {"scale down deletes the unscheduled pod first",
         JobBuilder().indexed(10).parallelism(2).build(),
         {PodBuilder("p0").index(0).running().ready().build(),
          PodBuilder("p1").index(1).pending().build(), PodBuilder("p2").index(2).running().build()},
         {.deleted = {"p1"}, .active = 2, .terminating = 1}});
    c.push_back({"scale down prefers not-ready over ready, then shorter ready time",
                 JobBuilder().indexed(10).parallelism(1).build(),
                 {PodBuilder("old").index(0).running().ready(900).build(),
                  PodBuilder("young").index(1).running().ready(10).build(),
                  PodBuilder("notready").index(2).running().build()},
                 {.deleted = {"notready", "young"}, .active = 1, .terminating = 2}});
    c.push_back(
        {"elastic scale down of completions deletes the indexes beyond it",
         JobBuilder().indexed(3).parallelism(3).completedIndexes("0,1").succeeded(2).build(),
         {PodBuilder("p2").index(2).running().build(), PodBuilder("p5").index(5).running().build(),
          PodBuilder("p6").index(6).running().build()},
         {.deleted = {"p5", "p6"},
          .active = 1,
          .succeeded = 2,
          .terminating = 2,
          .completedIndexes = "0,1"}});
    c.push_back({"elastic scale down clips completed indexes and can complete the job",
                 JobBuilder()
                     .indexed(3)
                     .parallelism(3)
                     .completedIndexes("0-4")
                     .succeeded(5)
                     .startedSecondsAgo(9)
                     .build(),
                 {},
                 {.succeeded = 3,
                  .completedIndexes = "0-2",
                  .conditions = {{"SuccessCriteriaMet", "CompletionsReached"},
                                 {"Complete", "CompletionsReached"}}}});
    // ---- backoffLimit and the retry delay ----
    c.push_back(
        {"backoffLimit exceeded: FailureTarget, running pods deleted and counted as failed",
         JobBuilder().indexed(5).parallelism(2).backoffLimit(1).startedSecondsAgo(60).build(),
         {PodBuilder("f0").index(0).failed().build(), PodBuilder("f1").index(1).failed().build(),
          PodBuilder("r2").index(2).running().build()},
         {.deleted = {"r2"},
          .finalizersRemoved = {"f0", "f1", "r2"},
          .failed = 3,
          .terminating = 1,
          .conditions = {{"FailureTarget", "BackoffLimitExceeded"}}}});
    c.push_back(
        {"backoffLimit exceeded with nothing running: FailureTarget then Failed at once",
         JobBuilder().indexed(5).parallelism(2).backoffLimit(0).startedSecondsAgo(60).build(),
         {PodBuilder("f0").index(0).failed().build()},
         {.finalizersRemoved = {"f0"},
          .failed = 1,
          .conditions = {{"FailureTarget", "BackoffLimitExceeded"},
                         {"Failed", "BackoffLimitExceeded"}},
          .requeueMs = kNoRequeue}});
    c.push_back(
        {"an existing FailureTarget becomes Failed when no pod terminates",
         JobBuilder()
             .indexed(5)
             .parallelism(2)
             .startedSecondsAgo(60)
             .condition("FailureTarget", "DeadlineExceeded",
                        "Job was active longer than specified deadline")
             .build(),
         {PodBuilder("gone").index(1).failed().deleting(30).noFinalizer().build()},
         {.conditions = {{"FailureTarget", "DeadlineExceeded"}, {"Failed", "DeadlineExceeded"}}}});
    c.push_back({"FailureTarget=False added by hand is ignored",
                 JobBuilder()
                     .indexed(2)
                     .parallelism(1)
                     .startedSecondsAgo(60)
                     .condition("FailureTarget", "Manual", "", ConditionStatus::False)
                     .build(),
                 {},
                 {.created = {0}, .active = 1, .conditions = {{"FailureTarget", "Manual"}}}});
    c.push_back({"restartPolicy OnFailure: restarts reaching the limit fail the job",
                 JobBuilder()
                     .indexed(3)
                     .parallelism(1)
                     .backoffLimit(2)
                     .restartPolicy(RestartPolicy::OnFailure)
                     .startedSecondsAgo(60)
                     .build(),
                 {PodBuilder("p0").index(0).running().restarts(2).build()},
                 {.deleted = {"p0"},
                  .finalizersRemoved = {"p0"},
                  .failed = 1,
                  .terminating = 1,
                  .conditions = {{"FailureTarget", "BackoffLimitExceeded"}}}});
    c.push_back({"the retry delay holds back the replacement of a pod that failed 4 s ago",
                 JobBuilder().indexed(3).parallelism(1).startedSecondsAgo(60).build(),
                 {PodBuilder("f0").index(0).failed(1, 4).build()},
                 {.finalizersRemoved = {"f0"}, .failed = 1, .requeueMs = 6000}});
    c.push_back(
        {"kubernetes#139428: creation held by backoff still reports the running pods as active",
         JobBuilder().indexed(3).parallelism(2).startedSecondsAgo(60).build(),
         {PodBuilder("r0").index(0).running().ready().build(),
          PodBuilder("f1").index(1).failed(1, 2).build()},
         {.finalizersRemoved = {"f1"}, .active = 1, .failed = 1, .requeueMs = 8000}});
    c.push_back({"an elapsed retry delay lets the failed index be recreated",
                 JobBuilder().indexed(3).parallelism(1).startedSecondsAgo(60).build(),
                 {PodBuilder("f0").index(0).failed(1, 11).build()},
                 {.created = {0}, .finalizersRemoved = {"f0"}, .active = 1, .failed = 1}});
    // ---- activeDeadlineSeconds ----
    c.push_back(
        {"an expired job with no pods gets FailureTarget and Failed in one sync",
         JobBuilder()
             .indexed(3)
             .parallelism(1)
             .activeDeadlineSeconds(10)
             .startedSecondsAgo(20)
             .build(),
         {},
         {.conditions = {{"FailureTarget", "DeadlineExceeded"}, {"Failed", "DeadlineExceeded"}},
          .requeueMs = kNoRequeue}});
    c.push_back(
        {"an expired job with one active pod: FailureTarget only, the pod counted as failed",
         JobBuilder()
             .indexed(3)
             .parallelism(1)
             .activeDeadlineSeconds(10)
             .startedSecondsAgo(20)
             .build(),
         {PodBuilder("r0").index(0).running().build()},
         {.deleted = {"r0"},
          .finalizersRemoved = {"r0"},
          .failed = 1,
          .terminating = 1,
          .conditions = {{"FailureTarget", "DeadlineExceeded"}}}});
    c.push_back(
        {"a running job is woken when its deadline will pass",
         JobBuilder()
             .indexed(3)
             .parallelism(3)
             .activeDeadlineSeconds(100)
             .startedSecondsAgo(40)
             .build(),
         {PodBuilder("r0").index(0).running().build(), PodBuilder("r1").index(1).running().build(),
          PodBuilder("r2").index(2).running().build()},
         {.active = 3, .requeueMs = 60000}});
    c.push_back({"the backoff limit is checked before the deadline",
                 JobBuilder()
                     .indexed(3)
                     .parallelism(1)
                     .backoffLimit(0)
                     .activeDeadlineSeconds(10)
                     .startedSecondsAgo(20)
                     .build(),
                 {PodBuilder("f0").index(0).failed().build()},
                 {.finalizersRemoved = {"f0"},
                  .failed = 1,
                  .conditions = {{"FailureTarget", "BackoffLimitExceeded"},
                                 {"Failed", "BackoffLimitExceeded"}}}});
    // ---- backoffLimitPerIndex ----
    c.push_back(
        {"BLPI: the failed pod keeps its finalizer while its replacement inherits the count",
         JobBuilder()
             .indexed(3)
             .parallelism(3)
             .backoffLimitPerIndex(1)
             .startedSecondsAgo(60)
             .build(),
         {PodBuilder("f0").index(0).failureCount(0).failed(1, 20).build()},
         {.created = {0, 1, 2}, .active = 3, .failed = 0, .failedIndexes = ""}});
    c.push_back({"BLPI: the failed pod is counted once its replacement runs",
                 JobBuilder()
                     .indexed(1)
                     .parallelism(1)
                     .backoffLimitPerIndex(1)
                     .startedSecondsAgo(60)
                     .failedIndexes("")
                     .build(),
                 {PodBuilder("f0").index(0).failureCount(0).failed(1, 20).build(),
                  PodBuilder("r0").index(0).failureCount(1).running().build()},
                 {.finalizersRemoved = {"f0"}, .active = 1, .failed = 1, .failedIndexes = ""}});
    c.push_back({"BLPI: a pod failing at the limit fails its index, which is never recreated",
                 JobBuilder()
                     .indexed(3)
                     .parallelism(3)
                     .backoffLimitPerIndex(1)
                     .startedSecondsAgo(60)
                     .build(),
                 {PodBuilder("f0").index(0).failureCount(1).failed(1, 20).build()},
                 {.created = {1, 2},
                  .finalizersRemoved = {"f0"},
                  .active = 2,
                  .failed = 1,
                  .failedIndexes = "0"}});
    c.push_back({"BLPI: the per-index delay holds the index back (10 s after the first failure)",
                 JobBuilder()
                     .indexed(1)
                     .parallelism(1)
                     .backoffLimitPerIndex(3)
                     .startedSecondsAgo(60)
                     .build(),
                 {PodBuilder("f0").index(0).failureCount(0).failed(1, 1).build()},
                 {.failed = 0, .failedIndexes = "", .requeueMs = 9000}});
    c.push_back({"BLPI: maxFailedIndexes exceeded fails the job, deleting the rest",
                 JobBuilder()
                     .indexed(4)
                     .parallelism(2)
                     .backoffLimitPerIndex(0)
                     .maxFailedIndexes(0)
                     .startedSecondsAgo(60)
                     .build(),
                 {PodBuilder("f0").index(0).failureCount(0).failed().build(),
                  PodBuilder("r1").index(1).running().build()},
                 {.deleted = {"r1"},
                  .finalizersRemoved = {"f0", "r1"},
                  .failed = 2,
                  .terminating = 1,
                  .failedIndexes = "0",
                  .conditions = {{"FailureTarget", "MaxFailedIndexesExceeded"}}}});
    c.push_back(
        {"BLPI: with every index finished and one failed, the job fails with FailedIndexes",
         JobBuilder()
             .indexed(3)
             .parallelism(3)
             .backoffLimitPerIndex(0)
             .startedSecondsAgo(60)
             .build(),
         {PodBuilder("f0").index(0).failed().build(), PodBuilder("s1").index(1).succeeded().build(),
          PodBuilder("s2").index(2).succeeded().build()},
         {.finalizersRemoved = {"f0", "s1", "s2"},
          .succeeded = 2,
          .failed = 1,
          .completedIndexes = "1,2",
          .failedIndexes = "0",
          .conditions = {{"FailureTarget", "FailedIndexes"}, {"Failed", "FailedIndexes"}}}});
    c.push_back({"BLPI: the global backoffLimit is checked before the per-index limits",
                 JobBuilder()
                     .indexed(3)
                     .parallelism(3)
                     .backoffLimitPerIndex(1)
                     .backoffLimit(0)
                     .startedSecondsAgo(60)
                     .build(),
                 {PodBuilder("f0").index(0).failureCount(0).failed().build()},
                 {.finalizersRemoved = {"f0"},
                  .failed = 1,
                  .failedIndexes = "",
                  .conditions = {{"FailureTarget", "BackoffLimitExceeded"},
                                 {"Failed", "BackoffLimitExceeded"}}}});
    // ---- podFailurePolicy ----
    c.push_back({"PFP FailJob on an exit code fails the job with the upstream message",
                 JobBuilder()
                     .indexed(3)
                     .parallelism(2)
                     .failureRule(PodFailurePolicyAction::FailJob, {42})
                     .startedSecondsAgo(60)
                     .build(),
                 {PodBuilder("f0").index(0).failed(42).build(),
                  PodBuilder("r1").index(1).running().build()},
                 {.deleted = {"r1"},
                  .finalizersRemoved = {"f0", "r1"},
                  .failed = 2,
                  .terminating = 1,
                  .conditions = {{"FailureTarget", "PodFailurePolicy"}}}});
    c.push_back(
        {"PFP Ignore on DisruptionTarget: not counted, but the retry still waits",
         JobBuilder()
             .indexed(2)
             .parallelism(1)
             .conditionRule(PodFailurePolicyAction::Ignore, "DisruptionTarget")
             .startedSecondsAgo(60)
             .build(),
         {PodBuilder("f0").index(0).failed(137, 3).withCondition("DisruptionTarget").build()},
         {.finalizersRemoved = {"f0"}, .failed = 0, .requeueMs = 7000}});
    c.push_back({"PFP Count counts the failure like no policy",
                 JobBuilder()
                     .indexed(2)
                     .parallelism(1)
                     .failureRule(PodFailurePolicyAction::Count, {1})
                     .startedSecondsAgo(60)
                     .build(),
                 {PodBuilder("f0").index(0).failed(1, 30).build()},
                 {.created = {0}, .finalizersRemoved = {"f0"}, .active = 1, .failed = 1}});
    c.push_back({"PFP FailIndex fails the index at once",
                 JobBuilder()
                     .indexed(2)
                     .parallelism(2)
                     .backoffLimitPerIndex(5)
                     .failureRule(PodFailurePolicyAction::FailIndex, {3})
                     .startedSecondsAgo(60)
                     .build(),
                 {PodBuilder("f0").index(0).failureCount(0).failed(3).build()},
                 {.created = {1},
                  .finalizersRemoved = {"f0"},
                  .active = 1,
                  .failed = 1,
                  .failedIndexes = "0"}});
    c.push_back({"PRP Failed (default with a PFP): a terminating pod holds its index",
                 JobBuilder()
                     .indexed(2)
                     .parallelism(2)
                     .failureRule(PodFailurePolicyAction::Count, {1})
                     .startedSecondsAgo(60)
                     .build(),
                 {PodBuilder("t0").index(0).running().deleting().build()},
                 {.created = {1}, .active = 1, .terminating = 1}});
    // ---- successPolicy ----
    c.push_back(
        {"success policy on succeededIndexes: SCM, the rest deleted and not counted as failed",
         JobBuilder()
             .indexed(5)
             .parallelism(5)
             .successRule("0,1", std::nullopt)
             .startedSecondsAgo(60)
             .build(),
         {PodBuilder("s0").index(0).succeeded().build(),
          PodBuilder("s1").index(1).succeeded().build(),
          PodBuilder("r2").index(2).running().build(), PodBuilder("r3").index(3).running().build()},
         {.deleted = {"r2", "r3"},
          .finalizersRemoved = {"s0", "s1", "r2", "r3"},
          .succeeded = 2,
          .terminating = 2,
          .completedIndexes = "0,1",
          .conditions = {{"SuccessCriteriaMet", "SuccessPolicy"}}}});
    c.push_back(
        {"success policy on succeededCount completes at once when nothing runs",
         JobBuilder()
             .indexed(5)
             .parallelism(2)
             .successRule(std::nullopt, 2)
             .startedSecondsAgo(60)
             .build(),
         {PodBuilder("s0").index(0).succeeded().build(),
          PodBuilder("s3").index(3).succeeded().build()},
         {.finalizersRemoved = {"s0", "s3"},
          .succeeded = 2,
          .completedIndexes = "0,3",
          .conditions = {{"SuccessCriteriaMet", "SuccessPolicy"}, {"Complete", "SuccessPolicy"}}}});
    c.push_back({"a rule whose indexes are all out of range is skipped",
                 JobBuilder()
                     .indexed(3)
                     .parallelism(1)
                     .successRule("7-9", std::nullopt)
                     .startedSecondsAgo(60)
                     .build(),
                 {PodBuilder("s0").index(0).succeeded().build()},
                 {.created = {1},
                  .finalizersRemoved = {"s0"},
                  .active = 1,
                  .succeeded = 1,
                  .completedIndexes = "0"}});
    c.push_back({"failure beats success in the same sync",
                 JobBuilder()
                     .indexed(3)
                     .parallelism(3)
                     .backoffLimit(0)
                     .successRule(std::nullopt, 1)
                     .startedSecondsAgo(60)
                     .build(),
                 {PodBuilder("s0").index(0).succeeded().build(),
                  PodBuilder("f1").index(1).failed().build()},
                 {.finalizersRemoved = {"s0", "f1"},
                  .succeeded = 1,
                  .failed = 1,
                  .completedIndexes = "0",
                  .conditions = {{"FailureTarget", "BackoffLimitExceeded"},
                                 {"Failed", "BackoffLimitExceeded"}}}});
    c.push_back(
        {"an existing SuccessCriteriaMet becomes Complete once nothing terminates",
         JobBuilder()
             .indexed(3)
             .parallelism(3)
             .completedIndexes("0")
             .succeeded(1)
             .startedSecondsAgo(60)
             .condition("SuccessCriteriaMet", "SuccessPolicy", "Matched rules at index 0")
             .build(),
         {},
         {.succeeded = 1,
          .completedIndexes = "0",
          .conditions = {{"SuccessCriteriaMet", "SuccessPolicy"}, {"Complete", "SuccessPolicy"}}}});
    // ---- suspend ----
    c.push_back(
        {"suspending deletes every active pod without counting it and sets Suspended",
         JobBuilder().indexed(4).parallelism(2).suspend(true).startedSecondsAgo(60).build(),
         {PodBuilder("r0").index(0).running().build(), PodBuilder("r1").index(1).running().build()},
         {.deleted = {"r0", "r1"},
          .terminating = 2,
          .conditions = {{"Suspended", "JobSuspended"}}}});
    c.push_back({"a job created suspended has no startTime and no pods",
                 JobBuilder().indexed(4).parallelism(2).suspend(true).build(),
                 {},
                 {.conditions = {{"Suspended", "JobSuspended"}}, .requeueMs = kNoRequeue}});
    c.push_back({"resuming sets Suspended=False JobResumed and creates pods",
                 JobBuilder()
                     .indexed(4)
                     .parallelism(2)
                     .startedSecondsAgo(600)
                     .condition("Suspended", "JobSuspended", "Job suspended")
                     .build(),
                 {},
                 {.created = {0, 1}, .active = 2, .conditions = {{"Suspended", "JobResumed"}}}});
    c.push_back({"a deleted job is left alone: no creations, finalizers removed",
                 JobBuilder().indexed(4).parallelism(2).deleted().startedSecondsAgo(60).build(),
                 {PodBuilder("r0").index(0).running().build()},
                 {.finalizersRemoved = {"r0"}, .active = 1}});
    // ---- podReplacementPolicy ----
    c.push_back({"PRP TerminatingOrFailed: a terminating pod is replaced at once",
                 JobBuilder().indexed(2).parallelism(2).startedSecondsAgo(60).build(),
                 {PodBuilder("t").running().deleting().build()},
                 {.created = {0, 1},
                  .finalizersRemoved = {"t"},
                  .active = 2,
                  .failed = 0,
                  .terminating = 1}});
    c.push_back({"PRP Failed: a terminating pod keeps its slot and its index",
                 JobBuilder()
                     .indexed(2)
                     .parallelism(2)
                     .replacement(PodReplacementPolicy::Failed)
                     .startedSecondsAgo(60)
                     .build(),
                 {PodBuilder("t0").index(0).running().deleting().build()},
                 {.created = {1}, .active = 1, .terminating = 1}});
    // ---- NonIndexed (counts only) ----
    c.push_back({"NonIndexed work queue: parallelism pods, then complete after one success",
                 JobBuilder().nonIndexed(std::nullopt).parallelism(2).build(),
                 {},
                 {.created = {-1, -1}, .active = 2}});
    c.push_back({"NonIndexed work queue completes once a pod succeeded and none is active",
                 JobBuilder().nonIndexed(std::nullopt).parallelism(2).startedSecondsAgo(60).build(),
                 {PodBuilder("a").succeeded().build(),
                  PodBuilder("b").failed(1, 100).noFinalizer().build()},
                 {.finalizersRemoved = {"a"},
                  .succeeded = 1,
                  .conditions = {{"SuccessCriteriaMet", "CompletionsReached"},
                                 {"Complete", "CompletionsReached"}}}});
    c.push_back({"NonIndexed with completions counts successes by pod",
                 JobBuilder().nonIndexed(3).parallelism(2).startedSecondsAgo(60).build(),
                 {PodBuilder("a").succeeded().build(), PodBuilder("b").running().build()},
                 {.created = {-1}, .finalizersRemoved = {"a"}, .active = 2, .succeeded = 1}});
    // ---- foreign controllers and expectations ----
    {
        Case unsatisfied{
            "unsatisfied expectations: pods are deleted but the terminal condition waits",
            JobBuilder()
                .indexed(3)
                .parallelism(1)
                .activeDeadlineSeconds(10)
                .startedSecondsAgo(20)
                .build(),
            {PodBuilder("r0").index(0).running().build()},
            {.deleted = {"r0"}, .terminating = 1}};
        unsatisfied.options.expectationsSatisfied = false;
        c.push_back(unsatisfied);
        Case noManage{"unsatisfied expectations: nothing is created",
                      JobBuilder().indexed(3).parallelism(2).startedSecondsAgo(20).build(),
                      {},
                      {.active = 0}};
        noManage.options.expectationsSatisfied = false;
        c.push_back(noManage);
    }
    return c;
}

std::vector<std::string> deletedNames(const Plan& plan) {
    std::vector<std::string> names;
    for (const PodToDelete& d : plan.deletePods)
        names.push_back(d.name);
    return names;
}

void PrintTo(const Case& c, std::ostream* os) {
    *os << c.name;
}

class ReconcilerCase : public ::testing::TestWithParam<Case> {};

TEST_P(ReconcilerCase, PlansWhatTheJobControllerDoes) {
    const Case& c = GetParam();
    const Plan plan = reconcile(c.job, c.pods, kNow, c.options);
    const Expected& e = c.expected;

    std::vector<int32_t> created;
    for (const PodToCreate& p : plan.createPods)
        created.push_back(p.index);
    EXPECT_EQ(created, e.created);
    EXPECT_EQ(deletedNames(plan), e.deleted);
    EXPECT_EQ(plan.removeFinalizers, e.finalizersRemoved);
    EXPECT_EQ(plan.status.active, e.active);
    EXPECT_EQ(plan.status.succeeded, e.succeeded);
    EXPECT_EQ(plan.status.failed, e.failed);
    EXPECT_EQ(plan.status.terminating.value_or(-1), e.terminating);
    EXPECT_EQ(plan.status.completedIndexes, e.completedIndexes);
    EXPECT_EQ(plan.status.failedIndexes, e.failedIndexes);
    std::vector<std::pair<std::string, std::string>> conditions;
    for (const Condition& cond : plan.status.conditions)
        conditions.emplace_back(cond.type, cond.reason);
    EXPECT_EQ(conditions, e.conditions);
    if (e.requeueMs == kNoRequeue)
        EXPECT_FALSE(plan.requeueAfter.has_value());
    else if (e.requeueMs != kAnyRequeue) {
        ASSERT_TRUE(plan.requeueAfter.has_value());
        EXPECT_EQ(plan.requeueAfter->count(), e.requeueMs);
    }
    EXPECT_FALSE(plan.skipped);
}

std::string caseName(const ::testing::TestParamInfo<Case>& info) {
    std::string out;
    for (const char ch : std::string_view(info.param.name))
        if (std::isalnum(static_cast<unsigned char>(ch)))
            out.push_back(ch);
    return out.substr(0, 60) + "_" + std::to_string(info.index);
}

INSTANTIATE_TEST_SUITE_P(SyncJob, ReconcilerCase, ::testing::ValuesIn(cases()), caseName);

// The pods are handled by index, ties in input order (the finalizers go in that order). Enough
// pods for the reconciler's radix sort, in shuffled order, with repeated and unknown indexes.
TEST(ReconcilerOrder, ManyPodsAreHandledByIndexThenInputOrder) {
    std::mt19937_64 rng(7);
    std::vector<Pod> pods;
    std::vector<std::pair<int32_t, std::size_t>> expected; // (index, input position)
    for (std::size_t i = 0; i < 450; ++i) {
        const int32_t index = std::uniform_int_distribution<int32_t>(-1, 2999)(rng);
        PodBuilder p("p" + std::to_string(i));
        if (index >= 0)
            p.index(index);
        pods.push_back(p.succeeded().build());
        expected.emplace_back(index, i);
    }
    std::sort(expected.begin(), expected.end());
    std::vector<std::string> expectedNames;
    for (const auto& [index, position] : expected)
        expectedNames.push_back("p" + std::to_string(position));
    const Plan plan = reconcile(JobBuilder().indexed(3000).parallelism(0).build(), pods, kNow);
    EXPECT_EQ(plan.removeFinalizers, expectedNames);
}

// A sync cut short left a succeeded pod in uncountedTerminatedPods: this sync removes its
// finalizer and counts its index. The index set computed from the new pods leaves it out,
// so the status must not simply take that set.
TEST(ReconcilerUncounted, AnUncountedSucceededPodIsCountedWhenItsFinalizerGoes) {
    Job job = JobBuilder().indexed(3).parallelism(0).completedIndexes("2").succeeded(1).build();
    job.status.uncountedTerminatedPods = UncountedTerminatedPods{{"uid-a"}, {}};
    const std::vector<Pod> pods{PodBuilder("a").index(0).succeeded().build(),
                                PodBuilder("b").index(1).succeeded().build()};
    const Plan plan = reconcile(job, pods, kNow);
    EXPECT_EQ(plan.removeFinalizers, (std::vector<std::string>{"a", "b"}));
    EXPECT_EQ(plan.status.completedIndexes, "0-2");
    EXPECT_EQ(plan.status.succeeded, 3);
    EXPECT_EQ(plan.counts.podsSucceeded, 2);
}

// Its index is succeeded already in this sync, before the flush (every succeeded pod that still
// holds the finalizer counts, uncounted or not): no new pod is made for it.
TEST(ReconcilerUncounted, AnUncountedSucceededPodsIndexIsNotStartedAgain) {
    Job job = JobBuilder().indexed(3).parallelism(3).build();
    job.status.uncountedTerminatedPods = UncountedTerminatedPods{{"uid-a"}, {}};
    const std::vector<Pod> pods{PodBuilder("a").index(0).succeeded().build(),
                                PodBuilder("b").index(1).running().build()};
    const Plan plan = reconcile(job, pods, kNow);
    ASSERT_EQ(plan.createPods.size(), 1u);
    EXPECT_EQ(plan.createPods[0].index, 2);
    EXPECT_EQ(plan.status.completedIndexes, "0");
    EXPECT_EQ(plan.status.succeeded, 1);
}

} // namespace
