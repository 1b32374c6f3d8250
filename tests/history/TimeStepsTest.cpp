// Round steps, axis ticks and duration bins (history/TimeSteps.h), table-driven.
#include "history/TimeSteps.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

using namespace tessera::history;

namespace {
constexpr Ms kS = 1000, kMin = 60 * kS, kH = 60 * kMin;
}

TEST(TimeSteps, RoundStepsAre125OfMillisecondsSecondsMinutesAndHours) {
    const struct {
        Ms atLeast, step;
    } cases[] = {
        {0, 1},
        {1, 1},
        {3, 5},
        {7, 10},
        {180, 200},
        {201, 500},
        {501, kS},
        {1001, 2 * kS},
        {4 * kS, 5 * kS},
        {6 * kS, 10 * kS},
        {11 * kS, 20 * kS},
        {21 * kS, kMin},
        {61 * kS, 2 * kMin},
        {3 * kMin, 5 * kMin},
        {15 * kMin, 20 * kMin},
        {25 * kMin, kH},
        {90 * kMin, 2 * kH},
        {3 * kH, 5 * kH},
        {6 * kH, 10 * kH},
        {11 * kH, 20 * kH},
        {30 * kH, 50 * kH},
    };
    for (const auto& c : cases)
        EXPECT_EQ(roundTimeStep(c.atLeast), c.step) << "at least " << c.atLeast << " ms";
}

TEST(TimeSteps, TicksSitAtRoundStepsAndNeverRepeat) {
    const struct {
        std::string name;
        Ms from, to;
        std::size_t maxTicks;
        Ms step;
        std::vector<Ms> ticks;
    } cases[] = {
        // A job of 2.5 s whose ticks at fifths read "+0s +0s +0s +1s +2s" before.
        {"short job", 0, 2500, 6, 500, {0, 500, 1000, 1500, 2000, 2500}},
        {"a minute", 0, 60 * kS, 6, 20 * kS, {0, 20 * kS, 40 * kS, 60 * kS}},
        {"zoomed into the middle", 7 * kS + 300, 9 * kS + 900, 5, kS, {8 * kS, 9 * kS}},
        {"two hours",
         0,
         2 * kH,
         8,
         20 * kMin,
         {0, 20 * kMin, 40 * kMin, kH, 80 * kMin, 100 * kMin, 2 * kH}},
        {"one tick room", 0, 90 * kS, 1, 2 * kMin, {0}},
        {"empty range", 5, 4, 5, 0, {}},
        {"no room", 0, 100, 0, 0, {}},
    };
    for (const auto& c : cases) {
        Ms step = 0;
        EXPECT_EQ(timeTicks(c.from, c.to, c.maxTicks, &step), c.ticks) << c.name;
        if (!c.ticks.empty()) {
            EXPECT_EQ(step, c.step) << c.name;
        }
    }
}

TEST(TimeSteps, DurationBinsHaveRoundEdgesAndAPodOfExactlyThreeSecondsStartsItsBin) {
    const struct {
        std::string name;
        std::vector<Ms> durations;
        std::size_t maxBins;
        Ms width, firstFrom;
        std::vector<int> counts;
    } cases[] = {
        // The durations that put 3 s under "2.8 s" with equal-width bins from the shortest.
        {"exactly three seconds",
         {1200, 2100, 3000, 3000, 3000, 4400},
         12,
         500,
         1000,
         {1, 0, 1, 0, 3, 0, 1}},
        {"all alike", {20 * kS, 20 * kS}, 20, 2 * kS, 20 * kS, {2}},
        {"minutes",
         {61 * kS, 5 * kMin, 9 * kMin + 59 * kS},
         10,
         kMin,
         kMin,
         {1, 0, 0, 0, 1, 0, 0, 0, 1}},
        {"longest on an edge gets its own bin", {0, 1000}, 2, 1000, 0, {1, 1}},
        {"none", {}, 10, 0, 0, {}},
    };
    for (const auto& c : cases) {
        const std::vector<DurationBin> bins = durationBins(c.durations, c.maxBins);
        std::vector<int> counts;
        for (const DurationBin& b : bins) {
            counts.push_back(b.count);
            EXPECT_EQ(b.toMs - b.fromMs, c.width) << c.name;
            EXPECT_EQ(b.fromMs % c.width, 0) << c.name;
        }
        EXPECT_EQ(counts, c.counts) << c.name;
        EXPECT_LE(bins.size(), c.maxBins) << c.name;
        if (!bins.empty()) {
            EXPECT_EQ(bins.front().fromMs, c.firstFrom) << c.name;
        }
    }
    // Every duration lies in [from, to) of the bin it is counted in.
    const std::vector<DurationBin> bins = durationBins({2999, 3000, 3001, 4000}, 12);
    for (const DurationBin& b : bins) {
        if (b.fromMs == 3000) {
            EXPECT_EQ(b.count, 2);
        }
    }
}
