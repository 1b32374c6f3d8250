#include "codec/Decode.h"

#include "codec/Manifests.h"

#include <gtest/gtest.h>

using namespace tessera;
using namespace tessera::codec;

namespace {

std::string fixture(const std::string& name) {
    auto text = readTextFile(std::string(TESSERA_TEST_DATA_DIR) + "/" + name);
    EXPECT_TRUE(text.ok()) << name;
    return text.ok() ? *text : std::string();
}

// Instants used by the fixtures, computed independently (Python datetime, UTC).
constexpr int64_t k10h00m00s = 1795341600000; // 2026-11-22T10:00:00Z
constexpr int64_t k10h00m01s = 1795341601000;
constexpr int64_t k10h00m05s = 1795341605000;
constexpr int64_t k10h05m00s = 1795341900000;

int64_t ms(const std::optional<engine::TimePoint>& t) {
    return t ? engine::toUnixMillis(*t) : INT64_MIN;
}

TEST(DecodeJob, ReadsAnIndexedJobAsKubectlPrintsIt) {
    const auto r = decodeJob(fixture("valid_job_indexed.json"));
    ASSERT_TRUE(r.ok()) << r.error().describe();
    const engine::Job& job = r->job;
    EXPECT_EQ(job.metadata.name, "render-frames");
    EXPECT_EQ(job.metadata.namespace_, "batch");
    EXPECT_EQ(job.metadata.uid, "6f1c2b9e-8a4d-4f3e-9b21-0c5d7e8f9a10");
    EXPECT_EQ(job.metadata.resourceVersion, "48190");
    EXPECT_EQ(ms(job.metadata.creationTimestamp), k10h00m00s);
    EXPECT_FALSE(job.metadata.deletionTimestamp.has_value());

    const engine::JobSpec& s = job.spec;
    EXPECT_EQ(s.parallelism, 8);
    EXPECT_EQ(s.completions, 100);
    EXPECT_EQ(s.completionMode, engine::CompletionMode::Indexed);
    EXPECT_EQ(s.activeDeadlineSeconds, 7200);
    EXPECT_EQ(s.backoffLimit, 2147483647);
    EXPECT_EQ(s.backoffLimitPerIndex, 2);
    EXPECT_EQ(s.maxFailedIndexes, 10);
    EXPECT_EQ(s.suspend, false);
    EXPECT_EQ(s.podReplacementPolicy, engine::PodReplacementPolicy::Failed);
    EXPECT_FALSE(s.managedBy.has_value());
    EXPECT_EQ(s.ttlSecondsAfterFinished, 3600);

    ASSERT_TRUE(s.podFailurePolicy.has_value());
    const auto& rules = s.podFailurePolicy->rules;
    ASSERT_EQ(rules.size(), 3u);
    EXPECT_EQ(rules[0].action, engine::PodFailurePolicyAction::FailIndex);
    EXPECT_EQ(rules[0].actionName, "FailIndex");
    ASSERT_TRUE(rules[0].onExitCodes.has_value());
    EXPECT_EQ(rules[0].onExitCodes->containerName, "worker");
    EXPECT_EQ(rules[0].onExitCodes->op, engine::ExitCodesOperator::In);
    EXPECT_EQ(rules[0].onExitCodes->values, (std::vector<int32_t>{42, 43}));
    EXPECT_EQ(rules[1].action, engine::PodFailurePolicyAction::Ignore);
    EXPECT_FALSE(rules[1].onExitCodes.has_value());
    ASSERT_EQ(rules[1].onPodConditions.size(), 1u);
    EXPECT_EQ(rules[1].onPodConditions[0].type, "DisruptionTarget");
    EXPECT_EQ(rules[1].onPodConditions[0].status, engine::ConditionStatus::True);
    EXPECT_EQ(rules[2].action, engine::PodFailurePolicyAction::Count);
    EXPECT_FALSE(rules[2].onExitCodes->containerName.has_value());
    EXPECT_EQ(rules[2].onExitCodes->op, engine::ExitCodesOperator::NotIn);

    ASSERT_TRUE(s.successPolicy.has_value());
    ASSERT_EQ(s.successPolicy->rules.size(), 2u);
    EXPECT_EQ(s.successPolicy->rules[0].succeededIndexes, "0-9");
    EXPECT_EQ(s.successPolicy->rules[0].succeededCount, 5);
    EXPECT_FALSE(s.successPolicy->rules[1].succeededIndexes.has_value());
    EXPECT_EQ(s.successPolicy->rules[1].succeededCount, 90);

    const engine::PodTemplate& t = s.podTemplate;
    ASSERT_EQ(t.containers.size(), 2u);
    EXPECT_EQ(t.containers[0].name, "worker");
    EXPECT_FALSE(t.containers[0].definesCompletionIndexEnv);
    EXPECT_EQ(t.containers[1].name, "uploader");
    EXPECT_TRUE(t.containers[1].definesCompletionIndexEnv);
    ASSERT_EQ(t.initContainers.size(), 1u);
    EXPECT_EQ(t.initContainers[0].name, "fetch");
    EXPECT_EQ(t.restartPolicy, engine::RestartPolicy::Never);
    EXPECT_EQ(t.subdomain, "render");

    const engine::JobStatus& st = job.status;
    EXPECT_EQ(st.active, 8);
    EXPECT_EQ(st.succeeded, 48);
    EXPECT_EQ(st.failed, 3);
    EXPECT_EQ(st.terminating, 1);
    EXPECT_EQ(st.ready, 7);
    EXPECT_EQ(st.completedIndexes, "0-40,42,44-49");
    EXPECT_EQ(st.failedIndexes, "41,43");
    EXPECT_EQ(ms(st.startTime), k10h00m01s);
    EXPECT_FALSE(st.completionTime.has_value());
    ASSERT_TRUE(st.uncountedTerminatedPods.has_value());
    EXPECT_EQ(st.uncountedTerminatedPods->succeeded,
              std::vector<std::string>{"0c7e0d3c-1111-4a2b-8c3d-000000000050"});
    EXPECT_TRUE(st.uncountedTerminatedPods->failed.empty());
    ASSERT_EQ(st.conditions.size(), 1u);
    EXPECT_EQ(st.conditions[0].type, "Suspended");
    EXPECT_EQ(st.conditions[0].status, engine::ConditionStatus::False);
    EXPECT_EQ(st.conditions[0].reason, "JobResumed");
    EXPECT_EQ(st.conditions[0].message, "Job resumed");
    EXPECT_EQ(ms(st.conditions[0].lastTransitionTime), k10h05m00s);
}

TEST(DecodeJob, KeepsLabelsAnnotationsSelectorAndTheTemplateAsExtras) {
    const auto r = decodeJob(fixture("valid_job_indexed.json"));
    ASSERT_TRUE(r.ok()) << r.error().describe();
    EXPECT_EQ(r->meta.labels.at("team"), "vfx");
    EXPECT_EQ(r->meta.labels.at("batch.kubernetes.io/job-name"), "render-frames");
    EXPECT_EQ(r->meta.labels.size(), 6u);
    // \u escapes in the fixture are decoded: "frames \"A\" \u00e9\u00e8 \\ done"
    EXPECT_EQ(r->meta.annotations.at("tessera.io/note"), "frames \"A\" \xc3\xa9\xc3\xa8 \\ done");
    EXPECT_EQ(r->meta.generation, 2);
    EXPECT_EQ(r->manualSelector, false);
    EXPECT_EQ(r->selectorJson.front(), '{');
    EXPECT_NE(r->selectorJson.find("\"matchLabels\""), std::string::npos);
    ASSERT_EQ(r->containers.size(), 2u);
    EXPECT_EQ(r->containers[0].image, "registry.example.com/render/worker:2.4.1");
    EXPECT_EQ(r->initContainers.at(0).image, "busybox:1.36");

    // The template is kept verbatim, and reads as a pod.
    ASSERT_FALSE(r->templateJson.empty());
    EXPECT_EQ(r->templateJson.front(), '{');
    EXPECT_EQ(r->templateJson.back(), '}');
    const auto pod = decodePod(r->templateJson);
    ASSERT_TRUE(pod.ok()) << pod.error().describe();
    EXPECT_EQ(pod->meta.labels.at("app.kubernetes.io/name"), "render");
    EXPECT_EQ(pod->containers.size(), 2u);
    EXPECT_NE(pod->specJson.find("\"tolerations\""), std::string::npos);
}

TEST(DecodeJob, ReadsAFinishedNonIndexedJob) {
    const auto r = decodeJob(fixture("valid_job_complete.json"));
    ASSERT_TRUE(r.ok()) << r.error().describe();
    const engine::JobStatus& st = r->job.status;
    EXPECT_EQ(r->job.spec.completionMode, engine::CompletionMode::NonIndexed);
    EXPECT_EQ(r->job.spec.podReplacementPolicy, engine::PodReplacementPolicy::TerminatingOrFailed);
    ASSERT_EQ(st.conditions.size(), 2u);
    EXPECT_EQ(st.conditions[0].type, "SuccessCriteriaMet");
    EXPECT_EQ(st.conditions[1].type, "Complete");
    EXPECT_EQ(st.conditions[1].reason, "CompletionsReached");
    EXPECT_EQ(ms(st.completionTime), 1795248041000); // 2026-11-21T08:00:41Z
    EXPECT_EQ(st.succeeded, 1);
    EXPECT_EQ(st.active, 0);
    // "uncountedTerminatedPods": {} is present but empty
    ASSERT_TRUE(st.uncountedTerminatedPods.has_value());
    EXPECT_TRUE(st.uncountedTerminatedPods->succeeded.empty());
    EXPECT_TRUE(engine::isFinished(st));
}

TEST(DecodePod, ReadsARunningIndexedPod) {
    const auto r = decodePod(fixture("valid_pod_running.json"));
    ASSERT_TRUE(r.ok()) << r.error().describe();
    const engine::Pod& p = r->pod;
    EXPECT_EQ(p.metadata.name, "render-frames-3-x7k2p");
    EXPECT_EQ(p.metadata.uid, "a0b1c2d3-0000-4000-8000-000000000003");
    EXPECT_EQ(p.completionIndexAnnotation, "3");
    EXPECT_FALSE(p.failureCountAnnotation.has_value());
    EXPECT_TRUE(p.hasTrackingFinalizer);
    EXPECT_EQ(p.nodeName, "worker-2");
    EXPECT_EQ(p.hostname, "render-frames-3");
    EXPECT_EQ(p.phase, engine::PodPhase::Running);
    EXPECT_EQ(ms(p.startTime), k10h00m05s);
    ASSERT_EQ(p.conditions.size(), 5u);
    const engine::Condition* ready = engine::findCondition(p.conditions, "Ready");
    ASSERT_NE(ready, nullptr);
    EXPECT_EQ(ready->status, engine::ConditionStatus::True);
    EXPECT_FALSE(ready->lastProbeTime.has_value()); // null in the input
    ASSERT_EQ(p.containerStatuses.size(), 2u);
    const engine::ContainerStatus& worker = p.containerStatuses[1];
    EXPECT_EQ(worker.name, "worker");
    EXPECT_EQ(worker.state, engine::ContainerStateKind::Running);
    EXPECT_TRUE(worker.ready);
    EXPECT_EQ(worker.restartCount, 1);
    EXPECT_EQ(ms(worker.startedAt), 1795341608250); // 10:00:08.250Z
    ASSERT_EQ(p.initContainerStatuses.size(), 1u);
    EXPECT_EQ(p.initContainerStatuses[0].state, engine::ContainerStateKind::Terminated);
    EXPECT_EQ(p.initContainerStatuses[0].exitCode, 0);
    EXPECT_EQ(p.initContainerStatuses[0].reason, "Completed");

    // extras
    EXPECT_EQ(r->meta.labels.at("batch.kubernetes.io/job-completion-index"), "3");
    EXPECT_EQ(r->meta.annotations.at("kubectl.kubernetes.io/default-container"), "worker");
    EXPECT_EQ(r->meta.annotations.at("batch.kubernetes.io/job-completion-index"), "3");
    EXPECT_EQ(r->meta.generateName, "render-frames-3-");
    ASSERT_EQ(r->meta.ownerReferences.size(), 1u);
    EXPECT_EQ(r->meta.ownerReferences[0].kind, "Job");
    EXPECT_EQ(r->meta.ownerReferences[0].controller, true);
    EXPECT_EQ(r->meta.finalizers, std::vector<std::string>{"batch.kubernetes.io/job-tracking"});
    EXPECT_EQ(r->podIP, "10.244.2.13");
    EXPECT_EQ(r->hostIP, "10.0.0.12");
    EXPECT_EQ(r->qosClass, "Burstable");
    ASSERT_EQ(r->containers.size(), 2u);
    EXPECT_EQ(r->containers[1].image, "registry.example.com/render/uploader:1.0");
    EXPECT_NE(r->specJson.find("\"volumes\""), std::string::npos);
    EXPECT_EQ(r->specJson.back(), '}');
}

TEST(DecodePod, ReadsAFailedPodWithTerminatedContainers) {
    const auto r = decodePod(fixture("valid_pod_failed.json"));
    ASSERT_TRUE(r.ok()) << r.error().describe();
    const engine::Pod& p = r->pod;
    EXPECT_EQ(p.phase, engine::PodPhase::Failed);
    EXPECT_FALSE(p.hasTrackingFinalizer); // no finalizers in the object
    EXPECT_EQ(p.completionIndexAnnotation, "41");
    EXPECT_EQ(p.failureCountAnnotation, "1");
    EXPECT_EQ(p.ignoredFailureCountAnnotation, "0");
    EXPECT_EQ(ms(p.metadata.deletionTimestamp), 1795341820000); // 10:03:40Z
    EXPECT_EQ(p.metadata.deletionGracePeriodSeconds, 30);
    EXPECT_EQ(p.reason, "Evicted");
    EXPECT_EQ(p.message, "The node was low on resource: memory.");
    ASSERT_FALSE(p.conditions.empty());
    EXPECT_EQ(p.conditions[0].type, "DisruptionTarget");
    EXPECT_EQ(p.conditions[0].reason, "EvictionByEvictionAPI");

    ASSERT_EQ(p.containerStatuses.size(), 2u);
    const engine::ContainerStatus& worker = p.containerStatuses[1];
    EXPECT_EQ(worker.state, engine::ContainerStateKind::Terminated);
    EXPECT_EQ(worker.exitCode, 137);
    EXPECT_EQ(worker.signal, 9);
    EXPECT_EQ(worker.reason, "OOMKilled");
    EXPECT_EQ(worker.message, "memory limit 2Gi exceeded\nkilled");
    EXPECT_EQ(ms(worker.startedAt), 1795334408000);  // 10:00:08+02:00 = 08:00:08Z
    EXPECT_EQ(ms(worker.finishedAt), 1795341789123); // 10:03:09.123456789Z, truncated
    EXPECT_FALSE(p.containerStatuses[0].signal.has_value());
}

TEST(DecodePodList, ReadsItemsResourceVersionAndContinueToken) {
    const auto r = decodePodList(fixture("valid_podlist_render_frames.json"));
    ASSERT_TRUE(r.ok()) << r.error().describe();
    EXPECT_EQ(r->metadata.resourceVersion, "48220");
    EXPECT_EQ(r->metadata.continueToken.substr(0, 10), "eyJ2IjoibW");
    EXPECT_EQ(r->metadata.remainingItemCount, 97);
    ASSERT_EQ(r->items.size(), 3u);
    EXPECT_EQ(r->items[0].pod.metadata.name, "render-frames-3-x7k2p");
    EXPECT_EQ(r->items[1].pod.phase, engine::PodPhase::Failed);
    const engine::Pod& pending = r->items[2].pod;
    EXPECT_EQ(pending.phase, engine::PodPhase::Pending);
    EXPECT_EQ(pending.nodeName, "");
    EXPECT_TRUE(pending.containerStatuses.empty()); // null in the input
    EXPECT_FALSE(pending.startTime.has_value());
    EXPECT_EQ(pending.conditions.at(0).reason, "Unschedulable");
}

TEST(DecodePodList, ReadsEmptyAndNullItems) {
    for (const char* json : {R"({"kind": "PodList", "items": []})", R"({"items": null})",
                             R"({"metadata": {"resourceVersion": "9"}})"}) {
        const auto r = decodePodList(json);
        ASSERT_TRUE(r.ok()) << json << ": " << r.error().describe();
        EXPECT_TRUE(r->items.empty()) << json;
    }
}

TEST(DecodeJobList, AcceptsKindListAndReadsEveryJob) {
    const auto r = decodeJobList(fixture("valid_joblist.json"));
    ASSERT_TRUE(r.ok()) << r.error().describe();
    ASSERT_EQ(r->items.size(), 2u);
    EXPECT_EQ(r->items[0].job.metadata.name, "render-frames");
    EXPECT_EQ(r->items[1].job.metadata.name, "pi");
    EXPECT_EQ(r->metadata.resourceVersion, "");
}

TEST(DecodeWatchEvent, ReadsAddedModifiedAndDeletedEvents) {
    const auto added = decodePodWatchEvent(
        R"({"type":"ADDED","object":{"kind":"Pod","apiVersion":"v1","metadata":{"name":"a-0-x","resourceVersion":"101","annotations":{"batch.kubernetes.io/job-completion-index":"0"}},"status":{"phase":"Running"}}})");
    ASSERT_TRUE(added.ok()) << added.error().describe();
    EXPECT_EQ(added->type, WatchEventType::Added);
    EXPECT_EQ(added->resourceVersion, "101");
    EXPECT_EQ(added->object.pod.metadata.name, "a-0-x");
    EXPECT_EQ(added->object.pod.completionIndexAnnotation, "0");
    EXPECT_EQ(added->object.pod.phase, engine::PodPhase::Running);

    const auto deleted = decodeJobWatchEvent(
        R"({"type":"DELETED","object":{"kind":"Job","metadata":{"name":"j","resourceVersion":"7"},"spec":{"parallelism":3}}})");
    ASSERT_TRUE(deleted.ok()) << deleted.error().describe();
    EXPECT_EQ(deleted->type, WatchEventType::Deleted);
    EXPECT_EQ(deleted->object.job.spec.parallelism, 3);
    EXPECT_EQ(deleted->resourceVersion, "7");
}

TEST(DecodeWatchEvent, ReadsTheObjectEvenWhenItComesBeforeTheType) {
    const auto e = decodePodWatchEvent(
        R"({"object":{"metadata":{"name":"p","resourceVersion":"55"},"status":{"phase":"Succeeded"}},"type":"MODIFIED"})");
    ASSERT_TRUE(e.ok()) << e.error().describe();
    EXPECT_EQ(e->type, WatchEventType::Modified);
    EXPECT_EQ(e->object.pod.phase, engine::PodPhase::Succeeded);
    EXPECT_EQ(e->resourceVersion, "55");

    const auto err = decodePodWatchEvent(
        R"({"object":{"kind":"Status","status":"Failure","code":410,"reason":"Expired"},"type":"ERROR"})");
    ASSERT_TRUE(err.ok()) << err.error().describe();
    EXPECT_EQ(err->status.code, 410);
}

TEST(DecodeWatchEvent, ReadsBookmarksAndErrors) {
    const auto bookmark = decodePodWatchEvent(
        R"({"type":"BOOKMARK","object":{"kind":"Pod","apiVersion":"v1","metadata":{"resourceVersion":"12746","creationTimestamp":null,"annotations":{"k8s.io/initial-events-end":"true"}}}})");
    ASSERT_TRUE(bookmark.ok()) << bookmark.error().describe();
    EXPECT_EQ(bookmark->type, WatchEventType::Bookmark);
    EXPECT_EQ(bookmark->resourceVersion, "12746");

    const auto error = decodeJobWatchEvent(
        R"j({"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"too old resource version: 100 (48000)","reason":"Expired","code":410}})j");
    ASSERT_TRUE(error.ok()) << error.error().describe();
    EXPECT_EQ(error->type, WatchEventType::Error);
    EXPECT_EQ(error->status.code, 410);
    EXPECT_EQ(error->status.reason, "Expired");
    EXPECT_EQ(error->status.status, "Failure");
    EXPECT_EQ(error->status.message, "too old resource version: 100 (48000)");
}

TEST(DecodeWatchEvent, RejectsUnknownTypesAndMissingParts) {
    const auto unknown = decodePodWatchEvent(R"({"type":"CHANGED","object":{}})");
    ASSERT_FALSE(unknown.ok());
    EXPECT_EQ(unknown.error().field, "type");
    EXPECT_NE(unknown.error().message.find("CHANGED"), std::string::npos);

    const auto noObject = decodePodWatchEvent(R"({"type":"ADDED"})");
    ASSERT_FALSE(noObject.ok());
    EXPECT_EQ(noObject.error().field, "object");
}

TEST(DecodeStatus, ReadsAnApiErrorBody) {
    const auto s = decodeStatus(
        R"({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"jobs.batch \"x\" not found","reason":"NotFound","details":{"name":"x","group":"batch","kind":"jobs"},"code":404})");
    ASSERT_TRUE(s.ok()) << s.error().describe();
    EXPECT_EQ(s->code, 404);
    EXPECT_EQ(s->reason, "NotFound");
    EXPECT_EQ(s->message, "jobs.batch \"x\" not found");
}

TEST(DecodeStatus, ReadsTheCausesOfAnInvalidObject) {
    const auto s = decodeStatus(
        R"({"kind":"Status","status":"Failure","message":"Job.batch \"x\" is invalid","reason":"Invalid","details":{"name":"x","causes":[{"reason":"FieldValueInvalid","message":"Invalid value: -1: must be greater than or equal to 0","field":"spec.parallelism"},{"reason":"FieldValueRequired","message":"Required value"}]},"code":422})");
    ASSERT_TRUE(s.ok()) << s.error().describe();
    ASSERT_EQ(s->causes.size(), 2u);
    EXPECT_EQ(s->causes[0].field, "spec.parallelism");
    EXPECT_EQ(s->causes[0].type, "FieldValueInvalid");
    EXPECT_EQ(s->causes[0].message, "Invalid value: -1: must be greater than or equal to 0");
    EXPECT_EQ(s->causes[1].field, "");
    EXPECT_EQ(s->causes[1].message, "Required value");
}

TEST(DecodeReconcileInput, ReadsJobPodsAndNow) {
    const auto r = decodeReconcileInput(R"({
        "now": "2026-11-22T10:05:00Z",
        "job": {"metadata": {"name": "j"}, "spec": {"completions": 3, "parallelism": 2, "completionMode": "Indexed"}},
        "pods": [
            {"metadata": {"name": "j-0-a", "annotations": {"batch.kubernetes.io/job-completion-index": "0"},
                          "finalizers": ["batch.kubernetes.io/job-tracking"]},
             "status": {"phase": "Succeeded"}},
            {"metadata": {"name": "j-1-b"}, "status": {"phase": "Running"}}
        ],
        "comment": "ignored"
    })");
    ASSERT_TRUE(r.ok()) << r.error().describe();
    EXPECT_EQ(r->job.metadata.name, "j");
    EXPECT_EQ(r->job.spec.completions, 3);
    ASSERT_EQ(r->pods.size(), 2u);
    EXPECT_EQ(r->pods[0].completionIndexAnnotation, "0");
    EXPECT_TRUE(r->pods[0].hasTrackingFinalizer);
    EXPECT_EQ(r->pods[0].phase, engine::PodPhase::Succeeded);
    EXPECT_FALSE(r->pods[1].completionIndexAnnotation.has_value());
    EXPECT_FALSE(r->pods[1].hasTrackingFinalizer);
    EXPECT_EQ(ms(r->now), k10h05m00s);
}

TEST(DecodeReconcileInput, LeavesNowUnsetWhenAbsentAndNeedsAJob) {
    const auto r = decodeReconcileInput(R"({"job": {"metadata": {"name": "j"}}})");
    ASSERT_TRUE(r.ok()) << r.error().describe();
    EXPECT_FALSE(r->now.has_value());
    EXPECT_TRUE(r->pods.empty());

    const auto noJob = decodeReconcileInput(R"({"pods": []})");
    ASSERT_FALSE(noJob.ok());
    EXPECT_EQ(noJob.error().field, "job");
}

TEST(Decode, IgnoresUnknownFieldsAndTreatsNullAsMissing) {
    const auto r = decodeJob(R"({
        "apiVersion": "batch/v1", "kind": "Job", "futureField": {"deep": [1, {"x": null}]},
        "metadata": {"name": "j", "namespace": null, "labels": null, "creationTimestamp": null},
        "spec": {"parallelism": null, "completions": 4, "podFailurePolicy": null,
                 "template": {"spec": {"containers": [{"name": "c", "env": null, "ports": [{"containerPort": 80}]}]}}},
        "status": null
    })");
    ASSERT_TRUE(r.ok()) << r.error().describe();
    EXPECT_EQ(r->job.metadata.name, "j");
    EXPECT_EQ(r->job.metadata.namespace_, "");
    EXPECT_FALSE(r->job.metadata.creationTimestamp.has_value());
    EXPECT_FALSE(r->job.spec.parallelism.has_value());
    EXPECT_EQ(r->job.spec.completions, 4);
    EXPECT_FALSE(r->job.spec.podFailurePolicy.has_value());
    EXPECT_EQ(r->job.spec.podTemplate.containers.at(0).name, "c");
    EXPECT_EQ(r->job.status.active, 0);
}

TEST(Decode, ReadsKeysInAnyOrderAndKeysWithEscapes) {
    const auto r = decodePod(
        R"({"status":{"phase":"Failed"},"spec":{"nodeName":"n1"},"metadata":{"annotations":{"batch.kubernetes.io\/job-completion-index":"5"},"name":"p\u00e9"}})");
    ASSERT_TRUE(r.ok()) << r.error().describe();
    EXPECT_EQ(r->pod.phase, engine::PodPhase::Failed);
    EXPECT_EQ(r->pod.nodeName, "n1");
    EXPECT_EQ(r->pod.completionIndexAnnotation, "5");
    EXPECT_EQ(r->pod.metadata.name, "p\xc3\xa9");
}

// ---- errors ----

struct ErrorCase {
    const char* name;
    const char* json;
    const char* field;
    const char* message; // a substring of the message
    long line;
    long column;
};

class DecodeJobRejects : public testing::TestWithParam<ErrorCase> {};

TEST_P(DecodeJobRejects, WithTheJsonPathAndPosition) {
    const ErrorCase& c = GetParam();
    const auto r = decodeJob(c.json);
    ASSERT_FALSE(r.ok()) << c.name;
    EXPECT_EQ(r.error().field, c.field) << c.name;
    EXPECT_NE(r.error().message.find(c.message), std::string::npos)
        << c.name << ": " << r.error().message;
    EXPECT_EQ(r.error().line, c.line) << c.name;
    EXPECT_EQ(r.error().column, c.column) << c.name;
}

INSTANTIATE_TEST_SUITE_P(
    Decode, DecodeJobRejects,
    testing::Values(
        ErrorCase{"string for int", R"({"spec": {"parallelism": "2"}})", "spec.parallelism",
                  "expected an integer, got a string \"2\"", 1, 26},
        ErrorCase{"float for int", R"({"spec": {"completions": 1.5}})", "spec.completions",
                  "expected an integer, got a number 1.5", 1, 26},
        ErrorCase{"int32 overflow", R"({"spec": {"backoffLimit": 3000000000}})",
                  "spec.backoffLimit", "expected a 32-bit integer, got a number 3000000000", 1, 27},
        ErrorCase{"bool for int", "{\n  \"status\": {\n    \"active\": true\n  }\n}",
                  "status.active", "expected an integer, got a boolean", 3, 15},
        ErrorCase{"object for string", R"({"metadata": {"name": {"x": 1}}})", "metadata.name",
                  "expected a string, got an object", 1, 23},
        ErrorCase{"array for object", R"({"spec": []})", "spec", "expected an object, got an array",
                  1, 10},
        ErrorCase{"bad time", R"({"metadata": {"creationTimestamp": "yesterday"}})",
                  "metadata.creationTimestamp", "RFC 3339", 1, 36},
        ErrorCase{"unknown completion mode", R"({"spec": {"completionMode": "Sharded"}})",
                  "spec.completionMode", "unknown value \"Sharded\"", 1, 29},
        ErrorCase{"unknown restart policy",
                  R"({"spec": {"template": {"spec": {"restartPolicy": "Sometimes"}}}})",
                  "spec.template.spec.restartPolicy", "Never, OnFailure or Always", 1, 50},
        ErrorCase{"condition status",
                  R"({"status": {"conditions": [{"type": "Complete", "status": "Yes"}]}})",
                  "status.conditions[0].status", "True, False or Unknown", 1, 59},
        ErrorCase{
            "exit code value",
            R"({"spec": {"podFailurePolicy": {"rules": [{"action": "Count", "onExitCodes": {"values": [1, "2"]}}]}}})",
            "spec.podFailurePolicy.rules[0].onExitCodes.values[1]",
            "expected an integer, got a string", 1, 92},
        ErrorCase{"label value", R"({"metadata": {"labels": {"app.kubernetes.io/name": 5}}})",
                  "metadata.labels[\"app.kubernetes.io/name\"]", "expected a string, got a number",
                  1, 52},
        ErrorCase{"wrong kind", R"({"kind": "Pod"})", "kind", "expected kind Job, got Pod", 1, 10},
        ErrorCase{"root not an object", R"([1, 2])", "", "expected an object, got an array", 1, 1}),
    [](const testing::TestParamInfo<ErrorCase>& param) {
        std::string n = param.param.name;
        for (char& c : n)
            if (c == ' ')
                c = '_';
        return n;
    });

TEST(Decode, NamesTheFullPathIntoAReconcileInput) {
    const auto r = decodeReconcileInput(fixture("broken_reconcile_exitcode.json"));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().field, "pods[12].status.containerStatuses[0].state.terminated.exitCode");
    EXPECT_EQ(r.error().message, "expected an integer, got a string \"1\"");
    // one pod per line after the job: pod 12 is on line 17, its exit code at column 375
    EXPECT_EQ(r.error().line, 17);
    EXPECT_EQ(r.error().column, 375);
    EXPECT_EQ(r.error().describe(),
              "pods[12].status.containerStatuses[0].state.terminated.exitCode: expected an "
              "integer, got a string \"1\" (at line 17, column 375)");
}

TEST(Decode, ReportsMalformedJsonWithAPosition) {
    const auto truncated = decodePod(fixture("broken_pod_truncated.json"));
    ASSERT_FALSE(truncated.ok());
    EXPECT_NE(truncated.error().message.find("invalid JSON"), std::string::npos)
        << truncated.error().message;

    const auto badValue = decodePod(R"({"metadata": {"name": tru}})");
    ASSERT_FALSE(badValue.ok());
    EXPECT_EQ(badValue.error().field, "metadata.name");
    EXPECT_EQ(badValue.error().message, "invalid JSON: unexpected tru");
    EXPECT_EQ(badValue.error().column, 23);

    const auto empty = decodePod("   ");
    ASSERT_FALSE(empty.ok());
    EXPECT_EQ(empty.error().message, "the document is empty");

    const auto trailing = decodePod(R"({"metadata": {}} {"x": 1})");
    ASSERT_FALSE(trailing.ok());
}

TEST(Decode, ReportsTheFirstPodErrorInAList) {
    const auto r = decodePodList(
        R"({"kind": "PodList", "items": [{"status": {"phase": "Running"}}, {"status": {"phase": "Sleeping"}}]})");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().field, "items[1].status.phase");
    EXPECT_NE(r.error().message.find("Pending, Running, Succeeded, Failed or Unknown"),
              std::string::npos);

    const auto wrongKind = decodePodList(R"({"kind": "JobList", "items": []})");
    ASSERT_FALSE(wrongKind.ok());
    EXPECT_EQ(wrongKind.error().field, "kind");
}

TEST(Decode, ReportsColumnsInCharactersNotBytes) {
    // "é" is two bytes; the column of the bad value counts it once.
    const auto r = decodePod("{\"metadata\": {\"name\": \"\xc3\xa9\", \"uid\": 7}}");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().field, "metadata.uid");
    EXPECT_EQ(r.error().column, 35);
}

} // namespace
