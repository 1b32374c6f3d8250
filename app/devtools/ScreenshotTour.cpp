#include "ScreenshotTour.h"

#include "engine/JobState.h"
#include "ui/CommandPalette.h"
#include "ui/FailurePatternsView.h"
#include "ui/FailuresPanel.h"
#include "ui/IndexGridWidget.h"
#include "ui/JobListModel.h"
#include "ui/JobView.h"
#include "ui/MainWindow.h"
#include "ui/PodDescribeDialog.h"
#include "ui/ShortcutsDialog.h"
#include "ui/StragglersPanel.h"
#include "ui/YamlDialog.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <cstdio>

namespace tessera::devtools {

using namespace tessera::ui;

namespace {

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
            std::fprintf(stderr, "tessera-devtools: cannot write %s\n", qPrintable(path));
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
            std::fprintf(stderr, "tessera-devtools: screenshot tour timed out at step %d\n",
                         m_step);
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
            m_window->openYaml(m_key);
            m_ticks = 0;
            break;
        case 16: { // the live YAML of the failing job (fetched, highlighted)
            auto* yaml = m_window->findChild<YamlDialog*>();
            if (yaml == nullptr || m_ticks++ < 6)
                return;
            save(yaml, "job-yaml");
            yaml->close();
            // A failed pod that still exists, described with its events.
            const JobView* view = m_window->jobView();
            for (const store::IndexAttempt& a : view->snapshot()->attempts) {
                if (a.live && engine::countsAsFailed(a.outcome)) {
                    m_window->openPodDescribe(m_key, a.pod);
                    break;
                }
            }
            m_ticks = 0;
            break;
        }
        case 17: {
            auto* describe = m_window->findChild<PodDescribeDialog*>();
            if (describe == nullptr) {
                QApplication::exit(0); // no failed pod left to describe: the screens so far
                return;
            }
            if (m_ticks++ < 8)
                return;
            save(describe, "pod-describe");
            describe->close();
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

std::unique_ptr<QObject> startScreenshotTour(MainWindow* window, const QString& dir) {
    return std::make_unique<ScreenshotTour>(window, dir);
}

} // namespace tessera::devtools
