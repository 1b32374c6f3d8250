#include "codec/Encode.h"

#include "ModelEquality.h"
#include "codec/Decode.h"
#include "codec/Manifests.h"

#include <gtest/gtest.h>
#include <simdjson.h>

using namespace tessera;
using namespace tessera::codec;
using tessera::testing::expectSameJob;
using tessera::testing::expectSamePod;

namespace {

std::string fixture(const std::string& name) {
    auto text = readTextFile(std::string(TESSERA_TEST_DATA_DIR) + "/" + name);
    EXPECT_TRUE(text.ok()) << name;
    return text.ok() ? *text : std::string();
}

// An independent reader for the written JSON.
simdjson::dom::element parseDom(simdjson::dom::parser& parser, const std::string& json) {
    simdjson::dom::element e;
    const auto err = parser.parse(json).get(e);
    EXPECT_EQ(err, simdjson::SUCCESS) << json;
    return e;
}

std::string str(simdjson::dom::element e, std::string_view pointer) {
    std::string_view s;
    if (e.at_pointer(pointer).get_string().get(s) != simdjson::SUCCESS)
        return "<missing " + std::string(pointer) + ">";
    return std::string(s);
}

TEST(EncodeJob, RoundTripsAnIndexedJobWithEverythingItModels) {
    auto first = decodeJob(fixture("valid_job_indexed.json"));
    ASSERT_TRUE(first.ok()) << first.error().describe();
    const std::string written = encodeJob(*first);
    const auto second = decodeJob(written);
    ASSERT_TRUE(second.ok()) << second.error().describe() << "\n" << written;
    tessera::testing::floorTimesToSeconds(first->job);
    expectSameJob(first->job, second->job);
    EXPECT_EQ(first->meta, second->meta);
    EXPECT_EQ(first->templateJson, second->templateJson);
    EXPECT_EQ(first->selectorJson, second->selectorJson);
    EXPECT_EQ(first->manualSelector, second->manualSelector);
    EXPECT_EQ(first->containers, second->containers);
    EXPECT_EQ(first->initContainers, second->initContainers);
}

TEST(EncodeJob, RoundTripsAFinishedJob) {
    const auto first = decodeJob(fixture("valid_job_complete.json"));
    ASSERT_TRUE(first.ok()) << first.error().describe();
    const auto second = decodeJob(encodeJob(*first, 2));
    ASSERT_TRUE(second.ok()) << second.error().describe();
    expectSameJob(first->job, second->job);
}

TEST(EncodeJob, WritesAnApiShapedObject) {
    const auto job = decodeJob(fixture("valid_job_indexed.json"));
    ASSERT_TRUE(job.ok());
    simdjson::dom::parser parser;
    const auto doc = parseDom(parser, encodeJob(*job));
    EXPECT_EQ(str(doc, "/apiVersion"), "batch/v1");
    EXPECT_EQ(str(doc, "/kind"), "Job");
    EXPECT_EQ(str(doc, "/metadata/creationTimestamp"), "2026-11-22T10:00:00Z");
    EXPECT_EQ(str(doc, "/spec/completionMode"), "Indexed");
    EXPECT_EQ(str(doc, "/spec/template/spec/containers/0/image"),
              "registry.example.com/render/worker:2.4.1");
    EXPECT_EQ(str(doc, "/spec/template/spec/tolerations/0/key"), "gpu"); // kept verbatim
    EXPECT_EQ(str(doc, "/status/completedIndexes"), "0-40,42,44-49");
    EXPECT_EQ(str(doc, "/metadata/annotations/tessera.io~1note"),
              "frames \"A\" \xc3\xa9\xc3\xa8 \\ done");
}

TEST(EncodeJob, BuildsATemplateFromTheEngineModelWhenThereIsNoVerbatimOne) {
    engine::Job job;
    job.metadata.name = "sweep";
    job.spec.completions = 5;
    job.spec.parallelism = 2;
    job.spec.completionMode = engine::CompletionMode::Indexed;
    job.spec.podTemplate.containers = {{"main", false}, {"side", true}};
    job.spec.podTemplate.initContainers = {{"init", true}};
    job.spec.podTemplate.restartPolicy = engine::RestartPolicy::OnFailure;
    job.spec.podTemplate.subdomain = "workers";
    job.spec.successPolicy = engine::SuccessPolicy{{{std::string("0-2"), 2}}};
    job.status.completedIndexes = "1,3";
    job.status.succeeded = 2;

    JsonWriter w;
    writeJob(w, job);
    const auto back = decodeJob(w.text());
    ASSERT_TRUE(back.ok()) << back.error().describe() << "\n" << w.text();
    expectSameJob(job, back->job);
}

TEST(EncodePod, RoundTripsRunningAndFailedPods) {
    for (const char* name : {"valid_pod_running.json", "valid_pod_failed.json"}) {
        SCOPED_TRACE(name);
        auto first = decodePod(fixture(name));
        ASSERT_TRUE(first.ok()) << first.error().describe();
        const std::string written = encodePod(*first);
        const auto second = decodePod(written);
        ASSERT_TRUE(second.ok()) << second.error().describe() << "\n" << written;
        // the fixtures have sub-second container times, written back at seconds precision
        tessera::testing::floorTimesToSeconds(first->pod);
        expectSamePod(first->pod, second->pod);
        EXPECT_EQ(first->meta, second->meta);
        EXPECT_EQ(first->containers, second->containers);
        EXPECT_EQ(first->podIP, second->podIP);
        EXPECT_EQ(first->qosClass, second->qosClass);
    }
}

TEST(EncodePod, WritesTimesWithSecondsPrecisionLikeMetav1Time) {
    auto pod = decodePod(fixture("valid_pod_running.json"));
    ASSERT_TRUE(pod.ok());
    simdjson::dom::parser parser;
    const auto doc = parseDom(parser, encodePod(*pod));
    // the input has 2026-11-22T10:00:08.250Z
    EXPECT_EQ(str(doc, "/status/containerStatuses/1/state/running/startedAt"),
              "2026-11-22T10:00:08Z");
}

TEST(EncodePod, WritesTheEngineOwnedFieldsOverTheVerbatimSpecAndExtras) {
    auto pod = decodePod(fixture("valid_pod_running.json"));
    ASSERT_TRUE(pod.ok());
    pod->pod.nodeName = "worker-9";
    pod->pod.hasTrackingFinalizer = false;
    pod->pod.failureCountAnnotation = "2";
    pod->pod.phase = engine::PodPhase::Succeeded;

    simdjson::dom::parser parser;
    const auto doc = parseDom(parser, encodePod(*pod));
    EXPECT_EQ(str(doc, "/spec/nodeName"), "worker-9");
    EXPECT_EQ(str(doc, "/spec/hostname"), "render-frames-3");
    EXPECT_EQ(str(doc, "/spec/tolerations/0/key"), "gpu");
    EXPECT_EQ(str(doc, "/spec/containers/0/volumeMounts/0/mountPath"), "/scratch");
    EXPECT_EQ(str(doc, "/status/phase"), "Succeeded");
    EXPECT_EQ(str(doc, "/metadata/annotations/batch.kubernetes.io~1job-index-failure-count"), "2");
    EXPECT_EQ(str(doc, "/metadata/annotations/kubectl.kubernetes.io~1default-container"), "worker");
    simdjson::dom::element finalizers;
    EXPECT_NE(doc.at_pointer("/metadata/finalizers").get(finalizers), simdjson::SUCCESS)
        << "the tracking finalizer was the only one and is gone";

    // nodeName appears once: the verbatim one was replaced, not duplicated
    const std::string text = encodePod(*pod);
    EXPECT_EQ(text.find("\"nodeName\""), text.rfind("\"nodeName\""));
}

TEST(EncodePod, WritesAPodBuiltFromTheEngineModelOnly) {
    engine::Pod p;
    p.metadata.name = "j-0-abcde";
    p.completionIndexAnnotation = "0";
    p.hasTrackingFinalizer = true;
    p.hostname = "j-0";
    p.phase = engine::PodPhase::Failed;
    engine::ContainerStatus cs;
    cs.name = "main";
    cs.state = engine::ContainerStateKind::Terminated;
    cs.exitCode = 3;
    cs.reason = "Error";
    cs.finishedAt = engine::fromUnixMillis(1795341600000);
    p.containerStatuses.push_back(cs);

    JsonWriter w;
    writePod(w, p);
    const auto back = decodePod(w.text());
    ASSERT_TRUE(back.ok()) << back.error().describe() << "\n" << w.text();
    expectSamePod(p, back->pod);
}

TEST(EncodeStatus, WritesJobStatusAsKubernetesDoes) {
    engine::JobStatus s;
    s.active = 2;
    s.succeeded = 3;
    s.ready = 1;
    s.terminating = 0;
    s.completedIndexes = "0-2";
    s.failedIndexes = "";
    s.startTime = engine::fromUnixMillis(1795341600000);
    engine::Condition c;
    c.type = "FailureTarget";
    c.reason = "BackoffLimitExceeded";
    c.message = "Job has reached the specified backoff limit";
    c.lastProbeTime = engine::fromUnixMillis(1795341900000);
    c.lastTransitionTime = engine::fromUnixMillis(1795341900500);
    s.conditions.push_back(c);
    JsonWriter w;
    writeJobStatus(w, s);
    EXPECT_EQ(
        w.text(),
        R"({"conditions":[{"type":"FailureTarget","status":"True",)"
        R"("lastProbeTime":"2026-11-22T10:05:00Z","lastTransitionTime":"2026-11-22T10:05:00Z",)"
        R"("reason":"BackoffLimitExceeded","message":"Job has reached the specified backoff limit"}],)"
        R"("startTime":"2026-11-22T10:00:00Z","active":2,"succeeded":3,"failed":0,)"
        R"("terminating":0,"completedIndexes":"0-2","failedIndexes":"","ready":1})");
}

TEST(EncodeStatus, LeavesUnsetFieldsOutButAlwaysWritesTheCounters) {
    JsonWriter w;
    writeJobStatus(w, engine::JobStatus{});
    EXPECT_EQ(w.text(), R"({"active":0,"succeeded":0,"failed":0})");
}

TEST(EncodePlan, WritesTheReconcileContractInOrder) {
    engine::Plan plan;
    engine::PodToCreate create;
    create.index = 3;
    create.generateName = "job-3-";
    create.name = "job-3-k2x9q";
    create.hostname = "job-3";
    create.indexFailureCount = 1;
    plan.createPods.push_back(create);
    engine::PodToDelete del;
    del.name = "job-7-aaaaa";
    del.uid = "u7";
    del.index = 7;
    del.reason = engine::DeletionReason::ScaleDown;
    plan.deletePods.push_back(del);
    plan.removeFinalizers = {"job-1-bbbbb"};
    plan.status.active = 1;
    plan.events.push_back({"Normal", "SuccessfulCreate", "Created pod: job-3-k2x9q"});
    plan.requeueAfter = std::chrono::milliseconds(12500);
    plan.backoff.failuresAfterLastSuccess = 1;
    plan.backoff.lastFailureTime = engine::fromUnixMillis(1795341600000);

    JsonWriter w;
    writePlan(w, plan);
    EXPECT_EQ(
        w.text(),
        R"({"createPods":[{"index":3,"name":"job-3-k2x9q","hostname":"job-3","generateName":"job-3-",)"
        R"("annotations":{"batch.kubernetes.io/job-completion-index":"3","batch.kubernetes.io/job-index-failure-count":"1"}}],)"
        R"("deletePods":["job-7-aaaaa"],"status":{"active":1,"succeeded":0,"failed":0},)"
        R"("events":[{"type":"Normal","reason":"SuccessfulCreate","message":"Created pod: job-3-k2x9q"}],)"
        R"("requeueAfterSeconds":12.5,"removeFinalizers":["job-1-bbbbb"],)"
        R"("deleteDetails":[{"name":"job-7-aaaaa","uid":"u7","index":7,"reason":"ScaleDown","removeFinalizerFirst":true}],)"
        R"("backoff":{"failuresAfterLastSuccess":1,"lastFailureTime":"2026-11-22T10:00:00Z"},"skipped":false})");
}

TEST(EncodePlan, WritesNullForNoRequeueAndForNonIndexedCreates) {
    engine::Plan plan;
    engine::PodToCreate create;
    create.index = -1;
    create.name = "pi-abcde";
    create.generateName = "pi-";
    plan.createPods.push_back(create);
    simdjson::dom::parser parser;
    const auto doc = parseDom(parser, encodePlan(plan));
    EXPECT_TRUE(doc.at_pointer("/requeueAfterSeconds").is_null());
    EXPECT_TRUE(doc.at_pointer("/createPods/0/index").is_null());
    EXPECT_EQ(str(doc, "/createPods/0/name"), "pi-abcde");
}

} // namespace
