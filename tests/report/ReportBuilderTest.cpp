// ReportBuilder over a real simulated run and over hand-made attempts: expected figures are
// computed here from the attempts themselves, never copied from a run.
#include "report/ReportBuilder.h"

#include "ReportFixtures.h"
#include "engine/Validation.h"
#include "history/IndexStates.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <set>

using namespace tessera;
using namespace tessera::report;
using std::chrono::seconds;

TEST(ReportBuilder, HasOneRowPerIndexAndEveryAttemptOfASimulatedRun) {
    const engine::SimulationResult sim = reporttest::simulateRun(40);
    const Report r = ReportBuilder::build(reporttest::inputFrom(sim));
    ASSERT_EQ(r.rows.size(), 40u);
    std::set<std::size_t> seen;
    for (std::size_t i = 0; i < r.rows.size(); ++i) {
        const IndexRow& row = r.rows[i];
        EXPECT_EQ(row.index, static_cast<int32_t>(i));
        EXPECT_EQ(row.hostname, "render-" + std::to_string(i));
        EXPECT_EQ(row.attempts, static_cast<int32_t>(row.attemptIds.size()));
        for (std::size_t id : row.attemptIds) {
            EXPECT_EQ(r.attempts[id].index, row.index);
            EXPECT_TRUE(seen.insert(id).second) << "attempt " << id << " listed twice";
        }
    }
    EXPECT_EQ(seen.size(), sim.attempts.size());
    EXPECT_EQ(r.outcome, sim.state);
    EXPECT_EQ(r.completedIndexes, sim.status.completedIndexes);
    EXPECT_EQ(r.succeededCount, sim.completed.count());
    EXPECT_EQ(r.failedCount, sim.failed.count());
}

TEST(ReportBuilder, MarksFailedAndRetriedIndexes) {
    const Report r = ReportBuilder::build(reporttest::inputFrom(reporttest::simulateRun(40)));
    // Index 7 fails every attempt: 1 + backoffLimitPerIndex(1) attempts, then the index fails.
    EXPECT_EQ(r.rows[7].status, "Failed");
    EXPECT_EQ(r.rows[7].attempts, 2);
    EXPECT_EQ(r.rows[7].exitCode, 1);
    // Index 3 fails its first attempt only.
    EXPECT_EQ(r.rows[3].status, "Succeeded");
    EXPECT_EQ(r.rows[3].attempts, 2);
    EXPECT_EQ(r.rows[3].exitCode, 0);
    EXPECT_EQ(r.failedIndexes, "7");
}

TEST(ReportBuilder, PercentilesAreNearestRankOverSucceededIndexes) {
    const engine::SimulationResult sim = reporttest::simulateRun(40);
    const Report r = ReportBuilder::build(reporttest::inputFrom(sim));
    // The last attempt of each succeeded index, from the raw attempts.
    std::map<int32_t, const engine::Attempt*> last;
    for (const engine::Attempt& a : sim.attempts)
        last[a.index] = &a;
    std::vector<engine::Duration> d;
    for (const auto& [index, a] : last)
        if (a->outcome == engine::AttemptOutcome::Succeeded)
            d.push_back(*a->duration());
    std::sort(d.begin(), d.end());
    ASSERT_EQ(r.percentiles.samples, d.size());
    // n = 39: p50 is the 20th value, p90 the 36th (ceil 35.1), p99 the 39th.
    ASSERT_EQ(d.size(), 39u);
    EXPECT_EQ(*r.percentiles.p50, d[19]);
    EXPECT_EQ(*r.percentiles.p90, d[35]);
    EXPECT_EQ(*r.percentiles.p99, d[38]);
    EXPECT_EQ(*r.percentiles.min, d.front());
    EXPECT_EQ(*r.percentiles.max, d.back());
    // Slowest first; the first is the longest duration of any index.
    ASSERT_FALSE(r.slowest.empty());
    for (std::size_t i = 1; i < r.slowest.size(); ++i) {
        EXPECT_GE(*r.rows[r.slowest[i - 1]].duration, *r.rows[r.slowest[i]].duration);
    }
    // The histogram counts every sample once.
    int32_t binned = 0;
    for (const HistogramBin& b : r.histogram)
        binned += b.count;
    EXPECT_EQ(binned, static_cast<int32_t>(d.size()));
    // Progress ends with every settled index counted.
    ASSERT_FALSE(r.progress.empty());
    EXPECT_EQ(r.progress.back().succeeded, 39);
    EXPECT_EQ(r.progress.back().failed, 1);
}

TEST(ReportBuilder, PercentileOfKnownValues) {
    std::vector<engine::Duration> v;
    for (int i = 1; i <= 100; ++i)
        v.emplace_back(i * 1000);
    EXPECT_EQ(*ReportBuilder::percentile(v, 50), engine::Duration(50000));
    EXPECT_EQ(*ReportBuilder::percentile(v, 90), engine::Duration(90000));
    EXPECT_EQ(*ReportBuilder::percentile(v, 99), engine::Duration(99000));
    EXPECT_EQ(*ReportBuilder::percentile({engine::Duration(7)}, 99), engine::Duration(7));
    EXPECT_FALSE(ReportBuilder::percentile({}, 50).has_value());
}

TEST(ReportBuilder, HandMadeAttemptsKeepNodesReasonsAndNeverStartedIndexes) {
    ReportInput in = reporttest::handMadeInput();
    const Report r = ReportBuilder::build(in);
    ASSERT_EQ(r.rows.size(), 4u);
    EXPECT_EQ(r.rows[0].status, "Succeeded");
    EXPECT_EQ(r.rows[0].node, "node-b");
    EXPECT_EQ(r.rows[0].attempts, 2);
    EXPECT_EQ(r.rows[0].duration, engine::Duration(seconds(20)));
    EXPECT_EQ(r.rows[1].status, "Failed");
    EXPECT_EQ(r.rows[1].reason, "OOMKilled");
    EXPECT_EQ(r.rows[1].signal, 9);
    EXPECT_EQ(r.rows[2].status, "Running");
    EXPECT_FALSE(r.rows[2].exitCode.has_value());
    EXPECT_EQ(r.rows[3].status, "NotStarted");
    EXPECT_EQ(r.rows[3].attempts, 0);
    EXPECT_EQ(r.rows[3].hostname, "job-<x>-3");
}

TEST(ReportBuilder, ReRunMapShowsOriginalIndexes) {
    ReportInput in = reporttest::handMadeInput();
    in.originalIndexes = {{0, 12}, {1, 40}, {2, 41}, {3, 99}};
    const Report r = ReportBuilder::build(in);
    EXPECT_TRUE(r.rerun);
    EXPECT_EQ(r.rows[1].originalIndex, 40);
    EXPECT_EQ(r.rows[3].originalIndex, 99);
}

// A report has a row per index: above engine::kMaxReportCompletions it is refused with the field,
// and build() (for a caller that did not ask) has rows for the attempted indexes only, instead of
// allocating 2,000,000,000 rows.
TEST(ReportBuilder, RefusesAJobAboveTheReportLimitAndNeverAllocatesPerIndex) {
    ReportInput in = reporttest::handMadeInput();
    EXPECT_FALSE(ReportBuilder::checkLimits(in.job).has_value());
    in.job.spec.completions = engine::kMaxReportCompletions + 1;
    const auto refused = ReportBuilder::checkLimits(in.job);
    ASSERT_TRUE(refused.has_value());
    EXPECT_EQ(refused->field, "spec.completions");
    EXPECT_NE(refused->describe().find("1000001 is above the report limit of 1000000"),
              std::string::npos)
        << refused->describe();
    in.job.spec.completions = 2'000'000'000;
    const std::size_t attempted = [&] {
        std::set<int32_t> indexes;
        for (const engine::Attempt& a : in.attempts)
            indexes.insert(a.index);
        return indexes.size();
    }();
    const Report r = ReportBuilder::build(in);
    EXPECT_EQ(r.rows.size(), attempted);
    EXPECT_EQ(r.completions, 2'000'000'000);
}

// The report's counts, progress curve and duration histogram are the window's history
// (history::JobTimeline) of the same attempts: index 0 succeeded on its retry (its duration is
// the retry's 20 s, reached at 41 s), index 1 failed at 30 s, 2 runs, 3 never started.
TEST(ReportBuilder, CountsProgressAndDurationsAreTheHistorysOfTheSameAttempts) {
    const Report r = ReportBuilder::build(reporttest::handMadeInput());
    const history::JobTimeline h = ReportBuilder::historyOf(r);
    EXPECT_EQ(h.counts.of(engine::IndexState::Succeeded), 1);
    EXPECT_EQ(h.counts.of(engine::IndexState::FailedTerminal), 1);
    EXPECT_EQ(h.counts.of(engine::IndexState::Running), 1);
    EXPECT_EQ(h.counts.of(engine::IndexState::NotStarted), 1);
    EXPECT_EQ(h.counts.failedAttempts, 2);
    EXPECT_EQ(r.succeededCount, 1);
    EXPECT_EQ(r.failedCount, 1);

    EXPECT_EQ(h.succeededDurationsMs, std::vector<history::Ms>{20000});
    EXPECT_EQ(r.percentiles.samples, 1u);
    ASSERT_EQ(r.histogram.size(), 1u);
    EXPECT_EQ(r.histogram[0].count, 1);
    EXPECT_EQ(r.histogram[0].from, seconds(20));

    // One point per change, measured from the first attempt's start (1 s).
    ASSERT_EQ(r.progress.size(), 3u);
    EXPECT_EQ(r.progress[1].at, seconds(29));
    EXPECT_EQ(r.progress[1].failed, 1);
    EXPECT_EQ(r.progress[1].succeeded, 0);
    EXPECT_EQ(r.progress[2].at, seconds(40));
    EXPECT_EQ(r.progress[2].succeeded, 1);
    EXPECT_EQ(h.succeeded.back().value, r.progress.back().succeeded);
    EXPECT_EQ(h.failedIndexes.back().value, r.progress.back().failed);
}

// The Launch dialog's dry-run forecast (history::historyOfSimulation) draws the same succeeded
// curve as the report of the same simulated run: same end value, same moments of change.
TEST(ReportBuilder, ADryRunForecastCurveIsTheReportsProgressOfTheSameRun) {
    const engine::SimulationResult sim = reporttest::simulateRun(40);
    const Report r = ReportBuilder::build(reporttest::inputFrom(sim));
    const history::JobTimeline forecast =
        history::historyOfSimulation(sim, 40, engine::fromUnixMillis(1767225600000));
    ASSERT_FALSE(r.progress.empty());
    EXPECT_EQ(forecast.succeeded.back().value, static_cast<int>(sim.completed.count()));
    EXPECT_EQ(forecast.succeeded.back().value, r.progress.back().succeeded);
    EXPECT_EQ(forecast.failedIndexes.back().value, r.progress.back().failed);
    EXPECT_EQ(forecast.succeededDurationsMs.size(), r.percentiles.samples);
    // Every change of the report's succeeded count is a step of the forecast's curve.
    for (const ProgressPoint& p : r.progress) {
        const history::Ms at = r.start->time_since_epoch().count() + p.at.count();
        const auto step = std::find_if(forecast.succeeded.begin(), forecast.succeeded.end(),
                                       [&](const history::CountAt& c) { return c.t > at; });
        ASSERT_NE(step, forecast.succeeded.begin());
        EXPECT_EQ(std::prev(step)->value, p.succeeded) << "at " << p.at.count() << " ms";
    }
}

// One state derivation. The report's per-index states (its rows' status and every
// count) are the window's rule, history::indexStatesOf: in a job that failed without
// backoffLimitPerIndex, an index whose attempts failed is failed for good, as the grid shows it
// (the report used to call it "will retry"); an index whose only attempt ended unrecorded is
// not started, its row saying how its attempt ended.
TEST(ReportBuilder, IndexStatesAreTheWindowsRule) {
    using engine::IndexState;
    ReportInput in = reporttest::handMadeInput();
    in.job.spec.backoffLimitPerIndex.reset();
    in.job.status.failedIndexes.reset();
    engine::Condition failed;
    failed.type = "Failed";
    failed.status = engine::ConditionStatus::True;
    failed.reason = "BackoffLimitExceeded";
    in.job.status.conditions = {failed};
    engine::Attempt gone = in.attempts.back();
    gone.index = 3;
    gone.number = 1;
    gone.podName = "job-x-3-1";
    gone.outcome = engine::AttemptOutcome::Lost;
    gone.finishedAt.reset();
    in.attempts.push_back(gone);
    const Report r = ReportBuilder::build(in);
    const std::vector<IndexState> want{IndexState::Succeeded, IndexState::FailedTerminal,
                                       IndexState::Running, IndexState::NotStarted};
    EXPECT_EQ(r.states.toVector(), want);
    std::vector<history::NewestAttempt> newest{{0, history::AttemptOutcome::Succeeded, true},
                                               {1, history::AttemptOutcome::Failed, true},
                                               {2, history::AttemptOutcome::Running, false},
                                               {3, history::AttemptOutcome::Lost, false}};
    EXPECT_EQ(r.states, history::indexStatesOf(4, newest, engine::IndexSet::parseLenient("0", 4),
                                               engine::IndexSet(), true));
    EXPECT_EQ(r.rows[1].status, "Failed");
    EXPECT_EQ(r.rows[3].status, "Lost");
    const history::JobTimeline h = ReportBuilder::historyOf(r);
    EXPECT_EQ(h.counts.of(IndexState::FailedTerminal), 1);
    EXPECT_EQ(h.counts.of(IndexState::FailedWillRetry), 0);
    EXPECT_EQ(r.failedCount, 1);
}
