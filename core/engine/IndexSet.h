#pragma once
// A set of completion indexes stored as sorted, disjoint, non-adjacent closed intervals: the model
// behind status.completedIndexes, status.failedIndexes and successPolicy succeededIndexes. Every
// operation is linear in the number of intervals (membership is logarithmic), never in the number
// of indexes, so a 100,000-index job costs what its intervals cost.
#include "Result.h"

#include <cstdint>
#include <iterator>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::engine {

struct Interval {
    int32_t first = 0;
    int32_t last = 0; // inclusive
    int64_t size() const { return int64_t{last} - first + 1; }
    bool operator==(const Interval&) const = default;
};

class IndexSet {
public:
    IndexSet() = default;

    // Builds a set from intervals in any order; overlapping and adjacent ones are merged.
    static IndexSet fromIntervals(std::vector<Interval> intervals);
    // Builds a set from ascending indexes (duplicates allowed).
    static IndexSet fromSortedIndexes(std::span<const int32_t> ascending);
    // [first, last] (empty when last < first).
    static IndexSet range(int32_t first, int32_t last);

    // The job controller's lenient reader (parseIndexesFromString): unparsable pieces
    // are skipped, a first number >= completions stops parsing, a second one is clamped to
    // completions-1. Never fails. Out-of-order or overlapping input is normalised.
    static IndexSet parseLenient(std::string_view text, int32_t completions);

    // The API server's validation (validateIndexesFormat): rejects anything that is
    // not strictly increasing "a" / "a-b" (a < b) pieces below completions. The error names the
    // character position and the reason.
    static Result<IndexSet> parseStrict(std::string_view text, int32_t completions);

    // Kubernetes formatting (orderedIntervals.String): "a" for one index, "a,b" for a run of two,
    // "a-b" for three or more, joined by ",". Empty set -> "".
    std::string toString() const;
    void appendTo(std::string& out) const;

    bool empty() const { return m_intervals.empty(); }
    int64_t count() const { return m_count; }
    std::size_t intervalCount() const { return m_intervals.size(); }
    const std::vector<Interval>& intervals() const { return m_intervals; }
    bool contains(int32_t index) const;
    // Smallest and largest index; undefined on an empty set.
    int32_t front() const { return m_intervals.front().first; }
    int32_t back() const { return m_intervals.back().last; }

    IndexSet unite(const IndexSet& other) const;
    IndexSet subtract(const IndexSet& other) const;
    IndexSet intersect(const IndexSet& other) const;
    int64_t intersectionCount(const IndexSet& other) const;
    bool isSubsetOf(const IndexSet& other) const;
    bool intersects(const IndexSet& other) const { return intersectionCount(other) > 0; }
    // The indexes of this set that are < limit.
    IndexSet clippedBelow(int32_t limit) const;

    // The controller's merge of ascending new indexes into the set (withOrderedIndexes).
    IndexSet withOrderedIndexes(std::span<const int32_t> ascending) const;
    // Adds one index in place. O(1) when appending at the end (the common case), else O(intervals).
    void insert(int32_t index);

    bool operator==(const IndexSet& other) const { return m_intervals == other.m_intervals; }

    // Iterates the individual indexes in ascending order.
    class const_iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = int32_t;
        using difference_type = std::ptrdiff_t;
        using pointer = const int32_t*;
        using reference = int32_t;

        const_iterator() = default;
        int32_t operator*() const { return m_value; }
        const_iterator& operator++();
        const_iterator operator++(int) {
            auto copy = *this;
            ++*this;
            return copy;
        }
        bool operator==(const const_iterator& o) const {
            return m_interval == o.m_interval && (m_interval == m_end || m_value == o.m_value);
        }

    private:
        friend class IndexSet;
        const_iterator(const Interval* at, const Interval* end)
            : m_interval(at)
            , m_end(end)
            , m_value(at != end ? at->first : 0) {}
        const Interval* m_interval = nullptr;
        const Interval* m_end = nullptr;
        int32_t m_value = 0;
    };
    const_iterator begin() const;
    const_iterator end() const;

private:
    explicit IndexSet(std::vector<Interval> normalised);
    void recount();

    std::vector<Interval> m_intervals;
    int64_t m_count = 0;
};

} // namespace tessera::engine
