// `tessera simulate` end to end: fixture manifests in, the summary or JSON out.
#include "Subprocess.h"

#include <gtest/gtest.h>
#include <simdjson.h>

using tessera::testing::runTessera;

namespace {

const std::string kData = TESSERA_TEST_DATA_DIR;

TEST(SimulateCli, SummarisesACompletedDryRun) {
    const auto r = runTessera({"simulate", kData + "/valid_job_dryrun.yaml"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("Outcome:    Complete (CompletionsReached"), std::string::npos) << r.out;
    // One pod: 1 s start latency + 30 s run + the 1 s batched sync that sees it finish.
    EXPECT_NE(r.out.find("Makespan:   32.0s"), std::string::npos) << r.out;
}

TEST(SimulateCli, JsonReportsEveryIndexAndTheConditions) {
    const auto r = runTessera({"simulate", kData + "/valid_job_indexed_dryrun.yaml", "--json",
                               "--duration", "10s", "--fail-indexes", "5:1,9"});
    EXPECT_EQ(r.exitCode, 3) << r.err; // index 9 always fails: the job ends Failed
    simdjson::dom::parser parser;
    simdjson::dom::element doc = parser.parse(r.out);
    EXPECT_EQ(std::string_view(doc["outcome"]), "Failed");
    EXPECT_EQ(std::string_view(doc["reason"]), "FailedIndexes");
    EXPECT_EQ(std::string_view(doc["status"]["completedIndexes"]), "0-8,10,11");
    EXPECT_EQ(std::string_view(doc["status"]["failedIndexes"]), "9");
    simdjson::dom::array indexes = doc["indexes"];
    EXPECT_EQ(indexes.size(), 12u);
    for (simdjson::dom::element i : indexes) {
        const int64_t index = i["index"];
        const int64_t attempts = i["attempts"];
        EXPECT_EQ(attempts, (index == 5 || index == 9) ? 2 : 1) << "index " << index;
    }
    EXPECT_GT(doc["timeline"].get_array().size(), 2u);
}

TEST(SimulateCli, SameSeedSameResultOtherSeedOtherResult) {
    const std::vector<std::string> base{"simulate",
                                        kData + "/valid_job_indexed_dryrun.yaml",
                                        "--json",
                                        "--duration",
                                        "lognormal:30s,0.5",
                                        "--fail-rate",
                                        "0.2"};
    auto withSeed = [&](const char* seed) {
        auto args = base;
        args.insert(args.end(), {"--seed", seed});
        return runTessera(args).out;
    };
    EXPECT_EQ(withSeed("7"), withSeed("7"));
    EXPECT_NE(withSeed("7"), withSeed("8"));
}

TEST(SimulateCli, NamesTheFileLineAndFieldOfABadManifest) {
    const auto r = runTessera({"simulate", kData + "/broken_job_parallelism.yaml"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("broken_job_parallelism.yaml:7:16: spec.parallelism: expected an integer"),
              std::string::npos)
        << r.err;
}

TEST(SimulateCli, RejectsWhatTheApiServerWouldReject) {
    const std::string manifest = R"(apiVersion: batch/v1
kind: Job
metadata: {name: ok}
spec:
  completions: 3
  completionMode: Indexed
  maxFailedIndexes: 1
  template: {spec: {restartPolicy: Never, containers: [{name: main, image: busybox}]}}
)";
    const auto r = runTessera({"simulate", "-"}, manifest);
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("<stdin>:7:21: spec.maxFailedIndexes: requires backoffLimitPerIndex"),
              std::string::npos)
        << r.err;
}

TEST(SimulateCli, RefusesAValidJobAboveTheDryRunLimitNamingTheField) {
    // 2,000,000,000 completions is valid, but a dry-run keeps every index's attempts: it used to
    // die on std::bad_alloc. Now: exit 2, the file, the line and the field, and the limit.
    const auto r = runTessera({"simulate", kData + "/valid_job_huge.yaml"});
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_NE(r.err.find("tessera simulate: "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("valid_job_huge.yaml:9:"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("spec.completions: 2000000000 is above the dry-run limit of 1000000"),
              std::string::npos)
        << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
}

TEST(SimulateCli, BadOptionsAreUsageErrors) {
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"simulate", kData + "/valid_job_dryrun.yaml", "--fail-rate",
                                   "1.5"},
          std::vector<std::string>{"simulate", kData + "/valid_job_dryrun.yaml", "--duration",
                                   "uniform:9s..1s"},
          std::vector<std::string>{"simulate", kData + "/valid_job_dryrun.yaml", "--subsets",
                                   "a:size=3"},
          std::vector<std::string>{"simulate"}}) {
        const auto r = runTessera(args);
        EXPECT_EQ(r.exitCode, 2) << args.back();
        EXPECT_EQ(r.err.rfind("tessera simulate: ", 0), 0u) << r.err;
    }
}

} // namespace
