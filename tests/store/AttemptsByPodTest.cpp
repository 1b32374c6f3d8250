// AttemptsByPod keeps a job's attempts in the snapshot's order from one snapshot to the next:
// after any mix of new pods, changed pods and forgotten ones, inOrder() must be exactly the full
// sort of the current records (by index, attempt, creation, then pod name), and share them.
#include "store/AttemptsByPod.h"

#include <QDateTime>
#include <algorithm>
#include <gtest/gtest.h>
#include <random>
#include <tuple>

using tessera::store::AttemptList;
using tessera::store::AttemptsByPod;
using tessera::store::IndexAttempt;

namespace {

// The order by definition: every record, sorted with nothing kept from before.
std::vector<IndexAttempt> fullSort(const AttemptsByPod& index) {
    std::vector<IndexAttempt> all;
    for (const auto& [pod, a] : index)
        all.push_back(*a);
    std::sort(all.begin(), all.end(), [](const IndexAttempt& a, const IndexAttempt& b) {
        const auto created = [](const IndexAttempt& x) {
            return x.created.isValid() ? x.created.toMSecsSinceEpoch() : -1;
        };
        return std::make_tuple(a.index, created(a), a.attempt, a.pod) <
               std::make_tuple(b.index, created(b), b.attempt, b.pod);
    });
    return all;
}

std::vector<IndexAttempt> values(const AttemptList& list) {
    return {list.begin(), list.end()};
}

IndexAttempt attempt(int index, int number, const QString& pod, qint64 createdMs) {
    IndexAttempt a;
    a.index = index;
    a.attempt = number;
    a.pod = pod;
    if (createdMs >= 0)
        a.created = QDateTime::fromMSecsSinceEpoch(createdMs, Qt::UTC);
    a.outcome = tessera::engine::AttemptOutcome::Running;
    return a;
}

} // namespace

// engine::attemptBefore within an index: creation, failure count, pod name.
TEST(AttemptsByPod, OrdersByIndexCreationFailureCountThenPodName) {
    AttemptsByPod index;
    index.put(attempt(2, 0, QStringLiteral("b"), 10));
    index.put(attempt(1, 1, QStringLiteral("c"), 5));
    index.put(attempt(1, 0, QStringLiteral("z"), 20));
    index.put(attempt(1, 0, QStringLiteral("y"), 20)); // same creation: by pod name
    index.put(attempt(1, 0, QStringLiteral("x"), -1)); // no creation time: first
    index.put(attempt(1, 1, QStringLiteral("w"), 20)); // same creation, more failures: after
    QStringList pods;
    for (const IndexAttempt& a : index.inOrder())
        pods << a.pod;
    EXPECT_EQ(pods.join(QLatin1Char(',')), QStringLiteral("x,c,y,z,w,b"));
}

TEST(AttemptsByPod, KeptOrderEqualsAFullSortAfterAnyChanges) {
    std::mt19937 random(20261124);
    AttemptsByPod index;
    std::vector<QString> pods;
    for (int round = 0; round < 300; ++round) {
        const int changes = std::uniform_int_distribution<int>(0, 40)(random);
        for (int c = 0; c < changes; ++c) {
            const int what = std::uniform_int_distribution<int>(0, 9)(random);
            const int idx = std::uniform_int_distribution<int>(0, 50)(random);
            const qint64 created = std::uniform_int_distribution<int>(-1, 30)(random);
            if (what < 5 || pods.empty()) { // a new pod
                pods.push_back(QStringLiteral("p%1").arg(pods.size()));
                index.put(attempt(idx, what % 3, pods.back(), created));
            } else if (what < 9) { // a pod changes, its key too at times
                const QString& pod = pods[random() % pods.size()];
                IndexAttempt a = attempt(idx, what % 2, pod, created);
                a.outcome = tessera::engine::AttemptOutcome::Failed;
                index.put(a);
                if (what == 8) // and again before the next snapshot
                    index.put(attempt(idx + 1, 0, pod, created));
            } else { // pods forgotten
                const int modulo = std::uniform_int_distribution<int>(2, 9)(random);
                index.eraseIf([&](const IndexAttempt& a) { return a.index % modulo == 0; });
            }
        }
        const AttemptList ordered = index.inOrder();
        ASSERT_EQ(values(ordered), fullSort(index)) << "round " << round;
        ASSERT_EQ(ordered.size(), index.size());
    }
}

TEST(AttemptsByPod, SnapshotsShareTheRecordsAndKeepTheirOwnOrder) {
    AttemptsByPod index;
    index.put(attempt(0, 0, QStringLiteral("a"), 1));
    index.put(attempt(1, 0, QStringLiteral("b"), 2));
    const AttemptList first = index.inOrder();
    index.put(attempt(0, 1, QStringLiteral("c"), 3));
    const AttemptList second = index.inOrder();
    ASSERT_EQ(first.size(), 2u);
    ASSERT_EQ(second.size(), 3u);
    EXPECT_EQ(first.shared(0).get(), second.shared(0).get()); // "a": one record, not a copy
    EXPECT_EQ(second[1].pod, QStringLiteral("c"));
    EXPECT_EQ(first[1].pod, QStringLiteral("b")); // the earlier snapshot is unchanged
    index.clear();
    EXPECT_TRUE(index.inOrder().empty());
    EXPECT_EQ(second.size(), 3u);
}

TEST(AttemptsByPod, KeepsTheNewestPodsFirstSeenPlusOlderOnesStillLive) {
    AttemptsByPod index(3);
    IndexAttempt live = attempt(0, 0, QStringLiteral("p0"), 0);
    live.live = true;
    index.put(live);
    for (int i = 1; i < 6; ++i)
        index.put(attempt(i, 0, QStringLiteral("p%1").arg(i), i));
    // p0 is older than the newest three but the API still has it; p1 and p2 are forgotten.
    QStringList pods;
    for (const IndexAttempt& a : index.inOrder())
        pods << a.pod;
    EXPECT_EQ(pods.join(QLatin1Char(',')), QStringLiteral("p0,p3,p4,p5"));
    EXPECT_EQ(index.forgotten(), 2u);
    // Updating a kept pod forgets nothing; p0 leaving the API forgets it.
    index.put(attempt(4, 1, QStringLiteral("p4"), 4));
    EXPECT_EQ(index.size(), 4u);
    index.put(attempt(0, 0, QStringLiteral("p0"), 0));
    EXPECT_EQ(index.find(QStringLiteral("p0")), nullptr);
    pods.clear();
    for (const IndexAttempt& a : index.inOrder())
        pods << a.pod;
    EXPECT_EQ(pods.join(QLatin1Char(',')), QStringLiteral("p3,p4,p5"));
    EXPECT_EQ(index.forgotten(), 3u);
}
