#include "GuiMain.h"

#include "CommandPalette.h"
#include "DisplayCheck.h"
#include "FailurePatternsView.h"
#include "FailuresPanel.h"
#include "IndexGridWidget.h"
#include "JobListModel.h"
#include "JobView.h"
#include "LanguageFonts.h"
#include "MainWindow.h"
#include "ShortcutsDialog.h"
#include "StragglersPanel.h"
#include "Theme.h"
#include "report/TranslationLoader.h"
#include "serve/Server.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHelpEvent>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolTip>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace tessera::ui {

namespace {

// The screenshot tour: each step waits for something visible, then saves one screen.
class ScreenshotTour : public QObject {
public:
    ScreenshotTour(MainWindow* window, QString dir)
        : m_window(window)
        , m_dir(std::move(dir)) {
        QDir().mkpath(m_dir);
        m_timer.setInterval(250);
        connect(&m_timer, &QTimer::timeout, this, [this] { step(); });
        m_timer.start();
        m_started.start();
    }

private:
    void save(QWidget* w, const char* name) {
        const QString path =
            m_dir + QLatin1Char('/') + QLatin1String(name) + QStringLiteral(".png");
        if (!w->grab().save(path))
            std::fprintf(stderr, "tessera: cannot write %s\n", qPrintable(path));
        else
            std::printf("%s\n", qPrintable(path));
    }
    QString keyOf(const QString& name) const {
        JobListModel* model = m_window->jobModel();
        for (int r = 0; r < model->rowCount(); ++r) {
            if (model->job(r).name == name)
                return model->job(r).key;
        }
        return {};
    }
    QString largestJob() const {
        JobListModel* model = m_window->jobModel();
        int best = -1;
        for (int r = 0; r < model->rowCount(); ++r) {
            if (best < 0 || model->job(r).completions > model->job(best).completions)
                best = r;
        }
        return best < 0 ? QString() : model->job(best).key;
    }
    QString failingJob() const {
        JobListModel* model = m_window->jobModel();
        for (int r = 0; r < model->rowCount(); ++r) {
            if (model->job(r).failed > 0 && model->job(r).completions < 20000)
                return model->job(r).key;
        }
        return largestJob();
    }
    void selectRow(const QString& key) {
        const int row = m_window->jobModel()->rowOf(key);
        const QModelIndex proxyIndex =
            m_window->jobProxy()->mapFromSource(m_window->jobModel()->index(row, 0));
        m_window->jobTable()->setCurrentIndex(proxyIndex);
    }
    void step() {
        if (m_started.elapsed() > 90000) {
            std::fprintf(stderr, "tessera: screenshot tour timed out at step %d\n", m_step);
            QApplication::exit(1);
            return;
        }
        switch (m_step) {
        case 0: // the demo's jobs listed and running for a while
            if (m_window->jobModel()->rowCount() < 3 || m_started.elapsed() < 9000)
                return;
            selectRow(largestJob());
            break;
        case 1:
            if (!m_window->jobView() || !m_window->jobView()->snapshot())
                return;
            // The job pictures show a job with failures: wait until the Demo has one (its
            // etl-shards fails a few indexes in its first half minute).
            if (failingJob() == largestJob() && m_started.elapsed() < 45000)
                return;
            save(m_window, "main-window");
            m_key = failingJob();
            selectRow(m_key);
            break;
        case 2: {
            JobView* view = m_window->jobView();
            if (!view || !view->snapshot() || m_ticks++ < 4)
                return;
            // The first index with a failure, opened in the details panel.
            using engine::IndexStateMap;
            const int index =
                view->snapshot()
                    ->states
                    .findFirst(IndexStateMap::maskOf(engine::IndexState::FailedWillRetry) |
                               IndexStateMap::maskOf(engine::IndexState::FailedTerminal))
                    .value_or(0);
            view->showIndex(index);
            m_ticks = 0;
            break;
        }
        case 3: {
            if (m_ticks++ < 3)
                return;
            JobView* view = m_window->jobView();
            save(view, "job-scoreboard");
            view->tabs()->setCurrentIndex(1);
            m_ticks = 0;
            break;
        }
        case 4:
            if (m_ticks++ < 2)
                return;
            save(m_window->jobView(), "job-failures");
            m_window->jobView()->tabs()->setCurrentIndex(2);
            m_ticks = 0;
            break;
        case 5:
            if (m_ticks++ < 2)
                return;
            save(m_window->jobView(), "job-spread");
            m_window->jobView()->tabs()->setCurrentIndex(3);
            m_ticks = 0;
            break;
        case 6:
            if (m_ticks++ < 6)
                return;
            save(m_window->jobView(), "job-charts");
            m_window->jobView()->tabs()->setCurrentIndex(4);
            m_ticks = 0;
            break;
        case 7:
            if (m_ticks++ < 2)
                return;
            save(m_window->jobView(), "job-timeline");
            m_window->jobView()->tabs()->setCurrentIndex(0);
            selectRow(largestJob());
            m_ticks = 0;
            break;
        case 8: {
            JobView* view = m_window->jobView();
            if (!view || !view->snapshot() || m_ticks++ < 4)
                return;
            save(view->grid()->parentWidget(), "grid-20000-indexes");
            m_window->openCommandPalette();
            if (auto* palette = m_window->findChild<CommandPalette*>())
                palette->setFilterText(QStringLiteral("re"));
            m_ticks = 0;
            break;
        }
        case 9: {
            auto* palette = m_window->findChild<CommandPalette*>();
            if (palette == nullptr || m_ticks++ < 2)
                return;
            save(palette, "command-palette");
            palette->close();
            m_window->showShortcuts();
            m_ticks = 0;
            break;
        }
        case 10: {
            auto* shortcuts = m_window->findChild<ShortcutsDialog*>();
            if (shortcuts == nullptr || m_ticks++ < 2)
                return;
            save(shortcuts, "keyboard-shortcuts");
            shortcuts->close();
            selectRow(failingJob());
            m_ticks = 0;
            break;
        }
        case 11: { // the job's stragglers (and their marks on the grid's cells)
            JobView* view = m_window->jobView();
            if (!view || !view->snapshot() || m_ticks++ < 4)
                return;
            view->tabs()->setCurrentWidget(view->stragglers());
            m_ticks = 0;
            break;
        }
        case 12:
            if (m_ticks++ < 2)
                return;
            save(m_window->jobView(), "job-stragglers");
            // The failing job's pods, those of its largest failure pattern.
            selectRow(m_key);
            m_ticks = 0;
            break;
        case 13: {
            JobView* view = m_window->jobView();
            if (!view || !view->snapshot() || m_ticks++ < 4)
                return;
            view->tabs()->setCurrentWidget(view->failuresPanel());
            m_ticks = 0;
            break;
        }
        case 14:
            if (m_ticks++ < 2)
                return;
            m_window->jobView()->failuresPanel()->patternsView()->showPodsOf(0);
            m_ticks = 0;
            break;
        case 15:
            if (m_ticks++ < 2)
                return;
            save(m_window->jobView(), "job-pods");
            QApplication::exit(0);
            return;
        }
        ++m_step;
    }

    MainWindow* m_window;
    QString m_dir;
    QString m_key;
    QTimer m_timer;
    QElapsedTimer m_started;
    int m_step = 0;
    int m_ticks = 0;
};

// Milliseconds since this process started (its start time in /proc), so the figure includes
// loading the binary and its libraries, as a user waiting for the window sees it.
qint64 millisSinceProcessStart() {
    QFile stat(QStringLiteral("/proc/self/stat"));
    QFile uptime(QStringLiteral("/proc/uptime"));
    if (!stat.open(QIODevice::ReadOnly) || !uptime.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray line = stat.readAll();
    // Field 22 (starttime, clock ticks since boot) counts from after the ')' closing field 2.
    const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
    if (fields.size() < 20)
        return -1;
    const double startSeconds = fields[19].toDouble() / double(sysconf(_SC_CLK_TCK));
    const double nowSeconds = uptime.readAll().split(' ').value(0).toDouble();
    return qint64((nowSeconds - startSeconds) * 1000.0);
}

// "VmRSS" or "VmHWM" of this process, in MiB.
double memoryMiB(const char* field) {
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith(field))
            return line.mid(int(qstrlen(field)) + 1).trimmed().split(' ').value(0).toDouble() /
                   1024.0;
    }
    return -1;
}

// `tessera --bench-gui [INDEXES]` (scripts/bench-gui.sh): how long until the window is painted,
// then memory with a job of INDEXES indexes (default 100,000) open and running on the Demo
// endpoint for ten seconds. Prints one line per figure and exits.
class GuiBench : public QObject {
public:
    GuiBench(MainWindow* window, int indexes)
        : m_window(window)
        , m_indexes(indexes) {
        window->installEventFilter(this);
        m_timer.setInterval(100);
        connect(&m_timer, &QTimer::timeout, this, [this] { step(); });
        m_timer.start();
        m_clock.start();
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (watched == m_window && event->type() == QEvent::Paint && m_shownMs < 0) {
            m_shownMs = millisSinceProcessStart();
            std::printf("window_shown_ms %lld\n", static_cast<long long>(m_shownMs));
            std::fflush(stdout);
        }
        return false;
    }

private:
    void step() {
        if (m_clock.elapsed() > 120000) {
            std::fprintf(stderr, "tessera: --bench-gui timed out at step %d\n", m_step);
            QApplication::exit(1);
            return;
        }
        SourceHost* host = m_window->sourceHost();
        switch (m_step) {
        case 0: { // the Demo is up: add the big job
            if (m_shownMs < 0 || !host || !host->server() || m_window->jobModel()->rowCount() < 3)
                return;
            const QByteArray manifest =
                QStringLiteral("apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: bench-big\n"
                               "  annotations:\n    tessera.dev/sim-duration: \"5s\"\n"
                               "spec:\n  completions: %1\n  parallelism: 500\n"
                               "  completionMode: Indexed\n  backoffLimitPerIndex: 2\n"
                               "  maxFailedIndexes: %1\n  template:\n    spec:\n"
                               "      restartPolicy: Never\n      containers:\n"
                               "      - name: main\n        image: busybox\n")
                    .arg(m_indexes)
                    .toUtf8();
            if (!host->server()->createFromManifest(manifest)) {
                std::fprintf(stderr, "tessera: cannot create the bench job\n");
                QApplication::exit(1);
                return;
            }
            break;
        }
        case 1: { // open it
            JobListModel* model = m_window->jobModel();
            for (int r = 0; r < model->rowCount(); ++r) {
                if (model->job(r).name == QLatin1String("bench-big")) {
                    m_window->openJob(model->job(r).key);
                    ++m_step;
                    m_opened.start();
                    return;
                }
            }
            return;
        }
        case 2: // its scoreboard filled, then ten seconds of pods coming and going
            if (!m_window->jobView() || !m_window->jobView()->snapshot() ||
                m_window->jobView()->snapshot()->states.size() != m_indexes ||
                m_opened.elapsed() < 10000)
                return;
            std::printf("indexes %d\nsucceeded_after_10s %d\nrss_mib %.1f\npeak_rss_mib %.1f\n",
                        m_indexes, m_window->jobView()->snapshot()->summary.succeeded,
                        memoryMiB("VmRSS:"), memoryMiB("VmHWM:"));
            std::fflush(stdout);
            QApplication::exit(0);
            return;
        }
        ++m_step;
    }

    MainWindow* m_window;
    int m_indexes;
    QTimer m_timer;
    QElapsedTimer m_clock, m_opened;
    qint64 m_shownMs = -1;
    int m_step = 0;
};

} // namespace

int runGui(int argc, char** argv) {
    // Before QApplication: without a display Qt would abort with a misleading message.
    if (!displayAvailable(argc, argv, [](const char* name) {
            const char* value = std::getenv(name);
            return std::string(value ? value : "");
        })) {
        std::fputs(noDisplayMessage().c_str(), stderr);
        return 2; // the usage status, as for any command that cannot run as asked
    }
    QString screenshotDir;
    bool demo = false;    // --demo: open on the built-in Demo source (scripts/run.sh)
    int benchIndexes = 0; // --bench-gui [N]
    QString themeArgument;
    for (int i = 1; i < argc; ++i) {
        if (qstrcmp(argv[i], "--bench-gui") == 0) {
            demo = true;
            benchIndexes = i + 1 < argc ? QByteArray(argv[i + 1]).toInt() : 0;
            if (benchIndexes <= 0)
                benchIndexes = 100000;
        }
        if (qstrcmp(argv[i], "--screenshot") == 0 && i + 1 < argc)
            screenshotDir = QString::fromLocal8Bit(argv[i + 1]);
        if (qstrcmp(argv[i], "--demo") == 0)
            demo = true;
        // Hidden: --theme light|dark|system for this run only (screenshots of either theme).
        if (qstrcmp(argv[i], "--theme") == 0 && i + 1 < argc)
            themeArgument = QString::fromLatin1(argv[i + 1]);
    }
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("tessera"));
    QApplication::setApplicationName(QStringLiteral("tessera"));
    // No applicationDisplayName: Qt would append it to every window title ("Tessera — Demo —
    // Tessera"); the titles name Tessera themselves.
    QApplication::setDesktopFileName(QStringLiteral("tessera"));
    // The system locale, unless View > Language chose one ("" = system; "en" = untranslated).
    const QString language = QSettings().value(MainWindow::languageSettingKey()).toString();
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    // Without a font for its script a translation is unreadable: stay in English, say why.
    const QString noFont = LanguageFonts::missingFontReason(locale);
    if (!noFont.isEmpty())
        std::fprintf(stderr, "tessera: %s\n", qPrintable(noFont));
    else if (language != QLatin1String("en"))
        report::TranslationLoader::install(app, locale);

    // View > Theme, as last chosen (System keeps the desktop's look).
    applyTheme(themeArgument.isEmpty()                   ? savedTheme()
               : themeArgument == QLatin1String("dark")  ? Theme::Dark
               : themeArgument == QLatin1String("light") ? Theme::Light
                                                         : Theme::System);

    MainWindow window;
    std::unique_ptr<ScreenshotTour> tour;
    std::unique_ptr<GuiBench> bench;
    if (!screenshotDir.isEmpty()) {
        // Reproducible screens: the Demo, a fixed size, nothing restored from settings.
        window.resize(1500, 950);
        window.setSourceIds({SourceHost::demoId()});
        tour = std::make_unique<ScreenshotTour>(&window, screenshotDir);
    } else {
        window.setSourceIds({}, demo ? SourceHost::demoId() : QString());
        if (benchIndexes > 0)
            bench = std::make_unique<GuiBench>(&window, benchIndexes);
    }
    window.show();
    return app.exec();
}

} // namespace tessera::ui
