// A journal read back: each attempt's failure count (the controller's rule for a pod's
// job-index-failure-count) and the parallelism history with the counts at each change.
#include "local/JournalReplay.h"

#include "local/RunDirectory.h"

#include <gtest/gtest.h>

using namespace tessera;
using namespace tessera::local;

namespace {

JournalRecord started(int64_t ms, int32_t index, int32_t attempt) {
    JournalRecord r;
    r.kind = 'S';
    r.ms = ms;
    r.index = index;
    r.attempt = attempt;
    r.text = "job-" + std::to_string(index) + "-r" + std::to_string(attempt);
    return r;
}

JournalRecord ended(int64_t ms, int32_t index, int32_t attempt, int32_t exitCode,
                    const std::string& reason) {
    JournalRecord r;
    r.kind = 'E';
    r.ms = ms;
    r.index = index;
    r.attempt = attempt;
    r.exitCode = exitCode;
    r.text = reason;
    return r;
}

JournalRecord parallelism(int64_t ms, int32_t value) {
    JournalRecord r;
    r.kind = 'P';
    r.ms = ms;
    r.parallelism = value;
    return r;
}

engine::Job jobOf(std::optional<int32_t> backoffLimitPerIndex) {
    RunConfig config;
    config.name = "job";
    config.backoffLimitPerIndex = backoffLimitPerIndex;
    return makeJob(config, 2);
}

std::vector<int32_t> failureCountsOf(const JournalReplay& replay, int32_t index) {
    std::vector<int32_t> counts;
    for (const engine::Attempt& a : replay.attempts)
        if (a.index == index)
            counts.push_back(a.failureCount);
    return counts;
}

// Index 0 fails (exit 3), is deleted by a scale-down kill, is lost with its supervisor, fails
// with exit 42, then runs a fifth time.
std::vector<JournalRecord> troubledIndex() {
    return {started(10, 0, 1), ended(11, 0, 1, 3, "Error"),
            started(12, 0, 2), ended(13, 0, 2, 143, "Deleted"),
            started(14, 0, 3), ended(15, 0, 3, 0, "Lost"),
            started(16, 0, 4), ended(17, 0, 4, 42, "Error"),
            started(18, 0, 5)};
}

} // namespace

TEST(JournalReplay, AttemptsCarryTheFailureCountTheirIndexHadWhenTheyStarted) {
    struct Case {
        const char* name;
        std::optional<int32_t> backoffLimitPerIndex;
        bool ignoreExit42;
        std::vector<int32_t> want;
    };
    const Case cases[] = {
        // A failure and a deletion count (the kubelet's SIGTERM leaves the pod Failed); a lost
        // attempt has no status and counts nothing.
        {"per-index backoff", 6, false, {0, 1, 2, 2, 3}},
        // A podFailurePolicy Ignore rule's failures do not count.
        {"ignored exit code", 6, true, {0, 1, 2, 2, 2}},
        // Without backoffLimitPerIndex the controller writes no count (as on a cluster).
        {"no per-index backoff", std::nullopt, false, {0, 0, 0, 0, 0}},
    };
    for (const Case& c : cases) {
        engine::Job job = jobOf(c.backoffLimitPerIndex);
        if (c.ignoreExit42) {
            engine::PodFailurePolicyRule rule;
            rule.action = engine::PodFailurePolicyAction::Ignore;
            rule.actionName = "Ignore";
            rule.onExitCodes = engine::PodFailurePolicyOnExitCodes{
                std::nullopt, engine::ExitCodesOperator::In, {42}};
            job.spec.podFailurePolicy = engine::PodFailurePolicy{{rule}};
        }
        const JournalReplay replay = replayJournal(troubledIndex(), job);
        EXPECT_EQ(failureCountsOf(replay, 0), c.want) << c.name;
    }
}

TEST(JournalReplay, KeepsEveryParallelismChangeWithTheCountsAtThatMoment) {
    engine::Job job = jobOf(std::nullopt);
    const std::vector<JournalRecord> records = {
        parallelism(1000, 2), started(1001, 0, 1),
        started(1002, 1, 1),  ended(1500, 0, 1, 0, "Completed"),
        parallelism(1600, 6), ended(1700, 1, 1, 1, "Error"),
        parallelism(1800, 1)};
    const JournalReplay replay = replayJournal(records, job);
    const std::vector<ParallelismChange> want = {
        {engine::fromUnixMillis(1000), 2, 0, 0, 0},
        {engine::fromUnixMillis(1600), 6, 1, 0, 1},
        {engine::fromUnixMillis(1800), 1, 1, 1, 0},
    };
    EXPECT_EQ(replay.parallelism, want);
    EXPECT_EQ(job.spec.parallelism, 1); // the last one asked for
}
