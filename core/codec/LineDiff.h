#pragma once
// A line diff of two texts (what an edit changes before it is applied): the shortest edit
// script by Myers' O(ND) algorithm ("An O(ND) Difference Algorithm and Its Variations", 1986),
// the algorithm of GNU diff and git, after the common first and last lines are set aside. Two
// manifests differ in a few lines, so D is small and the cost is close to linear.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::codec {

struct DiffLine {
    enum class Kind { Same, Removed, Added };
    Kind kind = Kind::Same;
    std::string text; // the line, without its newline
    bool operator==(const DiffLine&) const = default;
};

// Every line of `before` and `after` in order: unchanged lines, removed lines (from `before`)
// before the added lines that replace them. A final newline does not make an extra empty line.
std::vector<DiffLine> diffLines(std::string_view before, std::string_view after);

// True when the diff has a removed or added line.
bool hasChanges(const std::vector<DiffLine>& diff);

// The diff as unified-diff hunks ("@@ -a,b +c,d @@", then " ", "-", "+" lines), with
// `context` unchanged lines around each change; "" when nothing changed.
std::string unifiedDiff(const std::vector<DiffLine>& diff, std::size_t context = 3);

} // namespace tessera::codec
