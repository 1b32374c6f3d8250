#include "JobView.h"

#include "ChartsWidget.h"
#include "FailuresPanel.h"
#include "Format.h"
#include "GridLegendWidget.h"
#include "IndexDetails.h"
#include "IndexGridWidget.h"
#include "LogViewWidget.h"
#include "StatePalette.h"
#include "StragglersPanel.h"
#include "TableColumns.h"
#include "TableRowsModel.h"
#include "TableViews.h"
#include "TimelineWidget.h"
#include "store/RunTimeline.h"

#include <QApplication>
#include <QClipboard>
#include <QDataStream>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QShortcut>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace tessera::ui {

using engine::IndexState;
using store::IndexAttempt;
using store::JobSnapshot;

namespace {

// In the order of the tabs (the Stragglers tab refreshes with every snapshot, not here).
enum Tab {
    ScoreboardTab,
    FailuresTab,
    SpreadTab,
    ChartsTab,
    TimelineTab,
    StragglersTab,
    PodsTab,
    TabCount
};

QDateTime attemptStart(const IndexAttempt& a) {
    return a.started.isValid() ? a.started : a.created;
}

} // namespace

JobView::JobView(store::JobStore* store, QString key, QWidget* parent)
    : QWidget(parent)
    , m_store(store)
    , m_key(std::move(key))
    , m_nodesModel(new TableRowsModel({tr("Node"), tr("Pods"), tr("Share")}, this))
    , m_zonesModel(new TableRowsModel({tr("Zone"), tr("Pods"), tr("Share")}, this)) {
    setObjectName(QStringLiteral("jobView"));
    m_attemptsModel =
        new TableRowsModel({tr("Attempt"), tr("Pod"), tr("Node"), tr("Phase"), tr("Start"),
                            tr("End"), tr("Duration"), tr("Exit code"), tr("Reason")},
                           this);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("jobTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(buildScoreboardTab(), tr("&Scoreboard"));
    m_failures = new FailuresPanel(this);
    connect(m_failures, &FailuresPanel::indexActivated, this, [this](int index) {
        showIndex(index);
        m_tabs->setCurrentIndex(ScoreboardTab);
    });
    m_tabs->addTab(m_failures, tr("F&ailures && events"));
    m_tabs->addTab(buildSpreadTab(), tr("Sprea&d"));
    m_charts = new ChartsWidget(this);
    m_tabs->addTab(m_charts, tr("&Charts"));
    m_timeline = new TimelineWidget(this);
    m_tabs->addTab(m_timeline, tr("&Timeline"));
    m_stragglers = new StragglersPanel(this);
    connect(m_stragglers, &StragglersPanel::indexActivated, this, [this](int index) {
        showIndex(index);
        m_tabs->setCurrentIndex(ScoreboardTab);
    });
    m_tabs->addTab(m_stragglers, tr("Stra&gglers"));
    // No Alt letter: P, o, d and s are all taken in the window.
    m_tabs->addTab(buildPodsTab(), tr("Pods", "tab"));
    m_tabStale.assign(TabCount, true);
    connectWorkbench();

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildHeader());
    layout->addWidget(m_tabs, 1);

    connect(m_tabs, &QTabWidget::currentChanged, this, &JobView::refreshTab);
    // Keyboard: Tab goes from the grid to the tabs, then to the log's index box.
    QWidget::setTabOrder(m_grid, m_tabs->tabBar());
    QWidget::setTabOrder(m_tabs->tabBar(), m_log->indexBox());

    m_parallelismDebounce.setSingleShot(true);
    m_parallelismDebounce.setInterval(400);
    connect(&m_parallelismDebounce, &QTimer::timeout, this, &JobView::applyParallelism);
    m_clock.setInterval(1000);
    connect(&m_clock, &QTimer::timeout, this, &JobView::refreshHeader);
    m_clock.start();

    m_grid->setPlaceholderText(tr("Loading the job…"));
    m_grid->setDetailsProvider([this](int index) { return indexDetails(index); });
    connect(m_grid, &IndexGridWidget::indexActivated, this, &JobView::showIndex);

    if (m_store) {
        connect(m_store, &store::JobStore::jobSnapshotChanged, this,
                [this](const store::JobSnapshotPtr& s) {
                    if (s && s->summary.key == m_key)
                        applySnapshot(s);
                });
        connect(m_store, &store::JobStore::jobsChanged, this,
                [this](const store::JobListDiff& diff) {
                    if (diff.removed.contains(m_key) && !m_removed) {
                        m_removed = true;
                        m_grid->setStates(engine::IndexStateMap());
                        m_grid->setPlaceholderText(tr("This job no longer exists."));
                        setActionMessage(tr("The job was deleted."));
                        m_parallelism->setEnabled(false);
                        m_suspend->setEnabled(false);
                        m_delete->setEnabled(false);
                        emit jobRemoved(m_key);
                    }
                });
        connect(m_store, &store::JobStore::actionFailed, this,
                [this](const QString& jobKey, const QString& message) {
                    if (jobKey != m_key)
                        return;
                    m_parallelismSent = -1; // nothing is on its way any more
                    m_suspendSent = -1;
                    setActionMessage(tr("Failed: %1").arg(message));
                });
        connect(m_store, &store::JobStore::logTextArrived, this,
                [this](const QString& jobKey, int index, int attempt, const QString& text,
                       bool finished) {
                    if (jobKey == m_key)
                        m_log->appendText(index, attempt, text, finished);
                });
        connect(m_log, &LogViewWidget::fetchRequested, this,
                [this](int index, int attempt, store::JobStore::LogFetch how) {
                    if (m_store)
                        QMetaObject::invokeMethod(m_store,
                                                  [s = m_store, k = m_key, index, attempt, how] {
                                                      if (s)
                                                          s->fetchLogWith(k, index, attempt, how);
                                                  });
                });
        connect(m_store, &store::JobStore::logCut, this,
                [this](const QString& jobKey, int index, int, qint64 omittedBytes) {
                    if (jobKey == m_key)
                        m_log->noteCut(index, omittedBytes);
                });
        connect(m_log, &LogViewWidget::saveRequested, this,
                [this](int index, int attempt, const QString& path, bool timestamps) {
                    if (m_store)
                        QMetaObject::invokeMethod(
                            m_store, [s = m_store, k = m_key, index, attempt, path, timestamps] {
                                if (s)
                                    s->saveLog(k, index, attempt, path, timestamps);
                            });
                });
        connect(m_store, &store::JobStore::logSaved, this,
                [this](const QString& jobKey, int index, const QString& path, qint64 bytes,
                       const QString& error) {
                    if (jobKey == m_key)
                        m_log->saveFinished(index, path, bytes, error);
                });
        connect(m_log, &LogViewWidget::stopRequested, this, [this](int index) {
            if (m_store)
                QMetaObject::invokeMethod(m_store, [s = m_store, k = m_key, index] {
                    if (s)
                        s->stopLog(k, index);
                });
        });
        QMetaObject::invokeMethod(m_store, [s = m_store, k = m_key] {
            if (s)
                s->watchJob(k);
        });
    }
}

JobView::~JobView() {
    if (m_store)
        QMetaObject::invokeMethod(m_store, [s = m_store, k = m_key] {
            if (s)
                s->unwatchJob(k);
        });
}

QWidget* JobView::buildScoreboardTab() {
    auto* tab = new QWidget(this);
    m_grid = new IndexGridWidget(tab);
    m_legend = new GridLegendWidget(m_grid, tab);

    // The index strings, in full: wrapped plain text, never elided, with copy buttons.
    auto strings = [&](const QString& objectName, QLabel*& label, QPlainTextEdit*& text) {
        auto* box = new QWidget(tab);
        label = new QLabel(box);
        text = new QPlainTextEdit(box);
        text->setObjectName(objectName);
        text->setReadOnly(true);
        text->setMaximumHeight(text->fontMetrics().height() * 4 + 12);
        text->setPlaceholderText(tr("(none)"));
        auto* copy = new QPushButton(tr("Copy"), box);
        copy->setObjectName(objectName + QStringLiteral("Copy"));
        connect(copy, &QPushButton::clicked, this,
                [text] { QApplication::clipboard()->setText(text->toPlainText()); });
        auto* row = new QHBoxLayout;
        row->addWidget(label, 1);
        row->addWidget(copy);
        auto* layout = new QVBoxLayout(box);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->addLayout(row);
        layout->addWidget(text);
        return box;
    };
    auto* indexes = new QHBoxLayout;
    indexes->addWidget(strings(QStringLiteral("completedIndexes"), m_completedLabel, m_completed));
    indexes->addWidget(strings(QStringLiteral("failedIndexes"), m_failedLabel, m_failed));

    auto* left = new QWidget(tab);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_legend);
    leftLayout->addWidget(m_grid, 1);
    leftLayout->addLayout(indexes);

    // The details of the clicked index: its attempts and its log.
    auto* details = new QWidget(tab);
    details->setObjectName(QStringLiteral("indexDetails"));
    m_detailsTitle = new QLabel(tr("Click an index to see its attempts and log."), details);
    m_detailsTitle->setObjectName(QStringLiteral("indexDetailsTitle"));
    m_detailsTitle->setWordWrap(true);
    auto* attempts = makeSortableTable(m_attemptsModel, details, QStringLiteral("attemptsTable"));
    // Each column as wide as its content (pod names whole), the reason taking what is left.
    fitColumnsStretching(attempts, m_attemptsModel->columnCount() - 1);
    m_log = new LogViewWidget(details);
    // Clicking (or moving to) an attempt's row shows that attempt's log.
    connect(
        attempts->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this, attempts](const QModelIndex& current) {
            if (!current.isValid() || m_detailsIndex < 0)
                return;
            const int attempt =
                attempts->model()->index(current.row(), 0).data(TableRowsModel::SortRole).toInt();
            if (attempt - 1 != m_log->attempt() || m_log->index() != m_detailsIndex)
                m_log->showAttempt(m_detailsIndex, attempt - 1);
        });
    m_detailsSplitter = new QSplitter(Qt::Vertical, details);
    m_detailsSplitter->setObjectName(QStringLiteral("detailsSplitter"));
    m_detailsSplitter->addWidget(attempts);
    m_detailsSplitter->addWidget(m_log);
    // The log gets the height: the attempts table starts at about four rows (most indexes have
    // one or two attempts), and a taller window grows the log only.
    m_detailsSplitter->setStretchFactor(0, 0);
    m_detailsSplitter->setStretchFactor(1, 1);
    const int attemptsHeight = attempts->horizontalHeader()->sizeHint().height() +
                               attempts->verticalHeader()->defaultSectionSize() * 4 + 4;
    m_detailsSplitter->setSizes({attemptsHeight, attemptsHeight * 4});
    auto* detailsLayout = new QVBoxLayout(details);
    detailsLayout->setContentsMargins(0, 0, 0, 0);
    detailsLayout->addWidget(m_detailsTitle);
    detailsLayout->addWidget(m_detailsSplitter, 1);

    m_scoreSplitter = new QSplitter(Qt::Horizontal, tab);
    m_scoreSplitter->setObjectName(QStringLiteral("scoreboardSplitter"));
    m_scoreSplitter->addWidget(left);
    m_scoreSplitter->addWidget(details);
    m_scoreSplitter->setStretchFactor(0, 3);
    m_scoreSplitter->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(tab);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(m_scoreSplitter);
    return tab;
}

QWidget* JobView::buildSpreadTab() {
    auto* tab = new QWidget(this);
    auto* layout = new QHBoxLayout(tab);
    // The name takes the width, its pod count and share right beside it (not across the table).
    auto* nodes = new QGroupBox(tr("Active pods by node"), tab);
    auto* nodesTable = makeSortableTable(m_nodesModel, nodes, QStringLiteral("nodesTable"));
    fitColumnsStretching(nodesTable, 0);
    (new QVBoxLayout(nodes))->addWidget(nodesTable);
    auto* zones = new QGroupBox(tr("Active pods by zone (topology.kubernetes.io/zone)"), tab);
    auto* zonesTable = makeSortableTable(m_zonesModel, zones, QStringLiteral("zonesTable"));
    fitColumnsStretching(zonesTable, 0);
    (new QVBoxLayout(zones))->addWidget(zonesTable);
    layout->addWidget(nodes, 3);
    layout->addWidget(zones, 2);
    return tab;
}

void JobView::applySnapshot(const store::JobSnapshotPtr& snapshot) {
    const bool first = !m_snapshot;
    const JobSnapshot& s = *snapshot;
    const bool resized = first || m_snapshot->states.size() != s.states.size();
    releaseOnStoreThread(std::exchange(m_snapshot, snapshot));
    m_removed = false;

    m_grid->setJobIdentity(s.podJobName(), s.subdomain, s.originalIndexes);
    if (resized) {
        m_grid->setStates(s.states);
        m_grid->setPlaceholderText(s.summary.indexed ? tr("This job has no indexes.")
                                                     : tr("A NonIndexed job has no per-index "
                                                          "scoreboard; see its pods and events."));
    } else {
        m_grid->updateStates(s.states, s.dirtyFirst, s.dirtyLast);
    }
    m_log->setIndexRange(s.states.size());

    // The spin box follows the job unless the user's own change is still on its way. Once the
    // job shows every change asked for, "Setting parallelism to 300…" and "Suspending…" go.
    const bool waiting = m_parallelismSent >= 0 || m_suspendSent >= 0;
    if (m_parallelismSent >= 0 && s.summary.parallelism == m_parallelismSent)
        m_parallelismSent = -1;
    if (m_suspendSent >= 0 && s.summary.suspended == (m_suspendSent == 1))
        m_suspendSent = -1;
    if (waiting && m_parallelismSent < 0 && m_suspendSent < 0)
        setActionMessage({});
    if (m_parallelismSent < 0 && !m_parallelismDebounce.isActive() && !m_parallelism->hasFocus()) {
        const QSignalBlocker block(m_parallelism);
        m_parallelism->setValue(s.summary.parallelism);
    }
    m_parallelism->setEnabled(true);
    // A finished Job is neither suspended nor resumed, whatever its spec.suspend says.
    m_suspend->setEnabled(!engine::isFinished(s.summary.status));
    m_delete->setEnabled(true);
    m_suspend->setText(s.summary.status == engine::JobState::Suspended ? tr("Resume")
                                                                       : tr("Suspend"));

    refreshHeader();
    refreshIndexStrings();
    if (m_detailsIndex >= 0)
        refreshDetails();
    std::fill(m_tabStale.begin(), m_tabStale.end(), true);
    refreshTab(m_tabs->currentIndex());
}

void JobView::refreshIndexStrings() {
    // Label and text from one snapshot: the failed box lists exactly the indexes the grid shows
    // as failed (status.failedIndexes when the job has it; otherwise the indexes that failed
    // with the job, e.g. after BackoffLimitExceeded).
    const JobSnapshot& s = *m_snapshot;
    const QLocale locale;
    // Indexes per state from the snapshot's runs (what store::countIndexes reports for them),
    // without a pass over the attempts.
    const engine::IndexStateMap::Counts counts = s.states.counts();
    const auto count = [&](IndexState state) {
        return locale.toString(static_cast<qlonglong>(counts[static_cast<size_t>(state)]));
    };
    m_completedLabel->setText(tr("Completed indexes (%1)").arg(count(IndexState::Succeeded)));
    m_failedLabel->setText(tr("Failed indexes (%1)").arg(count(IndexState::FailedTerminal)));
    const QString failed = s.failedIndexes.isEmpty()
                               ? store::indexesInState(s, IndexState::FailedTerminal)
                               : s.failedIndexes;
    m_failed->setToolTip(s.failedIndexes.isEmpty() && !failed.isEmpty()
                             ? tr("The job's status.failedIndexes is not set (no "
                                  "backoffLimitPerIndex); these indexes failed with the job.")
                             : QString());
    const QString completed = s.completedIndexes.isEmpty()
                                  ? store::indexesInState(s, IndexState::Succeeded)
                                  : s.completedIndexes;
    if (m_completed->toPlainText() != completed)
        m_completed->setPlainText(completed);
    if (m_failed->toPlainText() != failed)
        m_failed->setPlainText(failed);
}

void JobView::releaseOnStoreThread(store::JobSnapshotPtr snapshot) {
    if (!snapshot || !m_store || m_store->thread() == thread())
        return; // released here (the store shares this thread: tests, previews)
    // Reset inside the call: the functor itself may be destroyed by either thread (whichever
    // drops its last reference to the queued call), the call runs in the store's.
    QMetaObject::invokeMethod(m_store, [held = std::move(snapshot)]() mutable { held.reset(); });
}

QString JobView::indexDetails(int index) const {
    if (!m_snapshot)
        return {};
    return IndexDetails::html(*m_snapshot, index, m_grid->stateAt(index));
}

void JobView::showIndex(int index) {
    m_detailsIndex = index;
    m_grid->setCurrentIndex(index);
    refreshDetails();
    m_log->showIndex(index);
}

void JobView::refreshDetails() {
    if (!m_snapshot || m_detailsIndex < 0)
        return;
    const JobSnapshot& s = *m_snapshot;
    const int index = m_detailsIndex;
    m_detailsTitle->setText(
        tr("<b>%1</b> &mdash; %2 &mdash; hostname %3")
            .arg(IndexDetails::indexName(index, s.originalIndexOf(index)).toHtmlEscaped(),
                 StatePalette::name(m_grid->stateAt(index)), s.hostname(index).toHtmlEscaped()));
    const auto attempts = s.attemptsOf(index);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    std::vector<TableRowsModel::Row> rows;
    for (const IndexAttempt& a : attempts) {
        const QDateTime start = attemptStart(a);
        const bool running = engine::isUnderWay(a.outcome);
        const qint64 seconds = !start.isValid()       ? -1
                               : a.finished.isValid() ? start.secsTo(a.finished)
                               : running              ? start.secsTo(now)
                                                      : -1;
        const QString end = a.finished.isValid() ? Format::time(a.finished)
                            : running            ? tr("running")
                                                 : tr("not recorded");
        rows.push_back(
            {{a.attempt + 1},
             {a.pod, {}, a.live ? QString() : tr("Recorded in the history; the pod is gone")},
             {a.node},
             {Format::outcome(a.outcome)},
             {start, Format::time(start)},
             {a.finished, end},
             {seconds, Format::orDash(seconds < 0 ? QString() : Format::duration(seconds))},
             {a.exitCode, Format::orDash(Format::exitCode(a.exitCode, a.signal))},
             {a.reason, {}, a.message}});
    }
    m_attemptsModel->setRows(std::move(rows));
    m_log->setAttemptCount(static_cast<int>(attempts.size()));
}

void JobView::refreshTab(int tab) {
    if (!m_snapshot || tab < 0 || tab >= TabCount || !m_tabStale[static_cast<size_t>(tab)])
        return;
    switch (tab) {
    case FailuresTab:
        refreshFailures();
        break;
    case SpreadTab:
        refreshSpread();
        break;
    case ChartsTab:
        // Charts rebuild at most once a second; a later snapshot marks them stale again.
        if (m_chartsAge.isValid() && m_chartsAge.elapsed() < 1000)
            return;
        m_charts->setSnapshot(m_snapshot);
        m_chartsAge.start();
        break;
    case TimelineTab:
        m_timeline->setSnapshot(m_snapshot);
        break;
    case PodsTab:
        if (!refreshPods())
            return; // too soon for a big job: m_podsLater comes back
        break;
    default:
        break;
    }
    m_tabStale[static_cast<size_t>(tab)] = false;
}

void JobView::refreshFailures() {
    m_failures->setSnapshot(*m_snapshot);
}

void JobView::refreshSpread() {
    const JobSnapshot& s = *m_snapshot;
    auto fill = [](TableRowsModel* model, const std::map<QString, int>& counts,
                   const QString& unknown) {
        int total = 0;
        for (const auto& [name, n] : counts)
            total += n;
        std::vector<TableRowsModel::Row> rows;
        for (const auto& [name, n] : counts) {
            const double share = total > 0 ? 100.0 * n / total : 0;
            rows.push_back({{name, name.isEmpty() ? unknown : name},
                            {n},
                            {share, QStringLiteral("%1 %").arg(share, 0, 'f', 1)}});
        }
        model->setRows(std::move(rows));
    };
    fill(m_nodesModel, s.podsByNode, tr("(not scheduled)"));
    fill(m_zonesModel, s.podsByZone, tr("(no zone label)"));
}

void JobView::showLogs() {
    m_tabs->setCurrentIndex(ScoreboardTab);
    if (m_detailsIndex < 0 && m_grid->currentIndex() >= 0)
        showIndex(m_grid->currentIndex());
    m_log->focusIndex();
}

TableRowsModel* JobView::failuresModel() const {
    return m_failures->failuresModel();
}

namespace {
// Leads the saved state of both splitters; a state without it is an older version's (the
// scoreboard splitter's alone).
constexpr quint32 kSplittersMagic = 0x54535032; // "TSP2"
} // namespace

QByteArray JobView::saveSplitterState() const {
    QByteArray state;
    QDataStream out(&state, QIODevice::WriteOnly);
    out << kSplittersMagic << m_scoreSplitter->saveState() << m_detailsSplitter->saveState();
    return state;
}

void JobView::restoreSplitterState(const QByteArray& state) {
    QDataStream in(state);
    quint32 magic = 0;
    in >> magic;
    if (magic != kSplittersMagic) {
        m_splittersPlaced = m_scoreSplitter->restoreState(state);
        return;
    }
    QByteArray score, details;
    in >> score >> details;
    m_splittersPlaced = m_scoreSplitter->restoreState(score);
    m_detailsSplitter->restoreState(details);
}

void JobView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_splittersPlaced)
        return;
    m_splittersPlaced = true;
    const int width = std::max(m_scoreSplitter->width(), this->width());
    m_scoreSplitter->setSizes({width - width * 2 / 5, width * 2 / 5});
}

} // namespace tessera::ui
