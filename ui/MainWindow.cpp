#include "MainWindow.h"

#include "IndexGridWidget.h"
#include "JobListModel.h"
#include "JobView.h"
#include "ProgressDelegate.h"
#include "RecentFolders.h"
#include "ReportExporter.h"
#include "RunningRunsPrompt.h"
#include "StatePalette.h"
#include "WindowPlacement.h"
#include "launch/LaunchDialog.h"
#include "launch/LaunchGenerator.h"
#include "launch/LaunchedJobSelector.h"
#include "store/JobStore.h"
#include "store/LocalSource.h"
#include "store/RelaunchInput.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QToolBar>
#include <QUrl>
#include <QVBoxLayout>
#include <algorithm>
#include <set>

namespace tessera::ui {

using engine::IndexState;
using store::ConnectionState;

MainWindow::MainWindow(SourceOpener opener, QWidget* parent)
    : QMainWindow(parent)
    , m_opener(std::move(opener)) {
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Tessera"));
    store::registerMetaTypes();
    setAcceptDrops(true); // a dropped work list or Job manifest opens the Launch dialog
    buildUi();
    QSettings settings;
    // Nothing remembered yet (the first start): about 80 % of the screen, centred.
    if (!restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray()))
        setGeometry(firstWindowGeometry(screen()->availableGeometry()));
    // First start: the job list gets a third, the open job the rest.
    if (!m_splitter->restoreState(
            settings.value(QStringLiteral("mainWindow/splitter")).toByteArray()))
        m_splitter->setSizes({height() / 3, height() - height() / 3});
    m_table->horizontalHeader()->restoreState(
        settings.value(QStringLiteral("mainWindow/jobColumns")).toByteArray());
    // Whatever was remembered (perhaps in another language): no column narrower than its title
    // and sort arrow.
    const int headerMargin = style()->pixelMetric(QStyle::PM_HeaderMargin) * 2 + 16;
    for (int c = 0; c + 1 < JobListModel::ColumnCount; ++c)
        m_table->setColumnWidth(
            c, std::max(m_table->columnWidth(c),
                        m_table->horizontalHeader()->fontMetrics().horizontalAdvance(
                            m_model->headerData(c, Qt::Horizontal).toString()) +
                            headerMargin));
    m_namespace->setCurrentText(settings.value(QStringLiteral("mainWindow/namespace")).toString());
}

MainWindow::~MainWindow() {
    closeJobView();
    for (const auto& w : std::as_const(m_jobWindows))
        delete w.data();
    m_host.reset();
}

void MainWindow::buildUi() {
    auto* toolbar = addToolBar(tr("Source"));
    toolbar->setObjectName(QStringLiteral("sourceToolBar"));
    toolbar->setMovable(false);
    m_sources = new QComboBox(toolbar);
    m_sources->setObjectName(QStringLiteral("sourcePicker"));
    m_sources->setMinimumContentsLength(18);
    m_sources->setToolTip(tr("Where the jobs come from: a kubeconfig context, local runs, or the "
                             "built-in demo"));
    toolbar->addWidget(new QLabel(tr(" Source: "), toolbar));
    toolbar->addWidget(m_sources);
    m_namespace = new QComboBox(toolbar);
    m_namespace->setObjectName(QStringLiteral("namespaceFilter"));
    m_namespace->setEditable(true);
    m_namespace->setMinimumContentsLength(14);
    m_namespace->lineEdit()->setPlaceholderText(tr("All namespaces"));
    m_namespace->setToolTip(tr("Namespace (empty: all namespaces); press Enter to apply"));
    toolbar->addWidget(new QLabel(tr("  Namespace: "), toolbar));
    toolbar->addWidget(m_namespace);
    toolbar->addSeparator();
    m_filter = new QLineEdit(toolbar);
    m_filter->setObjectName(QStringLiteral("jobFilter"));
    m_filter->setPlaceholderText(tr("Filter jobs (Ctrl+F)"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMaximumWidth(260);
    toolbar->addWidget(m_filter);

    buildMenus();

    m_model = new JobListModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(JobListModel::SortRole);
    m_proxy->setFilterRole(JobListModel::FilterRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setDynamicSortFilter(true);
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("jobTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(JobListModel::Age, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setTabKeyNavigation(false); // Tab leaves the list (for the scoreboard), as it should
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setItemDelegateForColumn(JobListModel::Progress, new ProgressDelegate(m_table));
    m_table->setColumnWidth(JobListModel::Name, 170);
    m_table->setColumnWidth(JobListModel::Progress, 130);
    for (int c : {JobListModel::Completions, JobListModel::Parallelism, JobListModel::Active,
                  JobListModel::Succeeded, JobListModel::Failed})
        m_table->setColumnWidth(c, 82);
    m_listState = new QLabel(this);
    m_listState->setObjectName(QStringLiteral("jobListState"));
    m_listState->setAlignment(Qt::AlignCenter);
    m_listState->setWordWrap(true);

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_listState);
    leftLayout->addWidget(m_table, 1);

    m_right = new QStackedWidget(this);
    m_noJob = new QLabel(tr("Select a job to see its scoreboard.\n\nDouble-click or press Enter "
                            "to open it; Ctrl+Shift+O opens it in a window of its own."),
                         m_right);
    m_noJob->setAlignment(Qt::AlignCenter);
    m_noJob->setWordWrap(true);
    m_right->addWidget(m_noJob);

    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->setObjectName(QStringLiteral("mainSplitter"));
    m_splitter->addWidget(left);
    m_splitter->addWidget(m_right);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 3);
    setCentralWidget(m_splitter);

    m_connection = new QLabel(this);
    m_connection->setObjectName(QStringLiteral("connectionState"));
    m_connection->setTextFormat(Qt::RichText);
    statusBar()->addPermanentWidget(m_connection);

    connect(m_sources, &QComboBox::activated, this, [this](int i) {
        // Picking the source already shown keeps it (re-opening would restart the Demo).
        const QString id = m_sources->itemData(i).toString();
        if (id != currentSourceId())
            openSource(id);
    });
    connect(m_namespace->lineEdit(), &QLineEdit::editingFinished, this, [this] {
        if (m_host && m_host->store())
            QMetaObject::invokeMethod(m_host->store(), [s = QPointer(m_host->store()),
                                                        ns = m_namespace->currentText().trimmed()] {
                if (s)
                    s->setNamespace(ns);
            });
    });
    connect(m_filter, &QLineEdit::textChanged, m_proxy,
            &QSortFilterProxyModel::setFilterFixedString);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid())
                    openJob(current.data(JobListModel::KeyRole).toString());
            });
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex& index) {
        openJob(index.data(JobListModel::KeyRole).toString());
        if (m_jobView)
            m_jobView->setFocus();
    });
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateListState);
    m_launched = new launch::LaunchedJobSelector(
        m_model, m_proxy, m_table, [this](const QString& key) { openJob(key); },
        [this](const QString& message) { statusBar()->showMessage(message, 10000); }, this);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateListState);
    connect(m_model, &QAbstractItemModel::modelReset, this, &MainWindow::updateListState);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &MainWindow::updateListState);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateListState);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateListState);
    updateListState();
}

void MainWindow::setSourceIds(const QStringList& given, const QString& preferred) {
    QStringList ids = given;
    QString current;
    if (ids.isEmpty()) {
        for (const QString& c : SourceHost::contexts(nullptr, &current))
            ids << SourceHost::contextId(c);
        ids << SourceHost::localId() << SourceHost::demoId();
    }
    m_sources->clear();
    for (const QString& id : ids) {
        QString label = id.startsWith(QLatin1String("context:")) ? id.mid(8)
                        : id == SourceHost::localId()            ? tr("Local runs")
                        : id == SourceHost::demoId()             ? tr("Demo")
                                                                 : id;
        m_sources->addItem(label, id);
    }
    // The last source used, else the kubeconfig's current context, else the Demo.
    QString choice = preferred.isEmpty()
                         ? QSettings().value(QStringLiteral("mainWindow/source")).toString()
                         : preferred;
    if (!ids.contains(choice))
        choice = current.isEmpty() ? SourceHost::demoId() : SourceHost::contextId(current);
    if (!ids.contains(choice))
        choice = ids.value(0);
    if (!choice.isEmpty())
        openSource(choice);
}

QString MainWindow::currentSourceId() const {
    return m_host ? m_host->id() : QString();
}

void MainWindow::openSource(const QString& id) {
    const int at = m_sources->findData(id);
    if (at >= 0)
        m_sources->setCurrentIndex(at);
    closeJobView();
    for (const auto& w : std::as_const(m_jobWindows))
        delete w.data();
    m_jobWindows.clear();
    m_model->clear();
    m_host.reset();
    m_connected = false;
    m_sourceError.clear();
    showConnection(ConnectionState::Connecting, {}, 0);
    statusBar()->showMessage(tr("Opening %1…").arg(m_sources->currentText()));
    QString error;
    m_host = m_opener(id, &error);
    if (!m_host) {
        m_sourceError = error;
        showConnection(ConnectionState::Failed, error, 0);
        updateListState();
        return;
    }
    store::JobStore* s = m_host->store();
    connect(s, &store::JobStore::jobsChanged, this, [this](const store::JobListDiff& diff) {
        m_model->applyDiff(diff);
        if (!m_connected) {
            m_connected = true;
            updateListState();
        }
    });
    connect(s, &store::JobStore::connectionChanged, this, &MainWindow::showConnection);
    connect(s, &store::JobStore::actionFailed, this,
            [this](const QString& key, const QString& message) {
                statusBar()->showMessage(
                    tr("%1: %2").arg(key.section(QLatin1Char('/'), -1), message), 10000);
            });
    const QString ns = m_namespace->currentText().trimmed();
    if (!ns.isEmpty())
        QMetaObject::invokeMethod(s, [s = QPointer(s), ns] {
            if (s)
                s->setNamespace(ns);
        });
    setWindowTitle(tr("Tessera — %1").arg(m_host->displayName()));
    statusBar()->showMessage(tr("Listing jobs of %1…").arg(m_host->displayName()), 5000);
    updateListState();
}

void MainWindow::showConnection(ConnectionState state, const QString& detail, int retryInSeconds) {
    QString text;
    // The dot's colour is the state: green connected, amber on the way, orange retrying, red
    // refused or failed (the scoreboard's colours, so they follow the theme).
    IndexState dotColour = IndexState::Pending;
    switch (state) {
    case ConnectionState::Connecting:
        text = tr("Connecting…");
        break;
    case ConnectionState::Connected:
        text = tr("Connected");
        dotColour = IndexState::Succeeded;
        m_connected = true;
        break;
    case ConnectionState::Retrying:
        text = tr("Retrying in %1 s: %2").arg(retryInSeconds).arg(detail);
        dotColour = IndexState::FailedWillRetry;
        break;
    case ConnectionState::Unauthorized:
        text = tr("Unauthorized: %1").arg(detail);
        dotColour = IndexState::FailedTerminal;
        break;
    case ConnectionState::Failed:
        text = tr("Failed: %1").arg(detail);
        dotColour = IndexState::FailedTerminal;
        break;
    }
    if (m_host)
        text = m_host->displayName() + QStringLiteral(" — ") + text;
    m_connectionText = text;
    m_connectionColour = StatePalette(palette()).color(dotColour);
    m_connection->setText(QStringLiteral("<span style=\"color:%1\">&#9679;</span> %2")
                              .arg(m_connectionColour.name(), text.toHtmlEscaped()));
    m_connection->setToolTip(detail);
    if (state != ConnectionState::Connected && state != ConnectionState::Connecting)
        m_sourceError = text;
    else
        m_sourceError.clear();
    updateListState();
}

QString MainWindow::connectionText() const {
    return m_connectionText;
}

void MainWindow::updateListState() {
    QString text;
    if (!m_sourceError.isEmpty() && m_model->rowCount() == 0)
        text = m_sourceError;
    else if (!m_host)
        text = tr("Pick a source.");
    else if (!m_connected && m_model->rowCount() == 0)
        text = tr("Loading jobs…");
    else if (m_model->rowCount() == 0)
        text = tr("No jobs here yet. Drop a work list on this window to launch one, or start one "
                  "with tessera run, tessera launch or kubectl.");
    else if (m_proxy->rowCount() == 0)
        text = tr("No job matches \"%1\".").arg(m_filter->text());
    m_listState->setText(text);
    m_listState->setVisible(!text.isEmpty());
}

QString MainWindow::selectedKey() const {
    const QModelIndex current = m_table->currentIndex();
    return current.isValid() ? current.data(JobListModel::KeyRole).toString() : QString();
}

void MainWindow::closeJobView() {
    if (m_jobView) {
        QSettings().setValue(QStringLiteral("jobView/scoreboardSplitter"),
                             m_jobView->saveSplitterState());
        delete m_jobView.data();
    }
    m_right->setCurrentWidget(m_noJob);
}

void MainWindow::openJob(const QString& key) {
    if (key.isEmpty() || !m_host || (m_jobView && m_jobView->key() == key))
        return;
    const int tab = m_jobView ? m_jobView->tabs()->currentIndex() : 0;
    closeJobView();
    m_jobView = new JobView(m_host->store(), key, m_right);
    m_jobView->restoreSplitterState(
        QSettings().value(QStringLiteral("jobView/scoreboardSplitter")).toByteArray());
    m_jobView->tabs()->setCurrentIndex(tab);
    m_right->addWidget(m_jobView);
    m_right->setCurrentWidget(m_jobView);
    // Tab from the job list goes to the scoreboard (then the tabs and the log: JobView).
    QWidget::setTabOrder(m_table, m_jobView->grid());
}

void MainWindow::openJobInWindow(const QString& key) {
    if (!m_host)
        return;
    auto* view = new JobView(m_host->store(), key, this);
    view->setWindowFlag(Qt::Window);
    view->setAttribute(Qt::WA_DeleteOnClose);
    view->setWindowTitle(tr("%1 — Tessera").arg(key.section(QLatin1Char('/'), -1)));
    view->resize(1100, 760);
    // Its own keys: Ctrl+W and Esc close it, Ctrl+L goes to the log's index box.
    auto* close = new QAction(view);
    close->setShortcuts({QKeySequence::Close, QKeySequence(Qt::Key_Escape)});
    close->setShortcutContext(Qt::WindowShortcut);
    connect(close, &QAction::triggered, view, &QWidget::close);
    view->addAction(close);
    auto* logs = new QAction(view);
    logs->setShortcut(QKeySequence(tr("Ctrl+L")));
    connect(logs, &QAction::triggered, view, &JobView::showLogs);
    view->addAction(logs);
    view->show();
    m_jobWindows << view;
}

void MainWindow::refresh() {
    if (m_host && m_host->store())
        QMetaObject::invokeMethod(m_host->store(), [s = QPointer(m_host->store())] {
            if (s)
                s->refresh();
        });
    statusBar()->showMessage(tr("Refreshing…"), 2000);
}

void MainWindow::focusFilter() {
    m_filter->setFocus();
    m_filter->selectAll();
}

void MainWindow::saveSettings() {
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("mainWindow/splitter"), m_splitter->saveState());
    settings.setValue(QStringLiteral("mainWindow/jobColumns"),
                      m_table->horizontalHeader()->saveState());
    settings.setValue(QStringLiteral("mainWindow/namespace"), m_namespace->currentText().trimmed());
    if (m_host)
        settings.setValue(QStringLiteral("mainWindow/source"), m_host->id());
    if (m_jobView)
        settings.setValue(QStringLiteral("jobView/scoreboardSplitter"),
                          m_jobView->saveSplitterState());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    const QStringList running = m_closeConfirmed ? QStringList() : runningLocalRuns();
    if (!running.isEmpty()) {
        event->ignore(); // asked without a nested event loop: the close runs again once answered
        if (!m_closePrompt) {
            auto* prompt = new RunningRunsPrompt(running, this);
            connect(prompt, &RunningRunsPrompt::closeConfirmed, this, [this] {
                m_closeConfirmed = true;
                QMetaObject::invokeMethod(this, &QWidget::close, Qt::QueuedConnection);
            });
            m_closePrompt = prompt;
            prompt->open();
        }
        m_closePrompt->raise();
        return;
    }
    saveSettings();
    QMainWindow::closeEvent(event);
}

QStringList MainWindow::runningLocalRuns() const {
    QStringList names;
    if (!m_host || m_host->id() != SourceHost::localId())
        return names;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const store::JobSummary& job = m_model->job(row);
        if (job.status == QLatin1String("Running") || job.status == QLatin1String("Pending"))
            names << job.name;
    }
    names.sort();
    return names;
}

void MainWindow::resumeSelected() {
    const QString key = selectedKey();
    if (key.isEmpty() || !m_host) {
        statusBar()->showMessage(tr("Select an interrupted local run to resume it."), 5000);
        return;
    }
    QMetaObject::invokeMethod(m_host->store(), [s = QPointer(m_host->store()), key] {
        if (s)
            s->resumeJob(key); // failures arrive as actionFailed
    });
    statusBar()->showMessage(tr("Resuming %1…").arg(key.section(QLatin1Char('/'), -1)), 5000);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    const bool files = !urls.isEmpty() && std::all_of(urls.begin(), urls.end(), [](const QUrl& u) {
        return u.isLocalFile();
    });
    if (files)
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    QStringList paths;
    for (const QUrl& url : event->mimeData()->urls()) {
        if (url.isLocalFile())
            paths << url.toLocalFile();
    }
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    openLaunchFiles(paths);
}

launch::LaunchDialog* MainWindow::newLaunchDialog() {
    // Where a cluster launch can go: the source shown now, when it is a cluster (the Demo or a
    // context), then the other contexts (resolved when launching).
    QList<launch::ClusterTarget> targets;
    if (m_host && m_host->connection())
        targets.append(
            {m_host->displayName(), m_host->id(),
             m_host->id().startsWith(QLatin1String("context:")) ? m_host->id().mid(8) : QString(),
             m_host->connection()});
    for (int i = 0; i < m_sources->count(); ++i) {
        const QString id = m_sources->itemData(i).toString();
        if (id.startsWith(QLatin1String("context:")) && (!m_host || id != m_host->id()))
            targets.append({m_sources->itemText(i), id, id.mid(8), std::nullopt});
    }
    auto* dialog = new launch::LaunchDialog(this);
    dialog->setObjectName(QStringLiteral("launchDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setClusterTargets(targets);
    connect(dialog, &launch::LaunchDialog::localRunRequested, this, &MainWindow::startLocalRun);
    connect(dialog, &launch::LaunchDialog::clusterLaunched, this,
            [this](const QString& sourceId, const QString& ns, const QString& name) {
                if (currentSourceId() != sourceId)
                    openSource(sourceId);
                m_launched->selectClusterJob(ns, name); // selected and shown once listed
                statusBar()->showMessage(tr("Launched %1").arg(name), 10000);
            });
    connect(dialog, &launch::LaunchDialog::launchFailed, this,
            [this](const QString& message) { statusBar()->showMessage(message, 15000); });
    return dialog;
}

void MainWindow::openLaunchFiles(const QStringList& paths) {
    for (const QString& path : paths) {
        launch::LaunchDialog* dialog = newLaunchDialog();
        dialog->openFile(path);
        dialog->show();
    }
}

void MainWindow::rerunIndexes(bool onlyFailed) {
    const QString key = selectedKey();
    store::JobStore* jobStore = m_host ? m_host->store() : nullptr;
    if (key.isEmpty() || jobStore == nullptr) {
        statusBar()->showMessage(tr("Select a finished job to re-run its indexes."), 5000);
        return;
    }
    // The store loads the items (a local run's directory, a cluster job's items ConfigMap) and
    // the qualifying indexes in its thread; one answer, then this connection goes.
    const QString sourceId = currentSourceId();
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(
        jobStore, &store::JobStore::relaunchInputReady, this,
        [this, key, onlyFailed, sourceId, connection](
            const QString& answered, const store::RelaunchInputPtr& input, const QString& error) {
            if (answered != key)
                return;
            disconnect(*connection);
            if (!input) {
                statusBar()->showMessage(error, 15000);
                return;
            }
            const std::vector<int32_t>& subset = onlyFailed ? input->failed : input->notSucceeded;
            if (subset.empty()) {
                statusBar()->showMessage(tr("Nothing to re-run: no index qualifies."), 10000);
                return;
            }
            const auto& relaunch = input->relaunch;
            launch::LaunchDialog* dialog = newLaunchDialog();
            std::set<std::string> taken; // "x-rerun" exists: this one is "x-rerun-2"
            for (int r = 0; r < m_model->rowCount(); ++r)
                taken.insert(m_model->job(r).name.toStdString());
            dialog->openRerun(input->origin, relaunch.list, subset,
                              QString::fromStdString(tessera::launch::LaunchGenerator::rerunName(
                                  relaunch.spec.name, taken)),
                              relaunch.originalIndexes);
            if (input->local) {
                dialog->presetSettings(relaunch.spec); // the run's own limits, not the defaults
                dialog->setTarget(launch::LaunchDialog::Target::Local);
            } else {
                dialog->presetCluster(relaunch.spec, sourceId);
            }
            dialog->show();
        });
    QMetaObject::invokeMethod(jobStore, [s = QPointer<store::JobStore>(jobStore), key] {
        if (s)
            s->loadRelaunchInput(key);
    });
    statusBar()->showMessage(tr("Loading the items of %1…").arg(key), 5000);
}

void MainWindow::startLocalRun(const tessera::local::RunOptions& options,
                               const QString& temporaryFile) {
    // Local runs live in the Local runs source: show it, then start the run in its thread.
    if (currentSourceId() != SourceHost::localId())
        openSource(SourceHost::localId());
    auto* local = m_host ? qobject_cast<store::LocalSource*>(m_host->store()) : nullptr;
    if (local == nullptr) {
        statusBar()->showMessage(tr("Local runs are not available: %1").arg(m_sourceError), 15000);
        return;
    }
    QMetaObject::invokeMethod(local, [s = QPointer<store::LocalSource>(local), options,
                                      temporaryFile, selector = QPointer(m_launched)] {
        if (!s)
            return;
        const QString key = s->startRun(options); // failures arrive as actionFailed
        if (!temporaryFile.isEmpty())
            QFile::remove(temporaryFile); // the run copied the items into its directory
        if (!key.isEmpty())
            // Back in the GUI thread (the application object lives there) before the check.
            QMetaObject::invokeMethod(QCoreApplication::instance(), [selector, key] {
                if (selector)
                    selector->select(key); // selected and shown once listed
            });
    });
    statusBar()->showMessage(tr("Starting the local run…"), 5000);
}

void MainWindow::exportReport(const QString& path) {
    const QString key = selectedKey();
    if (key.isEmpty() || !m_host) {
        statusBar()->showMessage(tr("Select a job to export its report."), 5000);
        return;
    }
    auto* exporter = ReportExporter::start(m_host->store(), key, path, this);
    connect(exporter, &ReportExporter::finished, this, [this](bool ok, const QString& message) {
        statusBar()->showMessage(ok ? tr("Report written to %1").arg(message) : message, 15000);
        emit reportExported(ok, message);
    });
    statusBar()->showMessage(
        tr("Exporting the report of %1…").arg(key.section(QLatin1Char('/'), -1)));
}

} // namespace tessera::ui
