#include "engine/IndexSet.h"

#include <gtest/gtest.h>
#include <random>
#include <set>

using tessera::engine::IndexSet;
using tessera::engine::Interval;

namespace {

IndexSet fromList(std::initializer_list<int32_t> xs) {
    std::vector<int32_t> v(xs);
    std::sort(v.begin(), v.end());
    return IndexSet::fromSortedIndexes(v);
}

std::vector<int32_t> toVector(const IndexSet& s) {
    return {s.begin(), s.end()};
}

} // namespace

TEST(IndexSet, FormatsLikeKubernetes) {
    struct Case {
        std::vector<Interval> intervals;
        std::string expected;
    };
    const Case cases[] = {
        {{}, ""},
        {{{0, 2}}, "0-2"},
        {{{0, 1}}, "0,1"}, // a run of two is never written a-b
        {{{2, 2}, {4, 5}, {7, 9}}, "2,4,5,7-9"},
        {{{0, 4}, {6, 6}}, "0-4,6"},
        {{{1, 1}, {3, 3}}, "1,3"},
        {{{0, 499}}, "0-499"},
    };
    for (const Case& c : cases)
        EXPECT_EQ(IndexSet::fromIntervals(c.intervals).toString(), c.expected);
}

// appendTo writes into room reserved for the longest text and cuts it: what was there stays, and
// the widest numbers fit.
TEST(IndexSet, AppendsAfterWhatIsThere) {
    std::string out = "completed=";
    IndexSet::fromIntervals({{0, 0}, {2147483644, 2147483645}, {2147483647, 2147483647}})
        .appendTo(out);
    EXPECT_EQ(out, "completed=0,2147483644,2147483645,2147483647");
    IndexSet().appendTo(out);
    EXPECT_EQ(out, "completed=0,2147483644,2147483645,2147483647");
    std::string wide;
    IndexSet::fromIntervals({{1000000000, 2000000000}}).appendTo(wide);
    EXPECT_EQ(wide, "1000000000-2000000000");
}

TEST(IndexSet, MergesAdjacentRanges) {
    EXPECT_EQ(IndexSet::fromIntervals({{0, 2}, {3, 5}, {7, 7}, {6, 6}}).toString(), "0-7");
    EXPECT_EQ(fromList({5, 1, 2, 3, 9}).toString(), "1-3,5,9");
}

TEST(IndexSet, ParsesLenientlyAsTheController) {
    struct Case {
        const char* text;
        int32_t completions;
        const char* expected;
    };
    // Examples from indexed_job_utils_test.go.
    const Case cases[] = {
        {"", 10, ""},
        {"0-5,8-10", 8, "0-5"},      // first number >= completions stops parsing
        {"0-5,8-10", 10, "0-5,8,9"}, // second number clamped to completions-1
        {"0,1-foo,bar", 4, "0"},     // unparsable pieces skipped
        {"0,4,5,10-12", 13, "0,4,5,10-12"},
        {"9", 2, ""},
        {"invalid-form", 10, ""},
        {"1,2,3", 10, "1-3"}, // adjacent pieces merged
        {"3", 2, ""},
        {"0-2-7", 10, "0-2"}, // only the first two parts are used
    };
    for (const Case& c : cases)
        EXPECT_EQ(IndexSet::parseLenient(c.text, c.completions).toString(), c.expected)
            << "input \"" << c.text << "\" completions " << c.completions;
}

TEST(IndexSet, ValidatesStrictlyWithPositionAndReason) {
    struct Case {
        const char* text;
        int32_t completions;
        long position; // -1: valid
        const char* reasonPart;
    };
    const Case cases[] = {
        {"", 10, -1, ""},
        {"0,2-4,7", 10, -1, ""},
        {"2-2", 10, 0, "first index below its last"},
        {"1,x", 10, 2, "cannot parse \"x\""},
        {"1,,2", 10, 2, "empty element"},
        {"5,3", 10, 2, "strictly increasing"},
        {"0-4,4", 10, 4, "strictly increasing"},
        {"0-10", 10, 2, "out of range"},
        {"1-2-3", 10, 0, "more than one '-'"},
        {"1-", 10, 2, "has no last index"},
        {"-1", 10, 0, "an index cannot be negative"},
        {"3:abc", 10, 0, "cannot parse \"3:abc\" as an index"},
        {"3,", 10, 2, "empty element"},
    };
    for (const Case& c : cases) {
        auto r = IndexSet::parseStrict(c.text, c.completions);
        if (c.position < 0) {
            EXPECT_TRUE(r.ok()) << c.text << ": " << r.error().describe();
            continue;
        }
        ASSERT_FALSE(r.ok()) << c.text;
        EXPECT_EQ(r.error().position, c.position) << c.text;
        EXPECT_NE(r.error().message.find(c.reasonPart), std::string::npos)
            << c.text << " -> " << r.error().message;
    }
}

TEST(IndexSet, StrictAndLenientAgreeOnValidInput) {
    auto strict = IndexSet::parseStrict("0,2-4,7,9", 10);
    ASSERT_TRUE(strict.ok());
    EXPECT_EQ(*strict, IndexSet::parseLenient("0,2-4,7,9", 10));
    EXPECT_EQ(strict->toString(), "0,2-4,7,9");
}

TEST(IndexSet, CountsAndMembership) {
    IndexSet s = IndexSet::parseLenient("1,3-5,7", 100);
    EXPECT_EQ(s.count(), 5);
    EXPECT_EQ(s.intervalCount(), 3u);
    EXPECT_FALSE(s.contains(0));
    EXPECT_TRUE(s.contains(1));
    EXPECT_FALSE(s.contains(2));
    EXPECT_TRUE(s.contains(4));
    EXPECT_TRUE(s.contains(7));
    EXPECT_FALSE(s.contains(8));
    EXPECT_EQ(toVector(s), (std::vector<int32_t>{1, 3, 4, 5, 7}));
}

TEST(IndexSet, SetOperations) {
    IndexSet a = IndexSet::parseLenient("0-9,20-29", 100);
    IndexSet b = IndexSet::parseLenient("5-24,28", 100);
    EXPECT_EQ(a.unite(b).toString(), "0-29");
    EXPECT_EQ(a.subtract(b).toString(), "0-4,25-27,29");
    EXPECT_EQ(b.subtract(a).toString(), "10-19");
    EXPECT_EQ(a.intersect(b).toString(), "5-9,20-24,28");
    EXPECT_EQ(a.intersectionCount(b), 11);
    EXPECT_TRUE(IndexSet::parseLenient("5-7", 100).isSubsetOf(a));
    EXPECT_FALSE(b.isSubsetOf(a));
    EXPECT_EQ(a.clippedBelow(22).toString(), "0-9,20,21");
}

TEST(IndexSet, WithOrderedIndexesMergesAsTheController) {
    IndexSet s = IndexSet::parseLenient("0,2-4", 100);
    std::vector<int32_t> add{1, 5, 7, 8};
    EXPECT_EQ(s.withOrderedIndexes(add).toString(), "0-5,7,8");
}

// The merge copies runs of intervals between the new indexes as blocks: against a plain set
// union, over random sets and additions (repeats, neighbours of intervals, inside intervals).
TEST(IndexSet, WithOrderedIndexesIsTheUnionForAnyInput) {
    std::mt19937_64 rng(11);
    const auto pick = [&](int32_t lo, int32_t hi) {
        return std::uniform_int_distribution<int32_t>(lo, hi)(rng);
    };
    for (int round = 0; round < 2000; ++round) {
        const int32_t universe = pick(1, 200);
        std::set<int32_t> expected;
        std::vector<int32_t> present;
        for (int32_t i = 0; i < universe; ++i)
            if (pick(0, 2) == 0)
                present.push_back(i);
        expected.insert(present.begin(), present.end());
        const IndexSet before = IndexSet::fromSortedIndexes(present);
        std::vector<int32_t> added(static_cast<std::size_t>(pick(0, 12)));
        for (int32_t& index : added)
            index = pick(0, universe);
        std::sort(added.begin(), added.end());
        expected.insert(added.begin(), added.end());
        const IndexSet after = before.withOrderedIndexes(added);
        EXPECT_EQ(toVector(after), std::vector<int32_t>(expected.begin(), expected.end()));
        EXPECT_EQ(after.count(), static_cast<int64_t>(expected.size()));
        EXPECT_EQ(after, IndexSet::parseLenient(after.toString(), universe + 1)); // normalised
        if (::testing::Test::HasFailure())
            return;
    }
}

TEST(IndexSet, FromSortedIndexesMergesRunsAndRepeats) {
    const std::vector<int32_t> ascending{0, 0, 1, 2, 2, 4, 6, 7, 7, 9, 2147483646, 2147483647};
    const IndexSet s = IndexSet::fromSortedIndexes(ascending);
    EXPECT_EQ(s.intervals(),
              (std::vector<Interval>{{0, 2}, {4, 4}, {6, 7}, {9, 9}, {2147483646, 2147483647}}));
    EXPECT_EQ(s.count(), 9);
    EXPECT_TRUE(IndexSet::fromSortedIndexes({}).empty());
}

TEST(IndexSet, InsertKeepsIntervalsNormalised) {
    IndexSet s;
    for (int32_t i : {5, 7, 6, 0, 2, 1, 10, 3})
        s.insert(i);
    EXPECT_EQ(s.toString(), "0-3,5-7,10");
    EXPECT_EQ(s.count(), 8);
    s.insert(4);
    EXPECT_EQ(s.toString(), "0-7,10");
    s.insert(4); // already there
    EXPECT_EQ(s.count(), 9);
}

TEST(IndexSet, RoundTripsTheWorstCase) {
    // 50,000 intervals alternating singles, pairs and triples: the ~600 KB status string.
    std::vector<Interval> intervals;
    int32_t at = 0;
    for (int i = 0; i < 50000; ++i) {
        int32_t len = i % 3; // 0 -> single, 1 -> pair, 2 -> range of three
        intervals.push_back({at, at + len});
        at += len + 2;
    }
    IndexSet s = IndexSet::fromIntervals(intervals);
    ASSERT_EQ(s.intervalCount(), 50000u);
    std::string text = s.toString();
    EXPECT_GT(text.size(), 500000u);
    EXPECT_EQ(IndexSet::parseLenient(text, at + 1), s);
    auto strict = IndexSet::parseStrict(text, at + 1);
    ASSERT_TRUE(strict.ok()) << strict.error().describe();
    EXPECT_EQ(*strict, s);
}

// Property test: every operation agrees with std::set on random sets.
TEST(IndexSet, AgreesWithAReferenceSetOnRandomInput) {
    std::mt19937 rng(12345);
    for (int round = 0; round < 300; ++round) {
        const int32_t universe = 1 + static_cast<int32_t>(rng() % 200);
        std::set<int32_t> ra;
        std::set<int32_t> rb;
        IndexSet a;
        IndexSet b;
        for (int i = 0; i < 80; ++i) {
            int32_t x = static_cast<int32_t>(rng() % universe);
            int32_t y = static_cast<int32_t>(rng() % universe);
            ra.insert(x);
            a.insert(x);
            rb.insert(y);
            b.insert(y);
        }
        auto check = [&](const IndexSet& got, const std::set<int32_t>& want, const char* what) {
            EXPECT_EQ(toVector(got), std::vector<int32_t>(want.begin(), want.end())) << what;
            EXPECT_EQ(got.count(), static_cast<int64_t>(want.size())) << what;
            // Round trip through both parsers.
            EXPECT_EQ(IndexSet::parseLenient(got.toString(), universe), got) << what;
            auto strict = IndexSet::parseStrict(got.toString(), universe);
            ASSERT_TRUE(strict.ok()) << got.toString() << ": " << strict.error().describe();
            EXPECT_EQ(*strict, got);
        };
        check(a, ra, "a");
        std::set<int32_t> u = ra;
        u.insert(rb.begin(), rb.end());
        check(a.unite(b), u, "union");
        std::set<int32_t> d;
        std::set<int32_t> in;
        for (int32_t x : ra)
            (rb.count(x) ? in : d).insert(x);
        check(a.subtract(b), d, "difference");
        check(a.intersect(b), in, "intersection");
        EXPECT_EQ(a.intersectionCount(b), static_cast<int64_t>(in.size()));
        for (int32_t x = 0; x < universe; ++x)
            EXPECT_EQ(a.contains(x), ra.count(x) == 1);
    }
}
