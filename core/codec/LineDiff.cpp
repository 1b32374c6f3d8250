#include "LineDiff.h"

#include <algorithm>
#include <cstdint>

namespace tessera::codec {

namespace {

std::vector<std::string_view> splitLines(std::string_view text) {
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) {
            lines.push_back(text.substr(start));
            break;
        }
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

using Lines = std::vector<std::string_view>;

// Myers' greedy forward search over a[0, n) and b[0, m), keeping each round's furthest reaching
// paths so the script can be traced back. Memory O(D²): fine for the few changed lines of an
// edit; `emit` receives the script front to back.
void myers(const Lines& a, std::size_t aFrom, std::size_t n, const Lines& b, std::size_t bFrom,
           std::size_t m, std::vector<DiffLine>& out) {
    const auto max = static_cast<std::int64_t>(n + m);
    const std::int64_t offset = max + 1;
    std::vector<std::int64_t> v(static_cast<std::size_t>(2 * max + 3), 0);
    std::vector<std::vector<std::int64_t>> trace;
    const auto N = static_cast<std::int64_t>(n), M = static_cast<std::int64_t>(m);
    std::int64_t found = -1;
    for (std::int64_t d = 0; d <= max && found < 0; ++d) {
        // Round d reads the diagonals -d-1 .. d+1 of the previous round: keep just those.
        const auto lo = static_cast<std::ptrdiff_t>(std::max<std::int64_t>(0, offset - d - 1));
        const auto hi =
            static_cast<std::ptrdiff_t>(std::min<std::int64_t>(2 * max + 3, offset + d + 2));
        trace.emplace_back(v.begin() + lo, v.begin() + hi);
        for (std::int64_t k = -d; k <= d; k += 2) {
            const auto at = [&](std::int64_t kk) -> std::int64_t& {
                return v[static_cast<std::size_t>(kk + offset)];
            };
            std::int64_t x =
                (k == -d || (k != d && at(k - 1) < at(k + 1))) ? at(k + 1) : at(k - 1) + 1;
            std::int64_t y = x - k;
            while (x < N && y < M &&
                   a[aFrom + static_cast<std::size_t>(x)] ==
                       b[bFrom + static_cast<std::size_t>(y)]) {
                ++x;
                ++y;
            }
            at(k) = x;
            if (x >= N && y >= M) {
                found = d;
                break;
            }
        }
    }
    // Trace back from (N, M): each round d added one removal or insertion, then a snake.
    std::vector<DiffLine> reversed;
    std::int64_t x = N, y = M;
    for (std::int64_t d = found; d > 0; --d) {
        const std::vector<std::int64_t>& prev = trace[static_cast<std::size_t>(d)];
        const std::int64_t lo = std::max<std::int64_t>(0, offset - d - 1);
        const auto at = [&](std::int64_t kk) {
            return prev[static_cast<std::size_t>(kk + offset - lo)];
        };
        const std::int64_t k = x - y;
        const bool down = k == -d || (k != d && at(k - 1) < at(k + 1));
        const std::int64_t prevK = down ? k + 1 : k - 1;
        const std::int64_t prevX = at(prevK), prevY = prevX - prevK;
        const std::int64_t startX = down ? prevX : prevX + 1;
        while (x > startX) { // the snake: equal lines
            --x;
            --y;
            reversed.push_back(
                {DiffLine::Kind::Same, std::string(a[aFrom + static_cast<std::size_t>(x)])});
        }
        if (down)
            reversed.push_back(
                {DiffLine::Kind::Added, std::string(b[bFrom + static_cast<std::size_t>(prevY)])});
        else
            reversed.push_back(
                {DiffLine::Kind::Removed, std::string(a[aFrom + static_cast<std::size_t>(prevX)])});
        x = prevX;
        y = prevY;
    }
    while (x > 0) {
        --x;
        reversed.push_back(
            {DiffLine::Kind::Same, std::string(a[aFrom + static_cast<std::size_t>(x)])});
    }
    // Within a run of changes, removals first (as diff prints a replaced block).
    std::reverse(reversed.begin(), reversed.end());
    for (std::size_t i = 0; i < reversed.size();) {
        if (reversed[i].kind == DiffLine::Kind::Same) {
            out.push_back(std::move(reversed[i++]));
            continue;
        }
        std::size_t end = i;
        while (end < reversed.size() && reversed[end].kind != DiffLine::Kind::Same)
            ++end;
        std::stable_partition(reversed.begin() + static_cast<std::ptrdiff_t>(i),
                              reversed.begin() + static_cast<std::ptrdiff_t>(end),
                              [](const DiffLine& l) { return l.kind == DiffLine::Kind::Removed; });
        for (; i < end; ++i)
            out.push_back(std::move(reversed[i]));
    }
}

} // namespace

std::vector<DiffLine> diffLines(std::string_view before, std::string_view after) {
    const Lines a = splitLines(before), b = splitLines(after);
    std::size_t head = 0;
    while (head < a.size() && head < b.size() && a[head] == b[head])
        ++head;
    std::size_t tail = 0;
    while (tail < a.size() - head && tail < b.size() - head &&
           a[a.size() - 1 - tail] == b[b.size() - 1 - tail])
        ++tail;
    std::vector<DiffLine> out;
    out.reserve(std::max(a.size(), b.size()));
    for (std::size_t i = 0; i < head; ++i)
        out.push_back({DiffLine::Kind::Same, std::string(a[i])});
    myers(a, head, a.size() - head - tail, b, head, b.size() - head - tail, out);
    for (std::size_t i = a.size() - tail; i < a.size(); ++i)
        out.push_back({DiffLine::Kind::Same, std::string(a[i])});
    return out;
}

bool hasChanges(const std::vector<DiffLine>& diff) {
    return std::any_of(diff.begin(), diff.end(),
                       [](const DiffLine& l) { return l.kind != DiffLine::Kind::Same; });
}

std::string unifiedDiff(const std::vector<DiffLine>& diff, std::size_t context) {
    std::string out;
    const std::size_t n = diff.size();
    std::size_t i = 0;
    // Line numbers before each diff line, in the old and the new text (1-based).
    std::vector<std::size_t> oldLine(n + 1), newLine(n + 1);
    oldLine[0] = newLine[0] = 1;
    for (std::size_t j = 0; j < n; ++j) {
        oldLine[j + 1] = oldLine[j] + (diff[j].kind != DiffLine::Kind::Added ? 1 : 0);
        newLine[j + 1] = newLine[j] + (diff[j].kind != DiffLine::Kind::Removed ? 1 : 0);
    }
    while (i < n) {
        if (diff[i].kind == DiffLine::Kind::Same) {
            ++i;
            continue;
        }
        // A hunk: from `context` lines before this change to `context` lines after the last
        // change that is no more than 2 × context unchanged lines from the next.
        const std::size_t first = i >= context ? i - context : 0;
        std::size_t last = i; // one past the hunk's last change
        std::size_t j = i;
        while (j < n) {
            if (diff[j].kind != DiffLine::Kind::Same) {
                last = ++j;
                continue;
            }
            std::size_t same = j;
            while (same < n && diff[same].kind == DiffLine::Kind::Same)
                ++same;
            if (same < n && same - j <= 2 * context) {
                j = same;
                continue;
            }
            break;
        }
        const std::size_t end = std::min(n, last + context);
        const std::size_t oldCount = oldLine[end] - oldLine[first];
        const std::size_t newCount = newLine[end] - newLine[first];
        // An empty side is numbered by the line before it, as diff -u does.
        out += "@@ -" + std::to_string(oldCount ? oldLine[first] : oldLine[first] - 1) + "," +
               std::to_string(oldCount) + " +" +
               std::to_string(newCount ? newLine[first] : newLine[first] - 1) + "," +
               std::to_string(newCount) + " @@\n";
        for (std::size_t k = first; k < end; ++k) {
            out += diff[k].kind == DiffLine::Kind::Same      ? ' '
                   : diff[k].kind == DiffLine::Kind::Removed ? '-'
                                                             : '+';
            out += diff[k].text;
            out += '\n';
        }
        i = end;
    }
    return out;
}

} // namespace tessera::codec
