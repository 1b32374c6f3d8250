#include "GuiMain.h"

#include "IndexGridWidget.h"
#include "JobListModel.h"
#include "JobView.h"
#include "MainWindow.h"
#include "report/TranslationLoader.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QHelpEvent>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolTip>
#include <cstdio>

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
            save(m_window, "main-window");
            m_key = failingJob();
            selectRow(m_key);
            break;
        case 2: {
            JobView* view = m_window->jobView();
            if (!view || !view->snapshot() || m_ticks++ < 4)
                return;
            // The first index with a failure, opened in the details panel.
            int index = 0;
            const auto& states = view->snapshot()->states;
            for (size_t i = 0; i < states.size(); ++i) {
                if (states[i] == engine::IndexState::FailedWillRetry ||
                    states[i] == engine::IndexState::FailedTerminal) {
                    index = static_cast<int>(i);
                    break;
                }
            }
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
            QApplication::exit(0);
            return;
        }
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

} // namespace

int runGui(int argc, char** argv) {
    QString screenshotDir;
    bool demo = false; // --demo: open on the built-in Demo source (scripts/run.sh)
    for (int i = 1; i < argc; ++i) {
        if (qstrcmp(argv[i], "--screenshot") == 0 && i + 1 < argc)
            screenshotDir = QString::fromLocal8Bit(argv[i + 1]);
        if (qstrcmp(argv[i], "--demo") == 0)
            demo = true;
    }
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("tessera"));
    QApplication::setApplicationName(QStringLiteral("tessera"));
    QApplication::setApplicationDisplayName(QStringLiteral("Tessera"));
    QApplication::setDesktopFileName(QStringLiteral("tessera"));
    // The system locale, unless View > Language chose one ("" = system; "en" = untranslated).
    const QString language = QSettings().value(MainWindow::languageSettingKey()).toString();
    if (language != QLatin1String("en"))
        report::TranslationLoader::install(app, language.isEmpty() ? QLocale::system()
                                                                   : QLocale(language));

    MainWindow window;
    std::unique_ptr<ScreenshotTour> tour;
    if (!screenshotDir.isEmpty()) {
        // Reproducible screens: the Demo, a fixed size, nothing restored from settings.
        window.resize(1500, 950);
        window.setSourceIds({SourceHost::demoId()});
        tour = std::make_unique<ScreenshotTour>(&window, screenshotDir);
    } else {
        window.setSourceIds({}, demo ? SourceHost::demoId() : QString());
        if (window.size().width() < 400)
            window.resize(1400, 900);
    }
    window.show();
    return app.exec();
}

} // namespace tessera::ui
