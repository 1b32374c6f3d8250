// ClusterSource against a real HTTP server that lists and watches like the API server: the job
// list, per-index states, failures, zones, events, actions as the server receives them, logs,
// the attempt history across pod deletion and restart, and batching under a burst of events.
#include "store/ClusterSource.h"

#include "RunNumbers.h"
#include "StoreServer.h"
#include "report/ReportBuilder.h"
#include "store/History.h"
#include "store/RunTimeline.h"
#include "store/StoreThread.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <gtest/gtest.h>

using namespace tessera;
using namespace tessera::store;
using namespace tessera::store::test;
using engine::IndexState;

namespace {

constexpr int kWait = 20000; // generous: two CPUs shared with builds

// What the UI would keep, fed only by the store's signals, on the main thread.
struct Ui : QObject {
    std::map<QString, JobSummary> rows;
    int jobBatches = 0;
    std::map<QString, JobSnapshotPtr> snapshots;
    int snapshotCount = 0;
    std::vector<std::tuple<ConnectionState, QString, int>> states;
    QString log;
    bool logFinished = false;
    QStringList failures;

    void attach(JobStore* s) {
        connect(s, &JobStore::jobsChanged, this, [this](const JobListDiff& d) {
            ++jobBatches;
            if (d.reset)
                rows.clear();
            for (const auto& r : d.upserted)
                rows[r.key] = r;
            for (const auto& k : d.removed)
                rows.erase(k);
        });
        connect(s, &JobStore::jobSnapshotChanged, this, [this](const JobSnapshotPtr& p) {
            ++snapshotCount;
            snapshots[p->summary.key] = p;
        });
        connect(s, &JobStore::connectionChanged, this,
                [this](ConnectionState st, const QString& detail, int retry) {
                    states.emplace_back(st, detail, retry);
                });
        connect(s, &JobStore::logTextArrived, this,
                [this](const QString&, int, int, const QString& text, bool finished) {
                    log += text;
                    logFinished = logFinished || finished;
                });
        connect(s, &JobStore::actionFailed, this,
                [this](const QString&, const QString& m) { failures << m; });
    }
    JobSnapshotPtr snap(const QString& key) const {
        auto it = snapshots.find(key);
        return it == snapshots.end() ? nullptr : it->second;
    }
};

kube::ClusterConnection connectionTo(const FakeApiServer& s) {
    kube::ClusterConnection c;
    c.contextName = QStringLiteral("test");
    c.userName = QStringLiteral("alice");
    c.server = s.url();
    c.namespace_ = QStringLiteral("default");
    return c;
}

const QString kKey = QStringLiteral("test/default/render");

class ClusterSourceTest : public testing::Test {
protected:
    void startStore() {
        ClusterSource::Options o;
        o.namespace_ = QStringLiteral("default");
        o.historyPath = dir.filePath(QStringLiteral("history.sqlite"));
        o.nodesPoll = std::chrono::milliseconds(300);
        o.historyFlush = std::chrono::milliseconds(100);
        o.informerBatch = std::chrono::milliseconds(50);
        o.historyMaxAttempts = maxAttempts;
        host = StoreThread::cluster(connectionTo(api.server), QStringLiteral("test"), o);
        ui = std::make_unique<Ui>();
        ui->attach(host->store());
    }
    void stopStore() {
        host.reset();
        ui.reset();
    }
    template <typename F> void call(F f) {
        QMetaObject::invokeMethod(host->store(), [s = host->store(), f] { f(s); });
    }
    void TearDown() override { stopStore(); }

    QTemporaryDir dir;
    int maxAttempts = ClusterSource::Options().historyMaxAttempts;
    StoreServer api;
    std::unique_ptr<StoreThread> host;
    std::unique_ptr<Ui> ui;
};

} // namespace

TEST_F(ClusterSourceTest, SummariesFillFromTheServerAndFollowChanges) {
    api.putJob({.name = QStringLiteral("render"),
                .completions = 100,
                .parallelism = 5,
                .active = 5,
                .succeeded = 20});
    api.putJob({.name = QStringLiteral("broken"),
                .completions = 4,
                .parallelism = 2,
                .failed = 7,
                .failedReason = QStringLiteral("BackoffLimitExceeded")});
    startStore();
    ASSERT_TRUE(QTest::qWaitFor([&] { return ui->rows.size() == 2; }, kWait));
    const JobSummary& r = ui->rows.at(kKey);
    EXPECT_EQ(r.name, QStringLiteral("render"));
    EXPECT_EQ(r.namespace_, QStringLiteral("default"));
    EXPECT_EQ(r.uid, QStringLiteral("uid-render"));
    EXPECT_TRUE(r.indexed);
    EXPECT_EQ(r.completions, 100);
    EXPECT_EQ(r.parallelism, 5);
    EXPECT_EQ(r.succeeded, 20);
    EXPECT_EQ(r.status, tessera::engine::JobState::Running);
    const JobSummary& b = ui->rows.at(QStringLiteral("test/default/broken"));
    EXPECT_EQ(b.status, tessera::engine::JobState::Failed);
    EXPECT_EQ(b.statusReason, QStringLiteral("BackoffLimitExceeded"));
    EXPECT_TRUE(std::any_of(ui->states.begin(), ui->states.end(), [](const auto& s) {
        return std::get<0>(s) == ConnectionState::Connected;
    }));

    api.putJob({.name = QStringLiteral("render"),
                .completions = 100,
                .parallelism = 5,
                .active = 5,
                .succeeded = 42});
    api.jobs.remove(QStringLiteral("broken"));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return ui->rows.size() == 1 && ui->rows.at(kKey).succeeded == 42; }, kWait));
}

TEST_F(ClusterSourceTest, IndexStatesFollowStatusStringsAndPods) {
    api.nodeZones = {{QStringLiteral("node-a"), QStringLiteral("zone-1")},
                     {QStringLiteral("node-b"), QStringLiteral("zone-2")}};
    api.events = {{QStringLiteral("FailedIndexes"), QStringLiteral("index 7 failed")}};
    api.putJob({.name = QStringLiteral("render"),
                .completions = 10,
                .parallelism = 3,
                .completedIndexes = QStringLiteral("0-2,5"),
                .failedIndexes = QStringLiteral("7"),
                .active = 2,
                .succeeded = 4,
                .failed = 3,
                .backoffLimitPerIndex = 1,
                .subdomain = QStringLiteral("workers")});
    api.putPod(QStringLiteral("render"), {.name = QStringLiteral("render-3-a"),
                                          .index = 3,
                                          .phase = QStringLiteral("Running"),
                                          .node = QStringLiteral("node-a")});
    api.putPod(QStringLiteral("render"), {.name = QStringLiteral("render-4-a"),
                                          .index = 4,
                                          .phase = QStringLiteral("Pending"),
                                          .node = QStringLiteral("node-b")});
    api.putPod(QStringLiteral("render"), {.name = QStringLiteral("render-6-b"),
                                          .index = 6,
                                          .phase = QStringLiteral("Failed"),
                                          .node = QStringLiteral("node-b"),
                                          .failureCount = 1,
                                          .exitCode = 137,
                                          .reason = QStringLiteral("OOMKilled"),
                                          .message = QStringLiteral("out of memory")});
    startStore();
    call([](JobStore* s) { s->watchJob(kKey); });
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            auto s = ui->snap(kKey);
            return s && s->attempts.size() == 3 && !s->events.empty() && !s->podsByZone.empty() &&
                   !s->podsByZone.count(QString());
        },
        kWait));
    const auto s = ui->snap(kKey);
    ASSERT_EQ(s->states.size(), 10);
    const std::vector<IndexState> want = {IndexState::Succeeded,       IndexState::Succeeded,
                                          IndexState::Succeeded,       IndexState::Running,
                                          IndexState::Pending,         IndexState::Succeeded,
                                          IndexState::FailedWillRetry, IndexState::FailedTerminal,
                                          IndexState::NotStarted,      IndexState::NotStarted};
    EXPECT_EQ(s->states.toVector(), want);
    EXPECT_EQ(s->completedIndexes, QStringLiteral("0-2,5"));
    EXPECT_EQ(s->failedIndexes, QStringLiteral("7"));
    EXPECT_EQ(s->backoffLimitPerIndex, 1);
    EXPECT_EQ(s->hostname(3), QStringLiteral("render-3.workers"));
    ASSERT_EQ(s->failureCount.size(), 1u); // only the indexes that failed
    EXPECT_EQ(s->failuresOf(6), 2);        // one earlier failure (annotation) + this failed pod
    EXPECT_EQ(s->failuresOf(3), 0);
    const auto six = s->attemptsOf(6);
    ASSERT_EQ(six.size(), 1u);
    EXPECT_EQ(six[0].exitCode, 137);
    EXPECT_EQ(six[0].reason, QStringLiteral("OOMKilled"));
    EXPECT_EQ(six[0].message, QStringLiteral("out of memory"));
    EXPECT_EQ(six[0].attempt, 1);
    EXPECT_EQ(six[0].node, QStringLiteral("node-b"));
    EXPECT_TRUE(six[0].live);
    EXPECT_EQ(s->attemptsOf(4).at(0).reason, QStringLiteral("ContainerCreating"));
    EXPECT_EQ(s->podsByNode.at(QStringLiteral("node-a")), 1);
    EXPECT_EQ(s->podsByZone.at(QStringLiteral("zone-1")), 1);
    EXPECT_EQ(s->podsByZone.at(QStringLiteral("zone-2")), 1); // the failed pod does not count
    EXPECT_EQ(s->events.at(0).reason, QStringLiteral("FailedIndexes"));

    // Index 3 finishes (its pod leaves the watch) and index 8 starts: only that range is dirty.
    const quint64 serial = s->serial;
    api.pods.remove(QStringLiteral("render-3-a"));
    api.putPod(
        QStringLiteral("render"),
        {.name = QStringLiteral("render-8-a"), .index = 8, .phase = QStringLiteral("Running")});
    api.putJob({.name = QStringLiteral("render"),
                .completions = 10,
                .parallelism = 3,
                .completedIndexes = QStringLiteral("0-3,5"),
                .failedIndexes = QStringLiteral("7"),
                .active = 2,
                .succeeded = 5,
                .failed = 3,
                .backoffLimitPerIndex = 1,
                .subdomain = QStringLiteral("workers")});
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            auto n = ui->snap(kKey);
            return n->states.at(3) == IndexState::Succeeded &&
                   n->states.at(8) == IndexState::Running;
        },
        kWait));
    const auto n = ui->snap(kKey);
    EXPECT_GT(n->serial, serial);
    EXPECT_GE(n->dirtyFirst, 3);
    EXPECT_LE(n->dirtyLast, 8);
    EXPECT_EQ(n->attemptsOf(3).at(0).outcome,
              tessera::engine::AttemptOutcome::Succeeded); // gone, index complete
    EXPECT_FALSE(n->attemptsOf(3).at(0).live);
    EXPECT_GE(n->timeline.size(), 2u);
    EXPECT_EQ(n->timeline.back().succeeded, 5);
}

TEST_F(ClusterSourceTest, ActionsReachTheServerAsMergePatchesAndBackgroundDelete) {
    api.putJob({.name = QStringLiteral("render"), .completions = 10, .parallelism = 3});
    startStore();
    ASSERT_TRUE(QTest::qWaitFor([&] { return ui->rows.count(kKey) == 1; }, kWait));

    call([](JobStore* s) { s->setParallelism(kKey, 7); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return ui->rows.at(kKey).parallelism == 7; }, kWait));
    const auto patches =
        api.server.requestsTo(QStringLiteral("/apis/batch/v1/namespaces/default/jobs/render"));
    ASSERT_EQ(patches.size(), 1);
    EXPECT_EQ(patches[0].method, QByteArray("PATCH"));
    EXPECT_EQ(patches[0].headers.value("content-type"), QByteArray("application/merge-patch+json"));
    EXPECT_EQ(QJsonDocument::fromJson(patches[0].body).object(),
              QJsonDocument::fromJson(R"({"spec":{"parallelism":7}})").object());

    call([](JobStore* s) { s->setSuspended(kKey, true); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return ui->rows.at(kKey).suspended; }, kWait));
    EXPECT_EQ(ui->rows.at(kKey).status, tessera::engine::JobState::Suspended);

    call([](JobStore* s) { s->deleteJob(kKey); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return ui->rows.count(kKey) == 0; }, kWait));
    const auto all =
        api.server.requestsTo(QStringLiteral("/apis/batch/v1/namespaces/default/jobs/render"));
    ASSERT_EQ(all.size(), 3);
    EXPECT_EQ(all[2].method, QByteArray("DELETE"));
    EXPECT_EQ(all[2].param("propagationPolicy"), QStringLiteral("Background"));

    // A refused action arrives as actionFailed naming what and why.
    call([](JobStore* s) { s->setParallelism(kKey, 2); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return !ui->failures.isEmpty(); }, kWait));
    EXPECT_TRUE(ui->failures.last().startsWith(QStringLiteral("set parallelism: ")))
        << ui->failures.last().toStdString();
    EXPECT_TRUE(ui->failures.last().contains(QStringLiteral("/jobs/render")));
    EXPECT_TRUE(ui->failures.last().contains(QStringLiteral("not found")));
}

TEST_F(ClusterSourceTest, LogsOfAnIndexArriveFromThePod) {
    api.putJob({.name = QStringLiteral("render"), .completions = 4, .parallelism = 1});
    api.putPod(QStringLiteral("render"), {.name = QStringLiteral("render-2-x"), .index = 2});
    api.server.route("GET", QStringLiteral("/api/v1/namespaces/default/pods/render-2-x/log"),
                     [](const HttpRequest& q, const ResponderPtr& r) {
                         r->reply(200, "frame 2 rendered (tail " + q.param("tailLines").toUtf8() +
                                           ")\n");
                     });
    startStore();
    call([](JobStore* s) { s->watchJob(kKey); });
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return ui->snap(kKey) && ui->snap(kKey)->attempts.size() == 1; }, kWait));
    call([](JobStore* s) { s->fetchLog(kKey, 2, -1, false); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return ui->logFinished; }, kWait));
    EXPECT_EQ(ui->log, QStringLiteral("frame 2 rendered (tail 1000)\n"));
}

TEST_F(ClusterSourceTest, AllIndexesLogsAreMergedWithAnIndexPrefix) {
    api.putJob({.name = QStringLiteral("render"), .completions = 4, .parallelism = 2});
    api.putPod(QStringLiteral("render"), {.name = QStringLiteral("render-1-a"), .index = 1});
    api.putPod(QStringLiteral("render"), {.name = QStringLiteral("render-3-b"), .index = 3});
    for (const char* pod : {"render-1-a", "render-3-b"}) {
        const QString name = QString::fromLatin1(pod);
        api.server.route("GET", QStringLiteral("/api/v1/namespaces/default/pods/%1/log").arg(name),
                         [name](const HttpRequest& q, const ResponderPtr& r) {
                             r->reply(200, QStringLiteral("first of %1\nlast of %1 (tail %2)\n")
                                               .arg(name, q.param("tailLines"))
                                               .toUtf8());
                         });
    }
    startStore();
    call([](JobStore* s) { s->watchJob(kKey); });
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return ui->snap(kKey) && ui->snap(kKey)->attempts.size() == 2; }, kWait));
    call([](JobStore* s) { s->fetchLog(kKey, JobStore::kAllIndexes, -1, false); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return ui->logFinished; }, kWait));
    const QStringList lines = ui->log.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    EXPECT_EQ(lines.size(), 4) << ui->log.toStdString();
    EXPECT_TRUE(lines.contains(QStringLiteral("[1] first of render-1-a"))) << ui->log.toStdString();
    EXPECT_TRUE(lines.contains(QStringLiteral("[3] last of render-3-b (tail 20)")))
        << ui->log.toStdString();
}

// A job whose pods fail faster than their log tails can be read: the tails waiting are bounded
// (the oldest are dropped), so the queue cannot grow with the failures (the soak saw 240 a second).
TEST_F(ClusterSourceTest, LogTailsOfFailedPodsQueueOnlyABoundedNumber) {
    constexpr int kFailedPods = 100;
    api.putJob({.name = QStringLiteral("render"),
                .completions = kFailedPods,
                .parallelism = kFailedPods,
                .failed = kFailedPods});
    for (int i = 0; i < kFailedPods; ++i)
        api.putPod(QStringLiteral("render"),
                   {.name = QStringLiteral("render-%1-a").arg(i, 3, 10, QLatin1Char('0')),
                    .index = i,
                    .phase = QStringLiteral("Failed"),
                    .exitCode = 1,
                    .reason = QStringLiteral("Error")});
    // The log endpoint holds its answers until released: the tails being read stay busy. (The
    // state is shared with the handler, which the server may call after this test's body.)
    struct LogEndpoint {
        QStringList requested;
        std::vector<ResponderPtr> held;
        bool release = false;
    };
    auto log = std::make_shared<LogEndpoint>();
    api.server.fallback([log](const HttpRequest& q, const ResponderPtr& r) {
        if (!q.path.endsWith(QStringLiteral("/log"))) {
            r->reply(404, "{}");
            return;
        }
        log->requested << q.path.section(QLatin1Char('/'), -2, -2);
        if (log->release)
            r->reply(200, "last words\n");
        else
            log->held.push_back(r);
    });
    startStore();
    call([](JobStore* s) { s->watchJob(kKey); });
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            auto snap = ui->snap(kKey);
            return snap && snap->attempts.size() == size_t(kFailedPods);
        },
        kWait));
    ASSERT_TRUE(QTest::qWaitFor([&] { return log->held.size() == 4; }, kWait));
    log->release = true;
    for (const auto& r : log->held)
        r->reply(200, "last words\n");
    // The four being read, then the 64 newest that waited; the 32 oldest waiting were dropped.
    ASSERT_TRUE(QTest::qWaitFor([&] { return log->requested.size() >= 68; }, kWait))
        << log->requested.size();
    QTest::qWait(500);
    const QStringList& requested = log->requested;
    EXPECT_EQ(requested.size(), 68) << requested.join(QLatin1Char(' ')).toStdString();
    EXPECT_TRUE(requested.contains(QStringLiteral("render-099-a")));
}

TEST_F(ClusterSourceTest, HistoryKeepsFailedAttemptsAfterPodsAreDeletedAndAcrossRestarts) {
    api.putJob({.name = QStringLiteral("render"),
                .completions = 4,
                .parallelism = 2,
                .active = 1,
                .failed = 1});
    api.putPod(QStringLiteral("render"), {.name = QStringLiteral("render-2-a"),
                                          .index = 2,
                                          .phase = QStringLiteral("Failed"),
                                          .exitCode = 3,
                                          .reason = QStringLiteral("Error"),
                                          .message = QStringLiteral("bad frame")});
    std::atomic<bool> tailAsked = false; // set on the fake server's thread
    api.server.route("GET", QStringLiteral("/api/v1/namespaces/default/pods/render-2-a/log"),
                     [&tailAsked](const HttpRequest&, const ResponderPtr& r) {
                         tailAsked = true;
                         r->reply(200, "reading frame 2\npanic: bad frame\n");
                     });
    // The log of index 2 as the window asks for it.
    const auto logOfIndex2 = [&] {
        ui->log.clear();
        ui->logFinished = false;
        call([](JobStore* s) { s->fetchLog(kKey, 2, -1, false); });
        return QTest::qWaitFor([&] { return ui->logFinished; }, kWait) ? ui->log : QString();
    };
    startStore();
    call([](JobStore* s) { s->watchJob(kKey); });
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return ui->snap(kKey) && ui->snap(kKey)->attempts.size() == 1; }, kWait));
    ASSERT_TRUE(QTest::qWaitFor([&] { return tailAsked.load(); }, kWait));
    // The log tail goes into the History, not into every snapshot.
    EXPECT_TRUE(ui->snap(kKey)->attempts[0].logTail.isEmpty());

    // The controller (or a TTL) deletes the pod: the attempt stays, no longer live, and its
    // log is what the History kept of it.
    api.pods.remove(QStringLiteral("render-2-a"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !ui->snap(kKey)->attempts[0].live; }, kWait));
    EXPECT_EQ(ui->snap(kKey)->attempts[0].exitCode, 3);
    EXPECT_EQ(ui->snap(kKey)->states.at(2), IndexState::FailedWillRetry);
    const QString lastLines =
        QStringLiteral("Its last lines:)\nreading frame 2\npanic: bad frame\n");
    EXPECT_TRUE(QTest::qWaitFor([&] { return logOfIndex2().endsWith(lastLines); }, kWait))
        << ui->log.toStdString();

    // Restart: a new store on the same database knows the attempt before any pod arrives.
    stopStore();
    startStore();
    call([](JobStore* s) { s->watchJob(kKey); });
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return ui->snap(kKey) && ui->snap(kKey)->attempts.size() == 1; }, kWait));
    const IndexAttempt a = ui->snap(kKey)->attempts[0];
    EXPECT_EQ(a.pod, QStringLiteral("render-2-a"));
    EXPECT_EQ(a.index, 2);
    EXPECT_EQ(a.exitCode, 3);
    EXPECT_EQ(a.reason, QStringLiteral("Error"));
    EXPECT_EQ(a.message, QStringLiteral("bad frame"));
    EXPECT_EQ(a.node, QStringLiteral("node-a"));
    EXPECT_FALSE(a.live);
    EXPECT_TRUE(logOfIndex2().endsWith(lastLines)) << ui->log.toStdString();

    // Clearing the history forgets it.
    call([](JobStore* s) { s->clearHistory(); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return ui->snap(kKey)->attempts.empty(); }, kWait));
}

// A succeeded pod is known from the lists only (the informer leaves succeeded pods out): when a
// later list no longer has it, it is gone from the API (a TTL, the pod garbage collector), so it
// is no longer live, its log is what the History kept, and the attempts' limit may forget it.
TEST_F(ClusterSourceTest, ASucceededPodALaterListNoLongerHasIsNoLongerLive) {
    api.putJob({.name = QStringLiteral("render"),
                .completions = 3,
                .parallelism = 2,
                .active = 1,
                .succeeded = 1});
    api.putPod(QStringLiteral("render"), {.name = QStringLiteral("render-0-a"),
                                          .index = 0,
                                          .phase = QStringLiteral("Succeeded"),
                                          .exitCode = 0});
    const PodDesc running{.name = QStringLiteral("render-1-a"), .index = 1};
    api.putPod(QStringLiteral("render"), running);
    // Serve the informer's selector as the API server would: the running pod only.
    api.pods.onList = [this, running](const HttpRequest& q, const ResponderPtr& r) {
        if (q.param("fieldSelector") != QLatin1String("status.phase!=Succeeded"))
            return false;
        const qint64 rv = api.pods.resourceVersion();
        r->replyJson(
            200, QByteArray(R"({"kind":"PodList","apiVersion":"v1","metadata":)"
                            R"({"resourceVersion":")") +
                     QByteArray::number(rv) + R"("},"items":[)" +
                     renderPod(running, QStringLiteral("default"), QStringLiteral("render"), rv) +
                     "]}");
        return true;
    };
    startStore();
    call([](JobStore* s) { s->watchJob(kKey); });
    const auto attemptOf = [&](const QString& pod) -> std::optional<IndexAttempt> {
        if (auto s = ui->snap(kKey))
            for (const IndexAttempt& a : s->attempts)
                if (a.pod == pod)
                    return a;
        return std::nullopt;
    };
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            auto a = attemptOf(QStringLiteral("render-0-a"));
            return a && a->live && attemptOf(QStringLiteral("render-1-a"));
        },
        kWait));
    // Both go; the running one leaving makes the store list the succeeded pods again.
    api.pods.remove(QStringLiteral("render-0-a"));
    api.pods.remove(QStringLiteral("render-1-a"));
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return !attemptOf(QStringLiteral("render-0-a"))->live; }, kWait));
    EXPECT_EQ(attemptOf(QStringLiteral("render-0-a"))->outcome,
              tessera::engine::AttemptOutcome::Succeeded);
}

// A long job's attempts are bounded like the History's rows: past the limit the oldest that are
// not live are forgotten, in memory as in the History, so the window shows the same attempts live
// and after a restart, and its memory stops growing there (docs/RELIABILITY.md, Load).
TEST_F(ClusterSourceTest, AttemptsPastTheHistorysLimitAreForgottenLiveAsAfterARestart) {
    maxAttempts = 4;
    api.putJob({.name = QStringLiteral("render"), .completions = 6, .parallelism = 6, .failed = 6});
    for (int i = 0; i < 6; ++i)
        api.putPod(QStringLiteral("render"), {.name = QStringLiteral("render-%1-a").arg(i),
                                              .index = i,
                                              .phase = QStringLiteral("Failed"),
                                              .exitCode = 1,
                                              .reason = QStringLiteral("Error")});
    startStore();
    call([](JobStore* s) { s->watchJob(kKey); });
    // Pods the API still has are never forgotten, even past the limit.
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return ui->snap(kKey) && ui->snap(kKey)->attempts.size() == 6; }, kWait));
    for (int i = 0; i < 4; ++i)
        api.pods.remove(QStringLiteral("render-%1-a").arg(i));
    ASSERT_TRUE(QTest::qWaitFor([&] { return ui->snap(kKey)->attempts.size() == 4; }, kWait));
    QTest::qWait(300); // nothing more goes
    const auto podsOf = [](const JobSnapshot& s) {
        QStringList pods;
        for (const IndexAttempt& a : s.attempts)
            pods << a.pod;
        return pods;
    };
    const QStringList live = podsOf(*ui->snap(kKey));
    ASSERT_EQ(live.size(), 4);
    EXPECT_TRUE(live.contains(QStringLiteral("render-4-a")));
    EXPECT_TRUE(live.contains(QStringLiteral("render-5-a")));
    const auto liveStates = ui->snap(kKey)->states;

    stopStore();
    startStore();
    call([](JobStore* s) { s->watchJob(kKey); });
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return ui->snap(kKey) && ui->snap(kKey)->attempts.size() == 4; }, kWait));
    QTest::qWait(300);
    EXPECT_EQ(podsOf(*ui->snap(kKey)), live);
    EXPECT_EQ(ui->snap(kKey)->states, liveStates);
}

// The pods informer never sees succeeded pods (status.phase!=Succeeded, as a real API server
// filters it): a job that finished before it was opened gets its attempts, with their ends, from
// one list of its pods; after the pods are gone and the store restarted, from the History. The
// counts the window and the report show agree in both.
TEST_F(ClusterSourceTest, AJobOpenedAfterItFinishedHasEveryAttemptLiveAndAfterARestart) {
    constexpr int kPods = 6;
    api.putJob({.name = QStringLiteral("render"),
                .completions = kPods,
                .parallelism = 2,
                .completedIndexes = QStringLiteral("0-5"),
                .succeeded = kPods});
    for (int i = 0; i < kPods; ++i)
        api.putPod(QStringLiteral("render"), {.name = QStringLiteral("render-%1").arg(i),
                                              .index = i,
                                              .phase = QStringLiteral("Succeeded"),
                                              .exitCode = 0,
                                              .reason = QStringLiteral("Completed")});
    // Serve the informer's selector as the API server would: no succeeded pod.
    api.pods.onList = [this](const HttpRequest& q, const ResponderPtr& r) {
        if (q.param("fieldSelector") != QLatin1String("status.phase!=Succeeded"))
            return false;
        r->replyJson(200, QByteArray(R"({"kind":"PodList","apiVersion":"v1","metadata":)"
                                     R"({"resourceVersion":")") +
                              QByteArray::number(api.pods.resourceVersion()) + R"("},"items":[]})");
        return true;
    };
    const auto checkFinishedRun = [&](const JobSnapshot& s) {
        ASSERT_EQ(s.attempts.size(), size_t(kPods));
        const RunTimeline h = RunTimeline::of(s, QDateTime::currentDateTimeUtc().addDays(30));
        // Ends at the job's end, not at the clock; every succeeded index has its duration.
        EXPECT_EQ(h.succeededDurationsMs.size(), size_t(kPods));
        EXPECT_EQ(h.succeededDurationsMs.front(), 59000); // pod start 10:00:01 → 10:01:00
        EXPECT_EQ(h.succeeded.back().value, kPods);
        EXPECT_EQ(h.succeededWithoutTimes, 0);
        for (const AttemptBar& b : h.bars) {
            EXPECT_TRUE(b.endKnown);
            EXPECT_EQ(b.end,
                      QDateTime::fromString(QStringLiteral("2026-11-22T10:01:00Z"), Qt::ISODate)
                          .toMSecsSinceEpoch());
        }
        EXPECT_EQ(h.counts.of(IndexState::Succeeded), kPods);
    };

    startStore();
    call([](JobStore* s) { s->watchJob(kKey); });
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return ui->snap(kKey) && ui->snap(kKey)->attempts.size() == size_t(kPods); }, kWait));
    checkFinishedRun(*ui->snap(kKey));
    for (const auto& a : ui->snap(kKey)->attempts)
        EXPECT_EQ(a.outcome, tessera::engine::AttemptOutcome::Succeeded);

    // The report's input: what the API lists plus what the History kept; the same counts.
    const auto reportCounts = [&] {
        report::ReportInput input;
        bool ready = false;
        QObject guard;
        QObject::connect(host->store(), &JobStore::reportInputReady, &guard,
                         [&](const QString&, const ReportInputPtr& in, const QString& error) {
                             EXPECT_TRUE(error.isEmpty()) << error.toStdString();
                             if (in)
                                 input = *in;
                             ready = true;
                         });
        call([](JobStore* s) { s->loadReportInput(kKey); });
        EXPECT_TRUE(QTest::qWaitFor([&] { return ready; }, kWait));
        const report::Report r = report::ReportBuilder::build(input);
        return std::make_pair(r.succeededCount, static_cast<int>(r.attempts.size()));
    };
    EXPECT_EQ(reportCounts(), std::make_pair(kPods, kPods));

    // The pods are gone (TTL) and the store restarts: the History has every attempt.
    stopStore();
    for (int i = 0; i < kPods; ++i)
        api.pods.remove(QStringLiteral("render-%1").arg(i));
    startStore();
    call([](JobStore* s) { s->watchJob(kKey); });
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return ui->snap(kKey) && ui->snap(kKey)->attempts.size() == size_t(kPods); }, kWait));
    checkFinishedRun(*ui->snap(kKey));
    EXPECT_FALSE(ui->snap(kKey)->attempts.front().live);
    EXPECT_EQ(reportCounts(), std::make_pair(kPods, kPods));
    // The log panel of a succeeded index whose pod is gone says what was recorded of it.
    ui->log.clear();
    ui->logFinished = false;
    call([](JobStore* s) { s->fetchLog(kKey, 0, -1, false); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return ui->logFinished; }, kWait));
    EXPECT_TRUE(ui->log.contains(QStringLiteral("Recorded: Succeeded on node-a")))
        << ui->log.toStdString();
    EXPECT_TRUE(ui->log.contains(QStringLiteral("exit code 0"))) << ui->log.toStdString();
}

// A run with failures counts the same everywhere, live and after a restart with its pods gone:
// the snapshot's states (grid, legend, labels), its failure counts (failures panel) and the
// report built from the store's report input.
TEST_F(ClusterSourceTest, ARunWithFailuresCountsTheSameLiveAndAfterARestart) {
    api.putJob({.name = QStringLiteral("render"),
                .completions = 6,
                .parallelism = 2,
                .completedIndexes = QStringLiteral("0,1,3-5"),
                .failedIndexes = QStringLiteral("2"),
                .succeeded = 5,
                .failed = 2,
                .backoffLimitPerIndex = 1});
    for (int i : {0, 1, 3, 4, 5})
        api.putPod(QStringLiteral("render"), {.name = QStringLiteral("render-%1").arg(i),
                                              .index = i,
                                              .phase = QStringLiteral("Succeeded"),
                                              .exitCode = 0,
                                              .reason = QStringLiteral("Completed")});
    for (int t : {0, 1})
        api.putPod(QStringLiteral("render"), {.name = QStringLiteral("render-2-%1").arg(t),
                                              .index = 2,
                                              .phase = QStringLiteral("Failed"),
                                              .failureCount = t,
                                              .exitCode = 3,
                                              .reason = QStringLiteral("Error")});
    struct Counts {
        int succeeded, failedIndexes, failedAttempts, attempts, reportSucceeded, reportFailed,
            reportAttempts;
        bool operator==(const Counts&) const = default;
    };
    const auto counts = [&] {
        // Held: waiting for the report input below may replace the UI's snapshot.
        const JobSnapshotPtr held = ui->snap(kKey);
        const JobSnapshot& s = *held;
        const IndexCounts c = countIndexes(s);
        report::ReportInput input;
        bool ready = false;
        QObject guard;
        QObject::connect(host->store(), &JobStore::reportInputReady, &guard,
                         [&](const QString&, const ReportInputPtr& in, const QString&) {
                             if (in)
                                 input = *in;
                             ready = true;
                         });
        call([](JobStore* st) { st->loadReportInput(kKey); });
        EXPECT_TRUE(QTest::qWaitFor([&] { return ready; }, kWait));
        const report::Report r = report::ReportBuilder::build(input);
        // The window's history piece and the report agree on counts, curves and durations.
        const RunNumbers window = windowNumbers(s);
        EXPECT_EQ(window, reportNumbers(r));
        EXPECT_EQ(window, (RunNumbers{5, 1, 2, 5, 1, 5}));
        return Counts{c.of(IndexState::Succeeded),
                      c.of(IndexState::FailedTerminal),
                      c.failedAttempts,
                      static_cast<int>(s.attempts.size()),
                      r.succeededCount,
                      r.failedCount,
                      static_cast<int>(r.attempts.size())};
    };
    const Counts expected{5, 1, 2, 7, 5, 1, 7};

    startStore();
    call([](JobStore* s) { s->watchJob(kKey); });
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return ui->snap(kKey) && ui->snap(kKey)->attempts.size() == 7; }, kWait));
    EXPECT_EQ(counts(), expected);

    stopStore();
    for (int i : {0, 1, 3, 4, 5})
        api.pods.remove(QStringLiteral("render-%1").arg(i));
    for (int t : {0, 1})
        api.pods.remove(QStringLiteral("render-2-%1").arg(t));
    startStore();
    call([](JobStore* s) { s->watchJob(kKey); });
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return ui->snap(kKey) && ui->snap(kKey)->attempts.size() == 7; }, kWait));
    EXPECT_EQ(counts(), expected);
}

TEST_F(ClusterSourceTest, ABurstOfPodEventsArrivesAsFewSnapshots) {
    api.putJob({.name = QStringLiteral("render"), .completions = 2000, .parallelism = 2000});
    startStore();
    call([](JobStore* s) { s->watchJob(kKey); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return ui->snap(kKey) != nullptr; }, kWait));
    const int before = ui->snapshotCount;
    QElapsedTimer clock;
    clock.start();
    for (int round = 0; round < 2; ++round)
        for (int i = 0; i < 1000; ++i)
            api.putPod(QStringLiteral("render"), {.name = QStringLiteral("render-%1").arg(i),
                                                  .index = i,
                                                  .phase = round == 0 ? QStringLiteral("Pending")
                                                                      : QStringLiteral("Running")});
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            auto s = ui->snap(kKey);
            return s->states.at(999) == IndexState::Running &&
                   s->states.counts()[size_t(IndexState::Running)] == 1000;
        },
        kWait));
    const double seconds = clock.elapsed() / 1000.0;
    const int emitted = ui->snapshotCount - before;
    // 2,000 watch events; at most one snapshot per 100 ms (+1 for the tick in progress).
    EXPECT_LE(emitted, static_cast<int>(seconds * 10) + 2)
        << emitted << " snapshots in " << seconds << " s";
    EXPECT_LT(emitted, 100);
}

TEST_F(ClusterSourceTest, UnauthorizedIsReportedWithTheReason) {
    api.jobs.onList = [](const HttpRequest&, const ResponderPtr& r) {
        r->replyJson(401, kube::test::statusJson(401, "Unauthorized", "token expired"));
        return true;
    };
    startStore();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return std::any_of(ui->states.begin(), ui->states.end(), [](const auto& s) {
                return std::get<0>(s) == ConnectionState::Unauthorized;
            });
        },
        kWait));
    const auto it = std::find_if(ui->states.begin(), ui->states.end(), [](const auto& s) {
        return std::get<0>(s) == ConnectionState::Unauthorized;
    });
    EXPECT_TRUE(std::get<1>(*it).contains(QStringLiteral("token expired")))
        << std::get<1>(*it).toStdString();
}

// A valid Job of 2,000,000,000 completions opened in the window: its snapshot's states are runs
// built from the index strings and the pods, so opening it costs what those cost (it used to
// allocate a state and a failure count per index and die on std::bad_alloc).
TEST_F(ClusterSourceTest, OpensAJobOfTwoBillionIndexesAsRuns) {
    constexpr int kHuge = 2'000'000'000;
    api.putJob({.name = QStringLiteral("render"),
                .completions = kHuge,
                .parallelism = 3,
                .completedIndexes = QStringLiteral("0-999,1000000-1999999"),
                .failedIndexes = QStringLiteral("1999999999"),
                .active = 3,
                .succeeded = 1001000,
                .failed = 2,
                .backoffLimitPerIndex = 0});
    api.putPod(QStringLiteral("render"), {.name = QStringLiteral("render-1000-a"),
                                          .index = 1000,
                                          .phase = QStringLiteral("Running")});
    api.putPod(QStringLiteral("render"), {.name = QStringLiteral("render-1001-a"),
                                          .index = 1001,
                                          .phase = QStringLiteral("Pending")});
    api.putPod(QStringLiteral("render"), {.name = QStringLiteral("render-1002-b"),
                                          .index = 1002,
                                          .phase = QStringLiteral("Failed"),
                                          .failureCount = 1,
                                          .exitCode = 1});
    startStore();
    call([](JobStore* s) { s->watchJob(kKey); });
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            auto s = ui->snap(kKey);
            return s && s->attempts.size() == 3;
        },
        kWait));
    const auto s = ui->snap(kKey);
    EXPECT_EQ(s->states.size(), kHuge);
    EXPECT_EQ(s->states.at(999), IndexState::Succeeded);
    EXPECT_EQ(s->states.at(1000), IndexState::Running);
    EXPECT_EQ(s->states.at(1001), IndexState::Pending);
    EXPECT_EQ(s->states.at(1002), IndexState::FailedWillRetry);
    EXPECT_EQ(s->states.at(1003), IndexState::NotStarted);
    EXPECT_EQ(s->states.at(1'500'000), IndexState::Succeeded);
    EXPECT_EQ(s->states.at(kHuge - 1), IndexState::FailedTerminal);
    EXPECT_EQ(s->states.counts()[size_t(IndexState::Succeeded)], 1'001'000);
    EXPECT_LE(s->states.runCount(), 8u);
    EXPECT_LT(s->states.memoryBytes(), 4096u);
    EXPECT_EQ(s->failureCount.size(), 1u);
    EXPECT_EQ(s->failuresOf(1002), 2);
    EXPECT_EQ(s->dirtyFirst, 0);
    EXPECT_EQ(s->dirtyLast, kHuge - 1);
}

// A re-run's tooltip shows the original index. The Job's tessera.io/original-indexes
// annotation (written by core/launch) reaches the window's snapshot, read by the report's parser;
// a job without it has no map.
TEST_F(ClusterSourceTest, AReRunsOriginalIndexesReachItsSnapshot) {
    api.putJob(
        {.name = QStringLiteral("render"),
         .completions = 4,
         .parallelism = 2,
         .annotations = {{QString::fromLatin1(report::ReportBuilder::kOriginalIndexesAnnotation),
                          QStringLiteral("3,17-18,40")}}});
    api.putJob({.name = QStringLiteral("plain"), .completions = 4, .parallelism = 2});
    startStore();
    call([](JobStore* s) {
        s->watchJob(kKey);
        s->watchJob(QStringLiteral("test/default/plain"));
    });
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return ui->snap(kKey) && ui->snap(QStringLiteral("test/default/plain")); }, kWait));
    const auto s = ui->snap(kKey);
    ASSERT_TRUE(s->originalIndexes);
    EXPECT_EQ(*s->originalIndexes, (std::map<int32_t, int32_t>{{0, 3}, {1, 17}, {2, 18}, {3, 40}}));
    EXPECT_EQ(s->originalIndexOf(1), 17);
    EXPECT_EQ(s->originalIndexOf(9), std::nullopt);
    EXPECT_FALSE(ui->snap(QStringLiteral("test/default/plain"))->originalIndexes);
    EXPECT_EQ(ui->snap(QStringLiteral("test/default/plain"))->originalIndexOf(1), std::nullopt);
}

// The parallelism changes the window saw reach the "Active vs parallelism" chart: one seen while
// the job was not open, and all of them after a restart (the History keeps them).
TEST_F(ClusterSourceTest, ParallelismChangesSeenReachTheChartLiveAndAfterARestart) {
    const auto parallelismCurve = [](const JobSnapshot& s) {
        std::vector<int> values;
        for (const CountAt& c : RunTimeline::of(s, QDateTime::currentDateTimeUtc()).parallelism)
            if (values.empty() || values.back() != c.value)
                values.push_back(c.value);
        return values;
    };
    const auto watchedWith = [&](int parallelism) {
        return QTest::qWaitFor(
            [&] { return ui->snap(kKey) && ui->snap(kKey)->summary.parallelism == parallelism; },
            kWait);
    };
    api.putJob({.name = QStringLiteral("render"), .completions = 10, .parallelism = 2});
    startStore();
    ASSERT_TRUE(QTest::qWaitFor([&] { return ui->rows.count(kKey) == 1; }, kWait));
    api.putJob({.name = QStringLiteral("render"), .completions = 10, .parallelism = 6});
    ASSERT_TRUE(QTest::qWaitFor([&] { return ui->rows.at(kKey).parallelism == 6; }, kWait));
    call([](JobStore* s) { s->watchJob(kKey); }); // opened only now
    ASSERT_TRUE(watchedWith(6));
    EXPECT_EQ(parallelismCurve(*ui->snap(kKey)), (std::vector<int>{2, 6}));
    // And a change while it is open.
    api.putJob({.name = QStringLiteral("render"), .completions = 10, .parallelism = 3});
    ASSERT_TRUE(watchedWith(3));
    EXPECT_EQ(parallelismCurve(*ui->snap(kKey)), (std::vector<int>{2, 6, 3}));

    stopStore();
    startStore();
    call([](JobStore* s) { s->watchJob(kKey); });
    ASSERT_TRUE(watchedWith(3));
    EXPECT_EQ(parallelismCurve(*ui->snap(kKey)), (std::vector<int>{2, 6, 3}));
}
