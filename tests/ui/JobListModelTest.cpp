// The job list model under QAbstractItemModelTester, fed the way the store feeds it.
#include "ui/JobListModel.h"

#include "ui/StatePalette.h"
#include "ui/Theme.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QGuiApplication>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <gtest/gtest.h>

using tessera::engine::IndexState;
using tessera::store::JobListDiff;
using tessera::store::JobSummary;
using tessera::ui::JobListModel;
using tessera::ui::StatePalette;
using tessera::ui::Theme;
using tessera::ui::themePalette;

namespace {

JobSummary job(const QString& name, int completions, int succeeded,
               tessera::engine::JobState status = tessera::engine::JobState::Running) {
    JobSummary j;
    j.key = QStringLiteral("demo/default/") + name;
    j.name = name;
    j.namespace_ = QStringLiteral("default");
    j.completions = completions;
    j.parallelism = 10;
    j.succeeded = succeeded;
    j.status = status;
    j.created = QDateTime(QDate(2026, 1, 1), QTime(10, 0), Qt::UTC);
    j.started = j.created.addSecs(5);
    return j;
}

QString cell(const QAbstractItemModel& m, int row, int column) {
    return m.data(m.index(row, column)).toString();
}

} // namespace

TEST(JobListModel, FillsUpdatesAndRemovesRowsFromDiffs) {
    JobListModel model;
    model.setClock([] { return QDateTime(QDate(2026, 1, 1), QTime(11, 2, 5), Qt::UTC); });
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);

    JobListDiff reset;
    reset.reset = true;
    reset.upserted = {job(QStringLiteral("render"), 20000, 150),
                      job(QStringLiteral("etl"), 10, 10, tessera::engine::JobState::Complete)};
    model.applyDiff(reset);
    ASSERT_EQ(model.rowCount(), 2);
    EXPECT_EQ(cell(model, 0, JobListModel::Name), QStringLiteral("render"));
    EXPECT_EQ(cell(model, 0, JobListModel::Progress), QStringLiteral("150 / 20000"));
    EXPECT_EQ(cell(model, 0, JobListModel::Age), QStringLiteral("1h 02m"));
    EXPECT_EQ(cell(model, 0, JobListModel::Mode), QStringLiteral("Indexed"));
    EXPECT_DOUBLE_EQ(model.data(model.index(0, 0), JobListModel::ProgressRole).toDouble(),
                     150.0 / 20000);

    // An update changes the row in place, with one dataChanged; a new job is appended.
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    JobListDiff update;
    JobSummary failed =
        job(QStringLiteral("render"), 20000, 300, tessera::engine::JobState::Failed);
    failed.statusReason = QStringLiteral("BackoffLimitExceeded");
    failed.failed = 7;
    update.upserted = {failed, job(QStringLiteral("thumbs"), 500, 0)};
    model.applyDiff(update);
    EXPECT_EQ(changed.count(), 1);
    ASSERT_EQ(model.rowCount(), 3);
    EXPECT_EQ(model.rowOf(failed.key), 0);
    // The state in the column (it fits), the reason in its tooltip.
    EXPECT_EQ(cell(model, 0, JobListModel::Status), QStringLiteral("Failed"));
    EXPECT_TRUE(model.data(model.index(0, JobListModel::Status), Qt::ToolTipRole)
                    .toString()
                    .endsWith(QStringLiteral("Failed: BackoffLimitExceeded")));
    EXPECT_EQ(cell(model, 0, JobListModel::Failed), QStringLiteral("7"));
    EXPECT_EQ(cell(model, 2, JobListModel::Name), QStringLiteral("thumbs"));

    // Removing a middle row keeps the id→row map right for the rows after it.
    JobListDiff remove;
    remove.removed = {QStringLiteral("demo/default/etl")};
    model.applyDiff(remove);
    ASSERT_EQ(model.rowCount(), 2);
    EXPECT_EQ(model.rowOf(QStringLiteral("demo/default/thumbs")), 1);
    EXPECT_EQ(model.rowOf(QStringLiteral("demo/default/etl")), -1);
    JobListDiff again;
    JobSummary thumbs = job(QStringLiteral("thumbs"), 500, 42);
    again.upserted = {thumbs};
    model.applyDiff(again);
    EXPECT_EQ(cell(model, 1, JobListModel::Succeeded), QStringLiteral("42"));
}

TEST(JobListModel, SortsNumericallyAndFiltersByText) {
    JobListModel model;
    JobListDiff reset;
    reset.reset = true;
    for (int i = 0; i < 30; ++i)
        reset.upserted.push_back(job(QStringLiteral("job-%1").arg(i), (i * 37) % 1000 + 1, 0));
    reset.upserted.push_back(
        job(QStringLiteral("broken"), 5, 0, tessera::engine::JobState::Failed));
    model.applyDiff(reset);

    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(JobListModel::SortRole);
    proxy.setFilterRole(JobListModel::FilterRole);
    proxy.setFilterCaseSensitivity(Qt::CaseInsensitive);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    proxy.sort(JobListModel::Completions, Qt::AscendingOrder);
    int previous = -1;
    for (int r = 0; r < proxy.rowCount(); ++r) {
        const int value =
            proxy.data(proxy.index(r, JobListModel::Completions), JobListModel::SortRole).toInt();
        EXPECT_GE(value, previous);
        previous = value;
    }
    proxy.setFilterFixedString(QStringLiteral("FAILED"));
    ASSERT_EQ(proxy.rowCount(), 1);
    EXPECT_EQ(proxy.data(proxy.index(0, JobListModel::Name)).toString(), QStringLiteral("broken"));
}

// A failed job's status and failed count are drawn in the grid's failed colour of the theme in
// use, so the list does not keep a light theme's red on a dark window.
TEST(JobListModel, FailedTextFollowsTheTheme) {
    JobListModel model;
    JobListDiff reset;
    reset.reset = true;
    JobSummary failed = job(QStringLiteral("render"), 20, 3, tessera::engine::JobState::Failed);
    failed.failed = 2;
    reset.upserted = {failed,
                      job(QStringLiteral("etl"), 10, 10, tessera::engine::JobState::Complete)};
    model.applyDiff(reset);
    const auto foreground = [&](int row, int column) {
        return model.data(model.index(row, column), Qt::ForegroundRole).value<QBrush>().color();
    };
    const QPalette before = QGuiApplication::palette();
    for (const Theme theme : {Theme::Light, Theme::Dark}) {
        QGuiApplication::setPalette(themePalette(theme));
        const QColor want = StatePalette(themePalette(theme)).color(IndexState::FailedTerminal);
        EXPECT_EQ(foreground(0, JobListModel::Status), want) << int(theme);
        EXPECT_EQ(foreground(0, JobListModel::Failed), want) << int(theme);
        EXPECT_FALSE(
            model.data(model.index(1, JobListModel::Status), Qt::ForegroundRole).isValid());
    }
    EXPECT_NE(StatePalette(themePalette(Theme::Light)).color(IndexState::FailedTerminal),
              StatePalette(themePalette(Theme::Dark)).color(IndexState::FailedTerminal));
    QGuiApplication::setPalette(before);
}

// kubectl shows a finished Job as finished even when spec.suspend is set: the list does too
// (engine::jobStateOf decides; the row does not second-guess it from `suspended`).
TEST(JobListModel, FinishedSuspendedJobReadsFinished) {
    JobListModel model;
    JobListDiff reset;
    reset.reset = true;
    JobSummary complete = job(QStringLiteral("etl"), 10, 10, tessera::engine::JobState::Complete);
    complete.suspended = true;
    JobSummary failed = job(QStringLiteral("render"), 10, 3, tessera::engine::JobState::Failed);
    failed.suspended = true;
    failed.statusReason = QStringLiteral("BackoffLimitExceeded");
    reset.upserted = {complete, failed};
    model.applyDiff(reset);
    EXPECT_EQ(cell(model, 0, JobListModel::Status), QStringLiteral("Complete"));
    EXPECT_EQ(cell(model, 1, JobListModel::Status), QStringLiteral("Failed"));
}

TEST(JobListModel, ACronJobsRowHeadsItsRunsShowsItsScheduleAndOpensItsNewestRun) {
    JobListModel model;
    model.setClock([] { return QDateTime(QDate(2026, 1, 1), QTime(11, 0), Qt::UTC); });
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    JobSummary cron;
    cron.key = tessera::store::cronJobRowKey(QStringLiteral("demo"), QStringLiteral("default"),
                                             QStringLiteral("nightly"));
    cron.name = cron.cronJob = QStringLiteral("nightly");
    cron.namespace_ = QStringLiteral("default");
    cron.created = QDateTime(QDate(2025, 12, 1), QTime(0, 0), Qt::UTC);
    tessera::store::CronJobInfo info;
    info.schedule = QStringLiteral("0 2 * * *");
    info.timeZone = QStringLiteral("Europe/Berlin");
    info.lastScheduleTime = QDateTime(QDate(2026, 1, 1), QTime(10, 30), Qt::UTC);
    info.active = 1;
    cron.cron = info;

    // No runs yet: the CronJob heads its (empty) group and opens nothing.
    JobListDiff first;
    first.upserted = {cron};
    model.applyDiff(first);
    ASSERT_EQ(model.rowCount(), 1);
    EXPECT_EQ(cell(model, 0, JobListModel::Name), QStringLiteral("nightly · 0 run(s)"));
    EXPECT_EQ(cell(model, 0, JobListModel::Mode), QStringLiteral("0 2 * * *"));
    EXPECT_EQ(cell(model, 0, JobListModel::Status), QStringLiteral("Scheduled 30m 00s ago"));
    EXPECT_TRUE(model.data(model.index(0, 0), JobListModel::GroupHeadRole).toBool());
    EXPECT_TRUE(model.data(model.index(0, 0), JobListModel::KeyRole).toString().isEmpty());
    const QString tip = model.data(model.index(0, 0), Qt::ToolTipRole).toString();
    EXPECT_TRUE(tip.contains(QStringLiteral("Schedule: 0 2 * * * (Europe/Berlin)")))
        << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("1 run(s) active"))) << tip.toStdString();

    // Two runs: both under the CronJob's row, which opens the newer.
    JobSummary older = job(QStringLiteral("nightly-1"), 4, 4);
    JobSummary newer = job(QStringLiteral("nightly-2"), 4, 1);
    older.cronJob = newer.cronJob = QStringLiteral("nightly");
    newer.created = older.created.addSecs(60);
    JobListDiff runs;
    runs.upserted = {older, newer};
    model.applyDiff(runs);
    ASSERT_EQ(model.rowCount(), 3);
    EXPECT_EQ(cell(model, 0, JobListModel::Name), QStringLiteral("nightly · 2 run(s)"));
    EXPECT_EQ(model.data(model.index(0, 0), JobListModel::KeyRole).toString(), newer.key);
    EXPECT_EQ(model.groupHeadRow(QStringLiteral("default/nightly")), 0);
    EXPECT_FALSE(model.data(model.index(2, 0), JobListModel::GroupHeadRole).toBool());
    EXPECT_EQ(cell(model, 2, JobListModel::Name), QStringLiteral("    nightly-2"));

    // Suspended, then gone: the newest run heads its runs again, as where CronJobs are not listed.
    cron.cron->suspend = true;
    JobListDiff suspended;
    suspended.upserted = {cron};
    model.applyDiff(suspended);
    EXPECT_EQ(cell(model, 0, JobListModel::Status),
              JobListModel::statusWord(tessera::engine::JobState::Suspended));
    JobListDiff gone;
    gone.removed = {cron.key};
    model.applyDiff(gone);
    ASSERT_EQ(model.rowCount(), 2);
    EXPECT_EQ(model.rowOf(newer.key), model.groupHeadRow(QStringLiteral("default/nightly")));
    EXPECT_EQ(cell(model, model.rowOf(newer.key), JobListModel::Name),
              QStringLiteral("nightly · 2 run(s)"));
}
