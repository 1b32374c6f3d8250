// failurePatternsOf: a job's failed attempts grouped by exit code, reason, node and zone, with
// counts, shares and indexes. The expected groups are written out by hand for a small job and
// counted independently (one string key per attempt) for a seeded run of 2,000 attempts.
#include "store/FailurePatterns.h"

#include <QMap>
#include <gtest/gtest.h>
#include <random>
#include <set>

using namespace tessera::store;
using tessera::engine::AttemptOutcome;

namespace {

IndexAttempt attempt(int index, AttemptOutcome outcome, int exitCode, const char* reason,
                     const char* node) {
    IndexAttempt a;
    a.index = index;
    a.pod = QStringLiteral("job-%1-%2").arg(index).arg(QLatin1String(node));
    a.outcome = outcome;
    a.exitCode = exitCode;
    a.reason = QString::fromLatin1(reason);
    a.node = QString::fromLatin1(node);
    return a;
}

JobSnapshot withZones() {
    JobSnapshot s;
    s.nodeZones.insert(QStringLiteral("node-1"), QStringLiteral("zone-a"));
    s.nodeZones.insert(QStringLiteral("node-2"), QStringLiteral("zone-b"));
    return s;
}

} // namespace

TEST(FailurePatterns, GroupsFailedAttemptsByExitReasonNodeAndZone) {
    JobSnapshot s = withZones();
    // Sorted by index as a snapshot's attempts are.
    s.attempts.push_back(attempt(0, AttemptOutcome::Succeeded, 0, "Completed", "node-1"));
    s.attempts.push_back(attempt(1, AttemptOutcome::Failed, 137, "OOMKilled", "node-2"));
    s.attempts.push_back(attempt(1, AttemptOutcome::Succeeded, 0, "Completed", "node-1"));
    s.attempts.push_back(attempt(2, AttemptOutcome::Failed, 137, "OOMKilled", "node-2"));
    s.attempts.push_back(attempt(3, AttemptOutcome::Failed, 137, "OOMKilled", "node-2"));
    s.attempts.push_back(attempt(4, AttemptOutcome::Failed, 1, "Error", "node-1"));
    s.attempts.push_back(attempt(5, AttemptOutcome::Deleted, -1, "", "node-3")); // no zone
    s.attempts.push_back(attempt(6, AttemptOutcome::Removed, -1, "", "node-1")); // not counted
    s.attempts.push_back(attempt(7, AttemptOutcome::Running, -1, "", "node-2"));
    s.attempts.push_back(attempt(9, AttemptOutcome::Failed, 137, "OOMKilled", "node-2"));

    const FailurePatterns p = failurePatternsOf(s);
    EXPECT_EQ(p.failedAttempts, 6);
    ASSERT_EQ(p.groups.size(), 3u);
    EXPECT_EQ(p.groups[0].exitCode, 137);
    EXPECT_EQ(p.groups[0].reason, QStringLiteral("OOMKilled"));
    EXPECT_EQ(p.groups[0].node, QStringLiteral("node-2"));
    EXPECT_EQ(p.groups[0].zone, QStringLiteral("zone-b"));
    EXPECT_EQ(p.groups[0].attempts, 4);
    EXPECT_DOUBLE_EQ(p.groups[0].share, 4.0 / 6.0);
    EXPECT_EQ(p.groups[0].indexes.toString(), "1-3,9");
    EXPECT_EQ(p.groups[0].pods.size(), 4);
    // Equal counts: by exit code first (-1 before 1).
    EXPECT_EQ(p.groups[1].exitCode, -1);
    EXPECT_EQ(p.groups[1].node, QStringLiteral("node-3"));
    EXPECT_EQ(p.groups[1].zone, QString());
    EXPECT_EQ(p.groups[1].indexes.toString(), "5");
    EXPECT_EQ(p.groups[2].exitCode, 1);
    EXPECT_EQ(p.groups[2].reason, QStringLiteral("Error"));
    EXPECT_EQ(p.groups[2].zone, QStringLiteral("zone-a"));
    EXPECT_EQ(p.groups[2].pods, QStringList{QStringLiteral("job-4-node-1")});
}

TEST(FailurePatterns, NoFailuresNoGroups) {
    JobSnapshot s = withZones();
    s.attempts.push_back(attempt(0, AttemptOutcome::Succeeded, 0, "Completed", "node-1"));
    const FailurePatterns p = failurePatternsOf(s);
    EXPECT_EQ(p.failedAttempts, 0);
    EXPECT_TRUE(p.groups.empty());
}

TEST(FailurePatterns, ASeededRunsGroupsMatchAnIndependentCount) {
    std::mt19937 random(20261126);
    JobSnapshot s = withZones();
    const char* nodes[] = {"node-1", "node-2", "node-3"};
    const std::pair<int, const char*> ends[] = {{1, "Error"}, {137, "OOMKilled"}, {2, "Error"}};
    QMap<QString, int> expectedCounts; // "exit|reason|node" -> failed attempts
    QMap<QString, std::set<int>> expectedIndexes;
    int failed = 0;
    for (int index = 0; index < 1000; ++index) {
        for (int n = 0; n < 2; ++n) {
            const bool fails = random() % 3 == 0;
            const auto& end = ends[random() % 3];
            const char* node = nodes[random() % 3];
            s.attempts.push_back(
                attempt(index, fails ? AttemptOutcome::Failed : AttemptOutcome::Succeeded,
                        fails ? end.first : 0, fails ? end.second : "Completed", node));
            if (!fails)
                continue;
            ++failed;
            const QString key = QStringLiteral("%1|%2|%3")
                                    .arg(end.first)
                                    .arg(QLatin1String(end.second), QLatin1String(node));
            ++expectedCounts[key];
            expectedIndexes[key].insert(index);
        }
    }
    const FailurePatterns p = failurePatternsOf(s);
    EXPECT_EQ(p.failedAttempts, failed);
    ASSERT_EQ(static_cast<int>(p.groups.size()), expectedCounts.size());
    int previous = failed;
    for (const FailurePattern& g : p.groups) {
        const QString key = QStringLiteral("%1|%2|%3").arg(g.exitCode).arg(g.reason, g.node);
        ASSERT_TRUE(expectedCounts.contains(key)) << key.toStdString();
        EXPECT_EQ(g.attempts, expectedCounts.value(key)) << key.toStdString();
        EXPECT_DOUBLE_EQ(g.share, static_cast<double>(g.attempts) / failed);
        EXPECT_EQ(g.indexes.count(), static_cast<int64_t>(expectedIndexes[key].size()));
        for (int index : expectedIndexes[key])
            EXPECT_TRUE(g.indexes.contains(index));
        EXPECT_EQ(g.zone, s.zoneOf(g.node));
        EXPECT_LE(g.attempts, previous); // largest first
        previous = g.attempts;
    }
}
