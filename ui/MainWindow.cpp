#include "MainWindow.h"

#include "DesktopNotifier.h"
#include "FirstSelection.h"
#include "HistoryProblemBar.h"
#include "IndexGridWidget.h"
#include "JobEndWatcher.h"
#include "JobListModel.h"
#include "JobListProxy.h"
#include "JobView.h"
#include "KubeconfigBar.h"
#include "KubeconfigLoader.h"
#include "ProgressDelegate.h"
#include "RunningRunsPrompt.h"
#include "ScopeBar.h"
#include "TableColumns.h"
#include "WindowPlacement.h"
#include "launch/LaunchedJobSelector.h"
#include "store/JobStore.h"

#include <QAction>
#include <QCloseEvent>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScreen>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>
#include <algorithm>

namespace tessera::ui {

MainWindow::MainWindow(SourceOpener opener, QWidget* parent)
    : QMainWindow(parent)
    , m_opener(std::move(opener)) {
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Tessera"));
    store::registerMetaTypes();
    m_endWatcher = new JobEndWatcher(nullptr, this);
    setNotifier(new DBusNotifier(this)); // the session bus, reached at the first notification
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
    fitColumnsRemembered(m_table, JobListModel::Name,
                         settings.value(QStringLiteral("mainWindow/jobColumns")).toByteArray(),
                         &JobListModel::widestText);
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
    m_scopeBar = new ScopeBar(toolbar);
    m_namespace = m_scopeBar->namespaceBox();
    toolbar->addWidget(m_scopeBar);
    toolbar->addSeparator();
    m_filter = new QLineEdit(toolbar);
    m_filter->setObjectName(QStringLiteral("jobFilter"));
    m_filter->setPlaceholderText(tr("Filter jobs (Ctrl+F)"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMaximumWidth(260);
    toolbar->addWidget(m_filter);

    buildMenus();

    m_model = new JobListModel(this);
    auto* proxy = new JobListProxy(m_model, this);
    m_proxy = proxy;
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
    m_table->setItemDelegateForColumn(JobListModel::Progress, new ProgressDelegate(m_table));
    proxy->attachTo(m_table);
    m_listState = new QLabel(this);
    m_listState->setObjectName(QStringLiteral("jobListState"));
    m_listState->setAlignment(Qt::AlignCenter);
    m_listState->setWordWrap(true);

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    m_kubeconfigBar = new KubeconfigBar(left);
    leftLayout->addWidget(m_kubeconfigBar);
    m_kubeconfig = new KubeconfigLoader(this);
    connect(m_kubeconfig, &KubeconfigLoader::loaded, this, &MainWindow::applyContexts);
    connect(m_kubeconfigBar, &KubeconfigBar::reloadRequested, this, &MainWindow::reloadKubeconfig);
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
    m_historyProblem = new HistoryProblemBar(this);
    statusBar()->addPermanentWidget(m_historyProblem);
    statusBar()->addPermanentWidget(m_connection);

    connect(m_sources, &QComboBox::activated, this, [this](int i) {
        // Picking the source already shown keeps it (re-opening would restart the Demo).
        const QString id = m_sources->itemData(i).toString();
        if (id != currentSourceId())
            openSource(id);
    });
    connect(m_scopeBar, &ScopeBar::scopeChanged, this, &MainWindow::applyScope);
    connect(m_scopeBar, &ScopeBar::scopeRefused, this,
            [this](const QString& message) { statusBar()->showMessage(message, 10000); });
    m_scopeBar->setLabelSource([this] { return m_model->labelValues(); });
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
        m_model, m_proxy, m_table,
        [this](const QString& key) {
            m_endWatcher->launched(key); // a job launched here says when it ends
            openJob(key);
        },
        [this](const QString& message) { statusBar()->showMessage(message, 10000); }, this);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateListState);
    connect(m_model, &QAbstractItemModel::modelReset, this, &MainWindow::updateListState);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &MainWindow::updateListState);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateListState);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateListState);
    buildWorkbench();
    updateListState();
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

void MainWindow::setNotifier(DesktopNotifier* notifier) {
    m_endWatcher->setNotifier(notifier);
    connect(notifier, &DesktopNotifier::failed, this,
            [this](const QString& message) { statusBar()->showMessage(message, 15000); });
}

void MainWindow::selectFirstJob() {
    if (!m_firstSelectionPending || m_model->rowCount() == 0)
        return;
    m_firstSelectionPending = false;
    if (!selectedKey().isEmpty() || !m_launched->pending().isEmpty())
        return; // the user (or a launch) chose already
    const QString key = FirstSelection::choose(*m_model, currentSourceId());
    const QModelIndex row = m_proxy->mapFromSource(m_model->index(m_model->rowOf(key), 0));
    if (row.isValid())
        m_table->setCurrentIndex(row); // opens it
    else
        openJob(key); // the filter hides it: shown all the same
}

void MainWindow::openJob(const QString& key) {
    if (m_notifyAction != nullptr)
        m_notifyAction->setChecked(m_endWatcher->isEnabled(key));
    if (key.isEmpty() || !m_host || (m_jobView && m_jobView->key() == key))
        return;
    FirstSelection::remember(currentSourceId(), key);
    const int tab = m_jobView ? m_jobView->tabs()->currentIndex() : 0;
    closeJobView();
    m_jobView = new JobView(m_host->store(), key, m_right);
    m_jobView->restoreSplitterState(
        QSettings().value(QStringLiteral("jobView/scoreboardSplitter")).toByteArray());
    m_jobView->tabs()->setCurrentIndex(tab);
    m_right->addWidget(m_jobView);
    m_right->setCurrentWidget(m_jobView);
    connectJobView(m_jobView);
    // Tab from the job list goes to the scoreboard (then the tabs and the log: JobView).
    QWidget::setTabOrder(m_table, m_jobView->grid());
}

void MainWindow::openJobInWindow(const QString& key) {
    if (!m_host)
        return;
    // One window per job: asking again brings the open one to the front.
    for (const auto& w : std::as_const(m_jobWindows)) {
        auto* open = qobject_cast<JobView*>(w.data());
        if (open != nullptr && open->key() == key) {
            open->showNormal();
            open->raise();
            open->activateWindow();
            return;
        }
    }
    auto* view = new JobView(m_host->store(), key, this);
    view->setWindowFlag(Qt::Window);
    view->setAttribute(Qt::WA_DeleteOnClose);
    view->setWindowTitle(tr("%1 — Tessera").arg(key.section(QLatin1Char('/'), -1)));
    view->resize(1100, 760);
    connectJobView(view);
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

void MainWindow::applyScope(const store::JobScope& scope) {
    if (m_host && m_host->store())
        QMetaObject::invokeMethod(m_host->store(), [s = QPointer(m_host->store()), scope] {
            if (s)
                s->setScope(scope);
        });
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

} // namespace tessera::ui
