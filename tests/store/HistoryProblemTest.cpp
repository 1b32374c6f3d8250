// A cluster source whose History database cannot be used says so once, with the file and the
// reason, goes on without it (nothing buffered, nothing retried every second), and a reset sets
// the broken file aside and records again.
#include "StoreServer.h"
#include "kube/ClusterConnection.h"
#include "store/ClusterSource.h"
#include "store/History.h"
#include "store/StoreThread.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace tessera;
using namespace tessera::store;
using namespace tessera::store::test;

TEST(HistoryProblem, ADamagedHistoryIsReportedOnceAndAResetRecordsAgain) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("history.sqlite"));
    QFile garbage(path);
    ASSERT_TRUE(garbage.open(QIODevice::WriteOnly));
    garbage.write(QByteArray(8192, '\x17'));
    garbage.close();

    StoreServer api;
    api.putJob({.name = QStringLiteral("render"), .completions = 4, .parallelism = 2, .active = 1});
    api.putPod(QStringLiteral("render"), {.name = QStringLiteral("render-0"), .index = 0});
    kube::ClusterConnection c;
    c.contextName = QStringLiteral("test");
    c.server = api.server.url();
    c.namespace_ = QStringLiteral("default");
    ClusterSource::Options o;
    o.namespace_ = QStringLiteral("default");
    o.historyPath = path;
    o.historyFlush = std::chrono::milliseconds(50);
    auto host = StoreThread::cluster(c, QStringLiteral("test"), o);
    QStringList reports;
    QObject receiver;
    QObject::connect(host->store(), &JobStore::historyUnavailable, &receiver,
                     [&](const QString& reason) { reports << reason; });
    // As the window does: it listens after the store has started, and asks.
    QMetaObject::invokeMethod(host->store(), [s = host->store()] {
        s->repeatHistoryState();
        s->watchJob(QStringLiteral("test/default/render"));
    });
    ASSERT_TRUE(QTest::qWaitFor([&] { return !reports.isEmpty(); }, 10000));
    EXPECT_TRUE(reports.first().contains(path)) << reports.first().toStdString();
    EXPECT_TRUE(reports.first().contains(QStringLiteral("not a database")))
        << reports.first().toStdString();
    // Said once, not once a flush.
    QTest::qWait(300);
    EXPECT_EQ(reports.size(), 1);

    QMetaObject::invokeMethod(host->store(), [s = host->store()] { s->resetHistory(); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return reports.size() >= 2; }, 10000));
    EXPECT_TRUE(reports.last().isEmpty()) << reports.last().toStdString();
    EXPECT_TRUE(QFile::exists(path + QStringLiteral(".broken-1")));
    // The new history records the pods that change from now on.
    api.putPod(QStringLiteral("render"), {.name = QStringLiteral("render-0"),
                                          .index = 0,
                                          .phase = QStringLiteral("Failed"),
                                          .exitCode = 3});
    EXPECT_TRUE(QTest::qWaitFor(
        [&] {
            History check(path);
            if (!check.open().ok())
                return false;
            auto rows = check.count();
            return rows.ok() && *rows > 0;
        },
        10000));
}
