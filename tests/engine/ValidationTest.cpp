// What the API server would reject, with the field it would name.
#include "engine/Validation.h"

#include "Builders.h"

#include <gtest/gtest.h>

using namespace tessera::engine;
using namespace tessera::engine::testing;

namespace {

std::vector<std::string> fields(const std::vector<Error>& errors) {
    std::vector<std::string> out;
    for (const Error& e : errors)
        out.push_back(e.field);
    return out;
}

bool names(const std::vector<Error>& errors, const std::string& field,
           const std::string& fragment = "") {
    for (const Error& e : errors)
        if (e.field == field && e.message.find(fragment) != std::string::npos)
            return true;
    return false;
}

TEST(Validation, AcceptsAWellFormedIndexedJob) {
    const Job job = JobBuilder()
                        .indexed(100)
                        .parallelism(10)
                        .backoffLimitPerIndex(2)
                        .maxFailedIndexes(5)
                        .successRule("0-9", 5)
                        .build();
    EXPECT_TRUE(validateJob(job).empty()) << fields(validateJob(job)).size();
}

TEST(Validation, NamesNegativeCountsAndIndexedLimits) {
    Job job = JobBuilder().indexed(10).parallelism(-1).backoffLimit(-2).build();
    auto errors = validateJob(job);
    EXPECT_TRUE(names(errors, "spec.parallelism", "greater than or equal to 0"));
    EXPECT_TRUE(names(errors, "spec.backoffLimit"));

    job = JobBuilder().indexed(200000).parallelism(100001).build();
    EXPECT_TRUE(names(validateJob(job), "spec.parallelism", "100000"));

    job = JobBuilder().indexed(200000).parallelism(20000).backoffLimitPerIndex(1).build();
    errors = validateJob(job);
    EXPECT_TRUE(names(errors, "spec.maxFailedIndexes", "Required"));
    EXPECT_TRUE(names(errors, "spec.parallelism", "10000"));

    job = JobBuilder().raw();
    job.spec.completionMode = CompletionMode::Indexed;
    EXPECT_TRUE(names(validateJob(job), "spec.completions", "Required"));
}

TEST(Validation, TheLastHostnameMustBeADnsLabel) {
    const Job job = JobBuilder().name(std::string(60, 'a')).indexed(1000).parallelism(1).build();
    EXPECT_TRUE(names(validateJob(job), "metadata.name", "DNS-1123"));
    const Job upper = JobBuilder().name("Render").indexed(3).parallelism(1).build();
    EXPECT_TRUE(names(validateJob(upper), "metadata.name"));
}

TEST(Validation, PerIndexFieldsNeedIndexedModeAndEachOther) {
    Job job = JobBuilder().nonIndexed(3).parallelism(1).backoffLimitPerIndex(1).build();
    EXPECT_TRUE(names(validateJob(job), "spec.backoffLimitPerIndex", "Indexed"));
    job = JobBuilder().indexed(3).parallelism(1).maxFailedIndexes(1).build();
    EXPECT_TRUE(names(validateJob(job), "spec.maxFailedIndexes", "backoffLimitPerIndex"));
    job =
        JobBuilder().indexed(3).parallelism(1).backoffLimitPerIndex(1).maxFailedIndexes(4).build();
    EXPECT_TRUE(names(validateJob(job), "spec.maxFailedIndexes", "completions"));
}

TEST(Validation, PodFailurePolicyRules) {
    Job job = JobBuilder()
                  .indexed(3)
                  .parallelism(1)
                  .failureRule(PodFailurePolicyAction::FailJob, {0, 3}, ExitCodesOperator::In)
                  .failureRule(PodFailurePolicyAction::Count, {5, 2})
                  .failureRule(PodFailurePolicyAction::FailIndex, {9})
                  .failureRule(PodFailurePolicyAction::Ignore, {1}, ExitCodesOperator::In, "nope")
                  .restartPolicy(RestartPolicy::OnFailure)
                  .build();
    const auto errors = validateJob(job);
    EXPECT_TRUE(names(errors, "spec.podFailurePolicy.rules[0].onExitCodes.values", "0"));
    EXPECT_TRUE(names(errors, "spec.podFailurePolicy.rules[1].onExitCodes.values[1]", "ascending"));
    EXPECT_TRUE(names(errors, "spec.podFailurePolicy.rules[2].action", "backoffLimitPerIndex"));
    EXPECT_TRUE(names(errors, "spec.podFailurePolicy.rules[3].onExitCodes.containerName", "nope"));
    EXPECT_TRUE(names(errors, "spec.template.spec.restartPolicy", "Never"));
}

TEST(Validation, SuccessPolicyIndexesUseTheStrictFormatWithPositions) {
    const Job job = JobBuilder()
                        .indexed(10)
                        .parallelism(1)
                        .successRule("1,3-3,5", std::nullopt)
                        .successRule("0-4", 6)
                        .successRule(std::nullopt, std::nullopt)
                        .build();
    const auto errors = validateJob(job);
    ASSERT_TRUE(names(errors, "spec.successPolicy.rules[0].succeededIndexes"));
    for (const Error& e : errors) {
        if (e.field == "spec.successPolicy.rules[0].succeededIndexes") {
            EXPECT_NE(e.message.find("character"), std::string::npos) << e.message;
        }
    }
    EXPECT_TRUE(names(errors, "spec.successPolicy.rules[1].succeededCount", "5"));
    EXPECT_TRUE(names(errors, "spec.successPolicy.rules[2]", "at least one"));
}

TEST(Validation, CompletionsChangeOnlyTogetherWithParallelism) {
    const Job before = JobBuilder().indexed(10).parallelism(10).build();
    Job elastic = before;
    elastic.spec.completions = 6;
    elastic.spec.parallelism = 6;
    EXPECT_TRUE(validateJobUpdate(before, elastic).empty());
    Job bad = before;
    bad.spec.completions = 6;
    EXPECT_TRUE(names(validateJobUpdate(before, bad), "spec.completions", "parallelism"));
    Job mode = before;
    mode.spec.backoffLimitPerIndex = 1;
    EXPECT_TRUE(names(validateJobUpdate(before, mode), "spec.backoffLimitPerIndex", "immutable"));
    const Job nonIndexed = JobBuilder().nonIndexed(3).parallelism(3).build();
    Job changed = nonIndexed;
    changed.spec.completions = 4;
    changed.spec.parallelism = 4;
    EXPECT_TRUE(names(validateJobUpdate(nonIndexed, changed), "spec.completions", "immutable"));
}

TEST(Validation, StatusRulesOfTheApiServer) {
    Job job = JobBuilder().indexed(5).parallelism(2).build();
    job.status.active = 1;
    job.status.ready = 2;
    job.status.completedIndexes = "0-2";
    job.status.failedIndexes = "2,4";
    job.status.conditions.push_back({"Failed", ConditionStatus::True, "X", "", {}, {}});
    const auto errors = validateJobStatus(job);
    EXPECT_TRUE(names(errors, "status.ready"));
    EXPECT_TRUE(names(errors, "status.failedIndexes", "overlap"));
    EXPECT_TRUE(names(errors, "status.conditions", "FailureTarget"));
    EXPECT_TRUE(names(errors, "status.active", "finished"));
    EXPECT_TRUE(names(errors, "status.startTime"));
}

} // namespace
