// The in-memory store and the batching every store shares.
#include "store/MemoryJobStore.h"

#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

using namespace tessera::store;

namespace {

JobSummary summary(const QString& name, int parallelism = 2) {
    JobSummary s;
    s.key = JobStore::makeKey(QStringLiteral("memory"), QStringLiteral("default"), name);
    s.name = name;
    s.namespace_ = QStringLiteral("default");
    s.completions = 10;
    s.parallelism = parallelism;
    s.status = QStringLiteral("Running");
    return s;
}

} // namespace

TEST(JobStoreKey, SplitsSourceNamespaceAndNameFromTheRight) {
    const QString key = JobStore::makeKey(QStringLiteral("ctx/with/slash"), QStringLiteral("ns"),
                                          QStringLiteral("job"));
    auto p = JobStore::splitKey(key);
    ASSERT_TRUE(p.has_value());
    EXPECT_EQ(p->source, QStringLiteral("ctx/with/slash"));
    EXPECT_EQ(p->namespace_, QStringLiteral("ns"));
    EXPECT_EQ(p->name, QStringLiteral("job"));
    EXPECT_FALSE(JobStore::splitKey(QStringLiteral("nojob")).has_value());
}

TEST(MemoryJobStore, FoldsManyChangesIntoOneDiff) {
    MemoryJobStore store;
    QSignalSpy spy(&store, &JobStore::jobsChanged);
    store.setJobs({summary(QStringLiteral("a")), summary(QStringLiteral("b"))});
    for (int i = 0; i < 500; ++i)
        store.upsertJob(summary(QStringLiteral("a"), i));
    store.removeJob(summary(QStringLiteral("b")).key);
    ASSERT_TRUE(QTest::qWaitFor([&] { return spy.count() > 0; }, 5000));
    QTest::qWait(250);
    ASSERT_EQ(spy.count(), 1);
    const auto diff = spy.at(0).at(0).value<JobListDiff>();
    EXPECT_TRUE(diff.reset);
    ASSERT_EQ(diff.upserted.size(), 1u);
    EXPECT_EQ(diff.upserted[0].parallelism, 499);
    EXPECT_TRUE(diff.removed.isEmpty()); // a reset already says b is gone
}

TEST(MemoryJobStore, ActionsChangeTheJobAndAreRecorded) {
    MemoryJobStore store;
    store.setEmitInterval(std::chrono::milliseconds(10));
    JobSnapshot snap;
    snap.summary = summary(QStringLiteral("render"));
    snap.states = tessera::engine::IndexStateMap(10);
    store.setSnapshot(snap);
    QSignalSpy jobs(&store, &JobStore::jobsChanged);
    QSignalSpy snaps(&store, &JobStore::jobSnapshotChanged);
    QSignalSpy failed(&store, &JobStore::actionFailed);
    store.setParallelism(snap.summary.key, 7);
    ASSERT_TRUE(QTest::qWaitFor([&] { return snaps.count() > 0; }, 5000));
    ASSERT_GE(jobs.count(), 1);
    const auto diff = jobs.last().at(0).value<JobListDiff>();
    ASSERT_EQ(diff.upserted.size(), 1u);
    EXPECT_EQ(diff.upserted[0].parallelism, 7);
    EXPECT_EQ(snaps.last().at(0).value<JobSnapshotPtr>()->summary.parallelism, 7);
    ASSERT_EQ(store.actions().size(), 1u);
    EXPECT_EQ(store.actions()[0].kind, QStringLiteral("setParallelism"));
    EXPECT_EQ(store.actions()[0].value, 7);
    store.deleteJob(QStringLiteral("memory/default/missing"));
    EXPECT_EQ(failed.count(), 1);
}

TEST(MemoryJobStore, MergesDirtyRangesOfSnapshotsNeverEmitted) {
    MemoryJobStore store;
    QSignalSpy snaps(&store, &JobStore::jobSnapshotChanged);
    JobSnapshot s;
    s.summary = summary(QStringLiteral("grid"));
    s.states = tessera::engine::IndexStateMap(100);
    s.dirtyFirst = 10;
    s.dirtyLast = 12;
    store.setSnapshot(s);
    s.dirtyFirst = 50;
    s.dirtyLast = 60;
    store.setSnapshot(s);
    ASSERT_TRUE(QTest::qWaitFor([&] { return snaps.count() > 0; }, 5000));
    QTest::qWait(200);
    ASSERT_EQ(snaps.count(), 1);
    const auto got = snaps.at(0).at(0).value<JobSnapshotPtr>();
    EXPECT_EQ(got->dirtyFirst, 10);
    EXPECT_EQ(got->dirtyLast, 60);
}

TEST(ProgressTimeline, SkipsUnchangedCountsFoldsWithinAStepAndThinsTheOlderHalf) {
    const QDateTime t0 = QDateTime::fromMSecsSinceEpoch(1'000'000, Qt::UTC);
    auto at = [&](qint64 ms, int succeeded) {
        return ProgressSample{t0.addMSecs(ms), succeeded, 0, 1, 1};
    };
    std::vector<ProgressSample> timeline;
    appendProgressSample(timeline, at(0, 0), 1000, 100);
    appendProgressSample(timeline, at(100, 0), 1000, 100); // same counts: nothing
    ASSERT_EQ(timeline.size(), 1u);
    appendProgressSample(timeline, at(200, 1), 1000, 100);
    appendProgressSample(timeline, at(300, 2), 1000, 100); // within a step of the one before
    ASSERT_EQ(timeline.size(), 2u);
    EXPECT_EQ(timeline.back(), at(300, 2));
    appendProgressSample(timeline, at(1500, 3), 1000, 100);
    EXPECT_EQ(timeline.size(), 3u);

    // A sample where the parallelism changed is never folded away: the chart shows every change.
    std::vector<ProgressSample> changes;
    appendProgressSample(changes, ProgressSample{t0, 0, 0, 1, 2}, 1000, 100);
    appendProgressSample(changes, ProgressSample{t0.addMSecs(100), 0, 0, 1, 6}, 1000, 100);
    appendProgressSample(changes, ProgressSample{t0.addMSecs(200), 0, 0, 1, 3}, 1000, 100);
    ASSERT_EQ(changes.size(), 3u);
    EXPECT_EQ(changes[1].parallelism, 6);
    EXPECT_EQ(changes[2].parallelism, 3);

    std::vector<ProgressSample> long_;
    for (int i = 0; i < 9; ++i)
        appendProgressSample(long_, at(i * 2000, i), 1000, 8);
    // Nine samples exceed eight: of the older half (0-3) every other one stays, the rest all do.
    ASSERT_EQ(long_.size(), 7u);
    const std::vector<int> kept = {0, 2, 4, 5, 6, 7, 8};
    for (std::size_t k = 0; k < kept.size(); ++k)
        EXPECT_EQ(long_[k].succeeded, kept[k]) << k;
}
