// Comparing two runs: a seeded re-run of a job's failed indexes and two runs of the same work
// (a CronJob's nights). The expected changes are computed from the simulations' own index sets
// and attempts, not from the reports the comparison reads.
#include "report/RunComparison.h"

#include "ReportFixtures.h"

#include <gtest/gtest.h>
#include <map>
#include <set>

using namespace tessera;
using report::IndexOutcome;

namespace {

engine::SimulationResult simulate(int32_t completions, std::map<int32_t, int32_t> failing,
                                  uint64_t seed) {
    return reporttest::simulateRun({.completions = completions,
                                    .parallelism = 4,
                                    .failing = std::move(failing),
                                    .seed = seed});
}

// The run time of each index's last attempt, straight from the simulation.
std::map<int32_t, engine::Duration> lastDurations(const engine::SimulationResult& sim) {
    std::map<int32_t, engine::Duration> out;
    for (const engine::Attempt& a : sim.attempts)
        if (a.duration())
            out[a.index] = *a.duration();
    return out;
}

report::Report reportOf(const engine::SimulationResult& sim,
                        std::map<int32_t, int32_t> originalIndexes = {}) {
    report::ReportInput in = reporttest::inputFrom(sim);
    in.originalIndexes = std::move(originalIndexes);
    return report::ReportBuilder::build(in);
}

} // namespace

TEST(RunComparison, ARerunOfFailedIndexesNamesTheIndexesItFixed) {
    // The first run: 7, 12 and 20 fail every attempt; the re-run takes those three (its 0, 1,
    // 2) and only its index 1 (work item 12) fails again.
    const auto first = simulate(24, {{7, -1}, {12, -1}, {20, -1}}, 11);
    const std::map<int32_t, int32_t> rerunOf{{0, 7}, {1, 12}, {2, 20}};
    const auto rerun = simulate(3, {{1, -1}}, 12);

    std::set<int32_t> wantFixed, wantStillFailed;
    for (const auto& [rerunIndex, original] : rerunOf) {
        ASSERT_TRUE(first.failed.contains(original));
        if (rerun.completed.contains(rerunIndex))
            wantFixed.insert(original);
        else
            wantStillFailed.insert(original);
    }
    ASSERT_EQ(wantFixed, (std::set<int32_t>{7, 20}));

    const report::RunComparison c = report::compareRuns(reportOf(first), reportOf(rerun, rerunOf));
    ASSERT_EQ(c.indexes.size(), rerunOf.size()); // only the indexes the re-run took
    std::set<int32_t> fixed, unchanged;
    for (const report::IndexComparison& i : c.indexes) {
        EXPECT_EQ(rerunOf.at(i.laterIndex), i.index);
        EXPECT_EQ(i.before, IndexOutcome::Failed) << i.index;
        (i.outcomeChanged() ? fixed : unchanged).insert(i.index);
        if (i.outcomeChanged()) {
            EXPECT_EQ(i.after, IndexOutcome::Succeeded) << i.index;
        }
    }
    EXPECT_EQ(fixed, wantFixed);
    EXPECT_EQ(unchanged, wantStillFailed);
    EXPECT_EQ(c.fixed, 2);
    EXPECT_EQ(c.broken, 0);
    EXPECT_EQ(c.changed().size(), 2u);

    // The duration change of each index is the re-run's last attempt against the first run's.
    const auto before = lastDurations(first);
    const auto after = lastDurations(rerun);
    for (const report::IndexComparison& i : c.indexes) {
        ASSERT_TRUE(i.durationChange()) << i.index;
        EXPECT_EQ(*i.durationChange(), after.at(i.laterIndex) - before.at(i.index)) << i.index;
    }
}

TEST(RunComparison, TwoRunsOfTheSameWorkPairIndexesByNumber) {
    // Two nights of one CronJob: 3 and 9 fail the first night, 9 and 15 the second.
    const auto night1 = simulate(20, {{3, -1}, {9, -1}}, 21);
    const auto night2 = simulate(20, {{9, -1}, {15, -1}}, 22);
    std::set<int32_t> wantFixed, wantBroken;
    for (int32_t i = 0; i < 20; ++i) {
        if (night1.failed.contains(i) && night2.completed.contains(i))
            wantFixed.insert(i);
        if (night1.completed.contains(i) && night2.failed.contains(i))
            wantBroken.insert(i);
    }

    const report::RunComparison c = report::compareRuns(reportOf(night1), reportOf(night2));
    ASSERT_EQ(c.indexes.size(), 20u);
    std::set<int32_t> fixed, broken;
    for (const report::IndexComparison& i : c.changed()) {
        EXPECT_EQ(i.index, i.laterIndex);
        if (i.before == IndexOutcome::Failed && i.after == IndexOutcome::Succeeded)
            fixed.insert(i.index);
        else if (i.before == IndexOutcome::Succeeded && i.after == IndexOutcome::Failed)
            broken.insert(i.index);
        else
            ADD_FAILURE() << "index " << i.index << ": " << report::toString(i.before) << " → "
                          << report::toString(i.after);
    }
    EXPECT_EQ(fixed, wantFixed);
    EXPECT_EQ(broken, wantBroken);
    EXPECT_EQ(c.fixed, 1);
    EXPECT_EQ(c.broken, 1);
    EXPECT_EQ(c.otherChanges, 0);

    // The median duration change over the indexes timed both nights.
    const auto d1 = lastDurations(night1);
    const auto d2 = lastDurations(night2);
    std::vector<engine::Duration> changes;
    for (const auto& [index, d] : d2)
        if (d1.count(index))
            changes.push_back(d - d1.at(index));
    std::sort(changes.begin(), changes.end());
    ASSERT_TRUE(c.medianDurationChange);
    EXPECT_EQ(*c.medianDurationChange, changes[changes.size() / 2]);
}

TEST(RunComparison, AnIndexOnlyOneRunHasIsAbsentInTheOther) {
    const auto shorter = simulate(5, {}, 31);
    const auto longer = simulate(8, {}, 32);
    const report::RunComparison c = report::compareRuns(reportOf(shorter), reportOf(longer));
    ASSERT_EQ(c.indexes.size(), 8u);
    EXPECT_EQ(c.indexes[6].before, IndexOutcome::Absent);
    EXPECT_EQ(c.indexes[6].after, IndexOutcome::Succeeded);
    EXPECT_FALSE(c.indexes[6].durationChange());
    EXPECT_EQ(c.otherChanges, 3);
}
