#include "CommandPalette.h"
#include "JobEndWatcher.h"
#include "JobListModel.h"
#include "JobView.h"
#include "MainWindow.h"
#include "RecentFolders.h"
#include "ShortcutsDialog.h"
#include "Theme.h"
#include "store/JobStore.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QFileDialog>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>

// MainWindow's menus and what only they reach (the command palette, the shortcut list, the About
// box); the rest of the window is in MainWindow.cpp.
namespace tessera::ui {

namespace {

// "&Re-run failed indexes…" → "Re-run failed indexes…" (for the palette).
QString withoutMnemonic(QString text) {
    QString out;
    for (int i = 0; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('&') && i + 1 < text.size()) {
            ++i;
            if (text[i] != QLatin1Char('&')) {
                out += text[i];
                continue;
            }
        }
        out += text[i];
    }
    return out;
}

} // namespace

void MainWindow::buildMenus() {
    auto* fileMenu = menuBar()->addMenu(tr("&File"));
    auto* newWindow = fileMenu->addAction(tr("&New window"), this, [] {
        auto* w = new MainWindow;
        w->setAttribute(Qt::WA_DeleteOnClose);
        w->setSourceIds(QStringList());
        w->show();
    });
    newWindow->setShortcut(QKeySequence::New);
    auto* launchFile = fileMenu->addAction(tr("&Launch from file…"), this, [this] {
        const QStringList paths = QFileDialog::getOpenFileNames(
            this, tr("Launch work lists or Job manifests"),
            RecentFolders::folder(QStringLiteral("launch")),
            tr("Work lists and manifests (*.txt *.list *.csv *.yaml *.yml *.json);;All files (*)"));
        if (!paths.isEmpty())
            RecentFolders::remember(QStringLiteral("launch"), paths.first());
        openLaunchFiles(paths);
    });
    launchFile->setObjectName(QStringLiteral("launchFromFileAction"));
    launchFile->setShortcut(QKeySequence::Open);
    auto* exportAction = fileMenu->addAction(tr("&Export report…"), this, [this] {
        const QString key = selectedKey();
        if (key.isEmpty()) {
            statusBar()->showMessage(tr("Select a job to export its report."), 5000);
            return;
        }
        const QString name = key.section(QLatin1Char('/'), -1);
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export completion report"),
            RecentFolders::pathIn(QStringLiteral("reports"), name + QStringLiteral("-report.html")),
            tr("HTML (*.html);;PDF (*.pdf);;CSV (*.csv);;JSON (*.json)"));
        RecentFolders::remember(QStringLiteral("reports"), path);
        if (!path.isEmpty())
            exportReport(path);
    });
    exportAction->setObjectName(QStringLiteral("exportReportAction"));
    exportAction->setShortcut(QKeySequence(tr("Ctrl+E")));
    fileMenu->addSeparator();
    fileMenu->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::closeAllWindows);
    auto* viewMenu = menuBar()->addMenu(tr("&View"));
    auto* refresh = viewMenu->addAction(tr("&Refresh"), this, &MainWindow::refresh);
    refresh->setShortcut(QKeySequence::Refresh);
    auto* find = viewMenu->addAction(tr("&Filter jobs"), this, &MainWindow::focusFilter);
    find->setShortcut(QKeySequence::Find);
    auto* logs = viewMenu->addAction(tr("Index &logs"), this, [this] {
        if (m_jobView)
            m_jobView->showLogs();
    });
    logs->setShortcut(QKeySequence(tr("Ctrl+L")));
    // Language: applied at the next start (every widget is built translated once).
    auto* languageMenu = viewMenu->addMenu(tr("Lan&guage"));
    auto* languages = new QActionGroup(languageMenu);
    const QString chosen = QSettings().value(languageSettingKey()).toString();
    const std::pair<QString, QString> options[] = {
        {QString(), tr("System default")},
        {QStringLiteral("en"), QStringLiteral("English")},
        {QStringLiteral("de"), QStringLiteral("Deutsch")},
        {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
    for (const auto& [code, label] : options) {
        QAction* a = languageMenu->addAction(label);
        a->setCheckable(true);
        a->setChecked(code == chosen);
        languages->addAction(a);
        connect(a, &QAction::triggered, this, [this, code = code] {
            QSettings().setValue(languageSettingKey(), code);
            statusBar()->showMessage(tr("The language changes when Tessera starts again."), 10000);
        });
    }
    // Theme: applied at once to every window (each custom-painted widget re-renders).
    auto* themeMenu = viewMenu->addMenu(tr("&Theme"));
    themeMenu->setObjectName(QStringLiteral("themeMenu"));
    auto* themes = new QActionGroup(themeMenu);
    const std::pair<Theme, QString> themeChoices[] = {
        {Theme::System, tr("&System")}, {Theme::Light, tr("&Light")}, {Theme::Dark, tr("&Dark")}};
    for (const auto& [theme, label] : themeChoices) {
        QAction* a = themeMenu->addAction(label);
        a->setCheckable(true);
        a->setChecked(theme == currentTheme());
        a->setData(static_cast<int>(theme));
        themes->addAction(a);
        connect(a, &QAction::triggered, this, [theme = theme] {
            saveTheme(theme);
            applyTheme(theme);
        });
    }
    viewMenu->addSeparator();
    auto* palette =
        viewMenu->addAction(tr("&Command palette…"), this, &MainWindow::openCommandPalette);
    palette->setObjectName(QStringLiteral("commandPaletteAction"));
    palette->setShortcut(QKeySequence(tr("Ctrl+K")));
    qApp->installEventFilter(this); // see eventFilter: Ctrl+K wins over text fields
    auto* jobMenu = menuBar()->addMenu(tr("&Job"));
    jobMenu->addAction(tr("Open in new &window"), QKeySequence(tr("Ctrl+Shift+O")), this, [this] {
        if (!selectedKey().isEmpty())
            openJobInWindow(selectedKey());
    });
    m_notifyAction = jobMenu->addAction(tr("No&tify when it ends"), this, [this](bool on) {
        m_endWatcher->setEnabled(selectedKey(), on);
    });
    m_notifyAction->setObjectName(QStringLiteral("notifyWhenEndsAction"));
    m_notifyAction->setCheckable(true);
    m_notifyAction->setToolTip(tr("A desktop notification when the selected job completes or "
                                  "fails (on for the jobs launched from this window)"));
    jobMenu
        ->addAction(tr("&YAML…"), QKeySequence(tr("Ctrl+Shift+Y")), this,
                    [this] {
                        if (!selectedKey().isEmpty())
                            openYaml(selectedKey());
                    })
        ->setObjectName(QStringLiteral("yamlAction"));
    auto* rerunFailed =
        jobMenu->addAction(tr("&Re-run failed indexes…"), this, [this] { rerunIndexes(true); });
    rerunFailed->setObjectName(QStringLiteral("rerunFailedAction"));
    jobMenu->addAction(tr("Re-run indexes that did &not succeed…"), this,
                       [this] { rerunIndexes(false); });
    jobMenu->addAction(tr("Res&ume interrupted run"), this, &MainWindow::resumeSelected)
        ->setObjectName(QStringLiteral("resumeRunAction"));
    jobMenu->addAction(tr("&Compare with another run…"), this, [this] { compareSelected(); })
        ->setObjectName(QStringLiteral("compareRunsAction"));
    jobMenu->addAction(tr("Clear recorded &history of this source"), this, [this] {
        if (m_host && m_host->store())
            QMetaObject::invokeMethod(m_host->store(), [s = QPointer(m_host->store())] {
                if (s)
                    s->clearHistory();
            });
    });

    auto* helpMenu = menuBar()->addMenu(tr("&Help"));
    auto* shortcuts =
        helpMenu->addAction(tr("&Keyboard shortcuts"), this, &MainWindow::showShortcuts);
    shortcuts->setObjectName(QStringLiteral("shortcutsAction"));
    shortcuts->setShortcut(QKeySequence(tr("Ctrl+/")));
    auto* about = helpMenu->addAction(tr("&About Tessera"), this, &MainWindow::showAbout);
    about->setObjectName(QStringLiteral("aboutAction"));
}

void MainWindow::openCommandPalette() {
    std::vector<CommandPalette::Entry> entries;
    // Jobs, as the list sorts them now.
    for (int r = 0; r < m_proxy->rowCount(); ++r) {
        const QModelIndex index = m_proxy->index(r, 0);
        const QString key = index.data(JobListModel::KeyRole).toString();
        entries.push_back({tr("Job"),
                           key,
                           {},
                           [this, key] {
                               const int row = m_model->rowOf(key);
                               if (row < 0)
                                   return;
                               m_filter->clear();
                               m_table->setCurrentIndex(
                                   m_proxy->mapFromSource(m_model->index(row, 0)));
                               openJob(key);
                           },
                           key.section(QLatin1Char('/'), -1)});
    }
    // The open job's tabs.
    if (m_jobView) {
        QTabWidget* tabs = m_jobView->tabs();
        for (int t = 0; t < tabs->count(); ++t)
            entries.push_back({tr("Tab"),
                               withoutMnemonic(tabs->tabText(t)),
                               {},
                               [view = QPointer<JobView>(m_jobView), t] {
                                   if (view) {
                                       view->tabs()->setCurrentIndex(t);
                                       view->tabs()->currentWidget()->setFocus();
                                   }
                               }});
    }
    // Every menu action, "Menu › Submenu › Action".
    std::function<void(QMenu*, const QString&)> walk = [&](QMenu* menu, const QString& path) {
        for (QAction* a : menu->actions()) {
            if (a->isSeparator() || !a->isEnabled() || a == sender())
                continue;
            const QString name = path + QStringLiteral(" › ") + withoutMnemonic(a->text());
            if (a->menu() != nullptr) {
                walk(a->menu(), name);
                continue;
            }
            if (a->objectName() == QLatin1String("commandPaletteAction"))
                continue;
            entries.push_back({tr("Action"), name, a->shortcut().toString(QKeySequence::NativeText),
                               [a = QPointer<QAction>(a)] {
                                   if (a)
                                       a->trigger();
                               }});
        }
    };
    for (QAction* top : menuBar()->actions()) {
        if (top->menu() != nullptr)
            walk(top->menu(), withoutMnemonic(top->text()));
    }
    auto* palette = new CommandPalette(this);
    palette->setEntries(std::move(entries));
    // Centred near the top of the window, as editors place theirs.
    const QRect area = geometry();
    palette->resize(std::min(640, area.width() - 40), std::min(420, area.height() - 80));
    palette->move(area.center().x() - palette->width() / 2, area.top() + 60);
    palette->show();
    palette->activateWindow();
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::ShortcutOverride && watched->isWidgetType() &&
        static_cast<QWidget*>(watched)->window() == this) {
        auto* key = static_cast<QKeyEvent*>(event);
        if (QKeySequence(key->keyCombination()) == QKeySequence(tr("Ctrl+K"))) {
            event->ignore(); // not claimed by the field: the shortcut runs
            return true;
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::showShortcuts() {
    auto* dialog = new ShortcutsDialog(menuBar(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::showAbout() {
    // Asynchronous (open(), not exec()): no nested event loop while the store keeps talking.
    auto* box = new QMessageBox(
        QMessageBox::Information, tr("About Tessera"),
        tr("<h3>Tessera %1</h3><p>Watch, run and report Kubernetes Indexed Jobs, index by "
           "index: a scoreboard of every completion index, its attempts and logs, charts, "
           "a timeline and completion reports; work lists run locally or on a cluster.</p>"
           "<p>Press Ctrl+K for the command palette, Ctrl+/ for the keyboard shortcuts. "
           "<code>tessera --help</code> lists the commands that need no window.</p>"
           "<p>Built with Qt %2.</p>")
            .arg(QApplication::applicationVersion(), QString::fromLatin1(qVersion())),
        QMessageBox::Close, this);
    box->setObjectName(QStringLiteral("aboutBox"));
    box->setTextFormat(Qt::RichText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace tessera::ui
