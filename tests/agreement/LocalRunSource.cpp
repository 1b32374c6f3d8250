#include "LocalRunSource.h"

#include "Cli.h"
#include "ReportViews.h"
#include "WatchedStore.h"
#include "WindowViews.h"
#include "store/LocalSource.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

namespace tessera::agreement {

namespace q = quantity;

namespace {

// Item i: records the hostname it ran with, runs the plan's time, exits with the plan's code
// for its attempt (TESSERA_ATTEMPT counts from 1), or kills itself with SIGKILL.
QByteArray workList(const RunPlan& plan, const QString& hostsDir) {
    QByteArray lines;
    for (int i = 0; i < plan.completions; ++i) {
        QString cases;
        const auto& codes = plan.exitCodes[static_cast<std::size_t>(i)];
        const auto end = [](int code) {
            return code == kKilled ? QStringLiteral("kill -KILL $$")
                                   : QStringLiteral("exit %1").arg(code);
        };
        for (std::size_t a = 0; a + 1 < codes.size(); ++a)
            cases += QStringLiteral("%1) %2;; ").arg(a + 1).arg(end(codes[a]));
        cases += QStringLiteral("*) %1;;").arg(end(codes.back()));
        lines += QStringLiteral("echo \"$TESSERA_POD_HOSTNAME\" > %1/host-$JOB_COMPLETION_INDEX; "
                                "sleep %2; case $TESSERA_ATTEMPT in %3 esac\n")
                     .arg(hostsDir)
                     .arg(plan.itemMillis / 1000.0)
                     .arg(cases)
                     .toUtf8();
    }
    return lines;
}

std::unique_ptr<WatchedStore> watch(const QString& runsRoot, const QString& key) {
    store::LocalSource::Options o;
    o.runsRoot = runsRoot;
    o.runnerProgram = QStringLiteral(TESSERA_BINARY);
    o.rescan = std::chrono::milliseconds(50);
    o.emitInterval = std::chrono::milliseconds(20);
    return std::make_unique<WatchedStore>(
        std::make_unique<store::StoreThread>(
            [o](std::vector<QObject*>&) -> store::JobStore* { return new store::LocalSource(o); }),
        key);
}

// `tessera ctl RUN status`: "job NAME: STATE[ (REASON)], S/N succeeded, F failed pods (Job
// status), R running, ...".
void observeCtlStatus(const QString& runDir, Observations& out) {
    const CliResult r = runTessera({QStringLiteral("ctl"), runDir, QStringLiteral("status")});
    const QString view = QStringLiteral("tessera ctl status");
    const QString text = QString::fromUtf8(r.out);
    static const QRegularExpression line(
        QStringLiteral("^job [^:]+: ([^,]+), (\\d+)/\\d+ succeeded, (\\d+) failed pods \\(Job "
                       "status\\), (\\d+) running"),
        QRegularExpression::MultilineOption);
    const auto m = line.match(text);
    if (!m.hasMatch()) {
        ADD_FAILURE() << "tessera ctl status: " << r.out.toStdString() << r.err.toStdString();
        return;
    }
    // "Complete", or "Failed (FailedIndexes)" when it names the reason too.
    static const QRegularExpression withReason(QStringLiteral("^(\\S+) \\((.*)\\)$"));
    if (const auto named = withReason.match(m.captured(1)); named.hasMatch()) {
        out.add(view, q::state, named.captured(1));
        out.add(view, q::reason, named.captured(2));
    } else {
        out.add(view, q::state, m.captured(1));
    }
    out.add(view, q::succeededIndexes, m.captured(2));
    out.add(view, q::statusFailed, m.captured(3));
    out.add(view, q::active, m.captured(4));
    static const QRegularExpression failed(QStringLiteral("^failed indexes: (\\S+)"),
                                           QRegularExpression::MultilineOption);
    out.add(view, q::failedIndexSet, failed.match(text).captured(1));
}

} // namespace

bool observeLocalRun(const RunPlan& plan, Observations& out) {
    QTemporaryDir dir;
    const QString runsRoot = dir.filePath(QStringLiteral("runs"));
    const QString hosts = dir.filePath(QStringLiteral("hosts"));
    QDir().mkpath(runsRoot);
    QDir().mkpath(hosts);
    const QString name = QStringLiteral("agree-%1").arg(plan.seed);
    // Named as `tessera run` names a new run's directory: the job's name and when it started.
    const QString dirName = name + QStringLiteral("-20261126-155911");
    const QString runDir = runsRoot + QLatin1Char('/') + dirName;
    const QString items = dir.filePath(QStringLiteral("items.txt"));
    {
        QFile f(items);
        if (!f.open(QIODevice::WriteOnly) || f.write(workList(plan, hosts)) < 0) {
            ADD_FAILURE() << "cannot write " << items.toStdString();
            return false;
        }
    }
    const QString key = store::JobStore::makeKey(store::LocalSource::sourceNameFor(),
                                                 QStringLiteral("local"), dirName);
    auto watched = watch(runsRoot, key);

    QProcess runner;
    runner.setProcessChannelMode(QProcess::MergedChannels);
    runner.start(QStringLiteral(TESSERA_BINARY),
                 {QStringLiteral("run"), items, QStringLiteral("--run-dir"), runDir,
                  QStringLiteral("--name"), name, QStringLiteral("-j"),
                  QString::number(plan.parallelism), QStringLiteral("--backoff-limit-per-index"),
                  QString::number(plan.backoffLimitPerIndex), QStringLiteral("--backoff-scale"),
                  QStringLiteral("0.0001"), QStringLiteral("--grace"), QStringLiteral("200"),
                  QStringLiteral("--quiet")});
    QStringList parallelismSet{QString::number(plan.parallelism)};
    const auto ctlParallelism = [&](int value, bool kill) {
        QStringList args{QStringLiteral("ctl"), runDir, QStringLiteral("parallelism"),
                         QString::number(value)};
        if (kill)
            args << QStringLiteral("--kill");
        if (runTessera(args).exitCode == 0 && parallelismSet.last() != QString::number(value))
            parallelismSet << QString::number(value);
    };
    if (plan.newParallelism || plan.scaleDownKill) {
        const int running = plan.scaleDownKill ? 2 : 1;
        if (watched->waitFor([&](const store::JobSnapshot& s) {
                return s.summary.active >= running || finished(s);
            })) {
            if (plan.scaleDownKill)
                ctlParallelism(1, true);
            if (plan.newParallelism)
                ctlParallelism(*plan.newParallelism, false);
        }
    }
    if (plan.restartStore) {
        watched.reset();
        watched = watch(runsRoot, key);
    }
    if (!QTest::qWaitFor([&] { return runner.state() == QProcess::NotRunning; }, 60000)) {
        ADD_FAILURE() << "tessera run did not end: " << runner.readAll().toStdString();
        runner.kill();
        runner.waitForFinished();
        return false;
    }

    // The run's own facts, first: what the plan decides, the hostnames the items saw.
    const QString planView = QStringLiteral("run plan");
    if (plan.deterministic()) {
        bool all = true;
        for (int i = 0; i < plan.completions; ++i)
            all = all && plan.indexSucceeds(i);
        out.add(planView, q::state, all ? QStringLiteral("Complete") : QStringLiteral("Failed"));
    }
    out.add(QStringLiteral("tessera ctl parallelism (accepted)"), q::parallelismHistory,
            parallelismSet.join(QLatin1Char(',')));
    for (int i = 0; i < plan.completions; ++i) {
        QFile f(hosts + QStringLiteral("/host-%1").arg(i));
        if (f.open(QIODevice::ReadOnly))
            out.add(QStringLiteral("item's environment"), q::hostnameOf(i),
                    QString::fromUtf8(f.readAll()).trimmed());
    }

    // The journal's own account (`tessera ctl status` reads it), before any view.
    observeCtlStatus(runDir, out);
    if (!watched->waitFor([](const store::JobSnapshot& s) { return finished(s); })) {
        ADD_FAILURE() << "the local store never showed the run finished; runner said: "
                      << runner.readAll().toStdString();
        return false;
    }
    observeWindow(watched->snapshot(), QStringLiteral("live"), out);
    expectEveryAttemptEnded(QStringLiteral("live"), out);
    if (const auto input = watched->loadReportInput())
        observeReport(report::ReportBuilder::build(*input), QStringLiteral("live"), false, out);

    watched.reset();
    watched = watch(runsRoot, key);
    if (!watched->waitFor([](const store::JobSnapshot& s) { return finished(s); })) {
        ADD_FAILURE() << "a reloaded local store never showed the run";
        return false;
    }
    observeWindow(watched->snapshot(), QStringLiteral("reload"), out);
    expectEveryAttemptEnded(QStringLiteral("reload"), out);
    if (const auto input = watched->loadReportInput())
        observeReport(report::ReportBuilder::build(*input), QStringLiteral("reload"), true, out);

    const QString json = dir.filePath(QStringLiteral("report.json"));
    const CliResult cli = runTessera({QStringLiteral("report"), QStringLiteral("--source"),
                                      QStringLiteral("local"), runDir, QStringLiteral("-o"), json});
    QFile file(json);
    if (cli.exitCode != 0 || !file.open(QIODevice::ReadOnly))
        ADD_FAILURE() << "tessera report --source local: " << cli.err.toStdString();
    else
        observeJsonReport(file.readAll(), QStringLiteral("report JSON (tessera report)"), out);
    return true;
}

} // namespace tessera::agreement
