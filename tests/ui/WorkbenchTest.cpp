// The operator's workbench, answers part: a desktop notification when a job ends (through an
// injected notifier, and through org.freedesktop.Notifications on a real D-Bus session bus), the
// first start selecting the most active job and a reopen restoring the selection, Ctrl+K ranking
// job names first, one window per job for Ctrl+Shift+O, stragglers from a seeded run (tab, grid
// marks, the ETA's spread), and charts and timeline labelled at round steps. A ScriptedStore
// stands in for a cluster.
#include "ScriptedStore.h"
#include "ui/ChartsWidget.h"
#include "ui/CommandPalette.h"
#include "ui/DesktopNotifier.h"
#include "ui/Format.h"
#include "ui/IndexGridWidget.h"
#include "ui/JobEndWatcher.h"
#include "ui/JobListModel.h"
#include "ui/JobView.h"
#include "ui/MainWindow.h"
#include "ui/StragglersPanel.h"
#include "ui/TableRowsModel.h"
#include "ui/TimelineWidget.h"
#include "ui/launch/LaunchDialog.h"

#include <QAction>
#include <QApplication>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>
#include <random>
#include <set>

using tessera::engine::AttemptOutcome;
using tessera::engine::JobState;
using tessera::store::IndexAttempt;
using tessera::store::JobSnapshot;
using tessera::testing::runningJob;
using tessera::testing::ScriptedStore;
using namespace tessera::ui;

namespace {

constexpr int kWait = 20000;

// Records what the window would have shown.
class RecordingNotifier : public DesktopNotifier {
public:
    struct Shown {
        QString summary, body;
        Urgency urgency;
    };
    void notify(const QString& summary, const QString& body, Urgency urgency) override {
        shown.push_back({summary, body, urgency});
    }
    std::vector<Shown> shown;
};

QString sourceId() {
    return QStringLiteral("context:workbench");
}

// A window on a scripted store; nothing published yet.
struct Window {
    ScriptedStore store;
    std::unique_ptr<MainWindow> window;

    explicit Window(bool forgetSelection = true, const QString& id = sourceId(),
                    std::optional<tessera::kube::ClusterConnection> cluster = std::nullopt) {
        QStandardPaths::setTestModeEnabled(true);
        if (forgetSelection)
            QSettings().remove(QStringLiteral("selectedJob"));
        window = std::make_unique<MainWindow>([this, cluster](const QString& source, QString*) {
            return SourceHost::borrow(&store, source, cluster);
        });
        window->resize(1280, 800);
        window->setSourceIds({id});
        window->show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(window.get()));
    }
    JobView* view() const { return window->jobView(); }
    void select(const QString& key) {
        const int row = window->jobModel()->rowOf(key);
        window->jobTable()->setCurrentIndex(
            window->jobProxy()->mapFromSource(window->jobModel()->index(row, 0)));
    }
};

JobSnapshot ended(JobSnapshot s, JobState state) {
    s.summary.status = state;
    s.summary.active = 0;
    s.summary.finished = s.summary.started.addSecs(200);
    if (state == JobState::Failed)
        s.summary.statusReason = QStringLiteral("BackoffLimitExceeded");
    return s;
}

} // namespace

TEST(Workbench, ANotificationIsSentWhenAJobWithItsNotificationOnEnds) {
    Window w;
    RecordingNotifier notifier;
    w.window->setNotifier(&notifier);
    const JobSnapshot watched = runningJob(QStringLiteral("nightly"), 100);
    const JobSnapshot quiet = runningJob(QStringLiteral("quiet"), 100);
    JobEndWatcher* watcher = w.window->jobEndWatcher();
    watcher->setEnabled(watched.summary.key, false);
    watcher->setEnabled(quiet.summary.key, false);
    w.store.publishAll({watched, quiet});
    ASSERT_TRUE(QTest::qWaitFor([&] { return w.window->jobModel()->rowCount() == 2; }, kWait));

    // Off by default; the Job menu's toggle turns it on for the selected job, and remembers it.
    w.select(watched.summary.key);
    auto* toggle = w.window->findChild<QAction*>(QStringLiteral("notifyWhenEndsAction"));
    ASSERT_TRUE(toggle);
    EXPECT_FALSE(toggle->isChecked());
    toggle->trigger();
    EXPECT_TRUE(watcher->isEnabled(watched.summary.key));
    EXPECT_FALSE(watcher->isEnabled(quiet.summary.key));

    w.store.publishAll({ended(watched, JobState::Failed), ended(quiet, JobState::Complete)});
    ASSERT_TRUE(QTest::qWaitFor([&] { return !notifier.shown.empty(); }, kWait));
    QTest::qWait(200); // the quiet job's end was in the same batch: nothing more may come
    ASSERT_EQ(notifier.shown.size(), 1u);
    EXPECT_EQ(notifier.shown[0].summary, QStringLiteral("nightly failed"));
    EXPECT_TRUE(notifier.shown[0].body.contains(QStringLiteral("BackoffLimitExceeded")))
        << notifier.shown[0].body.toStdString();
    EXPECT_EQ(notifier.shown[0].urgency, DesktopNotifier::Urgency::Critical);
    // Listed again finished (a relist): not announced twice.
    w.store.publishAll({ended(watched, JobState::Failed)});
    QTest::qWait(200);
    EXPECT_EQ(notifier.shown.size(), 1u);

    // A job launched from the window: on by itself, announced even when first listed finished.
    const JobSnapshot launched =
        ended(runningJob(QStringLiteral("launched"), 10), JobState::Complete);
    watcher->setEnabled(launched.summary.key, false);
    w.store.publishAll({launched});
    ASSERT_TRUE(QTest::qWaitFor([&] { return w.window->jobModel()->rowCount() == 3; }, kWait));
    watcher->launched(launched.summary.key);
    ASSERT_EQ(notifier.shown.size(), 2u);
    EXPECT_EQ(notifier.shown[1].summary, QStringLiteral("launched completed"));
    EXPECT_EQ(notifier.shown[1].urgency, DesktopNotifier::Urgency::Normal);
    watcher->setEnabled(watched.summary.key, false);
    watcher->setEnabled(launched.summary.key, false);
}

namespace {

// org.freedesktop.Notifications as a desktop runs it, reduced to recording the calls.
class NotificationServer : public QObject {
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.Notifications")
public:
    struct Call {
        QString app, summary, body;
        QVariantMap hints;
    };
    std::vector<Call> calls;

public slots:
    uint Notify(const QString& app, uint /*replacesId*/, const QString& /*icon*/,
                const QString& summary, const QString& body, const QStringList& /*actions*/,
                const QVariantMap& hints, int /*timeout*/) {
        calls.push_back({app, summary, body, hints});
        return static_cast<uint>(calls.size());
    }
};

} // namespace

TEST(Workbench, TheNotificationReachesTheFreedesktopServiceOnARealSessionBus) {
    const QString daemon = QStandardPaths::findExecutable(QStringLiteral("dbus-daemon"));
    if (daemon.isEmpty())
        GTEST_SKIP() << "dbus-daemon is not installed (Debian: dbus-daemon); the injected "
                        "notifier test covers the window's side";
    // A session bus of this test's own.
    QProcess bus;
    bus.start(daemon, {QStringLiteral("--session"), QStringLiteral("--nofork"),
                       QStringLiteral("--nopidfile"), QStringLiteral("--print-address=1")});
    ASSERT_TRUE(bus.waitForStarted(kWait)) << bus.errorString().toStdString();
    ASSERT_TRUE(bus.waitForReadyRead(kWait)) << bus.readAllStandardError().toStdString();
    const QString address = QString::fromUtf8(bus.readLine()).trimmed();
    ASSERT_FALSE(address.isEmpty());

    NotificationServer server;
    {
        QDBusConnection serverBus =
            QDBusConnection::connectToBus(address, QStringLiteral("workbench-server"));
        ASSERT_TRUE(serverBus.isConnected()) << serverBus.lastError().message().toStdString();
        ASSERT_TRUE(serverBus.registerObject(DBusNotifier::path(), &server,
                                             QDBusConnection::ExportAllSlots));
        ASSERT_TRUE(serverBus.registerService(DBusNotifier::service()))
            << serverBus.lastError().message().toStdString();
    }
    {
        Window w;
        DBusNotifier notifier(QDBusConnection::connectToBus(address, QStringLiteral("workbench")),
                              nullptr);
        QStringList failures;
        QObject::connect(&notifier, &DesktopNotifier::failed,
                         [&](const QString& message) { failures << message; });
        w.window->setNotifier(&notifier);
        const JobSnapshot job = runningJob(QStringLiteral("on-the-bus"), 20);
        w.window->jobEndWatcher()->setEnabled(job.summary.key, true);
        w.store.publishAll({job});
        ASSERT_TRUE(QTest::qWaitFor([&] { return w.window->jobModel()->rowCount() == 1; }, kWait));
        w.store.publishAll({ended(job, JobState::Complete)});
        ASSERT_TRUE(
            QTest::qWaitFor([&] { return !server.calls.empty() || !failures.isEmpty(); }, kWait));
        ASSERT_TRUE(failures.isEmpty()) << failures.join(QLatin1Char('\n')).toStdString();
        ASSERT_EQ(server.calls.size(), 1u);
        EXPECT_EQ(server.calls[0].app, QStringLiteral("Tessera"));
        EXPECT_EQ(server.calls[0].summary, QStringLiteral("on-the-bus completed"));
        EXPECT_TRUE(server.calls[0].body.contains(QStringLiteral("6 of 20")))
            << server.calls[0].body.toStdString();
        EXPECT_EQ(server.calls[0].hints.value(QStringLiteral("urgency")).toInt(), 1);
        w.window->jobEndWatcher()->setEnabled(job.summary.key, false);
    }
    QDBusConnection::disconnectFromBus(QStringLiteral("workbench"));
    QDBusConnection::disconnectFromBus(QStringLiteral("workbench-server"));
    bus.terminate();
    ASSERT_TRUE(bus.waitForFinished(kWait));
}

TEST(Workbench, TheFirstStartSelectsTheMostActiveJobAndAReopenRestoresTheSelection) {
    JobSnapshot idle = ended(runningJob(QStringLiteral("old"), 50), JobState::Complete);
    JobSnapshot busy = runningJob(QStringLiteral("busy"), 500);
    busy.summary.active = 40;
    JobSnapshot calm = runningJob(QStringLiteral("calm"), 500);
    calm.summary.active = 3;
    {
        Window w;
        w.store.publishAll({idle, calm, busy});
        ASSERT_TRUE(QTest::qWaitFor([&] { return w.view() != nullptr; }, kWait));
        EXPECT_EQ(w.view()->key(), busy.summary.key);
        // The user picks another job and closes the window.
        w.select(calm.summary.key);
        ASSERT_TRUE(QTest::qWaitFor([&] { return w.view()->key() == calm.summary.key; }, kWait));
    }
    Window reopened(false);
    reopened.store.publishAll({idle, calm, busy});
    ASSERT_TRUE(QTest::qWaitFor([&] { return reopened.view() != nullptr; }, kWait));
    EXPECT_EQ(reopened.view()->key(), calm.summary.key);
    EXPECT_EQ(reopened.window->jobTable()->currentIndex().data(JobListModel::KeyRole).toString(),
              calm.summary.key);
}

TEST(Workbench, CtrlKWorkBChoosesWorkBBeforeRowsMatchingInOtherWords) {
    Window w;
    const JobSnapshot a = runningJob(QStringLiteral("work-a"), 10);
    const JobSnapshot b = runningJob(QStringLiteral("work-b"), 10);
    w.store.publishAll({a, b});
    ASSERT_TRUE(QTest::qWaitFor([&] { return w.view() != nullptr; }, kWait));
    w.select(a.summary.key);
    ASSERT_TRUE(QTest::qWaitFor([&] { return w.view()->key() == a.summary.key; }, kWait));
    w.window->openCommandPalette();
    auto* palette = w.window->findChild<CommandPalette*>();
    ASSERT_TRUE(palette);
    palette->setFilterText(QStringLiteral("work b"));
    ASSERT_FALSE(palette->shownTexts().isEmpty());
    EXPECT_TRUE(palette->shownTexts().first().endsWith(QStringLiteral("/work-b")))
        << palette->shownTexts().join(QLatin1Char('|')).toStdString();
    palette->runCurrent();
    ASSERT_TRUE(QTest::qWaitFor([&] { return w.view()->key() == b.summary.key; }, kWait));

    // The ranks, one by one.
    const struct {
        const char *query, *name, *row;
        int rank;
    } cases[] = {
        {"work b", "work-b", "Job ctx/default/work-b", 0},
        {"work b", "work-a", "Job ctx/default/work-a", 3}, // "b" in "Job": a match, the last
        {"ork-b", "work-b", "Job ctx/default/work-b", 1},
        {"wkb", "work-b", "Job ctx/default/work-b", 2},
        {"TIMELINE tab", "Timeline", "Tab Timeline", 3},
        {"zzz", "work-b", "Job ctx/default/work-b", -1},
    };
    for (const auto& c : cases)
        EXPECT_EQ(CommandPalette::matchRank(QString::fromUtf8(c.query), QString::fromUtf8(c.name),
                                            QString::fromUtf8(c.row)),
                  c.rank)
            << c.query << " in " << c.name;
}

TEST(Workbench, ASecondCtrlShiftORaisesTheJobsWindowInsteadOfOpeningAnother) {
    Window w;
    const JobSnapshot job = runningJob(QStringLiteral("solo"), 10);
    w.store.publishAll({job});
    ASSERT_TRUE(QTest::qWaitFor([&] { return w.view() != nullptr; }, kWait));
    auto windowsOf = [&] {
        int n = 0;
        for (QWidget* top : QApplication::topLevelWidgets()) {
            auto* view = qobject_cast<JobView*>(top);
            n += view != nullptr && view->isWindow() && view->isVisible() &&
                         view->key() == job.summary.key
                     ? 1
                     : 0;
        }
        return n;
    };
    QApplication::setActiveWindow(w.window.get());
    QTest::keyClick(w.window.get(), Qt::Key_O, Qt::ControlModifier | Qt::ShiftModifier);
    ASSERT_TRUE(QTest::qWaitFor([&] { return windowsOf() == 1; }, kWait));
    QApplication::setActiveWindow(w.window.get());
    QTest::keyClick(w.window.get(), Qt::Key_O, Qt::ControlModifier | Qt::ShiftModifier);
    QApplication::processEvents();
    EXPECT_EQ(windowsOf(), 1);
}

TEST(Workbench, TheLaunchDialogTargetsTheClusterTheWindowShows) {
    QTemporaryDir dir;
    const QString list = dir.filePath(QStringLiteral("items.txt"));
    QFile file(list);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("echo a\necho b\n");
    file.close();
    auto targetOf = [&](Window& w) {
        w.window->openLaunchFiles({list});
        auto* dialog = w.window->findChild<launch::LaunchDialog*>();
        const auto target = dialog ? dialog->target() : launch::LaunchDialog::Target::DryRun;
        delete dialog;
        return target;
    };
    tessera::kube::ClusterConnection cluster;
    cluster.contextName = QStringLiteral("workbench");
    cluster.server = QUrl(QStringLiteral("https://127.0.0.1:6443"));
    Window onCluster(true, sourceId(), cluster);
    EXPECT_EQ(targetOf(onCluster), launch::LaunchDialog::Target::Cluster);
    Window onLocalRuns(true, SourceHost::localId());
    EXPECT_EQ(targetOf(onLocalRuns), launch::LaunchDialog::Target::Local);
}

namespace {

// A running job of 400 indexes: 150 succeeded in the last five minutes with seeded durations of
// 20 … 80 s, 12 running for seeded times of 0 … 200 s.
JobSnapshot seededRun(const QDateTime& now, int succeeded) {
    JobSnapshot s = runningJob(QStringLiteral("seeded"), 400);
    s.attempts = tessera::store::AttemptList();
    s.summary.started = now.addSecs(-3600);
    s.summary.succeeded = succeeded;
    s.summary.active = 12;
    std::mt19937 random(2026);
    tessera::store::AttemptList attempts;
    for (int i = 0; i < succeeded; ++i) {
        IndexAttempt a;
        a.index = i;
        a.pod = QStringLiteral("seeded-%1").arg(i);
        a.node = QStringLiteral("node-%1").arg(i % 3);
        a.outcome = AttemptOutcome::Succeeded;
        a.created = a.started = now.addSecs(-300 + i); // all ended in the last five minutes
        a.finished = a.started.addMSecs(20000 + static_cast<qint64>(random() % 60000));
        attempts.push_back(a);
    }
    for (int i = 0; i < 12; ++i) {
        IndexAttempt a;
        a.index = succeeded + i;
        a.pod = QStringLiteral("seeded-%1").arg(a.index);
        a.node = QStringLiteral("node-%1").arg(i % 3);
        a.outcome = AttemptOutcome::Running;
        a.created = a.started = now.addMSecs(-static_cast<qint64>(random() % 200000));
        attempts.push_back(a);
    }
    s.attempts = std::move(attempts);
    return s;
}

} // namespace

TEST(Workbench, StragglersOfASeededRunAreMarkedListedWithTheirNodeAndSpreadTheEta) {
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const JobSnapshot run = seededRun(now, 150);
    // Independently: the 95th percentile by nearest rank over the sorted durations.
    std::vector<qint64> durations;
    for (const IndexAttempt& a : run.attempts)
        if (a.outcome == AttemptOutcome::Succeeded)
            durations.push_back(a.started.msecsTo(a.finished));
    std::sort(durations.begin(), durations.end());
    const qint64 p95 = durations[static_cast<std::size_t>(std::ceil(0.95 * 150)) - 1];
    std::set<int> expected;
    for (const IndexAttempt& a : run.attempts)
        if (a.outcome == AttemptOutcome::Running && a.started.msecsTo(now) > p95 + 5000)
            expected.insert(a.index); // well above: still above when the view looks

    Window w;
    w.store.publishAll({run});
    ASSERT_TRUE(QTest::qWaitFor([&] { return w.view() != nullptr; }, kWait));
    w.store.publish(run);
    ASSERT_TRUE(QTest::qWaitFor([&] { return w.view()->snapshot() != nullptr; }, kWait));
    ASSERT_FALSE(expected.empty());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !w.view()->grid()->marks().empty(); }, kWait));
    const std::vector<int>& marks = w.view()->grid()->marks();
    for (const int index : expected)
        EXPECT_TRUE(std::binary_search(marks.begin(), marks.end(), index)) << index;
    for (const int index : marks)
        EXPECT_GE(index, 150) << "a succeeded index marked";

    TableRowsModel* rows = w.view()->stragglers()->model();
    ASSERT_EQ(rows->rowCount(), static_cast<int>(marks.size()));
    for (const auto& row : rows->rows()) {
        const int index = row[0].value.toInt();
        EXPECT_EQ(row[3].value.toString(), QStringLiteral("node-%1").arg((index - 150) % 3));
    }
    EXPECT_TRUE(w.view()->stragglers()->summaryText().contains(Format::duration(p95 / 1000)))
        << w.view()->stragglers()->summaryText().toStdString();
    // The ETA shows its spread.
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return w.view()->factsLabel()->text().contains(QStringLiteral("–")); }, kWait))
        << w.view()->factsLabel()->text().toStdString();
    // Pictures to look at (the marks, the tab): $TESSERA_SHOTS or the temporary folder.
    const QString shots = qEnvironmentVariable("TESSERA_SHOTS", QDir::tempPath());
    w.view()->grab().save(shots + QStringLiteral("/workbench-straggler-marks.png"));
    w.view()->tabs()->setCurrentWidget(w.view()->stragglers());
    QApplication::processEvents();
    w.view()->grab().save(shots + QStringLiteral("/workbench-stragglers.png"));

    // Too few samples: nothing called a straggler, and the tab says why.
    const JobSnapshot early = seededRun(now, 12);
    Window second;
    second.store.publishAll({early});
    ASSERT_TRUE(QTest::qWaitFor([&] { return second.view() != nullptr; }, kWait));
    second.store.publish(early);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return second.view()->stragglers()->summaryText().startsWith(
                QStringLiteral("Not enough samples"));
        },
        kWait));
    EXPECT_TRUE(second.view()->grid()->marks().empty());
}

TEST(Workbench, AHistogramBinStartsAtThreeSecondsAndTheTimelineTicksAreRoundAndDistinct) {
    const QDateTime start = QDateTime::currentDateTimeUtc().addSecs(-10);
    JobSnapshot s = runningJob(QStringLiteral("short"), 40);
    tessera::store::AttemptList attempts;
    const qint64 durations[] = {1200, 2100, 3000, 3000, 3000, 4400};
    for (int i = 0; i < 6; ++i) {
        IndexAttempt a;
        a.index = i;
        a.outcome = AttemptOutcome::Succeeded;
        a.created = a.started = start;
        a.finished = start.addMSecs(durations[i]);
        attempts.push_back(a);
    }
    s.attempts = std::move(attempts);
    s.summary.started = start;
    s.summary.finished = start.addMSecs(4400);
    s.summary.status = JobState::Complete;
    s.summary.active = 0;
    auto snapshot = std::make_shared<const JobSnapshot>(s);

    ChartsWidget charts;
    charts.resize(1024, 600);
    charts.show();
    charts.setSnapshot(snapshot);
    QApplication::processEvents();
    const auto& bins = charts.histogramBins();
    const auto three = std::find_if(
        bins.begin(), bins.end(), [](const auto& b) { return b.fromMs <= 3000 && 3000 < b.toMs; });
    ASSERT_NE(three, bins.end());
    EXPECT_EQ(three->fromMs, 3000);
    EXPECT_EQ(three->count, 3);
    const std::map<int, QString> labels = charts.histogramLabels();
    ASSERT_FALSE(labels.empty());
    const auto label = labels.find(static_cast<int>(three - bins.begin()));
    if (label != labels.end()) {
        EXPECT_EQ(label->second, QStringLiteral("3s"));
    }
    for (const auto& [bin, text] : labels) {
        EXPECT_FALSE(text.contains(QStringLiteral("…")));
        EXPECT_EQ(text, Format::durationAtStep(bin < static_cast<int>(bins.size())
                                                   ? bins[static_cast<std::size_t>(bin)].fromMs
                                                   : bins.back().toMs,
                                               bins.front().toMs - bins.front().fromMs));
    }

    TimelineWidget timeline;
    timeline.resize(1024, 400);
    timeline.show();
    timeline.setSnapshot(snapshot);
    QApplication::processEvents();
    const auto ticks = timeline.axisTicks();
    ASSERT_GE(ticks.size(), 3u);
    QStringList texts;
    for (const auto& t : ticks)
        texts << t.label;
    EXPECT_EQ(texts.removeDuplicates(), 0) << texts.join(QLatin1Char(' ')).toStdString();
    EXPECT_EQ(texts.first(), QStringLiteral("+0s"));
    EXPECT_EQ(texts.at(1), QStringLiteral("+0.5s")) << texts.join(QLatin1Char(' ')).toStdString();
}

#include "WorkbenchTest.moc"
