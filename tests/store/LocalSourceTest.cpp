// LocalSource with real processes: a run started through the store, its per-index states,
// exit codes and logs; the same run read back from its files by a fresh store; live parallelism.
#include "store/LocalSource.h"

#include "RunNumbers.h"
#include "report/ReportBuilder.h"
#include "store/RelaunchInput.h"
#include "store/StoreThread.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace tessera;
using namespace tessera::store;
using namespace tessera::store::test;
using engine::IndexState;

namespace {

constexpr int kWait = 30000;

struct Ui : QObject {
    std::map<QString, JobSummary> rows;
    std::map<QString, JobSnapshotPtr> snapshots;
    QString log;
    bool logFinished = false;
    QStringList failures;

    void attach(JobStore* s) {
        connect(s, &JobStore::jobsChanged, this, [this](const JobListDiff& d) {
            if (d.reset)
                rows.clear();
            for (const auto& r : d.upserted)
                rows[r.key] = r;
            for (const auto& k : d.removed)
                rows.erase(k);
        });
        connect(s, &JobStore::jobSnapshotChanged, this,
                [this](const JobSnapshotPtr& p) { snapshots[p->summary.key] = p; });
        connect(s, &JobStore::logTextArrived, this,
                [this](const QString&, int, int, const QString& text, bool finished) {
                    log += text;
                    logFinished = logFinished || finished;
                });
        connect(s, &JobStore::actionFailed, this,
                [this](const QString&, const QString& m) { failures << m; });
    }
};

class LocalSourceTest : public testing::Test {
protected:
    void startStore() {
        LocalSource::Options o;
        o.runsRoot = dir.filePath(QStringLiteral("runs"));
        o.rescan = std::chrono::milliseconds(200);
        o.logPoll = std::chrono::milliseconds(100);
        host = std::make_unique<StoreThread>(
            [o](std::vector<QObject*>&) -> JobStore* { return new LocalSource(o); });
        ui = std::make_unique<Ui>();
        ui->attach(host->store());
    }
    local::RunOptions runOptions(const QByteArray& lines, int parallelism) {
        const QString list = dir.filePath(QStringLiteral("items.txt"));
        QFile f(list);
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(lines);
        f.close();
        local::RunOptions o;
        o.workListPath = list.toStdString();
        o.runDir = dir.filePath(QStringLiteral("runs/demo-run")).toStdString();
        o.config.name = "demo";
        o.config.parallelism = parallelism;
        o.config.backoffLimitPerIndex = 0;
        o.config.backoffScale = 0.01;
        o.config.graceMillis = 500;
        return o;
    }
    void startRun(const local::RunOptions& o) {
        QMetaObject::invokeMethod(
            host->store(), [s = host->store(), o] { static_cast<LocalSource*>(s)->startRun(o); });
    }
    // The report built from what the store hands the report exporter.
    report::Report loadReport() {
        ReportInputPtr input;
        QObject guard;
        QObject::connect(
            host->store(), &JobStore::reportInputReady, &guard,
            [&](const QString&, const ReportInputPtr& in, const QString&) { input = in; });
        call([this](JobStore* st) { st->loadReportInput(key); });
        EXPECT_TRUE(QTest::qWaitFor([&] { return input != nullptr; }, kWait));
        return input ? report::ReportBuilder::build(*input) : report::Report{};
    }
    template <typename F> void call(F f) {
        QMetaObject::invokeMethod(host->store(), [s = host->store(), f] { f(s); });
    }
    void TearDown() override {
        host.reset();
        ui.reset();
    }

    QTemporaryDir dir;
    std::unique_ptr<StoreThread> host;
    std::unique_ptr<Ui> ui;
    const QString key = QStringLiteral("local/local/demo-run");
};

} // namespace

TEST_F(LocalSourceTest, ARunShowsItsIndexStatesExitCodesAndLogsAndReadsBackFromFiles) {
    startStore();
    startRun(
        runOptions("echo hello-0\necho bad-1; exit 3\necho hello-2\nsleep 0.3; echo hello-3\n", 2));
    call([this](JobStore* s) { s->watchJob(key); });
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            auto it = ui->snapshots.find(key);
            return it != ui->snapshots.end() &&
                   it->second->summary.status == QLatin1String("Failed") &&
                   it->second->states.size() == 4 && it->second->states[3] == IndexState::Succeeded;
        },
        kWait))
        << ui->failures.join(QLatin1Char('\n')).toStdString();
    const auto s = ui->snapshots.at(key);
    const std::vector<IndexState> want = {IndexState::Succeeded, IndexState::FailedTerminal,
                                          IndexState::Succeeded, IndexState::Succeeded};
    EXPECT_EQ(s->states, want);
    EXPECT_EQ(s->completedIndexes, QStringLiteral("0,2,3"));
    EXPECT_EQ(s->failedIndexes, QStringLiteral("1"));
    const auto one = s->attemptsOf(1);
    ASSERT_EQ(one.size(), 1u);
    EXPECT_EQ(one[0].exitCode, 3);
    EXPECT_EQ(one[0].phase, QStringLiteral("Failed"));
    ASSERT_EQ(s->failureCount.size(), 4u);
    EXPECT_EQ(s->failureCount[1], 1);
    ASSERT_EQ(ui->rows.count(key), 1u);
    EXPECT_EQ(ui->rows.at(key).succeeded, 3);

    call([this](JobStore* st) { st->fetchLog(key, 1, -1, false); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return ui->logFinished; }, kWait));
    EXPECT_EQ(ui->log, QStringLiteral("bad-1\n"));

    // Every index merged, each line prefixed with its index, oldest attempt first (index 3
    // started last: it waited for a free slot).
    ui->log.clear();
    ui->logFinished = false;
    call([this](JobStore* st) { st->fetchLog(key, JobStore::kAllIndexes, -1, false); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return ui->logFinished; }, kWait));
    const QStringList merged = ui->log.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    EXPECT_EQ(merged.size(), 4) << ui->log.toStdString();
    for (const QString& line : {QStringLiteral("[0] hello-0"), QStringLiteral("[1] bad-1"),
                                QStringLiteral("[2] hello-2"), QStringLiteral("[3] hello-3")})
        EXPECT_TRUE(merged.contains(line)) << line.toStdString() << " in " << ui->log.toStdString();
    EXPECT_EQ(merged.value(3), QStringLiteral("[3] hello-3"));

    // A new store (the app restarted) reads the finished run from its directory.
    host.reset();
    startStore();
    call([this](JobStore* st) { st->watchJob(key); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return ui->snapshots.count(key) == 1; }, kWait));
    const auto r = ui->snapshots.at(key);
    EXPECT_EQ(r->states, want);
    EXPECT_EQ(r->attemptsOf(1).at(0).exitCode, 3);
    EXPECT_EQ(r->summary.status, QStringLiteral("Failed"));
}

TEST_F(LocalSourceTest, ParallelismChangesTheRunningRun) {
    startStore();
    startRun(runOptions("sleep 2\nsleep 2\nsleep 2\nsleep 2\n", 1));
    ASSERT_TRUE(QTest::qWaitFor([&] { return ui->rows.count(key) && ui->rows.at(key).active == 1; },
                                kWait));
    call([this](JobStore* s) { s->setParallelism(key, 3); });
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return ui->rows.at(key).parallelism == 3 && ui->rows.at(key).active == 3; }, kWait));
    call([this](JobStore* s) { s->setSuspended(key, true); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return !ui->failures.isEmpty(); }, kWait));
    EXPECT_TRUE(ui->failures.last().contains(QStringLiteral("cannot be suspended")));
    call([this](JobStore* s) { s->deleteJob(key); }); // cancels: no sleeping process left behind
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return ui->rows.at(key).status == QLatin1String("Failed"); }, kWait));
    EXPECT_EQ(ui->rows.at(key).active, 0);
}

// A re-run of a local run records which index of the run it re-ran each of its indexes was
// (run.conf), and both the report and a further re-run read it back.
TEST_F(LocalSourceTest, AReRunsOriginalIndexesReachItsReportAndTheNextReRun) {
    startStore();
    local::RunOptions o = runOptions("echo first\nexit 5\n", 2);
    o.config.originalIndexes = {4, 9};
    startRun(o);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            auto it = ui->rows.find(key);
            return it != ui->rows.end() && it->second.status == QLatin1String("Failed");
        },
        kWait))
        << ui->failures.join(QLatin1Char('\n')).toStdString();

    ReportInputPtr report;
    RelaunchInputPtr relaunch;
    QObject::connect(
        host->store(), &JobStore::reportInputReady, ui.get(),
        [&](const QString&, const ReportInputPtr& in, const QString&) { report = in; });
    QObject::connect(
        host->store(), &JobStore::relaunchInputReady, ui.get(),
        [&](const QString&, const RelaunchInputPtr& in, const QString&) { relaunch = in; });
    call([this](JobStore* st) {
        st->loadReportInput(key);
        st->loadRelaunchInput(key);
    });
    ASSERT_TRUE(QTest::qWaitFor([&] { return report && relaunch; }, kWait));
    const std::map<int32_t, int32_t> want{{0, 4}, {1, 9}};
    EXPECT_EQ(report->originalIndexes, want);
    EXPECT_EQ(relaunch->relaunch.originalIndexes, want);
    EXPECT_EQ(relaunch->failed, std::vector<int32_t>{1});
}

// A local run with failing lines (retried once each) gives the same numbers in the window's
// history (counts, succeeded over time, durations) and in its report: live, from the store that
// ran it, and after a restart, from a new store reading the run's files.
TEST_F(LocalSourceTest, ARunWithFailuresHasTheSameNumbersInTheWindowAndTheReport) {
    startStore();
    QByteArray lines;
    for (int i = 0; i < 12; ++i)
        lines += i % 4 == 1 ? QByteArray("echo bad; exit 3\n") : QByteArray("sleep 0.05\n");
    local::RunOptions o = runOptions(lines, 3);
    o.config.backoffLimitPerIndex = 1;
    startRun(o);
    call([this](JobStore* s) { s->watchJob(key); });
    const auto settled = [&] {
        auto it = ui->snapshots.find(key);
        if (it == ui->snapshots.end() || it->second->summary.status != QLatin1String("Failed"))
            return false;
        return std::none_of(it->second->states.begin(), it->second->states.end(),
                            [](IndexState st) {
                                return st == IndexState::Pending || st == IndexState::Running ||
                                       st == IndexState::NotStarted;
                            });
    };
    ASSERT_TRUE(QTest::qWaitFor(settled, kWait))
        << ui->failures.join(QLatin1Char('\n')).toStdString();
    // 9 lines succeed, 3 fail twice each (one retry per index).
    const RunNumbers expected{9, 3, 6, 9, 3, 9};
    const RunNumbers live = windowNumbers(*ui->snapshots.at(key));
    EXPECT_EQ(live, expected);
    EXPECT_EQ(reportNumbers(loadReport()), live);

    host.reset();
    startStore();
    call([this](JobStore* st) { st->watchJob(key); });
    ASSERT_TRUE(QTest::qWaitFor(settled, kWait));
    const RunNumbers reloaded = windowNumbers(*ui->snapshots.at(key));
    EXPECT_EQ(reloaded, expected);
    EXPECT_EQ(reportNumbers(loadReport()), reloaded);
}
