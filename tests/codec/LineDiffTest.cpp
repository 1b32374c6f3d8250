// The line diff shown before an edited manifest is applied: table-driven cases of what changed,
// and the unified text with its hunk headers as `diff -u` writes them.
#include "codec/LineDiff.h"

#include <gtest/gtest.h>

using tessera::codec::DiffLine;
using tessera::codec::diffLines;
using tessera::codec::hasChanges;
using tessera::codec::unifiedDiff;

namespace {

// The diff as one string: " same", "-removed", "+added" per line.
std::string render(const std::vector<DiffLine>& diff) {
    std::string out;
    for (const DiffLine& l : diff) {
        out += l.kind == DiffLine::Kind::Same ? ' ' : l.kind == DiffLine::Kind::Removed ? '-' : '+';
        out += l.text + '\n';
    }
    return out;
}

struct Case {
    const char* name;
    const char* before;
    const char* after;
    const char* expected;
};

} // namespace

TEST(LineDiff, FindsTheShortestScriptForEachCase) {
    const Case cases[] = {
        {"identical texts", "a\nb\n", "a\nb\n", " a\n b\n"},
        {"both empty", "", "", ""},
        {"all added", "", "a\nb\n", "+a\n+b\n"},
        {"all removed", "a\nb\n", "", "-a\n-b\n"},
        {"one value changed", "spec:\n  parallelism: 5\n  completions: 9\n",
         "spec:\n  parallelism: 3\n  completions: 9\n",
         " spec:\n-  parallelism: 5\n+  parallelism: 3\n   completions: 9\n"},
        {"a line inserted in the middle", "a\nb\nc\n", "a\nb\nx\nc\n", " a\n b\n+x\n c\n"},
        {"a line removed at the start", "a\nb\nc\n", "b\nc\n", "-a\n b\n c\n"},
        {"no final newline is the same line", "a\nb", "a\nb\n", " a\n b\n"},
        {"moved line", "a\nb\nc\n", "b\nc\na\n", "-a\n b\n c\n+a\n"},
        {"replaced block: removals first", "x\na\nb\ny\n", "x\nc\nd\ny\n",
         " x\n-a\n-b\n+c\n+d\n y\n"},
        {"interleaved", "a\nb\nc\nd\ne\n", "a\nc\nd\nf\ne\n", " a\n-b\n c\n d\n+f\n e\n"},
    };
    for (const Case& c : cases)
        EXPECT_EQ(render(diffLines(c.before, c.after)), c.expected) << c.name;
}

TEST(LineDiff, ReportsWhetherAnythingChanged) {
    EXPECT_FALSE(hasChanges(diffLines("a\nb\n", "a\nb\n")));
    EXPECT_TRUE(hasChanges(diffLines("a\nb\n", "a\nc\n")));
}

TEST(LineDiff, WritesUnifiedHunksWithContext) {
    std::string before, after;
    for (int i = 1; i <= 20; ++i) {
        before += "line " + std::to_string(i) + "\n";
        after += (i == 5 ? std::string("changed 5") : "line " + std::to_string(i)) + "\n";
        if (i == 16)
            after += "new after 16\n";
    }
    EXPECT_EQ(unifiedDiff(diffLines(before, after), 2),
              "@@ -3,5 +3,5 @@\n line 3\n line 4\n-line 5\n+changed 5\n line 6\n line 7\n"
              "@@ -15,4 +15,5 @@\n line 15\n line 16\n+new after 16\n line 17\n line 18\n");
    // Changes closer than twice the context share one hunk.
    EXPECT_EQ(unifiedDiff(diffLines("a\nb\nc\nd\n", "A\nb\nc\nD\n"), 1),
              "@@ -1,4 +1,4 @@\n-a\n+A\n b\n c\n-d\n+D\n");
    EXPECT_EQ(unifiedDiff(diffLines("a\n", "a\n")), "");
    EXPECT_EQ(unifiedDiff(diffLines("", "x\n")), "@@ -0,0 +1,1 @@\n+x\n");
}

TEST(LineDiff, StaysFastOnALargeTextWithFewChanges) {
    // 100,000 lines with three edits: the common prefix, suffix and small D keep it near linear
    // (a quadratic table would need 10^10 cells and never return).
    std::string before, after;
    for (int i = 0; i < 100000; ++i) {
        const std::string line = "line " + std::to_string(i) + "\n";
        before += line;
        after += (i == 10 || i == 50000 || i == 99990) ? "edited\n" : line;
    }
    const auto diff = diffLines(before, after);
    int removed = 0, added = 0;
    for (const DiffLine& l : diff) {
        removed += l.kind == DiffLine::Kind::Removed;
        added += l.kind == DiffLine::Kind::Added;
    }
    EXPECT_EQ(removed, 3);
    EXPECT_EQ(added, 3);
}
