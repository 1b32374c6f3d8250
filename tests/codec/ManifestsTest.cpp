#include "codec/Manifests.h"

#include "codec/Decode.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

using namespace tessera;
using namespace tessera::codec;

namespace {

std::string dataPath(const std::string& name) {
    return std::string(TESSERA_TEST_DATA_DIR) + "/" + name;
}

// ---- YAML scalar typing, as kubectl (go-yaml v2, YAML 1.1) types plain scalars ----

struct TypingCase {
    const char* yaml; // the value after "v: "
    const char* json; // the expected JSON value
};

class ManifestTyping : public testing::TestWithParam<TypingCase> {};

TEST_P(ManifestTyping, TypesScalarsAsKubectlDoes) {
    const std::string text = std::string("v: ") + GetParam().yaml + "\n";
    const auto r = parseManifests(text, "t.yaml");
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->size(), 1u);
    EXPECT_EQ(r->at(0).json, std::string(R"({"v":)") + GetParam().json + "}") << text;
}

INSTANTIATE_TEST_SUITE_P(
    Manifests, ManifestTyping,
    testing::Values(
        TypingCase{"123", "123"}, TypingCase{"\"123\"", "\"123\""}, TypingCase{"'123'", "\"123\""},
        TypingCase{"-7", "-7"}, TypingCase{"+7", "7"}, TypingCase{"0x1F", "31"},
        TypingCase{"-0x10", "-16"}, TypingCase{"0o17", "15"}, TypingCase{"017", "15"},
        TypingCase{"0b101", "5"}, TypingCase{"1_000", "1000"}, TypingCase{"08", "8"},
        TypingCase{"9223372036854775808", "9223372036854775808"}, TypingCase{"1.5", "1.5"},
        TypingCase{"1.0", "1"}, TypingCase{"1e3", "1000"}, TypingCase{".5", "0.5"},
        TypingCase{"-.5", "-0.5"}, TypingCase{"99999999999999999999", "100000000000000000000"},
        TypingCase{"1e21", "1e+21"}, TypingCase{"1e-7", "1e-7"}, TypingCase{"0.000001", "0.000001"},
        // Beyond a double: go-yaml's ParseFloat fails, so the text stays a string; below the
        // smallest one, it is 0.
        TypingCase{"1e400", "\"1e400\""}, TypingCase{"-1e400", "\"-1e400\""},
        TypingCase{"0.001e312", "\"0.001e312\""}, TypingCase{"1e-400", "0"},
        TypingCase{"true", "true"}, TypingCase{"True", "true"}, TypingCase{"FALSE", "false"},
        TypingCase{"yes", "true"}, TypingCase{"No", "false"}, TypingCase{"on", "true"},
        TypingCase{"off", "false"}, TypingCase{"y", "true"}, TypingCase{"n", "false"},
        TypingCase{"\"true\"", "\"true\""}, TypingCase{"~", "null"}, TypingCase{"null", "null"},
        TypingCase{"", "null"}, TypingCase{"NULL", "null"}, TypingCase{"'null'", "\"null\""},
        TypingCase{"hello", "\"hello\""}, TypingCase{"yes please", "\"yes please\""},
        TypingCase{"2026-11-22T10:00:00Z", "\"2026-11-22T10:00:00Z\""},
        TypingCase{"2001-12-14", "\"2001-12-14\""}, TypingCase{"1.2.3", "\"1.2.3\""},
        TypingCase{"!!str 5", "\"5\""}, TypingCase{"0.5Gi", "\"0.5Gi\""},
        TypingCase{"500m", "\"500m\""}, TypingCase{"\"tab\\there\"", "\"tab\\there\""},
        TypingCase{"|\n  line1\n  line2\n", "\"line1\\nline2\\n\""},
        TypingCase{"[1, \"a\", b, {c: d}]", "[1,\"a\",\"b\",{\"c\":\"d\"}]"}));

TEST(Manifests, TurnsNonStringKeysIntoStringsAsKubectlDoes) {
    const auto r = parseManifests("on: push\n1: one\n\"2\": two\n", "keys.yaml");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->at(0).json, R"({"true":"push","1":"one","2":"two"})");
}

TEST(Manifests, RejectsValuesJsonCannotHold) {
    const auto r = parseManifests("a: 1\nb: .inf\n", "inf.yaml");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message, "inf.yaml:2:4: the value .inf cannot be represented in JSON");
    EXPECT_EQ(r.error().line, 2);
    EXPECT_EQ(r.error().column, 4);
}

TEST(Manifests, ResolvesAnchorsAliasesAndMergeKeys) {
    const auto r = parseManifests("base: &base\n  cpu: \"1\"\n  memory: 2Gi\n"
                                  "a:\n  <<: *base\n  memory: 4Gi\nb: *base\n",
                                  "merge.yaml");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->at(0).json, R"({"base":{"cpu":"1","memory":"2Gi"},)"
                             R"("a":{"cpu":"1","memory":"4Gi"},"b":{"cpu":"1","memory":"2Gi"}})");
}

TEST(Manifests, RejectsDuplicateKeysAtTheSecondKey) {
    const auto r = parseManifests("metadata:\n  name: a\n  name: b\n", "dup.yaml");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message, "dup.yaml:3:3: duplicate field \"metadata.name\"");
}

TEST(Manifests, ReadsMultipleDocumentsAndSkipsEmptyOnes) {
    const std::string text = "# leading comment\n"
                             "---\n"
                             "apiVersion: batch/v1\n"
                             "kind: Job\n"
                             "metadata:\n"
                             "  name: a\n"
                             "---\n"
                             "# an empty document\n"
                             "---\n"
                             "apiVersion: v1\n"
                             "kind: Pod\n"
                             "metadata: {name: b}\n"
                             "...\n";
    const auto r = parseManifests(text, "multi.yaml");
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->size(), 2u);
    EXPECT_EQ(r->at(0).kind, "Job");
    EXPECT_EQ(r->at(0).apiVersion, "batch/v1");
    EXPECT_EQ(r->at(0).name, "a");
    EXPECT_EQ(r->at(0).line, 3);
    EXPECT_EQ(r->at(0).json, R"({"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"a"}})");
    EXPECT_EQ(r->at(1).kind, "Pod");
    EXPECT_EQ(r->at(1).name, "b");
    EXPECT_EQ(r->at(1).line, 10);
    EXPECT_LT(r->at(0).documentIndex, r->at(1).documentIndex);
    EXPECT_EQ(r->at(1).source, "multi.yaml");
}

TEST(Manifests, ExpandsAYamlListIntoItsItems) {
    const std::string text = "apiVersion: v1\nkind: List\nitems:\n"
                             "- apiVersion: batch/v1\n  kind: Job\n  metadata: {name: j1}\n"
                             "- apiVersion: batch/v1\n  kind: Job\n  metadata: {name: j2}\n"
                             "metadata: {resourceVersion: \"\"}\n";
    const auto r = parseManifests(text, "list.yaml");
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->size(), 2u);
    EXPECT_EQ(r->at(0).name, "j1");
    EXPECT_EQ(r->at(0).line, 4);
    EXPECT_EQ(r->at(0).column, 3);
    EXPECT_EQ(r->at(1).name, "j2");
    EXPECT_EQ(r->at(1).line, 7);
}

TEST(Manifests, ExpandsAJsonListAndKeepsItemsVerbatim) {
    const std::string text = "{\n"
                             "  \"apiVersion\": \"v1\",\n"
                             "  \"items\": [\n"
                             "    {\"kind\": \"Job\", \"metadata\": {\"name\": \"j1\"}},\n"
                             "    {\"kind\": \"Job\", \"metadata\": {\"name\": \"j2\"}, \"spec\": "
                             "{\"parallelism\": \"x\"}}\n"
                             "  ],\n"
                             "  \"kind\": \"List\"\n"
                             "}\n";
    const auto r = parseManifests(text, "list.json");
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->size(), 2u);
    EXPECT_EQ(r->at(0).name, "j1");
    EXPECT_EQ(r->at(0).json, R"({"kind": "Job", "metadata": {"name": "j1"}})");
    EXPECT_EQ(r->at(1).line, 5);
    EXPECT_EQ(r->at(1).column, 5);

    // A decode error in the second item points into the file.
    const auto job = decodeJob(r->at(1).json);
    ASSERT_FALSE(job.ok());
    EXPECT_EQ(r->at(1).describe(job.error()),
              "list.json:5:73: spec.parallelism: expected an integer, got a string \"x\"");
}

TEST(Manifests, ReadsAKubectlDryRunJob) {
    const auto r = loadManifests(dataPath("valid_job_dryrun.yaml"));
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->size(), 1u);
    const auto job = decodeJob(r->at(0).json);
    ASSERT_TRUE(job.ok()) << r->at(0).describe(job.error());
    EXPECT_EQ(job->job.metadata.name, "pi");
    EXPECT_FALSE(job->job.metadata.creationTimestamp.has_value());
    ASSERT_EQ(job->job.spec.podTemplate.containers.size(), 1u);
    EXPECT_EQ(job->containers.at(0).image, "perl:5.34.0");
    EXPECT_EQ(job->job.spec.podTemplate.restartPolicy, engine::RestartPolicy::Never);
}

TEST(Manifests, ReadsAMultiDocumentFileIntoAJobTheEngineUnderstands) {
    const auto r = loadManifests(dataPath("valid_manifests_render.yaml"));
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->size(), 2u);
    EXPECT_EQ(r->at(0).kind, "ConfigMap");
    EXPECT_NE(r->at(0).json.find(R"("enabled":"yes")"), std::string::npos);
    const auto job = decodeJob(r->at(1).json);
    ASSERT_TRUE(job.ok()) << r->at(1).describe(job.error());
    const engine::JobSpec& s = job->job.spec;
    EXPECT_EQ(s.completionMode, engine::CompletionMode::Indexed);
    EXPECT_EQ(s.completions, 100);
    EXPECT_EQ(s.suspend, false); // `suspend: no`
    EXPECT_EQ(s.backoffLimitPerIndex, 2);
    ASSERT_TRUE(s.podFailurePolicy.has_value());
    EXPECT_EQ(s.podFailurePolicy->rules[0].onExitCodes->values, (std::vector<int32_t>{42, 43}));
    EXPECT_EQ(s.podFailurePolicy->rules[1].onPodConditions.at(0).status,
              engine::ConditionStatus::True);
    EXPECT_EQ(s.podTemplate.containers.at(0).name, "worker");
    EXPECT_EQ(job->meta.labels.at("app.kubernetes.io/name"), "render");
}

TEST(Manifests, ReportsYamlSyntaxErrorsWithFileLineAndColumn) {
    const std::string path = dataPath("broken_job_indent.yaml");
    const auto r = loadManifests(path);
    ASSERT_FALSE(r.ok());
    // "  labels: app: render": the second ':' (line 5, column 14) is the error
    EXPECT_EQ(r.error().message,
              path + ":5:14: YAML: mapping values are not allowed in this context");
    EXPECT_EQ(r.error().line, 5);
    EXPECT_EQ(r.error().column, 14);
    EXPECT_EQ(formatError(path, r.error()), r.error().message);
}

TEST(Manifests, MapsDecodeErrorsBackToTheYamlLine) {
    const std::string path = dataPath("broken_job_parallelism.yaml");
    const auto r = loadManifests(path);
    ASSERT_TRUE(r.ok()) << r.error().message;
    const auto job = decodeJob(r->at(0).json);
    ASSERT_FALSE(job.ok());
    EXPECT_EQ(r->at(0).describe(job.error()),
              path + ":7:16: spec.parallelism: expected an integer, got a string \"two\"");
}

TEST(Manifests, MapsDecodeErrorsBackToTheJsonLine) {
    const std::string path = dataPath("broken_job_parallelism.json");
    const auto r = loadManifests(path);
    ASSERT_TRUE(r.ok()) << r.error().message;
    const auto job = decodeJob(r->at(0).json);
    ASSERT_FALSE(job.ok());
    EXPECT_EQ(r->at(0).describe(job.error()),
              path + ":5:47: spec.parallelism: expected an integer, got a string \"two\"");
}

TEST(Manifests, ReportsMalformedJsonWithAPosition) {
    const auto r = parseManifests("{\n  \"a\": 1,\n  \"b\": [1, 2,]\n}\n", "bad.json");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message.rfind("bad.json:", 0), 0u) << r.error().message;
    EXPECT_NE(r.error().message.find("invalid JSON"), std::string::npos) << r.error().message;
}

TEST(Manifests, ReadsTextThatStartsLikeJsonAsJsonOnlyLikeKubectl) {
    const auto r = parseManifests("{kind: Job, metadata: {name: flow}}\n", "flow.yaml");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message.rfind("flow.yaml:1:", 0), 0u) << r.error().message;
}

TEST(Manifests, RejectsADocumentThatIsNotAMapping) {
    const auto r = parseManifests("- a\n- b\n", "seq.yaml");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message.rfind("seq.yaml:1:1: a manifest must be a mapping", 0), 0u)
        << r.error().message;
}

TEST(Manifests, ReadAJsonFileThatStartsWithAByteOrderMarkAsJson) {
    // Read as YAML, the mark made the text start with something other than '{'.
    const std::string path =
        (std::filesystem::temp_directory_path() / "tessera-manifests-bom.json").string();
    std::ofstream(path, std::ios::binary) << "\xEF\xBB\xBF{\"kind\": \"Job\", \"spec\": {}}";
    const auto r = loadManifests(path);
    std::remove(path.c_str());
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_TRUE(r->front().verbatim);
    EXPECT_EQ(r->front().json, R"({"kind": "Job", "spec": {}})");
    EXPECT_EQ(r->front().kind, "Job");
}

TEST(Manifests, NamesAFileThatCannotBeRead) {
    const auto r = loadManifests("/nonexistent/job.yaml");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message, "/nonexistent/job.yaml: cannot open: No such file or directory");
}

} // namespace
