// Local runs launched from the window are processes of their own (real `tessera run`s): closing
// the window says which runs go on and does not stop them, a new window shows them running and
// then finished with every item done once; a run whose runner was SIGKILLed shows Interrupted
// and the job header's Resume completes it.
#include "local/Journal.h"
#include "store/JobStore.h"
#include "support/Wait.h"
#include "ui/IndexGridWidget.h"
#include "ui/JobListModel.h"
#include "ui/JobView.h"
#include "ui/MainWindow.h"
#include "ui/launch/LaunchDialog.h"

#include <QAction>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <gtest/gtest.h>
#include <optional>

using namespace tessera::ui;
using tessera::ui::launch::LaunchDialog;

namespace {

using tessera::test::waitUntil;

class LocalRunWindow : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(m_data.isValid());
        m_oldData = qgetenv("XDG_DATA_HOME");
        qputenv("XDG_DATA_HOME", m_data.path().toLocal8Bit());
    }
    void TearDown() override {
        if (const pid_t pid = runnerPid(); pid > 0)
            ::kill(pid, SIGKILL); // a failed test's run must not outlive it
        qputenv("XDG_DATA_HOME", m_oldData);
    }

    std::unique_ptr<MainWindow> localWindow() {
        auto w = std::make_unique<MainWindow>(); // the real sources, under this XDG_DATA_HOME
        w->resize(1200, 800);
        w->setSourceIds({SourceHost::localId()});
        w->show();
        return w;
    }
    // Launches `items` items that each append their index to `out` after `sleep` seconds, as
    // a local run from the Launch dialog; returns its name once the window lists it.
    QString launch(MainWindow& window, int items, const char* sleep) {
        QByteArray lines;
        for (int i = 0; i < items; ++i)
            lines += QByteArray("sleep ") + sleep + "; echo $JOB_COMPLETION_INDEX >> " +
                     QFile::encodeName(outPath()) + "\n";
        const QString list = m_files.filePath(QStringLiteral("steady.txt"));
        QFile f(list);
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(lines);
        f.close();
        window.openLaunchFiles({list});
        LaunchDialog* dialog = window.findChild<LaunchDialog*>();
        EXPECT_NE(dialog, nullptr);
        if (!dialog)
            return {};
        EXPECT_TRUE(waitUntil([&] { return !dialog->isBusy() && dialog->itemCount() == items; }));
        dialog->setTarget(LaunchDialog::Target::Local);
        // Two at a time: the run lasts long enough to be seen running from a second window.
        auto* parallelism = dialog->findChild<QSpinBox*>(QStringLiteral("parallelism"));
        EXPECT_NE(parallelism, nullptr);
        if (parallelism)
            parallelism->setValue(2);
        EXPECT_TRUE(waitUntil([&] { return dialog->canLaunch(); }));
        dialog->launch();
        QString name;
        EXPECT_TRUE(waitUntil([&] {
            JobListModel* model = window.jobModel();
            for (int r = 0; r < model->rowCount(); ++r)
                if (model->job(r).completions == items)
                    name = model->job(r).name;
            return !name.isEmpty();
        }));
        return name;
    }
    // The row's state; nullopt while the job list has no row of that name.
    std::optional<tessera::engine::JobState> status(MainWindow& window, const QString& name) const {
        JobListModel* model = window.jobModel();
        for (int r = 0; r < model->rowCount(); ++r)
            if (model->job(r).name == name)
                return model->job(r).status;
        return std::nullopt;
    }
    void select(MainWindow& window, const QString& name) const {
        JobListModel* model = window.jobModel();
        for (int r = 0; r < model->rowCount(); ++r)
            if (model->job(r).name == name)
                window.jobTable()->setCurrentIndex(
                    window.jobProxy()->mapFromSource(model->index(r, 0)));
    }
    QString runDir(const QString& name) const {
        return m_data.filePath(QStringLiteral("tessera/runs/") + name);
    }
    QString outPath() const { return m_files.filePath(QStringLiteral("out")); }
    // Each index 0..items-1 wrote its line exactly once.
    void expectEachIndexRanOnce(int items) const {
        QFile f(outPath());
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
    // The `tessera run --resume` process of a run under this test's data directory.
    pid_t runnerPid() const {
        const QByteArray root = QFile::encodeName(m_data.path());
        for (const QString& entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
            bool number = false;
            const int pid = entry.toInt(&number);
            if (!number)
                continue;
            QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
            if (!cmdline.open(QIODevice::ReadOnly))
                continue;
            const QList<QByteArray> args = cmdline.readAll().split('\0');
            if (args.contains("--resume") &&
                std::any_of(args.begin(), args.end(), [&](auto& a) { return a.startsWith(root); }))
                return pid;
        }
        return -1;
    }

    QTemporaryDir m_data;
    QTemporaryDir m_files;
    QByteArray m_oldData;
};

} // namespace

TEST_F(LocalRunWindow, ClosingTheWindowSaysWhichRunsGoOnAndANewWindowShowsThemFinishOnce) {
    constexpr int kItems = 10;
    auto window = localWindow();
    const QString name = launch(*window, kItems, "1");
    ASSERT_FALSE(name.isEmpty());
    ASSERT_TRUE(waitUntil([&] {
        return status(*window, name) == tessera::engine::JobState::Running;
    })) << std::string(status(*window, name) ? tessera::engine::toString(*status(*window, name))
                                             : "-");
    // The source is listed, so it says so (not "Connecting…" forever).
    EXPECT_TRUE(window->connectionText().contains(QStringLiteral("Connected")))
        << window->connectionText().toStdString();

    // Closing asks first, naming the run and saying it continues; the window stays until then.
    window->close();
    QMessageBox* prompt = window->findChild<QMessageBox*>(QStringLiteral("closePrompt"));
    ASSERT_NE(prompt, nullptr);
    EXPECT_TRUE(window->isVisible());
    EXPECT_TRUE(prompt->text().contains(name)) << prompt->text().toStdString();
    EXPECT_TRUE(prompt->text().contains(QStringLiteral("continue")))
        << prompt->text().toStdString();
    QPushButton* closeButton = nullptr;
    for (QAbstractButton* b : prompt->buttons())
        if (prompt->buttonRole(b) == QMessageBox::AcceptRole)
            closeButton = qobject_cast<QPushButton*>(b);
    ASSERT_NE(closeButton, nullptr);
    closeButton->click();
    ASSERT_TRUE(waitUntil([&] { return !window->isVisible(); }));
    window.reset(); // and its store with it

    QTest::qWait(300);
    const std::string journal = (runDir(name) + QStringLiteral("/journal")).toStdString();
    ASSERT_TRUE(tessera::local::Journal::isLocked(journal)) << "the run stopped with the window";

    // A new window shows it running, then finished, every item done exactly once.
    window = localWindow();
    ASSERT_TRUE(waitUntil([&] { return status(*window, name).has_value(); }));
    EXPECT_EQ(status(*window, name), tessera::engine::JobState::Running);
    ASSERT_TRUE(waitUntil([&] {
        return status(*window, name) == tessera::engine::JobState::Complete;
    })) << std::string(status(*window, name) ? tessera::engine::toString(*status(*window, name))
                                             : "-");
    expectEachIndexRanOnce(kItems);
    // Nothing runs now: closing asks nothing.
    window->close();
    EXPECT_EQ(window->findChild<QMessageBox*>(QStringLiteral("closePrompt")), nullptr);
    EXPECT_FALSE(window->isVisible());
}

TEST_F(LocalRunWindow, AKilledRunnerShowsInterruptedAndTheHeadersResumeCompletesTheRun) {
    constexpr int kItems = 6;
    auto window = localWindow();
    const QString name = launch(*window, kItems, "1");
    ASSERT_FALSE(name.isEmpty());
    ASSERT_TRUE(
        waitUntil([&] { return status(*window, name) == tessera::engine::JobState::Running; }));
    select(*window, name);
    ASSERT_TRUE(waitUntil([&] { return window->jobView() && window->jobView()->snapshot(); }));
    auto* resume = window->jobView()->findChild<QPushButton*>(QStringLiteral("resumeButton"));
    ASSERT_NE(resume, nullptr);
    EXPECT_FALSE(resume->isVisible()); // a running run has nothing to resume
    // The grid's tooltip names an index's host as its process got it (<job>-<index>, the job
    // name of the run's run.conf), not after the run's directory, which the row is named after.
    const QString host = window->jobView()->grid()->hostname(1);
    EXPECT_EQ(host.toStdString(), window->jobView()->snapshot()->hostname(1).toStdString());
    EXPECT_FALSE(host.startsWith(name)) << host.toStdString() << " " << name.toStdString();
    EXPECT_TRUE(host.endsWith(QStringLiteral("-1"))) << host.toStdString();

    const pid_t pid = runnerPid();
    ASSERT_GT(pid, 0);
    ASSERT_EQ(::kill(pid, SIGKILL), 0);
    ASSERT_TRUE(waitUntil([&] {
        return status(*window, name) == tessera::engine::JobState::Interrupted;
    })) << std::string(status(*window, name) ? tessera::engine::toString(*status(*window, name))
                                             : "-");
    // The header says so and offers Resume (so does the Job menu); the clock has stopped.
    ASSERT_TRUE(waitUntil([&] {
        return window->jobView()->snapshot()->summary.status ==
                   tessera::engine::JobState::Interrupted &&
               resume->isVisible();
    }));
    EXPECT_TRUE(window->jobView()->snapshot()->summary.finished.isValid());
    EXPECT_NE(window->findChild<QAction*>(QStringLiteral("resumeRunAction")), nullptr);

    resume->click();
    ASSERT_TRUE(waitUntil([&] {
        return status(*window, name) == tessera::engine::JobState::Complete;
    })) << std::string(status(*window, name) ? tessera::engine::toString(*status(*window, name))
                                             : "-");
    EXPECT_FALSE(resume->isVisible());
    expectEachIndexRanOnce(kItems);
}
