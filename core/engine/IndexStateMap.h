#pragma once
// Every completion index's scoreboard state, stored as runs of equal states: sorted, contiguous
// [first, last] -> state pieces that cover [0, size). A job's states come from interval sets
// (completedIndexes, failedIndexes) plus the few indexes that have pods or failed attempts, so
// the runs cost what those intervals and pods cost, never what `completions` costs: a valid Job
// of 2,000,000,000 completions is a handful of runs, not 2 GB. Lookup is O(log runs); painting a
// layer (an interval set, or a list of single indexes) is one merge, O(runs + layer).
//
// The grid reads it through a Cursor, which walks the runs forward as cells are rendered in
// index order (O(1) amortised per cell), and asks "which states does [a, b] hold" when one pixel
// stands for many indexes.
#include "IndexSet.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace tessera::engine {

// What a scoreboard cell shows for one index.
enum class IndexState : uint8_t {
    NotStarted,
    Pending,
    Running,
    Succeeded,
    FailedWillRetry, // has failed attempts and will be tried again
    FailedTerminal,  // in failedIndexes (backoffLimitPerIndex), or the job failed
    OutOfRange,      // >= completions after an elastic scale-down
};
inline constexpr int kIndexStateCount = 7;
const char* toString(IndexState);

class IndexStateMap {
public:
    struct Run {
        int32_t first = 0;
        int32_t last = 0; // inclusive
        IndexState state = IndexState::NotStarted;
        int64_t size() const { return int64_t{last} - first + 1; }
        bool operator==(const Run&) const = default;
    };
    // One bit per state present: bit (1 << int(state)).
    using StateMask = uint8_t;
    using Counts = std::array<int64_t, kIndexStateCount>;
    static constexpr StateMask maskOf(IndexState s) {
        return static_cast<StateMask>(1u << static_cast<unsigned>(s));
    }

    IndexStateMap() = default;
    // `size` indexes, all `fill`.
    explicit IndexStateMap(int32_t size, IndexState fill = IndexState::NotStarted);
    // From one state per index (small jobs, tests): O(n).
    static IndexStateMap fromStates(std::span<const IndexState> states);

    int32_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    // The state of one index; OutOfRange outside [0, size). O(log runs).
    IndexState at(int32_t index) const;
    // The states present in [first, last] (clipped to [0, size)); 0 when the range is empty.
    StateMask statesIn(int32_t first, int32_t last) const;
    // How many indexes are in each state: O(runs).
    Counts counts() const;
    // The same for [first, last] only: O(log runs + runs in the range).
    Counts countsIn(int32_t first, int32_t last) const;
    const std::vector<Run>& runs() const { return m_runs; }
    std::size_t runCount() const { return m_runs.size(); }
    // The runs' memory: what this job's states cost, whatever its completions.
    std::size_t memoryBytes() const { return m_runs.capacity() * sizeof(Run); }
    // The position in runs() of the run holding `index` (which must be in [0, size)).
    std::size_t runOf(int32_t index) const;
    // The smallest index >= from whose state is in `mask`; nullopt when there is none.
    std::optional<int32_t> findFirst(StateMask mask, int32_t from = 0) const;

    // Layers, later ones win. Each is one merge over the runs, O(runs + layer size).
    // [first, last] (clipped to [0, size)) becomes `state`.
    void paint(int32_t first, int32_t last, IndexState state);
    // Every index of `set` inside [0, size) becomes `state`.
    void paint(const IndexSet& set, IndexState state);
    // The states of `from` over [first, last] (clipped to both maps' ranges), the rest kept.
    void assignRange(const IndexStateMap& from, int32_t first, int32_t last);
    // Single indexes with their own states, in any order; for an index given twice the later
    // entry wins. Indexes outside [0, size) are ignored.
    void paintPoints(std::vector<std::pair<int32_t, IndexState>> points);

    // The smallest range of indexes whose states differ between the two maps; nullopt when they
    // are equal. Maps of different sizes differ over [0, max(size) - 1]. O(runs).
    static std::optional<Interval> differingRange(const IndexStateMap& a, const IndexStateMap& b);

    // One state per index (small jobs, tests): O(size), so not for a job of any size.
    std::vector<IndexState> toVector() const;

    bool operator==(const IndexStateMap& other) const = default;

    // Reads indexes in mostly ascending order without a binary search per read: the grid renders
    // cells in index order, so each read moves the cursor by at most a few runs.
    class Cursor {
    public:
        explicit Cursor(const IndexStateMap& map)
            : m_map(&map) {}
        IndexState at(int32_t index);
        // The run holding index (in [0, size)): a renderer fills the run's cells in one go.
        const Run& runAt(int32_t index);
        StateMask statesIn(int32_t first, int32_t last);

    private:
        // Moves m_run to the run holding index (in range).
        void seek(int32_t index);
        const IndexStateMap* m_map;
        std::size_t m_run = 0;
    };

private:
    // Replaces the runs by the merge of the current ones with `layer` (ascending, disjoint runs
    // inside [0, size)), layer winning.
    void overlay(std::span<const Run> layer);

    int32_t m_size = 0;
    std::vector<Run> m_runs; // contiguous, cover [0, m_size), neighbours differ in state
};

} // namespace tessera::engine
