// The views of one job tell one truth: a job opened after it finished shows its whole run in the
// charts and the timeline (from its recorded attempts, on its own time range), timeline bars end
// when their attempt ended, and the failed-index counts of the label, the index box, the legend,
// the grid and the failures panel agree. Pictures go to $TESSERA_SHOTS (default: the temp dir).
#include "store/MemoryJobStore.h"
#include "store/RunTimeline.h"
#include "ui/ChartsWidget.h"
#include "ui/FailuresPanel.h"
#include "ui/Format.h"
#include "ui/GridLegendWidget.h"
#include "ui/IndexGridWidget.h"
#include "ui/JobListModel.h"
#include "ui/JobView.h"
#include "ui/MainWindow.h"
#include "ui/StatePalette.h"
#include "ui/TableRowsModel.h"
#include "ui/TimelineWidget.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QHelpEvent>
#include <QLabel>
#include <QPlainTextEdit>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QToolTip>
#include <gtest/gtest.h>
#include <numeric>

using namespace tessera;
using namespace tessera::store;
using namespace tessera::ui;
using engine::IndexState;

namespace {

const QDateTime kStart = QDateTime::fromString(QStringLiteral("2026-11-22T10:00:00Z"), Qt::ISODate);
const QString kKey = QStringLiteral("memory/default/render");

void save(QWidget* w, const QString& name) {
    const QString dir = qEnvironmentVariable("TESSERA_SHOTS", QDir::tempPath());
    w->grab().save(dir + QLatin1Char('/') + name);
}

// A job that failed with BackoffLimitExceeded (no backoffLimitPerIndex, so its status has no
// failedIndexes) hours ago: `n` indexes, 0, 14, 16 and 17 failed twice, the last ten never
// started, every other index succeeded after 20-80 s. Its pods are gone: all from the history.
JobSnapshot failedRun(int n) {
    JobSnapshot s;
    s.summary.key = kKey;
    s.summary.name = QStringLiteral("render");
    s.summary.namespace_ = QStringLiteral("default");
    s.summary.completions = n;
    s.summary.parallelism = 40;
    s.summary.status = tessera::engine::JobState::Failed;
    s.summary.statusReason = QStringLiteral("BackoffLimitExceeded");
    s.summary.started = kStart;
    s.states = tessera::engine::IndexStateMap(n);
    const auto failing = [](int i) {
        return i == 0 || i == 14 || i == 16 || i == 17;
    };
    qint64 lastEnd = 0;
    for (int i = 0; i < n - 10; ++i) {
        const int tries = failing(i) ? 2 : 1;
        for (int t = 0; t < tries; ++t) {
            IndexAttempt a;
            a.index = i;
            a.attempt = t;
            a.pod = QStringLiteral("render-%1-%2").arg(i).arg(t);
            a.node = QStringLiteral("node-%1").arg(i % 3);
            a.created = kStart.addSecs(i / 40 * 60 + t * 90);
            a.started = a.created.addSecs(1);
            a.finished = a.started.addSecs(20 + (i * 7) % 61);
            a.outcome = failing(i) ? tessera::engine::AttemptOutcome::Failed
                                   : tessera::engine::AttemptOutcome::Succeeded;
            a.exitCode = failing(i) ? 1 : 0;
            a.reason = failing(i) ? QStringLiteral("Error") : QStringLiteral("Completed");
            lastEnd = std::max(lastEnd, a.finished.toMSecsSinceEpoch());
            s.attempts.push_back(a);
        }
        s.states.paint(i, i, failing(i) ? IndexState::FailedTerminal : IndexState::Succeeded);
    }
    for (int i : {0, 14, 16, 17})
        s.failureCount[i] = 2;
    s.summary.finished = QDateTime::fromMSecsSinceEpoch(lastEnd, Qt::UTC).addSecs(5);
    s.summary.succeeded = n - 10 - 4;
    s.summary.failed = 8;
    return s;
}

struct OpenedJob {
    MemoryJobStore store;
    std::unique_ptr<JobView> view;

    explicit OpenedJob(const JobSnapshot& s) {
        store.setSnapshot(s);
        view = std::make_unique<JobView>(&store, kKey);
        view->resize(1400, 900);
        view->show();
    }
    bool loaded() {
        return QTest::qWaitFor([&] { return view->snapshot() != nullptr; }, 10000);
    }
};

} // namespace

TEST(JobTimelineViews, ChartsOfAJobOpenedAfterItFinishedShowTheWholeRun) {
    const JobSnapshot run = failedRun(2000);
    OpenedJob job(run);
    ASSERT_TRUE(job.loaded());
    job.view->tabs()->setCurrentWidget(job.view->charts());
    QApplication::processEvents();
    ChartsWidget* charts = job.view->charts();
    // Every succeeded index has its duration, although no pod exists any more.
    const auto& bins = charts->histogram();
    EXPECT_EQ(std::accumulate(bins.begin(), bins.end(), 0), run.summary.succeeded);
    // The axes span the job's own run, not the current time.
    EXPECT_EQ(charts->range().first, kStart.toMSecsSinceEpoch());
    EXPECT_EQ(charts->range().second, run.summary.finished.toMSecsSinceEpoch());
    save(job.view.get(), QStringLiteral("truth-charts.png"));
}

TEST(JobTimelineViews, TimelineBarsEndWhenTheirAttemptEnded) {
    JobSnapshot run = failedRun(200);
    // Index 195 never started in the job's status, but a pod of it was seen running and left
    // unseen: its end is unknown, so it is a mark, not a bar to the job's end or the clock.
    IndexAttempt unseen;
    unseen.index = 195;
    unseen.pod = QStringLiteral("render-195-0");
    unseen.outcome = tessera::engine::AttemptOutcome::Lost;
    unseen.created = unseen.started = kStart.addSecs(30);
    run.attempts.push_back(unseen);
    const std::size_t unseenPos = run.attempts.size() - 1;
    OpenedJob job(run);
    ASSERT_TRUE(job.loaded());
    TimelineWidget* timeline = job.view->timeline();
    job.view->tabs()->setCurrentWidget(timeline);
    QApplication::processEvents();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(job.view.get()));
    // Index 1's attempt: its bar's right edge is at its end, far from the job's end.
    const auto pos =
        static_cast<std::size_t>(std::find_if(run.attempts.begin(), run.attempts.end(),
                                              [](const IndexAttempt& a) { return a.index == 1; }) -
                                 run.attempts.begin());
    const IndexAttempt& a = run.attempts[pos];
    const QRect bar = timeline->barRectOf(pos);
    ASSERT_FALSE(bar.isEmpty());
    EXPECT_NEAR(bar.left(), timeline->xOf(a.started.toMSecsSinceEpoch()), 1);
    EXPECT_NEAR(bar.right() + 1, timeline->xOf(a.finished.toMSecsSinceEpoch()), 2);
    EXPECT_LT(bar.right(), timeline->xOf(run.summary.finished.toMSecsSinceEpoch()) - 50);
    // Its colour is the succeeded colour; its tooltip names its end.
    const QImage image = timeline->grab().toImage();
    EXPECT_EQ(image.pixel(bar.center()) | 0xff000000u,
              StatePalette(timeline->palette()).rgb(IndexState::Succeeded));
    EXPECT_EQ(timeline->attemptAt(bar.center()), static_cast<int>(pos));
    QHelpEvent help(QEvent::ToolTip, bar.center(), timeline->mapToGlobal(bar.center()));
    QApplication::sendEvent(timeline, &help);
    const QString tip = QToolTip::text();
    EXPECT_TRUE(tip.contains(QStringLiteral("End: ") + Format::time(a.finished)))
        << tip.toStdString();
    EXPECT_FALSE(tip.contains(QStringLiteral("End: <"))) << tip.toStdString();
    QToolTip::hideText();
    timeline->zoom(0.1, 0); // everything in view again (zooming out stops at the whole run)
    const QRect mark = timeline->barRectOf(unseenPos);
    ASSERT_FALSE(mark.isEmpty());
    EXPECT_LE(mark.width(), 3);
    QHelpEvent markHelp(QEvent::ToolTip, mark.center(), timeline->mapToGlobal(mark.center()));
    QApplication::sendEvent(timeline, &markHelp);
    EXPECT_TRUE(QToolTip::text().contains(QStringLiteral("End: not recorded")))
        << QToolTip::text().toStdString();
    QToolTip::hideText();
    save(job.view.get(), QStringLiteral("truth-timeline.png"));
}

TEST(JobTimelineViews, TimelineStaysUsableAtTenThousandAttempts) {
    const JobSnapshot run = failedRun(10010);
    TimelineWidget timeline;
    timeline.resize(1200, 700);
    timeline.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&timeline));
    QElapsedTimer clock;
    clock.start();
    timeline.setSnapshot(std::make_shared<const JobSnapshot>(run));
    timeline.repaint();
    const qint64 firstPaint = clock.elapsed();
    EXPECT_GE(timeline.history().bars.size(), 10000u);
    // Zoom in around the middle: a quarter of the run in view, scrolled by the time bar.
    const auto [t0, t1] = timeline.visibleRange();
    timeline.zoom(4.0, timeline.width() / 2);
    const auto [z0, z1] = timeline.visibleRange();
    EXPECT_NEAR(double(z1 - z0), double(t1 - t0) / 4, 2.0);
    EXPECT_GT(z0, t0);
    EXPECT_LT(z1, t1);
    // Hovering draws an overlay; it never re-renders the rows.
    timeline.repaint();
    const int renders = timeline.renderCount();
    for (int y = 40; y < 400; y += 7)
        QTest::mouseMove(&timeline, QPoint(timeline.width() / 2, y));
    timeline.repaint();
    EXPECT_EQ(timeline.renderCount(), renders);
    EXPECT_LT(firstPaint, 5000) << "ms to lay out and paint 10,000 attempts";
    save(&timeline, QStringLiteral("truth-timeline-10k.png"));
}

TEST(JobTimelineViews, TimelineIndexLabelsDoNotOverlap) {
    // Rows from 2 to 14 px high (the height decides; 9 and 11 px rows had a label on every row,
    // overlapping): labelled rows are at least a label apart.
    for (const int height : {120, 500, 880, 1040, 1400}) {
        TimelineWidget timeline;
        timeline.resize(900, height);
        timeline.setSnapshot(std::make_shared<const JobSnapshot>(failedRun(100)));
        timeline.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&timeline));
        EXPECT_GE(timeline.rowsPerLabel() * timeline.rowHeight(), timeline.fontMetrics().height())
            << "rows of " << timeline.rowHeight() << " px, a label every "
            << timeline.rowsPerLabel();
    }
}

TEST(JobTimelineViews, FailedCountsAgreeAcrossLabelBoxLegendGridAndFailuresPanel) {
    const JobSnapshot run = failedRun(300);
    OpenedJob job(run);
    ASSERT_TRUE(job.loaded());
    // The label and the box below it: four failed indexes, and the box lists those four (the
    // job's status has no failedIndexes: they failed with the job).
    EXPECT_TRUE(job.view->failedIndexesLabel()->text().contains(QStringLiteral("(4)")))
        << job.view->failedIndexesLabel()->text().toStdString();
    EXPECT_EQ(job.view->failedIndexesText()->toPlainText(), QStringLiteral("0,14,16,17"));
    const auto* completed =
        job.view->findChild<QPlainTextEdit*>(QStringLiteral("completedIndexes"));
    ASSERT_NE(completed, nullptr);
    EXPECT_EQ(completed->toPlainText(), QStringLiteral("1-13,15,18-289"));
    // The grid and its legend.
    const auto& counts = job.view->grid()->counts();
    EXPECT_EQ(counts[static_cast<size_t>(IndexState::FailedTerminal)], 4);
    EXPECT_EQ(counts[static_cast<size_t>(IndexState::Succeeded)], run.summary.succeeded);
    const auto* legend = job.view->findChild<GridLegendWidget*>();
    ASSERT_NE(legend, nullptr);
    EXPECT_TRUE(legend->entryText(static_cast<int>(IndexState::FailedTerminal))
                    .endsWith(QStringLiteral(" 4")))
        << legend->entryText(static_cast<int>(IndexState::FailedTerminal)).toStdString();
    // The header counts pods, as the Job's status does, and says so: its failed pods are not a
    // second, different number of failed indexes.
    const auto* facts = job.view->findChild<QLabel*>(QStringLiteral("jobFacts"));
    ASSERT_NE(facts, nullptr);
    EXPECT_TRUE(facts->text().contains(
        QStringLiteral("Pods (Job status): %1 active / %2 succeeded / %3 failed")
            .arg(QLocale().toString(run.summary.active), QLocale().toString(run.summary.succeeded),
                 QLocale().toString(run.summary.failed))))
        << facts->text().toStdString();
    // The failures panel: the same four, each with its last exit code.
    job.view->tabs()->setCurrentWidget(job.view->failuresPanel());
    QApplication::processEvents();
    EXPECT_EQ(job.view->failuresPanel()->failuresTitle(), QStringLiteral("Failing indexes (4)"));
    ASSERT_EQ(job.view->failuresModel()->rows().size(), 4u);
    for (const auto& row : job.view->failuresModel()->rows())
        EXPECT_EQ(row[2].value.toInt(), 1);
    // What the history recorded is shown; what was never seen says so.
    EXPECT_TRUE(job.view->indexDetails(5).contains(QStringLiteral("recorded; the pod is gone")))
        << job.view->indexDetails(5).toStdString();
    EXPECT_FALSE(job.view->indexDetails(5).contains(QStringLiteral("No pod yet")));
    EXPECT_TRUE(job.view->indexDetails(295).contains(QStringLiteral("Not started")))
        << job.view->indexDetails(295).toStdString();
    job.view->tabs()->setCurrentIndex(0);
    save(job.view.get(), QStringLiteral("truth-scoreboard.png"));
}

// The three "failed" numbers, each named: a recovered index (failed, then succeeded) is not a
// failing index (its last attempt succeeded); a deleted attempt ends when its deletion was seen
// and counts as a failed attempt, as status.failed counts it; the header shows the Job's own
// counter and, when it lags the attempts seen, both.
TEST(JobTimelineViews, RecoveredIndexIsNotFailingAndEachFailedNumberIsNamed) {
    const JobSnapshot base = failedRun(300);
    JobSnapshot run = base;
    run.attempts = AttemptList();
    for (const IndexAttempt& a : base.attempts) {
        if (a.index == 20 || a.index == 21) {
            IndexAttempt first = a;
            first.attempt = 0;
            first.pod = a.pod + QStringLiteral("-first");
            first.finished = a.started.addSecs(5);
            if (a.index == 20) {
                first.outcome = engine::AttemptOutcome::Failed;
                first.exitCode = 1;
                first.reason = QStringLiteral("Error");
            } else {
                first.outcome = engine::AttemptOutcome::Deleted;
                first.reason = QStringLiteral("Deleted");
            }
            run.attempts.push_back(first);
            IndexAttempt second = a;
            second.attempt = 1;
            second.created = first.finished.addSecs(1);
            second.started = second.created.addSecs(1);
            second.finished = second.started.addSecs(10);
            run.attempts.push_back(second);
            run.failureCount[a.index] = 1;
            continue;
        }
        run.attempts.push_back(a);
    }
    OpenedJob job(run);
    ASSERT_TRUE(job.loaded());
    // Failures: the four failing indexes only; 20 and 21 recovered.
    job.view->tabs()->setCurrentWidget(job.view->failuresPanel());
    QApplication::processEvents();
    EXPECT_EQ(job.view->failuresPanel()->failuresTitle(), QStringLiteral("Failing indexes (4)"));
    for (const auto& row : job.view->failuresModel()->rows())
        EXPECT_NE(row[0].value.toInt(), 20);
    // Header: the Job's counter (8 pods) and the 10 failed attempts seen, each named.
    const auto* facts = job.view->findChild<QLabel*>(QStringLiteral("jobFacts"));
    ASSERT_NE(facts, nullptr);
    EXPECT_TRUE(facts->text().contains(QStringLiteral("/ 8 failed · 10 failed seen")))
        << facts->text().toStdString();
    const IndexCounts counts = countIndexes(*job.view->snapshot());
    EXPECT_EQ(counts.failedAttempts, 10);
    EXPECT_EQ(counts.deletedAttempts, 1);
    EXPECT_EQ(failedAttemptsSeen(*job.view->snapshot()), counts.failedAttempts);
    // The deleted attempt is a bar from its start to its deletion, not a zero-length mark.
    const auto snapshot = job.view->snapshot();
    std::size_t deletedPos = 0;
    for (std::size_t i = 0; i < snapshot->attempts.size(); ++i)
        if (snapshot->attempts[i].outcome == engine::AttemptOutcome::Deleted)
            deletedPos = i;
    job.view->tabs()->setCurrentWidget(job.view->timeline());
    QApplication::processEvents();
    const store::RunTimeline& h = job.view->timeline()->history();
    const auto bar = std::find_if(h.bars.begin(), h.bars.end(),
                                  [&](const AttemptBar& b) { return b.attemptPos == deletedPos; });
    ASSERT_NE(bar, h.bars.end());
    EXPECT_TRUE(bar->endKnown);
    EXPECT_EQ(bar->end - bar->start, 5000);
    EXPECT_FALSE(job.view->timeline()->barRectOf(deletedPos).isEmpty());
}

// The Demo end to end: the thumbnails job finishes while nobody looks at it; opened afterwards,
// its charts have every succeeded index's duration on the job's own range and its timeline bars
// end when their pods ended.
TEST(JobTimelineViews, ADemoJobOpenedAfterItFinishedShowsItsWholeRun) {
    QStandardPaths::setTestModeEnabled(true);
    MainWindow window(
        [](const QString& id, QString* error) { return SourceHost::open(id, error); });
    window.resize(1400, 900);
    window.setSourceIds({SourceHost::demoId()});
    window.show();
    const auto keyOf = [&](const QString& name) {
        for (int r = 0; r < window.jobModel()->rowCount(); ++r)
            if (window.jobModel()->job(r).name == name)
                return window.jobModel()->job(r);
        return store::JobSummary();
    };
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return keyOf(QStringLiteral("thumbnails")).status ==
                   tessera::engine::JobState::Complete;
        },
        90000))
        << tessera::engine::toString(keyOf(QStringLiteral("thumbnails")).status);
    window.openJob(keyOf(QStringLiteral("thumbnails")).key);
    JobView* view = window.jobView();
    ASSERT_NE(view, nullptr);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            const auto s = view->snapshot();
            return s && store::RunTimeline::of(*s, QDateTime::currentDateTimeUtc())
                                .succeededDurationsMs.size() == 24;
        },
        30000));
    const auto snapshot = view->snapshot();
    view->tabs()->setCurrentWidget(view->charts());
    QApplication::processEvents();
    const auto& bins = view->charts()->histogram();
    EXPECT_EQ(std::accumulate(bins.begin(), bins.end(), 0), 24);
    // The range ends when the job did, not now.
    ASSERT_TRUE(snapshot->summary.finished.isValid());
    EXPECT_LE(view->charts()->range().second,
              snapshot->summary.finished.toMSecsSinceEpoch() + 1000);
    save(&window, QStringLiteral("truth-demo-charts.png"));
    view->tabs()->setCurrentWidget(view->timeline());
    QApplication::processEvents();
    for (const store::AttemptBar& bar : view->timeline()->history().bars) {
        EXPECT_TRUE(bar.endKnown) << "index " << bar.index;
        EXPECT_FALSE(bar.open) << "index " << bar.index;
    }
    // Tooltips of its succeeded indexes show their recorded attempt, not "No pod yet".
    EXPECT_TRUE(view->indexDetails(3).contains(QStringLiteral("Succeeded")))
        << view->indexDetails(3).toStdString();
    save(&window, QStringLiteral("truth-demo-timeline.png"));
}
