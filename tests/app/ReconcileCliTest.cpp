// `tessera reconcile` end to end: a document in the shapes `kubectl get -o json` prints, one sync,
// the plan read back as JSON. The expected plans follow the job controller
// (job-controller-spec.md).
#include "Subprocess.h"

#include <gtest/gtest.h>
#include <simdjson.h>
#include <string>
#include <vector>

using tessera::testing::runTessera;

namespace {

// A pod as `kubectl get pods -o json` shows a Job's: controlled by the job `ownerUid` (none:
// an orphan), with the labels the controller stamps. `extraMeta` goes into its metadata.
std::string pod(const std::string& name, int index, const std::string& phase,
                const std::string& containerState, const std::string& ownerUid = "job-uid",
                const std::string& extraMeta = {}) {
    const std::string owner =
        ownerUid.empty()
            ? std::string()
            : R"("ownerReferences": [{"apiVersion": "batch/v1", "kind": "Job", "name": "render",
                 "uid": ")" +
                  ownerUid + R"(", "controller": true, "blockOwnerDeletion": true}],)";
    return R"({"metadata": {"name": ")" + name + R"(", "namespace": "default", "uid": "uid-)" +
           name + R"(", )" + owner + extraMeta +
           R"( "labels": {"batch.kubernetes.io/controller-uid": ")" +
           (ownerUid.empty() ? std::string("job-uid") : ownerUid) +
           R"(", "batch.kubernetes.io/job-name": "render"},
              "creationTimestamp": "2026-11-22T09:50:00Z", "finalizers": ["batch.kubernetes.io/job-tracking"],
              "annotations": {"batch.kubernetes.io/job-completion-index": ")" +
           std::to_string(index) +
           R"("}}, "spec": {"nodeName": "node-a", "containers": [{"name": "main", "image": "busybox"}]},
           "status": {"phase": ")" +
           phase + R"(", "containerStatuses": [{"name": "main", "state": )" + containerState +
           "}]}}";
}

std::string document(const std::vector<std::string>& pods, const std::string& now) {
    std::string joined;
    for (const auto& p : pods)
        joined += (joined.empty() ? "" : ",") + p;
    return R"({"job": {"apiVersion": "batch/v1", "kind": "Job",
      "metadata": {"name": "render", "namespace": "default", "uid": "job-uid"},
      "spec": {"completions": 5, "parallelism": 3, "completionMode": "Indexed", "backoffLimit": 6,
               "template": {"spec": {"restartPolicy": "Never", "containers": [{"name": "main", "image": "busybox"}]}}},
      "status": {"startTime": "2026-11-22T09:50:00Z", "active": 2}},
      "pods": [)" +
           joined + R"(], "now": ")" + now + R"("})";
}

const std::string kRunning = R"({"running": {"startedAt": "2026-11-22T09:51:00Z"}})";
const std::string kSucceeded =
    R"({"terminated": {"exitCode": 0, "reason": "Completed", "finishedAt": "2026-11-22T09:55:00Z"}})";
const std::string kFailedAt0956 =
    R"({"terminated": {"exitCode": 3, "reason": "Error", "finishedAt": "2026-11-22T09:56:00Z"}})";

std::vector<int64_t> createdIndexes(simdjson::dom::element plan) {
    std::vector<int64_t> out;
    for (simdjson::dom::element c : plan["createPods"].get_array())
        out.push_back(c["index"].get_int64());
    return out;
}

TEST(ReconcileCli, PrintsThePlanOfOneSync) {
    const std::string input = document({pod("render-0-abcde", 0, "Succeeded", kSucceeded),
                                        pod("render-1-fghjk", 1, "Running", kRunning)},
                                       "2026-11-22T10:00:00Z");
    const auto r = runTessera({"reconcile", "-"}, input);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    simdjson::dom::parser parser;
    simdjson::dom::element plan = parser.parse(r.out);

    EXPECT_EQ(createdIndexes(plan), (std::vector<int64_t>{2, 3}));
    simdjson::dom::element first = plan["createPods"].at(0);
    EXPECT_EQ(std::string_view(first["hostname"]), "render-2");
    EXPECT_EQ(std::string_view(first["generateName"]), "render-2-");
    EXPECT_EQ(std::string_view(first["name"]).substr(0, 9), "render-2-");
    EXPECT_EQ(std::string_view(first["name"]).size(), 14u);
    EXPECT_EQ(std::string_view(first["annotations"]["batch.kubernetes.io/job-completion-index"]),
              "2");

    simdjson::dom::element status = plan["status"];
    EXPECT_EQ(std::string_view(status["completedIndexes"]), "0");
    EXPECT_EQ(int64_t(status["succeeded"]), 1);
    EXPECT_EQ(int64_t(status["active"]), 3);
    EXPECT_EQ(std::string_view(plan["removeFinalizers"].at(0)), "render-0-abcde");
    EXPECT_TRUE(plan["requeueAfterSeconds"].is_null());
    EXPECT_EQ(plan["deletePods"].get_array().size(), 0u);
    EXPECT_EQ(std::string_view(plan["events"].at(0)["reason"]), "SuccessfulCreate");
}

TEST(ReconcileCli, ReportsTheRetryDelayFromTheFailedPodsFinishTime) {
    // Failed at 09:56:00, now 09:56:04: the first retry waits 10 s, so 6 s remain.
    const std::string input = document({pod("render-0-abcde", 0, "Failed", kFailedAt0956),
                                        pod("render-1-fghjk", 1, "Running", kRunning),
                                        pod("render-2-lmnpq", 2, "Running", kRunning)},
                                       "2026-11-22T09:56:04Z");
    const auto r = runTessera({"reconcile"}, input);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    simdjson::dom::parser parser;
    simdjson::dom::element plan = parser.parse(r.out);
    EXPECT_TRUE(createdIndexes(plan).empty());
    EXPECT_DOUBLE_EQ(double(plan["requeueAfterSeconds"]), 6.0);
    EXPECT_EQ(int64_t(plan["status"]["failed"]), 1);
    EXPECT_EQ(int64_t(plan["status"]["active"]), 2);
}

TEST(ReconcileCli, NowOptionOverridesTheDocument) {
    const std::string input =
        document({pod("render-0-abcde", 0, "Failed", kFailedAt0956)}, "2026-11-22T09:56:04Z");
    const auto r = runTessera({"reconcile", "--now", "2026-11-22T09:56:30Z"}, input);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    simdjson::dom::parser parser;
    simdjson::dom::element plan = parser.parse(r.out);
    // 30 s after the failure the delay has elapsed: index 0 is recreated with the others.
    EXPECT_EQ(createdIndexes(plan), (std::vector<int64_t>{0, 1, 2}));
}

TEST(ReconcileCli, ARecreatedJobAdoptsNoneOfItsPredecessorsPods) {
    // The Job "render" was deleted and created again (uid job-uid); its predecessor's pods are
    // still there: controlled by old-uid, labelled with it and with the job name.
    const std::string input =
        document({pod("render-0-abcde", 0, "Succeeded", kSucceeded, "old-uid"),
                  pod("render-1-fghjk", 1, "Succeeded", kSucceeded, "old-uid"),
                  pod("render-2-lmnpq", 2, "Running", kRunning, "old-uid")},
                 "2026-11-22T10:00:00Z");
    const auto r = runTessera({"reconcile"}, input);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    simdjson::dom::parser parser;
    simdjson::dom::element plan = parser.parse(r.out);
    // None is counted, none loses its finalizer: the new job starts from scratch (the status
    // omits what is empty or zero).
    EXPECT_TRUE(plan["status"]["completedIndexes"].error()) << r.out;
    EXPECT_EQ(int64_t(plan["status"]["succeeded"]), 0);
    EXPECT_EQ(plan["removeFinalizers"].get_array().size(), 0u);
    EXPECT_EQ(createdIndexes(plan), (std::vector<int64_t>{0, 1, 2}));
    EXPECT_NE(r.err.find("3 pod(s) are not job uid job-uid's"), std::string::npos) << r.err;
}

TEST(ReconcileCli, OrphansMatchingTheSelectorAreAdoptedUnlessBeingDeleted) {
    // No controller reference: adopted as the controller-ref manager would, when the selector
    // (controller-uid=job-uid) matches and the pod is not going away.
    const std::string input = document({pod("render-0-abcde", 0, "Succeeded", kSucceeded, ""),
                                        pod("render-1-fghjk", 1, "Succeeded", kSucceeded, "",
                                            R"("deletionTimestamp": "2026-11-22T09:59:00Z",)")},
                                       "2026-11-22T10:00:00Z");
    const auto r = runTessera({"reconcile"}, input);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    simdjson::dom::parser parser;
    simdjson::dom::element plan = parser.parse(r.out);
    EXPECT_EQ(std::string_view(plan["status"]["completedIndexes"]), "0");
    EXPECT_NE(r.err.find("1 orphan pod(s) match the selector and are adopted"), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("1 pod(s) are not job uid job-uid's"), std::string::npos) << r.err;
}

TEST(ReconcileCli, SameInputGivesTheSamePlan) {
    const std::string input =
        document({pod("render-1-fghjk", 1, "Running", kRunning)}, "2026-11-22T10:00:00Z");
    const auto a = runTessera({"reconcile"}, input);
    const auto b = runTessera({"reconcile"}, input);
    ASSERT_EQ(a.exitCode, 0) << a.err;
    EXPECT_EQ(a.out, b.out);
}

} // namespace
