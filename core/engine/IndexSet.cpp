#include "IndexSet.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <optional>

namespace tessera::engine {
namespace {

// Go's strconv.Atoi, which the controller uses: an optional sign then at least one decimal digit,
// the whole piece, within int64. Anything else does not parse.
bool parseGoInt(std::string_view piece, int64_t& out) {
    if (piece.empty())
        return false;
    std::string_view digits = piece;
    bool negative = false;
    if (digits.front() == '+' || digits.front() == '-') {
        negative = digits.front() == '-';
        digits.remove_prefix(1);
    }
    if (digits.empty())
        return false;
    uint64_t value = 0;
    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec != std::errc{} || ptr != digits.data() + digits.size())
        return false;
    const uint64_t limit = negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
    if (value > limit)
        return false;
    out = negative ? static_cast<int64_t>(0 - value) : static_cast<int64_t>(value);
    return true;
}

// Appends [first, last] to a sorted list, merging with the previous interval when it overlaps or
// touches. Requires first >= previous.first.
void appendMerged(std::vector<Interval>& out, int32_t first, int32_t last) {
    if (!out.empty() && int64_t{first} <= int64_t{out.back().last} + 1) {
        out.back().last = std::max(out.back().last, last);
        return;
    }
    out.push_back({first, last});
}

} // namespace

IndexSet::IndexSet(std::vector<Interval> normalised)
    : m_intervals(std::move(normalised)) {
    recount();
}

void IndexSet::recount() {
    m_count = 0;
    for (const Interval& iv : m_intervals)
        m_count += iv.size();
}

IndexSet IndexSet::fromIntervals(std::vector<Interval> intervals) {
    std::erase_if(intervals, [](const Interval& iv) { return iv.last < iv.first; });
    if (!std::is_sorted(intervals.begin(), intervals.end(),
                        [](const Interval& a, const Interval& b) { return a.first < b.first; }))
        std::sort(intervals.begin(), intervals.end(),
                  [](const Interval& a, const Interval& b) { return a.first < b.first; });
    std::vector<Interval> merged;
    merged.reserve(intervals.size());
    for (const Interval& iv : intervals)
        appendMerged(merged, iv.first, iv.last);
    return IndexSet(std::move(merged));
}

IndexSet IndexSet::fromSortedIndexes(std::span<const int32_t> ascending) {
    // The reconciler builds the set of its active indexes (a thousand or more) in every sync:
    // one inline step per index rather than a call to appendMerged.
    std::vector<Interval> out;
    for (const int32_t index : ascending) {
        if (!out.empty() && int64_t{index} <= int64_t{out.back().last} + 1)
            out.back().last = std::max(out.back().last, index);
        else
            out.push_back({index, index});
    }
    return IndexSet(std::move(out));
}

IndexSet IndexSet::range(int32_t first, int32_t last) {
    if (last < first)
        return {};
    return IndexSet({Interval{first, last}});
}

IndexSet IndexSet::parseLenient(std::string_view text, int32_t completions) {
    std::vector<Interval> out;
    bool sorted = true;
    std::size_t start = 0;
    while (start <= text.size() && !text.empty()) {
        std::size_t comma = text.find(',', start);
        std::string_view piece = text.substr(
            start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
        start = comma == std::string_view::npos ? text.size() + 1 : comma + 1;

        // Only the first two '-' separated parts are used (strings.Split then [0], [1]).
        std::size_t dash = piece.find('-');
        std::string_view firstText = piece.substr(0, dash);
        int64_t first = 0;
        if (!parseGoInt(firstText, first))
            continue;
        if (first >= completions)
            break;
        int64_t last = first;
        if (dash != std::string_view::npos) {
            std::string_view rest = piece.substr(dash + 1);
            std::string_view secondText = rest.substr(0, rest.find('-'));
            if (!parseGoInt(secondText, last))
                continue;
            if (last >= completions)
                last = completions - 1;
        }
        // Negative numbers cannot be written (they would split on '-'), but "+0" style input can
        // still produce odd ranges; keep only what lies in [0, completions).
        first = std::max<int64_t>(first, 0);
        if (last < first)
            continue;
        if (!out.empty() && first < out.back().first)
            sorted = false;
        if (sorted)
            appendMerged(out, static_cast<int32_t>(first), static_cast<int32_t>(last));
        else
            out.push_back({static_cast<int32_t>(first), static_cast<int32_t>(last)});
    }
    if (!sorted)
        return fromIntervals(std::move(out));
    return IndexSet(std::move(out));
}

Result<IndexSet> IndexSet::parseStrict(std::string_view text, int32_t completions) {
    std::vector<Interval> out;
    if (text.empty())
        return IndexSet();
    auto fail = [](std::string message, std::size_t position) {
        Error e;
        e.message = std::move(message);
        e.position = static_cast<long>(position);
        return e;
    };
    auto parseNumber = [&](std::string_view number, std::size_t position,
                           int64_t& value) -> std::optional<Error> {
        if (!parseGoInt(number, value))
            return fail("cannot parse \"" + std::string(number) + "\" as an index", position);
        if (value < 0)
            return fail("index " + std::to_string(value) + " is negative", position);
        if (value >= completions)
            return fail("index " + std::to_string(value) +
                            " is out of range: must be less than completions (" +
                            std::to_string(completions) + ")",
                        position);
        return std::nullopt;
    };
    int64_t previousLast = -1;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t comma = text.find(',', start);
        std::size_t end = comma == std::string_view::npos ? text.size() : comma;
        std::string_view piece = text.substr(start, end - start);
        if (piece.empty())
            return fail("empty element between commas", start);
        std::size_t dash = piece.find('-');
        int64_t first = 0;
        int64_t last = 0;
        if (dash == std::string_view::npos) {
            if (auto err = parseNumber(piece, start, first))
                return *err;
            last = first;
        } else {
            if (piece.find('-', dash + 1) != std::string_view::npos)
                return fail("\"" + std::string(piece) + "\" has more than one '-'", start);
            // Said plainly: parsing the empty side of the '-' gave `cannot parse ""`.
            if (dash == 0)
                return fail("\"" + std::string(piece) +
                                "\": an index cannot be negative (a range is FIRST-LAST)",
                            start);
            if (dash + 1 == piece.size())
                return fail("interval \"" + std::string(piece) +
                                "\" has no last index (a range is FIRST-LAST)",
                            start + dash + 1);
            if (auto err = parseNumber(piece.substr(0, dash), start, first))
                return *err;
            if (auto err = parseNumber(piece.substr(dash + 1), start + dash + 1, last))
                return *err;
            if (first >= last)
                return fail("interval \"" + std::string(piece) +
                                "\" must have its first index below its last",
                            start);
        }
        if (first <= previousLast)
            return fail("\"" + std::string(piece) + "\" is not above the previous element (" +
                            std::to_string(previousLast) +
                            "): elements must be strictly increasing",
                        start);
        previousLast = last;
        appendMerged(out, static_cast<int32_t>(first), static_cast<int32_t>(last));
        if (comma == std::string_view::npos)
            break;
        start = comma + 1;
    }
    return IndexSet(std::move(out));
}

void IndexSet::appendTo(std::string& out) const {
    // Written in place into room for the longest text, then cut: a push_back per character cost
    // more than the formatting, and the reconciler formats completedIndexes in every sync.
    constexpr std::size_t kMaxIntervalChars = 2 * 11 + 2; // "-2147483648-2147483648,"
    const std::size_t start = out.size();
    out.resize(start + m_intervals.size() * kMaxIntervalChars);
    char* at = out.data() + start;
    char* const end = out.data() + out.size();
    bool firstItem = true;
    for (const Interval& iv : m_intervals) {
        if (!firstItem)
            *at++ = ',';
        firstItem = false;
        at = std::to_chars(at, end, iv.first).ptr;
        if (iv.last == iv.first)
            continue;
        *at++ = iv.last == iv.first + 1 ? ',' : '-';
        at = std::to_chars(at, end, iv.last).ptr;
    }
    out.resize(static_cast<std::size_t>(at - out.data()));
}

std::string IndexSet::toString() const {
    std::string out;
    out.reserve(m_intervals.size() * 12);
    appendTo(out);
    return out;
}

bool IndexSet::contains(int32_t index) const {
    auto it = std::upper_bound(m_intervals.begin(), m_intervals.end(), index,
                               [](int32_t v, const Interval& iv) { return v < iv.first; });
    if (it == m_intervals.begin())
        return false;
    --it;
    return index <= it->last;
}

IndexSet IndexSet::unite(const IndexSet& other) const {
    std::vector<Interval> out;
    out.reserve(m_intervals.size() + other.m_intervals.size());
    auto a = m_intervals.begin();
    auto b = other.m_intervals.begin();
    while (a != m_intervals.end() || b != other.m_intervals.end()) {
        const Interval* next;
        if (b == other.m_intervals.end() || (a != m_intervals.end() && a->first <= b->first))
            next = &*a++;
        else
            next = &*b++;
        appendMerged(out, next->first, next->last);
    }
    return IndexSet(std::move(out));
}

IndexSet IndexSet::subtract(const IndexSet& other) const {
    std::vector<Interval> out;
    out.reserve(m_intervals.size());
    auto b = other.m_intervals.begin();
    for (Interval cur : m_intervals) {
        // Skip removals entirely below the current interval.
        while (b != other.m_intervals.end() && b->last < cur.first)
            ++b;
        auto r = b;
        bool consumed = false;
        while (r != other.m_intervals.end() && r->first <= cur.last) {
            if (r->first > cur.first)
                out.push_back({cur.first, r->first - 1});
            if (r->last >= cur.last) {
                consumed = true;
                break;
            }
            cur.first = r->last + 1;
            ++r;
        }
        if (!consumed)
            out.push_back(cur);
    }
    return IndexSet(std::move(out));
}

IndexSet IndexSet::intersect(const IndexSet& other) const {
    std::vector<Interval> out;
    auto a = m_intervals.begin();
    auto b = other.m_intervals.begin();
    while (a != m_intervals.end() && b != other.m_intervals.end()) {
        int32_t lo = std::max(a->first, b->first);
        int32_t hi = std::min(a->last, b->last);
        if (lo <= hi)
            out.push_back({lo, hi});
        if (a->last < b->last)
            ++a;
        else
            ++b;
    }
    return IndexSet(std::move(out));
}

int64_t IndexSet::intersectionCount(const IndexSet& other) const {
    int64_t total = 0;
    auto a = m_intervals.begin();
    auto b = other.m_intervals.begin();
    while (a != m_intervals.end() && b != other.m_intervals.end()) {
        int32_t lo = std::max(a->first, b->first);
        int32_t hi = std::min(a->last, b->last);
        if (lo <= hi)
            total += int64_t{hi} - lo + 1;
        if (a->last < b->last)
            ++a;
        else
            ++b;
    }
    return total;
}

bool IndexSet::isSubsetOf(const IndexSet& other) const {
    return intersectionCount(other) == m_count;
}

IndexSet IndexSet::clippedBelow(int32_t limit) const {
    std::vector<Interval> out;
    for (const Interval& iv : m_intervals) {
        if (iv.first >= limit)
            break;
        out.push_back({iv.first, std::min(iv.last, limit - 1)});
    }
    return IndexSet(std::move(out));
}

IndexSet IndexSet::withOrderedIndexes(std::span<const int32_t> ascending) const {
    if (ascending.empty())
        return *this;
    // A sync adds a few indexes to hundreds of intervals: the intervals between two new indexes
    // are copied as one block. Only the first of a block can touch what was written before it
    // (the intervals are disjoint and not adjacent), so only it goes through appendMerged.
    std::vector<Interval> out;
    out.reserve(m_intervals.size() + ascending.size());
    auto next = m_intervals.begin();
    const auto copyUpTo = [&](std::vector<Interval>::const_iterator stop) {
        if (next == stop)
            return;
        appendMerged(out, next->first, next->last);
        out.insert(out.end(), next + 1, stop);
        next = stop;
    };
    for (const int32_t index : ascending) {
        // Intervals starting at or before the index come first, as in the controller's merge.
        copyUpTo(std::upper_bound(next, m_intervals.end(), index,
                                  [](int32_t v, const Interval& iv) { return v < iv.first; }));
        appendMerged(out, index, index);
    }
    copyUpTo(m_intervals.end());
    return IndexSet(std::move(out));
}

void IndexSet::insert(int32_t index) {
    if (m_intervals.empty() || index > m_intervals.back().last) {
        appendMerged(m_intervals, index, index);
        ++m_count;
        return;
    }
    if (contains(index))
        return;
    auto it = std::upper_bound(m_intervals.begin(), m_intervals.end(), index,
                               [](int32_t v, const Interval& iv) { return v < iv.first; });
    // it: first interval starting after index; prev (if any) ends before index.
    bool joinsPrev = it != m_intervals.begin() && std::prev(it)->last == index - 1;
    bool joinsNext = it != m_intervals.end() && it->first == index + 1;
    if (joinsPrev && joinsNext) {
        std::prev(it)->last = it->last;
        m_intervals.erase(it);
    } else if (joinsPrev) {
        std::prev(it)->last = index;
    } else if (joinsNext) {
        it->first = index;
    } else {
        m_intervals.insert(it, Interval{index, index});
    }
    ++m_count;
}

IndexSet::const_iterator& IndexSet::const_iterator::operator++() {
    if (m_value < m_interval->last) {
        ++m_value;
        return *this;
    }
    ++m_interval;
    m_value = m_interval != m_end ? m_interval->first : 0;
    return *this;
}

IndexSet::const_iterator IndexSet::begin() const {
    return const_iterator(m_intervals.data(), m_intervals.data() + m_intervals.size());
}

IndexSet::const_iterator IndexSet::end() const {
    const Interval* e = m_intervals.data() + m_intervals.size();
    return const_iterator(e, e);
}

} // namespace tessera::engine
