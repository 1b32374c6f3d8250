#include "IndexStateMap.h"

#include <algorithm>

namespace tessera::engine {

namespace {

// Appends [first, last] -> state, merging with the previous run when the state is the same.
// Requires first == previous.last + 1 (runs stay contiguous).
void appendRun(std::vector<IndexStateMap::Run>& out, int32_t first, int32_t last,
               IndexState state) {
    if (!out.empty() && out.back().state == state) {
        out.back().last = last;
        return;
    }
    out.push_back({first, last, state});
}

} // namespace

const char* toString(IndexState s) {
    switch (s) {
    case IndexState::NotStarted:
        return "NotStarted";
    case IndexState::Pending:
        return "Pending";
    case IndexState::Running:
        return "Running";
    case IndexState::Succeeded:
        return "Succeeded";
    case IndexState::FailedWillRetry:
        return "FailedWillRetry";
    case IndexState::FailedTerminal:
        return "FailedTerminal";
    case IndexState::OutOfRange:
        return "OutOfRange";
    }
    return "NotStarted";
}

IndexStateMap::IndexStateMap(int32_t size, IndexState fill)
    : m_size(std::max(size, 0)) {
    if (m_size > 0)
        m_runs.push_back({0, m_size - 1, fill});
}

IndexStateMap IndexStateMap::fromStates(std::span<const IndexState> states) {
    IndexStateMap map;
    map.m_size = static_cast<int32_t>(states.size());
    for (std::size_t i = 0; i < states.size(); ++i) {
        const auto index = static_cast<int32_t>(i);
        appendRun(map.m_runs, index, index, states[i]);
    }
    return map;
}

std::size_t IndexStateMap::runOf(int32_t index) const {
    // The last run starting at or before index.
    const auto it = std::upper_bound(m_runs.begin(), m_runs.end(), index,
                                     [](int32_t i, const Run& r) { return i < r.first; });
    return static_cast<std::size_t>(it - m_runs.begin()) - 1;
}

IndexState IndexStateMap::at(int32_t index) const {
    if (index < 0 || index >= m_size)
        return IndexState::OutOfRange;
    return m_runs[runOf(index)].state;
}

IndexStateMap::StateMask IndexStateMap::statesIn(int32_t first, int32_t last) const {
    first = std::max(first, 0);
    last = std::min(last, m_size - 1);
    StateMask mask = 0;
    if (last < first)
        return mask;
    for (std::size_t r = runOf(first); r < m_runs.size() && m_runs[r].first <= last; ++r)
        mask |= maskOf(m_runs[r].state);
    return mask;
}

IndexStateMap::Counts IndexStateMap::counts() const {
    Counts c{};
    for (const Run& r : m_runs)
        c[static_cast<std::size_t>(r.state)] += r.size();
    return c;
}

IndexStateMap::Counts IndexStateMap::countsIn(int32_t first, int32_t last) const {
    first = std::max(first, 0);
    last = std::min(last, m_size - 1);
    Counts c{};
    if (last < first)
        return c;
    for (std::size_t r = runOf(first); r < m_runs.size() && m_runs[r].first <= last; ++r) {
        const Run& run = m_runs[r];
        c[static_cast<std::size_t>(run.state)] +=
            int64_t{std::min(run.last, last)} - std::max(run.first, first) + 1;
    }
    return c;
}

std::optional<int32_t> IndexStateMap::findFirst(StateMask mask, int32_t from) const {
    from = std::max(from, 0);
    if (from >= m_size)
        return std::nullopt;
    for (std::size_t r = runOf(from); r < m_runs.size(); ++r)
        if (mask & maskOf(m_runs[r].state))
            return std::max(m_runs[r].first, from);
    return std::nullopt;
}

void IndexStateMap::overlay(std::span<const Run> layer) {
    if (layer.empty())
        return;
    std::vector<Run> out;
    out.reserve(m_runs.size() + 2 * layer.size());
    std::size_t r = 0; // current base run
    int64_t next = 0;  // the first index not yet written (64 bits: last + 1 may be 2^31)
    auto copyBaseUpTo = [&](int64_t end) { // writes the base's states for [next, end]
        while (next <= end) {
            while (m_runs[r].last < next)
                ++r;
            const int64_t until = std::min<int64_t>(m_runs[r].last, end);
            appendRun(out, static_cast<int32_t>(next), static_cast<int32_t>(until),
                      m_runs[r].state);
            next = until + 1;
        }
    };
    for (const Run& piece : layer) {
        copyBaseUpTo(int64_t{piece.first} - 1);
        appendRun(out, piece.first, piece.last, piece.state);
        next = int64_t{piece.last} + 1;
    }
    copyBaseUpTo(int64_t{m_size} - 1);
    m_runs = std::move(out);
}

void IndexStateMap::paint(int32_t first, int32_t last, IndexState state) {
    first = std::max(first, 0);
    last = std::min(last, m_size - 1);
    if (last < first)
        return;
    const Run piece{first, last, state};
    overlay(std::span<const Run>(&piece, 1));
}

void IndexStateMap::paint(const IndexSet& set, IndexState state) {
    std::vector<Run> layer;
    layer.reserve(set.intervalCount());
    for (const Interval& iv : set.intervals()) {
        const int32_t first = std::max(iv.first, 0);
        const int32_t last = std::min(iv.last, m_size - 1);
        if (first <= last)
            layer.push_back({first, last, state});
    }
    overlay(layer);
}

void IndexStateMap::assignRange(const IndexStateMap& from, int32_t first, int32_t last) {
    first = std::max(first, 0);
    last = std::min({last, m_size - 1, from.m_size - 1});
    if (last < first)
        return;
    std::vector<Run> layer;
    for (std::size_t r = from.runOf(first); r < from.m_runs.size() && from.m_runs[r].first <= last;
         ++r) {
        const Run& run = from.m_runs[r];
        layer.push_back({std::max(run.first, first), std::min(run.last, last), run.state});
    }
    overlay(layer);
}

void IndexStateMap::paintPoints(std::vector<std::pair<int32_t, IndexState>> points) {
    std::erase_if(points, [this](const auto& p) { return p.first < 0 || p.first >= m_size; });
    // Stable: of two entries for one index, the later stays last and wins below.
    std::stable_sort(points.begin(), points.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<Run> layer;
    layer.reserve(points.size());
    for (const auto& [index, state] : points) {
        if (!layer.empty() && layer.back().last == index) {
            layer.back().state = state;
            continue;
        }
        layer.push_back({index, index, state});
    }
    overlay(layer);
}

std::optional<Interval> IndexStateMap::differingRange(const IndexStateMap& a,
                                                      const IndexStateMap& b) {
    if (a.m_size != b.m_size) {
        const int32_t size = std::max(a.m_size, b.m_size);
        return Interval{0, size - 1};
    }
    const std::vector<Run>& x = a.m_runs;
    const std::vector<Run>& y = b.m_runs;
    // Both are normalised, so equal prefixes of runs mean equal prefixes of indexes; the first
    // unequal pair starts at the same index, and differs there unless only its end differs.
    std::size_t i = 0;
    const std::size_t common = std::min(x.size(), y.size());
    while (i < common && x[i] == y[i])
        ++i;
    if (i == x.size() && i == y.size())
        return std::nullopt;
    int32_t first = x[i].first;
    if (x[i].state == y[i].state)
        first = std::min(x[i].last, y[i].last) + 1;
    std::size_t j = 0;
    while (j < common && x[x.size() - 1 - j] == y[y.size() - 1 - j])
        ++j;
    const Run& u = x[x.size() - 1 - j];
    const Run& v = y[y.size() - 1 - j];
    int32_t last = u.last;
    if (u.state == v.state)
        last = std::max(u.first, v.first) - 1;
    return Interval{first, last};
}

std::vector<IndexState> IndexStateMap::toVector() const {
    std::vector<IndexState> out;
    out.reserve(static_cast<std::size_t>(m_size));
    for (const Run& r : m_runs)
        out.insert(out.end(), static_cast<std::size_t>(r.size()), r.state);
    return out;
}

void IndexStateMap::Cursor::seek(int32_t index) {
    const std::vector<Run>& runs = m_map->m_runs;
    if (m_run >= runs.size() || index < runs[m_run].first) {
        m_run = m_map->runOf(index);
        return;
    }
    // Forward: a few steps, then give up and search (a jump far ahead).
    for (int steps = 0; steps < 8; ++steps) {
        if (index <= runs[m_run].last)
            return;
        ++m_run;
    }
    if (index > runs[m_run].last)
        m_run = m_map->runOf(index);
}

IndexState IndexStateMap::Cursor::at(int32_t index) {
    if (index < 0 || index >= m_map->m_size)
        return IndexState::OutOfRange;
    seek(index);
    return m_map->m_runs[m_run].state;
}

const IndexStateMap::Run& IndexStateMap::Cursor::runAt(int32_t index) {
    seek(index);
    return m_map->m_runs[m_run];
}

IndexStateMap::StateMask IndexStateMap::Cursor::statesIn(int32_t first, int32_t last) {
    first = std::max(first, 0);
    last = std::min(last, m_map->m_size - 1);
    StateMask mask = 0;
    if (last < first)
        return mask;
    seek(first);
    const std::vector<Run>& runs = m_map->m_runs;
    std::size_t r = m_run;
    for (; r < runs.size() && runs[r].first <= last; ++r)
        mask |= maskOf(runs[r].state);
    m_run = r - 1; // the run holding `last`: the next read usually starts there or just after
    return mask;
}

} // namespace tessera::engine
