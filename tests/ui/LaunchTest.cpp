// Launch by drag-and-drop and report export, through the real main window: files dropped on it
// open Launch dialogs with the right item counts (every work-list format and a Job manifest),
// a broken file shows its line, a local run launched from the dialog runs real processes to
// Complete with an all-green grid, the cluster YAML parses back into the same job, and the
// report exported from the window holds exactly what the run's journal recorded.
#include "codec/Decode.h"
#include "codec/Manifests.h"
#include "engine/IndexSet.h"
#include "engine/Simulator.h"
#include "local/LocalRunner.h"
#include "local/RunDirectory.h"
#include "store/JobStore.h"
#include "support/Wait.h"
#include "ui/IndexGridWidget.h"
#include "ui/JobListModel.h"
#include "ui/JobView.h"
#include "ui/LogViewWidget.h"
#include "ui/MainWindow.h"
#include "ui/StatePalette.h"
#include "ui/Theme.h"
#include "ui/launch/LaunchDialog.h"
#include "ui/launch/LimitSpinBox.h"

#include <QAbstractTextDocumentLayout>
#include <QChartView>
#include <QDir>
#include <QDoubleSpinBox>
#include <QDropEvent>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>
#include <QUrl>
#include <QValueAxis>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <ostream>

using tessera::engine::IndexState;
using namespace tessera::ui;
using tessera::ui::launch::Forecast;
using tessera::ui::launch::LaunchDialog;
using tessera::ui::launch::LimitSpinBox;

namespace {

using tessera::test::waitUntil;

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(text);
    return path;
}

// What a file manager does: a drag entering the window, then the drop of the files' URLs.
void dropFiles(QWidget* window, const QStringList& paths) {
    QMimeData mime;
    QList<QUrl> urls;
    for (const QString& p : paths)
        urls << QUrl::fromLocalFile(p);
    mime.setUrls(urls);
    const QPointF at(window->width() / 2.0, window->height() / 2.0);
    QDragEnterEvent enter(at.toPoint(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(window, &enter);
    ASSERT_TRUE(enter.isAccepted());
    QDropEvent drop(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(window, &drop);
    ASSERT_TRUE(drop.isAccepted());
}

LaunchDialog* dialogFor(QWidget* window, const QString& path) {
    for (LaunchDialog* d : window->findChildren<LaunchDialog*>()) {
        if (d->filePath() == path)
            return d;
    }
    return nullptr;
}

// A window with no source open: drops need none.
std::unique_ptr<MainWindow> bareWindow() {
    auto w = std::make_unique<MainWindow>([](const QString&, QString* error) {
        *error = QStringLiteral("no source in this test");
        return std::unique_ptr<SourceHost>();
    });
    w->resize(900, 600);
    w->show();
    return w;
}

// Local runs go under $XDG_DATA_HOME/tessera/runs: a fresh one per test.
class LaunchFromWindow : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(m_data.isValid());
        m_oldData = qgetenv("XDG_DATA_HOME");
        qputenv("XDG_DATA_HOME", m_data.path().toLocal8Bit());
    }
    void TearDown() override { qputenv("XDG_DATA_HOME", m_oldData); }
    QTemporaryDir m_data;
    QTemporaryDir m_files;
    QByteArray m_oldData;
};

} // namespace

TEST_F(LaunchFromWindow, DroppedFilesOfEveryFormatOpenOneDialogEachWithTheirItemCount) {
    const std::vector<std::pair<QString, int>> files = {
        {writeFile(m_files, QStringLiteral("lines.txt"),
                   "# frames to render\nrender 1\n\nrender 2\nrender 3\n"),
         3},
        {writeFile(m_files, QStringLiteral("items.csv"),
                   "FRAME,SCENE\n1,intro\n2,intro\n3,\"main, part 1\"\n4,outro\n"),
         4},
        {writeFile(m_files, QStringLiteral("count.yaml"),
                   "withCount: 5\ncommand: echo $TASK_INDEX_NUM\n"),
         5},
        {writeFile(m_files, QStringLiteral("matrix.yaml"),
                   "withMatrix:\n  os: [debian, alpine]\n  ver: [1, 2, 3]\ncommand: echo "
                   "$TASK_INDEX_MATRIX_OS\n"),
         6},
        {writeFile(m_files, QStringLiteral("job.yaml"),
                   "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: render\nspec:\n"
                   "  completions: 7\n  parallelism: 2\n  completionMode: Indexed\n  template:\n"
                   "    spec:\n      restartPolicy: Never\n      containers:\n"
                   "      - name: main\n        image: busybox\n        command: [\"true\"]\n"),
         7},
    };
    auto window = bareWindow();
    QStringList paths;
    for (const auto& [path, count] : files)
        paths << path;
    dropFiles(window.get(), paths);

    for (const auto& [path, count] : files) {
        LaunchDialog* dialog = dialogFor(window.get(), path);
        ASSERT_NE(dialog, nullptr) << path.toStdString();
        ASSERT_TRUE(waitUntil([&] { return !dialog->isBusy() && dialog->file()->ok(); }))
            << path.toStdString() << ": "
            << dialog->errorTexts().join(QLatin1Char('\n')).toStdString();
        EXPECT_EQ(dialog->itemCount(), count) << path.toStdString();
        EXPECT_TRUE(dialog->errorTexts().isEmpty()) << path.toStdString();
    }
    EXPECT_EQ(window->findChildren<LaunchDialog*>().size(), files.size());
}

TEST_F(LaunchFromWindow, ABrokenWorkListShowsItsLineAndCannotBeLaunched) {
    const QString path = writeFile(m_files, QStringLiteral("broken.csv"),
                                   "FRAME,SCENE\n1,intro\n2,intro,extra\n3,outro\n");
    auto window = bareWindow();
    dropFiles(window.get(), {path});
    LaunchDialog* dialog = dialogFor(window.get(), path);
    ASSERT_NE(dialog, nullptr);
    ASSERT_TRUE(waitUntil([&] { return !dialog->isBusy() && !dialog->errorTexts().isEmpty(); }));
    const QString errors = dialog->errorTexts().join(QLatin1Char('\n'));
    EXPECT_TRUE(errors.contains(QStringLiteral("broken.csv"))) << errors.toStdString();
    EXPECT_TRUE(errors.contains(QStringLiteral("line 3"))) << errors.toStdString(); // the bad row
    EXPECT_FALSE(dialog->canLaunch());
}

TEST_F(LaunchFromWindow, TheClusterYamlParsesBackIntoTheJobOfTheForm) {
    const QString path =
        writeFile(m_files, QStringLiteral("frames.txt"),
                  "render --frame 1\nrender --frame 2 'quoted $HOME'\nrender --frame 3\n");
    auto window = bareWindow();
    dropFiles(window.get(), {path});
    LaunchDialog* dialog = dialogFor(window.get(), path);
    ASSERT_NE(dialog, nullptr);
    ASSERT_TRUE(waitUntil([&] { return !dialog->isBusy() && dialog->file()->ok(); }));
    dialog->setTarget(LaunchDialog::Target::Cluster);
    ASSERT_TRUE(waitUntil([&] { return !dialog->isBusy() && !dialog->yamlText().isEmpty(); }));

    const std::string yaml = dialog->yamlText().toStdString();
    const auto manifests = tessera::codec::parseManifests(yaml, "preview.yaml");
    ASSERT_TRUE(manifests.ok()) << manifests.error().describe();
    int jobs = 0, configMaps = 0;
    for (const auto& m : *manifests) {
        if (m.kind == "ConfigMap") {
            ++configMaps;
            // Every item travels verbatim in the ConfigMap.
            EXPECT_NE(m.json.find("quoted $HOME"), std::string::npos);
        }
        if (m.kind != "Job")
            continue;
        ++jobs;
        const auto job = tessera::codec::decodeJob(m.json);
        ASSERT_TRUE(job.ok()) << m.describe(job.error());
        EXPECT_EQ(job->job.spec.completions.value_or(-1), 3);
        EXPECT_EQ(job->job.spec.completionMode, tessera::engine::CompletionMode::Indexed);
        ASSERT_NE(dialog->manifests(), nullptr);
        EXPECT_EQ(job->job.metadata.name, dialog->manifests()->jobName);
        EXPECT_EQ(dialog->manifests()->completions, 3);
    }
    EXPECT_EQ(jobs, 1);
    EXPECT_EQ(configMaps, 1);
}

TEST_F(LaunchFromWindow, ALocalRunRunsToCompleteWithAGreenGridAndItsReportMatchesTheJournal) {
    constexpr int kItems = 12;
    QByteArray lines;
    for (int i = 0; i < kItems; ++i)
        lines += "echo item " + QByteArray::number(i) + " index $JOB_COMPLETION_INDEX\n";
    const QString path = writeFile(m_files, QStringLiteral("greens.txt"), lines);

    MainWindow window; // the real sources: Local runs under this test's XDG_DATA_HOME
    window.resize(1200, 800);
    window.setSourceIds({SourceHost::localId(), SourceHost::demoId()});
    window.show();
    dropFiles(&window, {path});
    LaunchDialog* dialog = dialogFor(&window, path);
    ASSERT_NE(dialog, nullptr);
    ASSERT_TRUE(waitUntil([&] { return !dialog->isBusy() && dialog->file()->ok(); }));
    ASSERT_EQ(dialog->itemCount(), kItems);
    dialog->setTarget(LaunchDialog::Target::Local);
    ASSERT_TRUE(waitUntil([&] { return dialog->canLaunch(); }));
    dialog->launch();

    // The window shows Local runs, and the new run there finishes Complete.
    ASSERT_TRUE(waitUntil([&] { return window.currentSourceId() == SourceHost::localId(); }));
    JobListModel* model = window.jobModel();
    int row = -1;
    ASSERT_TRUE(waitUntil([&] {
        for (int r = 0; r < model->rowCount(); ++r) {
            if (model->job(r).completions == kItems &&
                model->job(r).status == tessera::engine::JobState::Complete)
                row = r;
        }
        return row >= 0;
    }));
    const QString key = model->job(row).key;
    window.jobTable()->setCurrentIndex(window.jobProxy()->mapFromSource(model->index(row, 0)));
    ASSERT_TRUE(waitUntil([&] {
        JobView* view = window.jobView();
        return view && view->snapshot() && view->snapshot()->summary.succeeded == kItems &&
               view->snapshot()->states.size() == kItems;
    }));
    JobView* view = window.jobView();
    for (int i = 0; i < kItems; ++i)
        EXPECT_EQ(view->snapshot()->states.at(i), IndexState::Succeeded) << "index " << i;
    // All green on screen too: every cell painted in the Succeeded colour.
    IndexGridWidget* grid = view->grid();
    ASSERT_TRUE(waitUntil([&] { return !grid->cellRect(kItems - 1).isEmpty(); }));
    const QImage image = grid->grab().toImage();
    const StatePalette colors(grid->palette());
    for (int i = 0; i < kItems; ++i) {
        const QRect r = grid->cellRect(i);
        EXPECT_EQ(image.pixel(r.center()) | 0xff000000u, colors.rgb(IndexState::Succeeded))
            << "index " << i;
    }

    // The log view's "All indexes": every item's output, each line prefixed with its index.
    view->logView()->showIndex(tessera::store::JobStore::kAllIndexes);
    ASSERT_TRUE(waitUntil([&] {
        return view->logView()->shownText().count(QLatin1Char('\n')) + 1 >= kItems;
    })) << view->logView()->shownText().toStdString();
    for (int i = 0; i < kItems; ++i)
        EXPECT_TRUE(
            view->logView()->shownText().contains(QStringLiteral("[%1] item %1 index %1").arg(i)))
            << i << ": " << view->logView()->shownText().toStdString();

    // File > Export report, as JSON and CSV: exactly the journal's indexes and attempts.
    const QString runsRoot = m_data.filePath(QStringLiteral("tessera/runs"));
    const QStringList runDirs = QDir(runsRoot).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    ASSERT_EQ(runDirs.size(), 1);
    const auto journal =
        tessera::local::RunDirectory::load(QDir(runsRoot).filePath(runDirs.first()).toStdString());
    ASSERT_TRUE(journal.ok()) << journal.error().describe();
    ASSERT_EQ(journal->attempts.size(), size_t(kItems));

    QSignalSpy exported(&window, &MainWindow::reportExported);
    const QString jsonPath = m_files.filePath(QStringLiteral("report.json"));
    window.exportReport(jsonPath);
    ASSERT_TRUE(waitUntil([&] { return exported.size() == 1; }));
    ASSERT_TRUE(exported.at(0).at(0).toBool()) << exported.at(0).at(1).toString().toStdString();
    QFile jsonFile(jsonPath);
    ASSERT_TRUE(jsonFile.open(QIODevice::ReadOnly));
    const QJsonObject report = QJsonDocument::fromJson(jsonFile.readAll()).object();
    const QJsonArray indexes = report.value(QStringLiteral("indexes")).toArray();
    ASSERT_EQ(indexes.size(), kItems);
    for (int i = 0; i < kItems; ++i) {
        const QJsonObject entry = indexes.at(i).toObject();
        EXPECT_EQ(entry.value(QStringLiteral("index")).toInt(-1), i);
        EXPECT_EQ(entry.value(QStringLiteral("status")).toString(), QStringLiteral("Succeeded"));
        const auto& attempt = journal->attempts[size_t(i)];
        EXPECT_EQ(attempt.index, i);
        EXPECT_EQ(entry.value(QStringLiteral("attempts")).toInt(-1), attempt.number);
    }

    const QString csvPath = m_files.filePath(QStringLiteral("report.csv"));
    window.exportReport(csvPath);
    ASSERT_TRUE(waitUntil([&] { return exported.size() == 2; }));
    ASSERT_TRUE(exported.at(1).at(0).toBool()) << exported.at(1).at(1).toString().toStdString();
    QFile csv(csvPath);
    ASSERT_TRUE(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> csvLines = csv.readAll().trimmed().split('\n');
    EXPECT_EQ(csvLines.size(), kItems + 1); // a header, then one row per index

    // A file name without a known extension is refused, naming the file.
    window.exportReport(m_files.filePath(QStringLiteral("report.docx")));
    ASSERT_TRUE(waitUntil([&] { return exported.size() == 3; }));
    EXPECT_FALSE(exported.at(2).at(0).toBool());
    EXPECT_TRUE(exported.at(2).at(1).toString().contains(QStringLiteral("report.docx")));
    Q_UNUSED(key);
}

TEST_F(LaunchFromWindow, ReRunFailedIndexesOfALocalRunOffersOnlyTheFailedItems) {
    // A finished local run (real processes) whose items 1 and 3 fail for good.
    const QString path =
        writeFile(m_files, QStringLiteral("mixed.txt"), "true\nexit 3\ntrue\nexit 4\ntrue\n");
    tessera::local::RunOptions options;
    options.workListPath = path.toStdString();
    options.runDir = m_data.filePath(QStringLiteral("tessera/runs/mixed-1")).toStdString();
    QDir().mkpath(m_data.filePath(QStringLiteral("tessera/runs")));
    options.config.name = "mixed";
    options.config.parallelism = 2;
    options.config.backoffLimitPerIndex = 0;
    {
        tessera::local::LocalRunner runner(options);
        QSignalSpy finished(&runner, &tessera::local::LocalRunner::finished);
        runner.start();
        ASSERT_TRUE(waitUntil([&] { return finished.size() == 1; }));
    }

    MainWindow window;
    window.resize(1200, 800);
    window.setSourceIds({SourceHost::localId()});
    window.show();
    JobListModel* model = window.jobModel();
    ASSERT_TRUE(waitUntil([&] { return model->rowCount() == 1 && model->job(0).failed > 0; }));
    window.jobTable()->setCurrentIndex(window.jobProxy()->mapFromSource(model->index(0, 0)));
    window.rerunIndexes(true);

    LaunchDialog* dialog = nullptr;
    ASSERT_TRUE(waitUntil([&] {
        const auto dialogs = window.findChildren<LaunchDialog*>();
        dialog = dialogs.isEmpty() ? nullptr : dialogs.first();
        return dialog && !dialog->isBusy() && dialog->itemCount() > 0;
    }));
    EXPECT_EQ(dialog->itemCount(), 2);
    EXPECT_EQ(dialog->subset(), (std::vector<int32_t>{1, 3}));

    // It starts as a local run with the run's own limits (no retries: the items fail for good).
    EXPECT_EQ(dialog->target(), LaunchDialog::Target::Local);
    EXPECT_EQ(dialog->findChild<QSpinBox*>(QStringLiteral("backoffLimitPerIndex"))->value(), 0);

    // Launched, the re-run's own directory says which index of the first run each of its
    // indexes was (what its report and a further re-run read).
    ASSERT_TRUE(waitUntil([&] { return dialog->canLaunch(); }));
    dialog->launch();
    ASSERT_TRUE(waitUntil([&] {
        for (int r = 0; r < model->rowCount(); ++r)
            if (model->job(r).name.startsWith(QStringLiteral("mixed-rerun")) &&
                model->job(r).status == tessera::engine::JobState::Failed)
                return true;
        return false;
    })) <<
        [&] {
            std::string rows;
            for (int r = 0; r < model->rowCount(); ++r)
                rows += model->job(r).name.toStdString() + " " +
                        std::string(tessera::engine::toString(model->job(r).status)) + "; ";
            return rows;
        }();
    std::vector<int32_t> recorded;
    const QDir runs(m_data.filePath(QStringLiteral("tessera/runs")));
    for (const QString& run : runs.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        auto config = tessera::local::RunConfig::load(
            runs.filePath(run + QStringLiteral("/run.conf")).toStdString());
        if (config.ok() && config->name == "mixed-rerun")
            recorded = config->originalIndexes;
    }
    EXPECT_EQ(recorded, (std::vector<int32_t>{1, 3}));
}

TEST_F(LaunchFromWindow, ReRunFailedIndexesOfADemoClusterJobComesBackFromItsConfigMap) {
    // A work list launched on the Demo from the dialog, index 2 made to fail every attempt (the
    // simulator's annotation, added in the editable YAML preview).
    const QString path =
        writeFile(m_files, QStringLiteral("shots.txt"), "echo a\necho b\necho 'c $HOME'\necho d\n");
    MainWindow window;
    window.resize(1200, 800);
    window.setSourceIds({SourceHost::demoId()});
    window.show();
    ASSERT_TRUE(waitUntil([&] { return window.jobModel()->rowCount() > 0; }));
    dropFiles(&window, {path});
    LaunchDialog* dialog = dialogFor(&window, path);
    ASSERT_NE(dialog, nullptr);
    ASSERT_TRUE(waitUntil([&] { return !dialog->isBusy() && dialog->file()->ok(); }));
    dialog->setTarget(LaunchDialog::Target::Cluster);
    dialog->findChild<QSpinBox*>(QStringLiteral("backoffLimitPerIndex"))->setValue(0);
    dialog->findChild<QLineEdit*>(QStringLiteral("image"))->setText(QStringLiteral("alpine:3"));
    ASSERT_TRUE(waitUntil([&] {
        return !dialog->isBusy() && dialog->yamlText().contains(QStringLiteral("alpine:3")) &&
               dialog->yamlText().contains(QStringLiteral("backoffLimitPerIndex: 0"));
    }));
    QString yaml = dialog->yamlText();
    const QString marker = QStringLiteral("    tessera.io/items-configmap:");
    ASSERT_TRUE(yaml.contains(marker));
    yaml.replace(marker, QStringLiteral("    tessera.dev/sim-fail-indexes: \"2\"\n") + marker);
    dialog->findChild<QPlainTextEdit*>(QStringLiteral("yamlPreview"))->setPlainText(yaml);
    ASSERT_TRUE(waitUntil([&] { return dialog->canLaunch(); }));
    QPointer<LaunchDialog> launched = dialog;
    dialog->launch();
    ASSERT_TRUE(waitUntil([&] { return launched.isNull() || !launched->isVisible(); }));

    JobListModel* model = window.jobModel();
    int row = -1;
    ASSERT_TRUE(waitUntil([&] {
        row = -1;
        for (int r = 0; r < model->rowCount(); ++r)
            if (model->job(r).name == QStringLiteral("shots") &&
                model->job(r).status == tessera::engine::JobState::Failed)
                row = r;
        return row >= 0;
    }));
    window.jobTable()->setCurrentIndex(window.jobProxy()->mapFromSource(model->index(row, 0)));
    window.rerunIndexes(true);

    LaunchDialog* rerun = nullptr;
    ASSERT_TRUE(waitUntil([&] {
        for (LaunchDialog* d : window.findChildren<LaunchDialog*>())
            if (d->isVisible() && !d->subset().empty())
                rerun = d;
        return rerun && !rerun->isBusy() && !rerun->yamlText().isEmpty();
    }));
    // Only the failed index, with its item read back from the ConfigMap, to the same cluster
    // with the original image and limits.
    EXPECT_EQ(rerun->subset(), (std::vector<int32_t>{2}));
    EXPECT_EQ(rerun->itemCount(), 1);
    EXPECT_EQ(rerun->target(), LaunchDialog::Target::Cluster);
    EXPECT_EQ(rerun->findChild<QLineEdit*>(QStringLiteral("image"))->text(),
              QStringLiteral("alpine:3"));
    EXPECT_EQ(rerun->findChild<QSpinBox*>(QStringLiteral("backoffLimitPerIndex"))->value(), 0);
    ASSERT_NE(rerun->manifests(), nullptr);
    EXPECT_EQ(rerun->manifests()->jobName, "shots-rerun");
    EXPECT_EQ(rerun->manifests()->originalIndexes, (std::map<int32_t, int32_t>{{0, 2}}));
    EXPECT_TRUE(rerun->yamlText().contains(QStringLiteral("echo 'c $HOME'")))
        << rerun->yamlText().toStdString();
}

namespace {

// A work list of `count` lines where every 17th line (1-based: 17, 34, ...) fails.
QByteArray everySeventeenthFails(int count) {
    QByteArray lines;
    for (int i = 0; i < count; ++i)
        lines += (i + 1) % 17 == 0 ? "exit 1\n" : "true\n";
    return lines;
}

std::vector<int32_t> everySeventeenthIndex(int count) {
    std::vector<int32_t> out;
    for (int i = 16; i < count; i += 17)
        out.push_back(i);
    return out;
}

// The three limits as the dialog shows them.
struct LimitSpinBoxText {
    QString perIndex, backoffLimit, maxFailedIndexes;
    bool operator==(const LimitSpinBoxText&) const = default;
};

void PrintTo(const LimitSpinBoxText& t, std::ostream* os) {
    *os << "{" << t.perIndex.toStdString() << ", " << t.backoffLimit.toStdString() << ", "
        << t.maxFailedIndexes.toStdString() << "}";
}

LimitSpinBoxText limitsOf(LaunchDialog* dialog) {
    auto text = [dialog](const char* name) {
        return dialog->findChild<LimitSpinBox*>(QLatin1String(name))->text();
    };
    return {text("backoffLimitPerIndex"), text("backoffLimit"), text("maxFailedIndexes")};
}

} // namespace

TEST_F(LaunchFromWindow, AWorkListRetriesPerIndexByDefaultAndAManifestKeepsTheKubernetesDefaults) {
    const QString list = writeFile(m_files, QStringLiteral("frames.txt"), "true\ntrue\n");
    const QString manifest =
        writeFile(m_files, QStringLiteral("job.yaml"),
                  "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: render\nspec:\n"
                  "  completions: 3\n  completionMode: Indexed\n  template:\n    spec:\n"
                  "      restartPolicy: Never\n      containers:\n      - name: main\n"
                  "        image: busybox\n        command: [\"true\"]\n");
    const QString unlimited =
        writeFile(m_files, QStringLiteral("unlimited.yaml"),
                  "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: wide\nspec:\n"
                  "  completions: 3\n  completionMode: Indexed\n  backoffLimit: 2147483647\n"
                  "  template:\n    spec:\n      restartPolicy: Never\n      containers:\n"
                  "      - name: main\n        image: busybox\n        command: [\"true\"]\n");
    auto window = bareWindow();
    dropFiles(window.get(), {list, manifest, unlimited});
    for (const QString& path : {list, manifest, unlimited}) {
        LaunchDialog* d = dialogFor(window.get(), path);
        ASSERT_NE(d, nullptr);
        ASSERT_TRUE(waitUntil([&] { return !d->isBusy() && d->file() && d->file()->ok(); }));
    }

    // A work list: 2 retries per index, and backoffLimit left to its default, which is then
    // unlimited (the job never stops for other indexes' failures).
    LaunchDialog* fromList = dialogFor(window.get(), list);
    EXPECT_EQ(limitsOf(fromList),
              (LimitSpinBoxText{QStringLiteral("2"), QStringLiteral("default: unlimited"),
                                QStringLiteral("unset")}));
    const tessera::engine::Job job = fromList->jobFromForm();
    EXPECT_EQ(job.spec.backoffLimitPerIndex, 2);
    EXPECT_EQ(job.spec.backoffLimit, std::numeric_limits<int32_t>::max());
    // Clearing the per-index limit brings back Kubernetes' job-wide default, and says so.
    auto* perIndex = fromList->findChild<LimitSpinBox*>(QStringLiteral("backoffLimitPerIndex"));
    perIndex->setLimit(std::nullopt);
    EXPECT_EQ(limitsOf(fromList).backoffLimit, QStringLiteral("default: 6"));
    EXPECT_EQ(fromList->jobFromForm().spec.backoffLimit, 6);
    // Every limit explains itself.
    for (const char* name : {"backoffLimitPerIndex", "backoffLimit", "maxFailedIndexes"})
        EXPECT_TRUE(fromList->findChild<LimitSpinBox*>(QLatin1String(name))
                        ->toolTip()
                        .contains(QLatin1String(name)))
            << name;

    // A manifest runs with what it says, and Kubernetes' defaults for what it leaves out.
    EXPECT_EQ(limitsOf(dialogFor(window.get(), manifest)),
              (LimitSpinBoxText{QStringLiteral("unset"), QStringLiteral("default: 6"),
                                QStringLiteral("unset")}));
    // MaxInt32 reads "unlimited", and the generated Job keeps the number.
    LaunchDialog* wide = dialogFor(window.get(), unlimited);
    EXPECT_EQ(limitsOf(wide).backoffLimit, QStringLiteral("unlimited"));
    EXPECT_EQ(wide->jobFromForm().spec.backoffLimit, std::numeric_limits<int32_t>::max());
}

TEST_F(LaunchFromWindow, ADryRunWithTheDefaultsRunsEveryIndexAndSaysWhyItFails) {
    constexpr int kItems = 200;
    const QString path =
        writeFile(m_files, QStringLiteral("list.txt"), everySeventeenthFails(kItems));
    auto window = bareWindow();
    dropFiles(window.get(), {path});
    LaunchDialog* dialog = dialogFor(window.get(), path);
    ASSERT_NE(dialog, nullptr);
    ASSERT_TRUE(waitUntil([&] { return !dialog->isBusy() && dialog->file()->ok(); }));
    dialog->setTarget(LaunchDialog::Target::DryRun);

    // What the simulator does with the dialog's Job when exactly those lines fail every time:
    // every index runs, the failing ones end failed, and the job fails for them at the end.
    tessera::engine::SimulationConfig config;
    config.job = dialog->jobFromForm();
    for (const int32_t i : everySeventeenthIndex(kItems))
        config.failures.failingIndexes[i] = -1;
    const tessera::engine::SimulationResult r = tessera::engine::simulate(config);
    ASSERT_TRUE(r.finished) << r.stopReason;
    EXPECT_EQ(r.state, tessera::engine::JobState::Failed);
    EXPECT_EQ(r.reason, "FailedIndexes");
    EXPECT_EQ(r.status.succeeded, kItems - 11);
    const std::vector<int32_t> failing = everySeventeenthIndex(kItems);
    EXPECT_EQ(r.failed.toString(),
              tessera::engine::IndexSet::fromSortedIndexes(failing).toString());

    // The dialog's own forecast (every attempt fails): each parallelism says why it failed.
    dialog->findChild<QDoubleSpinBox*>(QStringLiteral("failRate"))->setValue(100);
    dialog->findChild<QDoubleSpinBox*>(QStringLiteral("itemSeconds"))->setValue(1);
    QSignalSpy simulated(dialog, &LaunchDialog::simulated);
    dialog->simulate();
    ASSERT_TRUE(waitUntil([&] { return simulated.size() == 1; }));
    ASSERT_FALSE(dialog->forecasts().empty());
    for (const Forecast& f : dialog->forecasts()) {
        EXPECT_EQ(f.state, tessera::engine::JobState::Failed) << f.parallelism;
        EXPECT_EQ(f.reason, "FailedIndexes") << f.parallelism;
        EXPECT_EQ(f.failedIndexes, kItems) << f.parallelism; // all ran, none left out
    }
    const QString text = dialog->findChild<QLabel*>(QStringLiteral("makespan"))->text();
    EXPECT_TRUE(text.contains(QStringLiteral("Failed (FailedIndexes)"))) << text.toStdString();
    // The chart's time axis ticks at round minutes (1, 2 or 5 times a power of ten).
    auto* chart = dialog->findChild<QChartView*>(QStringLiteral("forecastChart"));
    ASSERT_NE(chart, nullptr);
    const auto axes = chart->chart()->axes(Qt::Horizontal);
    ASSERT_EQ(axes.size(), 1);
    auto* minutes = qobject_cast<QValueAxis*>(axes.first());
    ASSERT_NE(minutes, nullptr);
    EXPECT_EQ(minutes->tickType(), QValueAxis::TicksDynamic);
    const double step = minutes->tickInterval();
    const double mantissa = step / std::pow(10.0, std::floor(std::log10(step)));
    EXPECT_TRUE(std::abs(mantissa - 1) < 1e-9 || std::abs(mantissa - 2) < 1e-9 ||
                std::abs(mantissa - 5) < 1e-9)
        << step;
    EXPECT_LE(minutes->max() / step, 4.0 + 1e-9);
    EXPECT_GT(minutes->max() / step, 1.0);
}

TEST_F(LaunchFromWindow, AFailingLocalRunWithTheDefaultsRunsAllItemsAndIsSelectedOnLaunch) {
    // Seen: a 200-line list with every 17th line failing ended as BackoffLimitExceeded after
    // 14 items. With the defaults every item runs and only the failing lines end failed.
    constexpr int kItems = 200;
    const QString path =
        writeFile(m_files, QStringLiteral("every17.txt"), everySeventeenthFails(kItems));
    MainWindow window;
    window.resize(1200, 800);
    window.setSourceIds({SourceHost::localId()});
    window.show();
    auto* filter = window.findChild<QLineEdit*>(QStringLiteral("jobFilter"));
    filter->setText(QStringLiteral("every"));
    dropFiles(&window, {path});
    LaunchDialog* dialog = dialogFor(&window, path);
    ASSERT_NE(dialog, nullptr);
    ASSERT_TRUE(waitUntil([&] { return !dialog->isBusy() && dialog->file()->ok(); }));
    dialog->setTarget(LaunchDialog::Target::Local);
    dialog->findChild<QSpinBox*>(QStringLiteral("parallelism"))->setValue(20);
    ASSERT_TRUE(waitUntil([&] { return dialog->canLaunch(); }));
    dialog->launch();

    // The new run is selected and shown, and the filter is as the user left it.
    JobListModel* model = window.jobModel();
    ASSERT_TRUE(waitUntil([&] { return model->rowCount() == 1 && window.jobView(); }));
    EXPECT_EQ(window.jobView()->key(), model->job(0).key);
    EXPECT_EQ(window.jobTable()->currentIndex().data(JobListModel::KeyRole).toString(),
              model->job(0).key);
    EXPECT_EQ(filter->text(), QStringLiteral("every"));

    // Two retries per failing index (10 s, then 20 s apart), so this takes about half a minute.
    ASSERT_TRUE(waitUntil(
        [&] {
            return model->rowCount() == 1 &&
                   model->job(0).status == tessera::engine::JobState::Failed;
        },
        120000));
    const tessera::store::JobSummary& job = model->job(0);
    EXPECT_EQ(job.statusReason, QStringLiteral("FailedIndexes"));
    EXPECT_EQ(job.succeeded, kItems - 11);
    ASSERT_TRUE(waitUntil([&] {
        JobView* view = window.jobView();
        return view && view->snapshot() && view->snapshot()->summary.status == job.status;
    }));
    QStringList failed;
    for (const int32_t i : everySeventeenthIndex(kItems))
        failed << QString::number(i);
    EXPECT_EQ(window.jobView()->snapshot()->failedIndexes, failed.join(QLatin1Char(',')));
    EXPECT_EQ(job.failed, 11 * 3); // three attempts each: the first and two retries
}

TEST_F(LaunchFromWindow, DialogsOfSeveralDroppedFilesDoNotCoverEachOther) {
    QStringList paths;
    for (int i = 0; i < 3; ++i)
        paths << writeFile(m_files, QStringLiteral("list%1.txt").arg(i), "true\n");
    auto window = bareWindow();
    dropFiles(window.get(), paths);
    QList<QPoint> positions;
    for (const QString& p : paths) {
        LaunchDialog* d = dialogFor(window.get(), p);
        ASSERT_NE(d, nullptr);
        ASSERT_TRUE(d->isVisible());
        EXPECT_FALSE(positions.contains(d->pos())) << p.toStdString();
        positions << d->pos();
    }
}

TEST_F(LaunchFromWindow, ALongErrorWrapsInsteadOfScrollingSideways) {
    const QString dir = m_files.filePath(QStringLiteral("a-rather-long-folder-name-for-renders/"
                                                        "another-long-folder-name-for-shots"));
    ASSERT_TRUE(QDir().mkpath(dir));
    const QString path = dir + QStringLiteral("/broken-work-list-with-a-long-name.csv");
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("FRAME,SCENE\n1,intro\n2,intro,extra,and,more,fields\n");
    f.close();
    auto window = bareWindow();
    dropFiles(window.get(), {path});
    LaunchDialog* dialog = dialogFor(window.get(), path);
    ASSERT_NE(dialog, nullptr);
    const int width = dialog->width();
    ASSERT_TRUE(waitUntil([&] { return !dialog->isBusy() && !dialog->errorTexts().isEmpty(); }));
    QCoreApplication::processEvents();
    auto* errors = dialog->findChild<QPlainTextEdit*>(QStringLiteral("errorList"));
    ASSERT_NE(errors, nullptr);
    EXPECT_TRUE(errors->isVisible());
    EXPECT_TRUE(errors->toPlainText().contains(QStringLiteral("line 3")));
    EXPECT_FALSE(errors->horizontalScrollBar()->isVisible());
    EXPECT_EQ(errors->horizontalScrollBar()->maximum(), 0); // nothing hidden to the right
    // The long error is wrapped: a plain text layout counts laid-out lines, more than the
    // errors (one paragraph each).
    EXPECT_GT(errors->document()->documentLayout()->documentSize().height(),
              errors->document()->blockCount());
    EXPECT_EQ(dialog->width(), width); // not pushed wider
}

TEST_F(LaunchFromWindow, ErrorTextAndForecastChartFollowTheThemeSoTheyAreLegibleOnDark) {
    const QString path =
        writeFile(m_files, QStringLiteral("broken.csv"), "FRAME,SCENE\n1,intro\n2,intro,extra\n");
    for (const Theme theme : {Theme::Dark, Theme::Light}) {
        applyTheme(theme);
        LaunchDialog dialog;
        dialog.openFile(path);
        ASSERT_TRUE(waitUntil([&] { return !dialog.isBusy() && !dialog.errorTexts().isEmpty(); }));
        auto* errors = dialog.findChild<QPlainTextEdit*>(QStringLiteral("errorList"));
        ASSERT_NE(errors, nullptr);
        const QColor failed = StatePalette(themePalette(theme)).color(IndexState::FailedTerminal);
        EXPECT_TRUE(errors->styleSheet().contains(failed.name()))
            << int(theme) << " " << errors->styleSheet().toStdString();
        // The dry-run forecast's chart is in the theme too.
        auto* chart = dialog.findChild<QChartView*>(QStringLiteral("forecastChart"));
        ASSERT_NE(chart, nullptr);
        EXPECT_EQ(chart->chart()->backgroundBrush().color(),
                  themePalette(theme).color(QPalette::Base))
            << int(theme);
    }
    applyTheme(Theme::System);
}

TEST_F(LaunchFromWindow, TheClusterPageSaysTheDemoSimulatesAndWhyNoClusterIsOffered) {
    const QString path = writeFile(m_files, QStringLiteral("list.txt"), "render 1\n");
    // No kubeconfig at all: launching from Local runs offers no cluster, and says why.
    const QByteArray oldConfig = qgetenv("KUBECONFIG");
    qputenv("KUBECONFIG", m_files.filePath(QStringLiteral("no-such-kubeconfig")).toLocal8Bit());
    LaunchDialog bare;
    bare.setClusterTargets({});
    bare.openFile(path);
    ASSERT_TRUE(waitUntil([&] { return !bare.isBusy() && bare.file()->ok(); }));
    bare.setTarget(LaunchDialog::Target::Cluster);
    auto* note = bare.findChild<QLabel*>(QStringLiteral("clusterNote"));
    EXPECT_TRUE(note->text().startsWith(QStringLiteral("No cluster to launch to")))
        << note->text().toStdString();
    EXPECT_FALSE(bare.canLaunch());
    EXPECT_EQ(bare.findChild<QPushButton*>(QStringLiteral("launchButton"))->toolTip(),
              note->text());
    qputenv("KUBECONFIG", oldConfig);

    // The Demo: before launching, the dialog says the commands are simulated, not run.
    LaunchDialog demo;
    demo.setClusterTargets({{QStringLiteral("Demo"), SourceHost::demoId(), QString(),
                             tessera::kube::ClusterConnection{}}});
    demo.openFile(path);
    ASSERT_TRUE(waitUntil([&] { return !demo.isBusy() && demo.file()->ok(); }));
    demo.setTarget(LaunchDialog::Target::Cluster);
    demo.show();
    note = demo.findChild<QLabel*>(QStringLiteral("clusterNote"));
    EXPECT_TRUE(note->isVisible());
    EXPECT_TRUE(note->text().contains(QStringLiteral("commands are not run")));
    EXPECT_TRUE(demo.findChild<QPushButton*>(QStringLiteral("launchButton"))
                    ->text()
                    .contains(QStringLiteral("simulated")));
}

TEST_F(LaunchFromWindow, TheDialogRefusesAJobTheApiServerRefusesWithEveryCause) {
    // The manifest every entry point refuses (tests/serve/JobGateEntryPointsTest.cpp), with the
    // same three causes: a quantity, a DNS policy and a negative succeededCount.
    const QByteArray job = R"({"apiVersion":"batch/v1","kind":"Job",
  "metadata":{"name":"render"},
  "spec":{"completions":4,"parallelism":2,"completionMode":"Indexed",
    "successPolicy":{"rules":[{"succeededCount":-1}]},
    "template":{"spec":{"restartPolicy":"Never","dnsPolicy":"Maybe",
      "containers":[{"name":"main","image":"busybox",
        "resources":{"limits":{"memory":"12 GB"}}}]}}}})";
    const QStringList causes = {
        QStringLiteral("spec.successPolicy.rules[0].succeededCount: Invalid value: -1: must be "
                       "greater than or equal to 0"),
        QStringLiteral("spec.template.spec.containers[0].resources.limits[memory]: Invalid value: "
                       "\"12 GB\": must match the regular expression"),
        QStringLiteral("spec.template.spec.dnsPolicy: Unsupported value: \"Maybe\": supported "
                       "values: \"ClusterFirstWithHostNet\", \"ClusterFirst\", \"Default\", "
                       "\"None\""),
    };

    // Opened as a file: each cause with its line, and nothing can be launched from it.
    LaunchDialog opened;
    opened.openFile(writeFile(m_files, QStringLiteral("job.json"), job));
    ASSERT_TRUE(waitUntil([&] { return !opened.isBusy() && opened.file() != nullptr; }));
    ASSERT_EQ(opened.file()->errorTexts.size(), causes.size())
        << opened.file()->errorTexts.join(QLatin1Char('\n')).toStdString();
    for (int i = 0; i < causes.size(); ++i)
        EXPECT_TRUE(opened.file()->errorTexts[i].contains(causes[i]))
            << opened.file()->errorTexts[i].toStdString();
    EXPECT_FALSE(opened.canLaunch());

    // Typed into the YAML preview of a work list's launch: the accept path refuses it, says
    // every cause, and the dialog stays open with nothing created.
    const QString list = writeFile(m_files, QStringLiteral("items.txt"), "echo a\necho b\n");
    LaunchDialog dialog;
    dialog.setClusterTargets({{QStringLiteral("Demo"), SourceHost::demoId(), QString(),
                               tessera::kube::ClusterConnection{}}});
    dialog.openFile(list);
    ASSERT_TRUE(waitUntil([&] { return !dialog.isBusy() && dialog.file()->ok(); }));
    dialog.setTarget(LaunchDialog::Target::Cluster);
    dialog.findChild<QLineEdit*>(QStringLiteral("image"))->setText(QStringLiteral("busybox"));
    ASSERT_TRUE(waitUntil([&] { return !dialog.isBusy() && !dialog.yamlText().isEmpty(); }));
    dialog.findChild<QPlainTextEdit*>(QStringLiteral("yamlPreview"))
        ->setPlainText(QString::fromUtf8(job));
    dialog.show();
    ASSERT_TRUE(waitUntil([&] { return dialog.canLaunch(); }));
    dialog.launch();
    const QString status = dialog.findChild<QLabel*>(QStringLiteral("launchStatus"))->text();
    EXPECT_TRUE(status.startsWith(QStringLiteral("The API server would reject this Job:")))
        << status.toStdString();
    for (const QString& cause : causes)
        EXPECT_TRUE(status.contains(cause)) << status.toStdString();
    EXPECT_TRUE(dialog.isVisible());
    EXPECT_TRUE(dialog.canLaunch()); // nothing is being created
}
