#include "MainWindow.h"

#include "HistoryProblemBar.h"
#include "IndexGridWidget.h"
#include "JobListModel.h"
#include "JobView.h"
#include "ProgressDelegate.h"
#include "RunningRunsPrompt.h"
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
    m_historyProblem = new HistoryProblemBar(this);
    statusBar()->addPermanentWidget(m_historyProblem);
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
    connectJobView(m_jobView);
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

} // namespace tessera::ui
