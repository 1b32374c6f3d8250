// IndexStateMap (the per-index states as runs) against a plain vector, and the engine on a valid
// Job of 2,000,000,000 completions: the controller and its states cost what runs, never what
// completions says; a dry-run refuses it with the field named.
#include "engine/IndexStateMap.h"

#include "Builders.h"
#include "engine/JobController.h"
#include "engine/Simulator.h"
#include "engine/Validation.h"

#include <gtest/gtest.h>
#include <random>

using namespace tessera::engine;
using namespace tessera::engine::testing;
using std::chrono::seconds;

namespace {

const TimePoint kNow = fromUnixMillis(1767225600000);
constexpr int32_t kHuge = 2'000'000'000;

std::vector<IndexState> repeat(std::initializer_list<std::pair<int, IndexState>> pieces) {
    std::vector<IndexState> out;
    for (const auto& [n, s] : pieces)
        out.insert(out.end(), static_cast<size_t>(n), s);
    return out;
}

TEST(IndexStateMap, LaterLayersWinAndRunsStayMerged) {
    IndexStateMap m(10);
    m.paint(IndexSet::fromIntervals({{0, 2}, {5, 5}}), IndexState::Succeeded);
    m.paintPoints({{3, IndexState::Running}, {4, IndexState::Pending}, {3, IndexState::Pending}});
    m.paint(IndexSet::fromIntervals({{7, 20}}), IndexState::FailedTerminal); // clipped to 9
    EXPECT_EQ(m.toVector(), repeat({{3, IndexState::Succeeded},
                                    {2, IndexState::Pending}, // index 3: the later entry won
                                    {1, IndexState::Succeeded},
                                    {1, IndexState::NotStarted},
                                    {3, IndexState::FailedTerminal}}));
    // Neighbours never share a state: Pending 3-4 is one run.
    EXPECT_EQ(m.runCount(), 5u);
    m.paint(3, 4, IndexState::Succeeded);
    EXPECT_EQ(m.runCount(), 3u);
    EXPECT_EQ(m.runs().front(), (IndexStateMap::Run{0, 5, IndexState::Succeeded}));
}

TEST(IndexStateMap, AnswersLookupsCountsAndRanges) {
    const IndexStateMap m = IndexStateMap::fromStates(repeat(
        {{4, IndexState::Succeeded}, {2, IndexState::Running}, {4, IndexState::NotStarted}}));
    EXPECT_EQ(m.at(0), IndexState::Succeeded);
    EXPECT_EQ(m.at(5), IndexState::Running);
    EXPECT_EQ(m.at(9), IndexState::NotStarted);
    EXPECT_EQ(m.at(10), IndexState::OutOfRange);
    EXPECT_EQ(m.at(-1), IndexState::OutOfRange);
    const auto all = m.counts();
    EXPECT_EQ(all[size_t(IndexState::Succeeded)], 4);
    EXPECT_EQ(all[size_t(IndexState::Running)], 2);
    EXPECT_EQ(all[size_t(IndexState::NotStarted)], 4);
    const auto some = m.countsIn(3, 6);
    EXPECT_EQ(some[size_t(IndexState::Succeeded)], 1);
    EXPECT_EQ(some[size_t(IndexState::Running)], 2);
    EXPECT_EQ(some[size_t(IndexState::NotStarted)], 1);
    EXPECT_EQ(m.statesIn(4, 5), IndexStateMap::maskOf(IndexState::Running));
    EXPECT_EQ(m.statesIn(3, 6), IndexStateMap::maskOf(IndexState::Succeeded) |
                                    IndexStateMap::maskOf(IndexState::Running) |
                                    IndexStateMap::maskOf(IndexState::NotStarted));
    EXPECT_EQ(m.statesIn(7, 3), 0);
    EXPECT_EQ(m.findFirst(IndexStateMap::maskOf(IndexState::Running)), 4);
    EXPECT_EQ(m.findFirst(IndexStateMap::maskOf(IndexState::Succeeded), 2), 2);
    EXPECT_EQ(m.findFirst(IndexStateMap::maskOf(IndexState::Succeeded), 4), std::nullopt);
}

TEST(IndexStateMap, DifferingRangeIsTheSmallestRangeThatChanged) {
    const IndexStateMap a = IndexStateMap::fromStates(
        repeat({{3, IndexState::Succeeded}, {4, IndexState::Running}, {3, IndexState::Pending}}));
    EXPECT_EQ(IndexStateMap::differingRange(a, a), std::nullopt);
    IndexStateMap b = a;
    b.paint(4, 4, IndexState::Succeeded);
    EXPECT_EQ(IndexStateMap::differingRange(a, b), (Interval{4, 4}));
    b = a;
    b.paint(3, 3, IndexState::Succeeded); // a run only ends later: the start index differs
    EXPECT_EQ(IndexStateMap::differingRange(a, b), (Interval{3, 3}));
    b.paint(9, 9, IndexState::Running);
    EXPECT_EQ(IndexStateMap::differingRange(a, b), (Interval{3, 9}));
    EXPECT_EQ(IndexStateMap::differingRange(a, IndexStateMap(12)), (Interval{0, 11}));
}

// Random layers, points, range copies and cursor reads against one state per index.
TEST(IndexStateMap, AgreesWithAVectorUnderRandomLayers) {
    std::mt19937 rng(5);
    for (int round = 0; round < 200; ++round) {
        const int n = 1 + static_cast<int>(rng() % 300);
        IndexStateMap map(n);
        std::vector<IndexState> ref(static_cast<size_t>(n), IndexState::NotStarted);
        auto pick = [&] {
            return static_cast<IndexState>(rng() % kIndexStateCount);
        };
        for (int step = 0; step < 12; ++step) {
            const IndexStateMap before = map;
            const std::vector<IndexState> refBefore = ref;
            const IndexState s = pick();
            switch (rng() % 4) {
            case 0: {
                std::vector<Interval> ivs;
                for (int k = 0, count = static_cast<int>(rng() % 5); k < count; ++k) {
                    const int a = static_cast<int>(rng() % static_cast<unsigned>(n + 5));
                    ivs.push_back({a, a + static_cast<int>(rng() % 40)});
                }
                const IndexSet set = IndexSet::fromIntervals(ivs);
                map.paint(set, s);
                for (int i : set)
                    if (i < n)
                        ref[static_cast<size_t>(i)] = s;
                break;
            }
            case 1: {
                std::vector<std::pair<int32_t, IndexState>> points;
                for (int k = 0, count = static_cast<int>(rng() % 8); k < count; ++k)
                    points.emplace_back(static_cast<int>(rng() % static_cast<unsigned>(n + 2)) - 1,
                                        pick());
                for (const auto& [i, st] : points)
                    if (i >= 0 && i < n)
                        ref[static_cast<size_t>(i)] = st;
                map.paintPoints(points);
                break;
            }
            case 2: {
                const int a = static_cast<int>(rng() % static_cast<unsigned>(n));
                const int b = a + static_cast<int>(rng() % 50);
                map.paint(a, b, s);
                for (int i = a; i <= std::min(b, n - 1); ++i)
                    ref[static_cast<size_t>(i)] = s;
                break;
            }
            default: {
                IndexStateMap other(n, s);
                other.paintPoints(
                    {{static_cast<int32_t>(rng() % static_cast<unsigned>(n)), pick()}});
                const int a = static_cast<int>(rng() % static_cast<unsigned>(n));
                const int b = a + static_cast<int>(rng() % 30);
                map.assignRange(other, a, b);
                for (int i = a; i <= std::min(b, n - 1); ++i)
                    ref[static_cast<size_t>(i)] = other.at(i);
            }
            }
            ASSERT_EQ(map.toVector(), ref) << "round " << round << " step " << step;
            for (size_t r = 1; r < map.runs().size(); ++r)
                ASSERT_NE(map.runs()[r].state, map.runs()[r - 1].state);
            // The differing range covers exactly the first and last changed index.
            int first = -1, last = -1;
            for (int i = 0; i < n; ++i)
                if (ref[static_cast<size_t>(i)] != refBefore[static_cast<size_t>(i)]) {
                    first = first < 0 ? i : first;
                    last = i;
                }
            const auto changed = IndexStateMap::differingRange(before, map);
            if (first < 0)
                ASSERT_EQ(changed, std::nullopt);
            else
                ASSERT_EQ(changed, (Interval{first, last}));
        }
        // A cursor reading ascending pixels of 1..4 indexes agrees with the vector.
        IndexStateMap::Cursor cursor(map);
        const int per = 1 + static_cast<int>(rng() % 4);
        for (int a = 0; a < n; a += per) {
            IndexStateMap::StateMask want = 0;
            for (int i = a; i < std::min(n, a + per); ++i)
                want |= IndexStateMap::maskOf(ref[static_cast<size_t>(i)]);
            ASSERT_EQ(cursor.statesIn(a, a + per - 1), want);
            ASSERT_EQ(cursor.at(a), ref[static_cast<size_t>(a)]);
        }
        const int any = static_cast<int>(rng() % static_cast<unsigned>(n));
        ASSERT_EQ(cursor.at(any), ref[static_cast<size_t>(any)]); // a jump back
    }
}

TEST(IndexStateMap, TwoBillionIndexesCostTheirRuns) {
    IndexStateMap m(kHuge);
    m.paint(IndexSet::fromIntervals({{0, 999'999'999}, {1'500'000'000, kHuge - 1}}),
            IndexState::Succeeded);
    m.paintPoints({{1'000'000'000, IndexState::Running}, {kHuge - 1, IndexState::FailedTerminal}});
    EXPECT_EQ(m.size(), kHuge);
    EXPECT_EQ(m.runCount(), 5u);
    EXPECT_LT(m.memoryBytes(), 1024u);
    const auto counts = m.counts();
    EXPECT_EQ(counts[size_t(IndexState::Succeeded)], 1'000'000'000 + 499'999'999);
    EXPECT_EQ(counts[size_t(IndexState::NotStarted)], 499'999'999);
    EXPECT_EQ(m.at(kHuge - 1), IndexState::FailedTerminal);
    EXPECT_EQ(m.at(1'200'000'000), IndexState::NotStarted);
    // The last index is INT32_MAX - 1 away from overflow: painting up to it must not wrap.
    IndexStateMap edge(INT32_MAX);
    edge.paint(INT32_MAX - 1, INT32_MAX - 1, IndexState::Running);
    EXPECT_EQ(edge.at(INT32_MAX - 1), IndexState::Running);
    EXPECT_EQ(edge.runCount(), 2u);
}

// An executor that only records: pods stay as the controller made them until told otherwise.
class RecordingExecutor final : public PodExecutor {
public:
    bool createPod(const Pod& pod, PodHandle) override {
        created.push_back(pod.metadata.name);
        return true;
    }
    void deletePod(const Pod&, DeletionReason) override {}
    std::vector<std::string> created;
};

TEST(HugeJob, ControllerRunsTwoBillionCompletionsInMemoryThatFollowsThePods) {
    RecordingExecutor exec;
    JobController c(JobBuilder().indexed(kHuge).parallelism(10).build(), exec);
    // Before this fix the constructor allocated one attempt list per index: 48 GB.
    EXPECT_LT(c.bookkeepingBytes(), std::size_t{64} << 20);
    c.sync(kNow);
    ASSERT_EQ(exec.created.size(), 10u);
    TimePoint t = kNow;
    for (int round = 0; round < 5; ++round) {
        std::vector<std::string> live;
        for (const Pod& p : c.livePods())
            live.push_back(p.metadata.name);
        for (const std::string& name : live) {
            c.podStarted(name, t + seconds(1));
            c.podFinished(name, 0, std::nullopt, "", "", t + seconds(2));
        }
        t += seconds(3);
        c.sync(t);
    }
    EXPECT_EQ(c.job().status.completedIndexes, "0-49");
    EXPECT_EQ(c.job().status.active, 10);
    EXPECT_EQ(c.attemptCount(49), 1);
    EXPECT_EQ(c.attemptCount(1'999'999'999), 0);
    EXPECT_LT(c.bookkeepingBytes(), std::size_t{64} << 20);

    IndexStateMap states;
    c.fillIndexStates(states);
    EXPECT_EQ(states.size(), kHuge);
    EXPECT_EQ(states.at(0), IndexState::Succeeded);
    EXPECT_EQ(states.at(50), IndexState::Pending);
    EXPECT_EQ(states.at(kHuge - 1), IndexState::NotStarted);
    EXPECT_EQ(states.counts()[size_t(IndexState::Succeeded)], 50);
    EXPECT_LE(states.runCount(), 3u);
}

TEST(HugeJob, RetriesAreNumberedPerIndexWithoutAPerIndexTable) {
    RecordingExecutor exec;
    JobController c(JobBuilder().indexed(kHuge).parallelism(2).backoffLimitPerIndex(3).build(),
                    exec);
    c.sync(kNow);
    const std::string first = c.livePods().front().metadata.name;
    const int32_t index = c.attempts().front().index;
    c.podFinished(first, 1, std::nullopt, "Error", "", kNow + seconds(1));
    c.sync(kNow + seconds(2));
    c.sync(kNow + seconds(60)); // after the per-index backoff
    ASSERT_EQ(c.attemptCount(index), 2);
    const auto attempts = c.attemptsOf(index);
    ASSERT_EQ(attempts.size(), 2u);
    EXPECT_EQ(attempts[0]->number, 1);
    EXPECT_EQ(attempts[1]->number, 2);
    EXPECT_EQ(attempts[0]->podName, first);
}

TEST(HugeJob, DryRunRefusesAboveItsLimitNamingTheField) {
    Job job = JobBuilder().indexed(kHuge).parallelism(10).build();
    const auto refused = checkDryRunLimits(job);
    ASSERT_TRUE(refused.has_value());
    EXPECT_EQ(refused->field, "spec.completions");
    EXPECT_NE(refused->message.find("2000000000"), std::string::npos);
    EXPECT_NE(refused->message.find("1000000"), std::string::npos);
    job.spec.completions = kMaxDryRunCompletions;
    EXPECT_FALSE(checkDryRunLimits(job).has_value());

    // simulate() itself refuses too (for any caller that did not check): no allocation per index.
    SimulationConfig cfg;
    cfg.job = JobBuilder().indexed(kHuge).parallelism(10).build();
    const SimulationResult r = simulate(cfg);
    EXPECT_FALSE(r.finished);
    EXPECT_STREQ(outcomeText(r), "Unfinished");
    EXPECT_NE(r.stopReason.find("spec.completions"), std::string::npos) << r.stopReason;
    EXPECT_TRUE(r.attempts.empty());
}

} // namespace
