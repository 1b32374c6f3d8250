// LocalSource with real processes: a run started through the store (a detached `tessera run`),
// its per-index states, exit codes and logs; the same run read back by a fresh store; live
// parallelism; a run that outlives its store; a SIGKILLed runner shown Interrupted and resumed.
#include "store/LocalSource.h"

#include "RunNumbers.h"
#include "local/Journal.h"
#include "report/ReportBuilder.h"
#include "report/ReportWriter.h"
#include "store/RelaunchInput.h"
#include "store/StoreThread.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
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
    void startStore(const QString& program = QStringLiteral(TESSERA_BINARY)) {
        LocalSource::Options o;
        o.runsRoot = dir.filePath(QStringLiteral("runs"));
        o.runnerProgram = program;
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
    // The report's outcome as its JSON says it: from the store's report input (the window's
    // export) and from `tessera report --source local` (the command line); both must agree.
    QJsonObject jsonOutcome(const report::Report& r) const {
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        QString error;
        EXPECT_TRUE(report::ReportWriter::writeTo(r, report::ReportFormat::Json, buffer, {}, error))
            << error.toStdString();
        return QJsonDocument::fromJson(buffer.data()).object()[u"outcome"].toObject();
    }
    QJsonObject cliOutcome() const {
        return QJsonDocument::fromJson(cliReport(QStringLiteral("json")))
            .object()[u"outcome"]
            .toObject();
    }
    // `tessera report --source local RUN_DIR` in one format, as written.
    QByteArray cliReport(const QString& format) const {
        const QString out = dir.filePath(QStringLiteral("cli-report.") + format);
        return tessera({QStringLiteral("report"), QStringLiteral("--source"),
                        QStringLiteral("local"), runDir(), QStringLiteral("--format"), format,
                        QStringLiteral("-o"), out},
                       out);
    }
    // Runs the tessera executable; what it printed, or the file `output` it wrote.
    QByteArray tessera(const QStringList& args, const QString& output = {}) const {
        QProcess p;
        p.start(QStringLiteral(TESSERA_BINARY), args);
        EXPECT_TRUE(p.waitForFinished(kWait));
        EXPECT_EQ(p.exitCode(), 0) << p.readAllStandardError().toStdString();
        if (output.isEmpty())
            return p.readAllStandardOutput();
        QFile f(output);
        EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << output.toStdString();
        return f.readAll();
    }
    template <typename F> void call(F f) {
        QMetaObject::invokeMethod(host->store(), [s = host->store(), f] { f(s); });
    }
    QString runDir() const { return dir.filePath(QStringLiteral("runs/demo-run")); }
    bool runnerAlive() const {
        return local::Journal::isLocked((runDir() + QStringLiteral("/journal")).toStdString());
    }
    engine::JobState status() const {
        const auto it = ui->rows.find(key);
        return it == ui->rows.end() ? engine::JobState::Pending : it->second.status;
    }
    // Items that append their index to `out` after a sleep: what ran, and how often.
    QByteArray recordingItems(int items, const char* sleep) const {
        QByteArray lines;
        for (int i = 0; i < items; ++i)
            lines += QByteArray("sleep ") + sleep + "; echo $JOB_COMPLETION_INDEX >> " +
                     QFile::encodeName(dir.filePath(QStringLiteral("out"))) + "\n";
        return lines;
    }
    // Each index 0..items-1 wrote its line exactly once.
    void expectEachIndexRanOnce(int items) const {
        QFile f(dir.filePath(QStringLiteral("out")));
        ASSERT_TRUE(f.open(QIODevice::ReadOnly));
        QList<int> seen;
        for (const QByteArray& l : f.readAll().split('\n'))
            if (!l.isEmpty())
                seen << l.toInt();
        std::sort(seen.begin(), seen.end());
        QList<int> want;
        for (int i = 0; i < items; ++i)
            want << i;
        EXPECT_EQ(seen, want);
    }
    // The pid of the `tessera run --resume` process running this test's run directory.
    pid_t runnerPid() const {
        const QByteArray dirArg = QFile::encodeName(runDir());
        for (const QString& name : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
            bool number = false;
            const int pid = name.toInt(&number);
            if (!number)
                continue;
            QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
            if (!cmdline.open(QIODevice::ReadOnly))
                continue;
            const QList<QByteArray> args = cmdline.readAll().split('\0');
            if (args.contains("--resume") && args.contains(dirArg))
                return pid;
        }
        return -1;
    }
    void TearDown() override {
        host.reset();
        ui.reset();
        // Runs outlive their store: stop one a failed test left behind.
        if (const pid_t pid = runnerPid(); pid > 0)
            ::kill(pid, SIGKILL);
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
                   it->second->summary.status == tessera::engine::JobState::Failed &&
                   it->second->states.size() == 4 &&
                   it->second->states.at(3) == IndexState::Succeeded;
        },
        kWait))
        << ui->failures.join(QLatin1Char('\n')).toStdString();
    const auto s = ui->snapshots.at(key);
    const std::vector<IndexState> want = {IndexState::Succeeded, IndexState::FailedTerminal,
                                          IndexState::Succeeded, IndexState::Succeeded};
    EXPECT_EQ(s->states.toVector(), want);
    EXPECT_EQ(s->completedIndexes, QStringLiteral("0,2,3"));
    EXPECT_EQ(s->failedIndexes, QStringLiteral("1"));
    const auto one = s->attemptsOf(1);
    ASSERT_EQ(one.size(), 1u);
    EXPECT_EQ(one[0].exitCode, 3);
    EXPECT_EQ(one[0].outcome, tessera::engine::AttemptOutcome::Failed);
    ASSERT_EQ(s->failureCount.size(), 1u); // only the indexes that failed
    EXPECT_EQ(s->failuresOf(1), 1);
    ASSERT_EQ(ui->rows.count(key), 1u);
    EXPECT_EQ(ui->rows.at(key).succeeded, 3);
    // Its age (the job list's Age column) counts from its start.
    EXPECT_TRUE(ui->rows.at(key).created.isValid());
    EXPECT_EQ(ui->rows.at(key).created, ui->rows.at(key).started);

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
    EXPECT_EQ(r->states.toVector(), want);
    EXPECT_EQ(r->attemptsOf(1).at(0).exitCode, 3);
    EXPECT_EQ(r->summary.status, tessera::engine::JobState::Failed);
}

TEST_F(LocalSourceTest, ParallelismChangesTheRunningRun) {
    startStore();
    startRun(runOptions("sleep 2\nsleep 2\nsleep 2\nsleep 2\n", 1));
    ASSERT_TRUE(QTest::qWaitFor([&] { return ui->rows.count(key) && ui->rows.at(key).active == 1; },
                                kWait));
    call([this](JobStore* s) { s->setParallelism(key, 3); });
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return ui->rows.at(key).parallelism == 3 && ui->rows.at(key).active == 3; }, kWait));
    // A re-run offers the parallelism it runs with now, not the one it started with.
    RelaunchInputPtr relaunch;
    QObject::connect(
        host->store(), &JobStore::relaunchInputReady, ui.get(),
        [&](const QString&, const RelaunchInputPtr& in, const QString&) { relaunch = in; });
    call([this](JobStore* st) { st->loadRelaunchInput(key); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return relaunch != nullptr; }, kWait));
    EXPECT_EQ(relaunch->relaunch.spec.parallelism, 3);
    call([this](JobStore* s) { s->setSuspended(key, true); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return !ui->failures.isEmpty(); }, kWait));
    EXPECT_TRUE(ui->failures.last().contains(QStringLiteral("cannot be suspended")));
    call([this](JobStore* s) { s->deleteJob(key); }); // cancels: no sleeping process left behind
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return ui->rows.at(key).status == tessera::engine::JobState::Failed; }, kWait));
    EXPECT_EQ(ui->rows.at(key).active, 0);
}

// A re-run of a local run records which index of the run it re-ran each of its indexes was
// (run.conf), and the report, the window's snapshot and a further re-run read it back.
TEST_F(LocalSourceTest, AReRunsOriginalIndexesReachItsReportTheWindowAndTheNextReRun) {
    startStore();
    local::RunOptions o = runOptions("echo first\nexit 5\n", 2);
    o.config.originalIndexes = {4, 9};
    startRun(o);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            auto it = ui->rows.find(key);
            return it != ui->rows.end() && it->second.status == tessera::engine::JobState::Failed;
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
    // And the window's snapshot, for the grid's tooltip and the details panel.
    call([this](JobStore* st) { st->watchJob(key); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return ui->snapshots.count(key) == 1; }, kWait));
    const JobSnapshotPtr snapshot = ui->snapshots.at(key);
    ASSERT_TRUE(snapshot->originalIndexes);
    EXPECT_EQ(*snapshot->originalIndexes, want);
    EXPECT_EQ(snapshot->originalIndexOf(1), 9);
}

// A run started through a store is a process of its own: it keeps running when the store (the
// window) goes, a new store shows it running again, and it finishes with every item done once.
TEST_F(LocalSourceTest, ARunOutlivesItsStoreAndANewStoreShowsItRunningThenFinishedOnce) {
    startStore();
    startRun(runOptions(recordingItems(10, "0.8"), 2));
    ASSERT_TRUE(QTest::qWaitFor([&] { return status() == engine::JobState::Running; }, kWait))
        << std::string(engine::toString(status()))
        << ui->failures.join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(runnerAlive());

    host.reset(); // the window quits
    ui.reset();
    QTest::qWait(300);
    ASSERT_TRUE(runnerAlive()) << "the run stopped with its store";
    QFile out(dir.filePath(QStringLiteral("out")));
    EXPECT_LT(out.size() / 2, 10) << "the run finished before the store came back";

    startStore(); // the window again
    ASSERT_TRUE(QTest::qWaitFor([&] { return ui->rows.count(key) == 1; }, kWait));
    EXPECT_EQ(status(), engine::JobState::Running);
    ASSERT_TRUE(QTest::qWaitFor([&] { return status() == engine::JobState::Complete; }, kWait))
        << std::string(engine::toString(status()));
    EXPECT_EQ(ui->rows.at(key).succeeded, 10);
    expectEachIndexRanOnce(10);
    EXPECT_TRUE(ui->failures.isEmpty()) << ui->failures.join(QLatin1Char('\n')).toStdString();
}

// A runner killed with SIGKILL (or a reboot) leaves a run without an outcome and without a
// runner: it shows Interrupted, its clock stops at its last record, and Resume completes it
// without running any item twice.
TEST_F(LocalSourceTest, AKilledRunnerShowsInterruptedAndResumeCompletesIt) {
    startStore();
    startRun(runOptions(recordingItems(6, "3"), 2));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return status() == engine::JobState::Running && ui->rows.at(key).active > 0; },
        kWait))
        << std::string(engine::toString(status()))
        << ui->failures.join(QLatin1Char('\n')).toStdString();
    const pid_t pid = runnerPid();
    ASSERT_GT(pid, 0);
    ASSERT_EQ(::kill(pid, SIGKILL), 0);

    ASSERT_TRUE(QTest::qWaitFor([&] { return status() == engine::JobState::Interrupted; }, kWait))
        << std::string(engine::toString(status()));
    const JobSummary interrupted = ui->rows.at(key);
    ASSERT_TRUE(interrupted.finished.isValid()) << "an interrupted run's clock must stop";
    EXPECT_LE(interrupted.finished, QDateTime::currentDateTimeUtc());
    EXPECT_GE(interrupted.finished, interrupted.started);
    // The items it left running carry on without it (counted as active) until they end.
    EXPECT_GT(interrupted.active, 0);
    ASSERT_TRUE(QTest::qWaitFor([&] { return ui->rows.at(key).active == 0; }, kWait));
    EXPECT_EQ(status(), engine::JobState::Interrupted);
    EXPECT_EQ(ui->rows.at(key).finished, interrupted.finished) << "the clock kept counting";
    // Its report says what the window says (it said "Running" with an open end), in the window's
    // export and from the command line alike: Interrupted, ended at the last record.
    const report::Report r = loadReport();
    EXPECT_EQ(r.outcome, status());
    ASSERT_TRUE(r.end.has_value());
    EXPECT_EQ(r.end->time_since_epoch().count(), interrupted.finished.toMSecsSinceEpoch());
    const QJsonObject json = jsonOutcome(r);
    EXPECT_EQ(json[u"result"].toString(), QStringLiteral("Interrupted"));
    EXPECT_FALSE(json[u"endTime"].isNull());
    const QJsonObject cli = cliOutcome();
    EXPECT_EQ(cli[u"result"].toString(), QStringLiteral("Interrupted"));
    EXPECT_EQ(cli[u"endTime"], json[u"endTime"]);
    // Steering a run nobody drives is refused, with the way out.
    call([this](JobStore* s) { s->setParallelism(key, 4); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return !ui->failures.isEmpty(); }, kWait));
    EXPECT_TRUE(ui->failures.last().contains(QStringLiteral("resume it first")))
        << ui->failures.last().toStdString();

    call([this](JobStore* s) { s->resumeJob(key); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return status() == engine::JobState::Complete; }, kWait))
        << std::string(engine::toString(status()))
        << ui->failures.join(QLatin1Char('\n')).toStdString();
    EXPECT_EQ(ui->rows.at(key).succeeded, 6);
    expectEachIndexRanOnce(6);
}

// A run cancelled from the window ends "Failed: Cancelled" there; its report (the window's export
// and `tessera report`) says the same, ended when it was cancelled, not "Running".
TEST_F(LocalSourceTest, ACancelledRunsReportSaysWhatTheWindowSays) {
    startStore();
    startRun(runOptions(recordingItems(6, "5"), 2));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return status() == engine::JobState::Running && ui->rows.at(key).active > 0; },
        kWait))
        << std::string(engine::toString(status()))
        << ui->failures.join(QLatin1Char('\n')).toStdString();
    call([this](JobStore* s) { s->deleteJob(key); }); // a local run's delete cancels it
    ASSERT_TRUE(QTest::qWaitFor([&] { return status() == engine::JobState::Failed; }, kWait))
        << std::string(engine::toString(status()))
        << ui->failures.join(QLatin1Char('\n')).toStdString();
    const JobSummary window = ui->rows.at(key);
    EXPECT_EQ(window.statusReason, QStringLiteral("Cancelled"));
    ASSERT_TRUE(window.finished.isValid());

    const report::Report r = loadReport();
    EXPECT_EQ(r.outcome, window.status);
    EXPECT_EQ(r.reason, window.statusReason.toStdString());
    ASSERT_TRUE(r.end.has_value());
    EXPECT_EQ(r.end->time_since_epoch().count(), window.finished.toMSecsSinceEpoch());
    const QJsonObject json = jsonOutcome(r);
    EXPECT_EQ(json[u"result"].toString(), QStringLiteral("Failed"));
    EXPECT_EQ(json[u"reason"].toString(), QStringLiteral("Cancelled"));
    const QJsonObject cli = cliOutcome();
    EXPECT_EQ(cli[u"result"], json[u"result"]);
    EXPECT_EQ(cli[u"reason"], json[u"reason"]);
    EXPECT_EQ(cli[u"endTime"], json[u"endTime"]);
}

// The runner is started from the executable given; one that cannot start is an error naming it.
TEST_F(LocalSourceTest, ARunnerThatCannotStartIsReportedWithTheProgram) {
    startStore(QStringLiteral("/nonexistent/tessera"));
    startRun(runOptions("echo one\n", 1));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !ui->failures.isEmpty(); }, kWait));
    EXPECT_TRUE(ui->failures.first().contains(QStringLiteral("/nonexistent/tessera")))
        << ui->failures.first().toStdString();
    EXPECT_TRUE(ui->failures.first().contains(QStringLiteral("No such file")))
        << ui->failures.first().toStdString();
}

// A runner that starts but stops before it takes over its run: its own last words are the
// error, and the run is left Interrupted (resumable once the cause is fixed).
TEST_F(LocalSourceTest, ARunnerThatStopsAtOnceIsReportedInItsOwnWords) {
    const QString script = dir.filePath(QStringLiteral("broken-tessera"));
    QFile f(script);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("#!/bin/sh\necho \"tessera run: $4: disk on fire\" >&2\nexit 1\n");
    f.close();
    ASSERT_TRUE(f.setPermissions(QFileDevice::ReadOwner | QFileDevice::ExeOwner));
    startStore(script);
    startRun(runOptions("echo one\n", 1));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !ui->failures.isEmpty(); }, kWait));
    EXPECT_TRUE(ui->failures.first().contains(QStringLiteral("disk on fire")))
        << ui->failures.first().toStdString();
    EXPECT_TRUE(ui->failures.first().contains(runDir())) << ui->failures.first().toStdString();
    ASSERT_TRUE(QTest::qWaitFor([&] { return status() == engine::JobState::Interrupted; }, kWait))
        << std::string(engine::toString(status()));
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
        if (it == ui->snapshots.end() ||
            it->second->summary.status != tessera::engine::JobState::Failed)
            return false;
        using engine::IndexStateMap;
        return !it->second->states.findFirst(IndexStateMap::maskOf(IndexState::Pending) |
                                             IndexStateMap::maskOf(IndexState::Running) |
                                             IndexStateMap::maskOf(IndexState::NotStarted));
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

// A run that completes is Complete everywhere: the window's row, its export (the store's report
// input) and `tessera report` in JSON, CSV and HTML, and `tessera ctl status`. The report's status
// was once decided from a job already moved out of the loaded run: "Failed", reason "Complete".
TEST_F(LocalSourceTest, ACompletedRunIsReportedCompleteInEveryFormatFromTheWindowAndTheCli) {
    startStore();
    startRun(runOptions("echo one\necho two\necho three\n", 2));
    ASSERT_TRUE(QTest::qWaitFor([&] { return status() == engine::JobState::Complete; }, kWait))
        << std::string(engine::toString(status()))
        << ui->failures.join(QLatin1Char('\n')).toStdString();

    const report::Report exported = loadReport();
    EXPECT_EQ(exported.outcome, engine::JobState::Complete);
    const QJsonObject json = jsonOutcome(exported);
    EXPECT_EQ(json[u"result"].toString().toStdString(), "Complete");
    EXPECT_EQ(json[u"reason"].toString().toStdString(), "CompletionsReached");

    const QJsonObject cli = cliOutcome();
    EXPECT_EQ(cli[u"result"].toString().toStdString(), "Complete");
    EXPECT_EQ(cli[u"reason"], json[u"reason"]);
    EXPECT_EQ(cli[u"endTime"], json[u"endTime"]);
    const QByteArray html = cliReport(QStringLiteral("html"));
    EXPECT_TRUE(html.contains("<th>Outcome</th><td>Complete</td>")) << html.toStdString();
    const QList<QByteArray> csv = cliReport(QStringLiteral("csv")).trimmed().split('\n');
    ASSERT_EQ(csv.size(), 4); // the header and a row per index
    for (qsizetype i = 1; i < csv.size(); ++i)
        EXPECT_EQ(csv[i].split(',').value(2), QByteArray("Succeeded")) << csv[i].toStdString();
    const QByteArray ctl = tessera({QStringLiteral("ctl"), runDir(), QStringLiteral("status")});
    EXPECT_TRUE(ctl.startsWith("job demo: Complete")) << ctl.toStdString();
}

// The parallelism a run was asked for over time (its journal's P records) is what the
// "Active vs parallelism" chart draws: live, and after a restart from the run's files (once only
// the last value survived a reload: a flat line).
TEST_F(LocalSourceTest, TheParallelismHistoryReachesTheChartLiveAndAfterARestart) {
    const auto parallelismCurve = [](const JobSnapshot& s) {
        std::vector<int> values;
        for (const CountAt& c : RunTimeline::of(s, QDateTime::currentDateTimeUtc()).parallelism)
            if (values.empty() || values.back() != c.value)
                values.push_back(c.value);
        return values;
    };
    const auto finished = [&] {
        const auto it = ui->snapshots.find(key);
        return it != ui->snapshots.end() &&
               it->second->summary.status == engine::JobState::Complete;
    };
    startStore();
    startRun(runOptions(recordingItems(8, "0.6"), 2));
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return ui->rows.count(key) && ui->rows.at(key).active == 2; }, kWait))
        << ui->failures.join(QLatin1Char('\n')).toStdString();
    call([this](JobStore* s) { s->setParallelism(key, 6); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return ui->rows.at(key).parallelism == 6; }, kWait));
    // Watched only now: what the chart shows comes from the run's record, not from having looked.
    call([this](JobStore* s) { s->watchJob(key); });
    ASSERT_TRUE(QTest::qWaitFor(finished, kWait)) << std::string(engine::toString(status()));
    EXPECT_EQ(parallelismCurve(*ui->snapshots.at(key)), (std::vector<int>{2, 6}));

    host.reset();
    startStore();
    call([this](JobStore* s) { s->watchJob(key); });
    ASSERT_TRUE(QTest::qWaitFor(finished, kWait));
    EXPECT_EQ(parallelismCurve(*ui->snapshots.at(key)), (std::vector<int>{2, 6}));
}

// An index's hostname in the window (the grid's tooltip, the details panel) is the one its
// process got, and the report's: the run's job name (run.conf), not its directory's name.
TEST_F(LocalSourceTest, AnIndexsHostnameIsTheOneItsProcessGot) {
    startStore();
    const QString hostFile = dir.filePath(QStringLiteral("host-"));
    startRun(runOptions("true\necho $TESSERA_POD_HOSTNAME > " + QFile::encodeName(hostFile) +
                            "$JOB_COMPLETION_INDEX\n",
                        1));
    call([this](JobStore* s) { s->watchJob(key); });
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            const auto it = ui->snapshots.find(key);
            return it != ui->snapshots.end() &&
                   it->second->summary.status == engine::JobState::Complete;
        },
        kWait))
        << std::string(engine::toString(status()))
        << ui->failures.join(QLatin1Char('\n')).toStdString();
    QFile f(hostFile + QLatin1Char('1'));
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QString processGot = QString::fromUtf8(f.readAll()).trimmed();
    EXPECT_EQ(processGot.toStdString(), "demo-1");
    EXPECT_EQ(ui->snapshots.at(key)->hostname(1).toStdString(), processGot.toStdString());
    const report::Report exported = loadReport();
    ASSERT_EQ(exported.rows.size(), 2u);
    EXPECT_EQ(QString::fromStdString(exported.rows[1].hostname), processGot);
}
