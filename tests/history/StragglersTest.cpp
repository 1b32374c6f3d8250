// The straggler rule (history/Stragglers.h) on seeded runs; each expected result is computed
// here by counting, not by the function's own order statistics.
#include "history/Stragglers.h"

#include <gtest/gtest.h>
#include <random>
#include <set>

using namespace tessera::history;
using tessera::engine::AttemptOutcome;

namespace {

constexpr Ms kStart = 1'700'000'000'000;

// `succeeded` finished attempts with seeded durations between 10 s and 70 s, then `running`
// attempts started at seeded times in the last 150 s before `now`.
struct SeededRun {
    std::vector<AttemptSpan> attempts;
    Ms now = kStart + 3'600'000;

    SeededRun(unsigned seed, int succeeded, int running) {
        std::mt19937 random(seed); // its raw outputs are the same on every platform
        for (int i = 0; i < succeeded; ++i) {
            AttemptSpan a;
            a.index = i;
            a.outcome = AttemptOutcome::Succeeded;
            a.started = kStart + static_cast<Ms>(random() % 1'000'000);
            a.finished = *a.started + 10'000 + static_cast<Ms>(random() % 60'000);
            attempts.push_back(a);
        }
        for (int i = 0; i < running; ++i) {
            AttemptSpan a;
            a.index = succeeded + i;
            a.outcome = AttemptOutcome::Running;
            a.started = now - static_cast<Ms>(random() % 150'000);
            attempts.push_back(a);
        }
    }
};

// The smallest duration that at least 95 % of the samples do not exceed, by counting.
Ms p95ByCounting(const std::vector<AttemptSpan>& attempts) {
    std::vector<Ms> d;
    for (const AttemptSpan& a : attempts)
        if (a.outcome == AttemptOutcome::Succeeded)
            d.push_back(*a.finished - *a.started);
    Ms best = -1;
    for (const Ms candidate : d) {
        std::size_t atOrBelow = 0;
        for (const Ms v : d)
            atOrBelow += v <= candidate ? 1 : 0;
        if (atOrBelow * 100 >= d.size() * 95 && (best < 0 || candidate < best))
            best = candidate;
    }
    return best;
}

} // namespace

TEST(Stragglers, RunningAttemptsAboveTheNinetyFifthPercentileOfSucceededDurations) {
    for (const unsigned seed : {1u, 7u, 42u, 2026u}) {
        const SeededRun run(seed, 200, 30);
        const Stragglers found = findStragglers(run.attempts, run.now);
        const Ms threshold = p95ByCounting(run.attempts);
        ASSERT_TRUE(found.enoughSamples);
        EXPECT_EQ(found.samples, 200u);
        EXPECT_EQ(found.thresholdMs, threshold) << "seed " << seed;
        std::set<int32_t> expected, got;
        for (const AttemptSpan& a : run.attempts)
            if (a.outcome == AttemptOutcome::Running && run.now - *a.started > threshold)
                expected.insert(a.index);
        for (const Straggler& s : found.attempts) {
            got.insert(s.index);
            EXPECT_EQ(run.attempts[s.attemptPos].index, s.index);
            EXPECT_EQ(s.runningMs, run.now - *run.attempts[s.attemptPos].started);
        }
        EXPECT_EQ(got, expected) << "seed " << seed;
        EXPECT_FALSE(expected.empty()) << "seed " << seed << " tests nothing";
        for (std::size_t i = 1; i < found.attempts.size(); ++i)
            EXPECT_GE(found.attempts[i - 1].runningMs, found.attempts[i].runningMs);
    }
}

TEST(Stragglers, FewerThanTwentySamplesCallNothingAStraggler) {
    SeededRun run(3, 19, 5);
    run.now += 10'000'000; // every running attempt runs far longer than any succeeded one
    const Stragglers found = findStragglers(run.attempts, run.now);
    EXPECT_FALSE(found.enoughSamples);
    EXPECT_EQ(found.samples, 19u);
    EXPECT_TRUE(found.attempts.empty());
}

TEST(Stragglers, FinishedFailedAndNotStartedAttemptsAreNeverStragglers) {
    SeededRun run(5, 40, 0);
    const Ms far = run.now - 10'000'000;
    AttemptSpan failed{1000, 0, far, far, run.now - 1, AttemptOutcome::Failed};
    AttemptSpan pending{1001, 0, far, std::nullopt, std::nullopt, AttemptOutcome::Pending};
    AttemptSpan lost{1002, 0, far, far, std::nullopt, AttemptOutcome::Lost};
    AttemptSpan running{1003, 1, far, far, std::nullopt, AttemptOutcome::Running};
    run.attempts.insert(run.attempts.end(), {failed, pending, lost, running});
    const Stragglers found = findStragglers(run.attempts, run.now);
    ASSERT_EQ(found.attempts.size(), 1u);
    EXPECT_EQ(found.attempts[0].index, 1003);
    EXPECT_EQ(found.attempts[0].attempt, 1);
}

TEST(Stragglers, NearestRankOfTheReportsPercentiles) {
    const struct {
        std::size_t n;
        double p;
        std::size_t rank;
    } cases[] = {{20, 95, 19}, {100, 95, 95}, {1, 99, 1}, {10, 50, 5}, {3, 0, 1}, {0, 50, 1}};
    for (const auto& c : cases)
        EXPECT_EQ(nearestRank(c.n, c.p), c.rank) << c.n << " at " << c.p;
}
