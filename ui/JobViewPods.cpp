// The job view's Pods tab and what leads to it: the Spread tab's node and zone rows, the grid's
// selection and the failure patterns narrow the pods; a pod's row leads back to its index.
#include "FailurePatternsView.h"
#include "FailuresPanel.h"
#include "IndexGridWidget.h"
#include "JobView.h"
#include "PodsPanel.h"
#include "TableRowsModel.h"

#include <QMenu>
#include <QTabWidget>
#include <QTableView>
#include <algorithm>

namespace tessera::ui {

namespace {
// Where the tabs are (JobView.cpp's order).
constexpr int kScoreboardTab = 0;
// Above this many pods the tab refreshes at most once a second (each refresh filters them all).
constexpr size_t kPodsRefreshedAtOnce = 20000;
} // namespace

QWidget* JobView::buildPodsTab() {
    m_pods = new PodsPanel(this);
    connect(m_pods, &PodsPanel::indexActivated, this, [this](int index) {
        showIndex(index);
        m_tabs->setCurrentIndex(kScoreboardTab);
    });
    connect(m_pods, &PodsPanel::contextMenuRequested, this,
            [this](const QPoint& at) { popup(podsMenu(), at); });
    m_podsLater.setSingleShot(true);
    connect(&m_podsLater, &QTimer::timeout, this, [this] { refreshTab(m_tabs->currentIndex()); });
    return m_pods;
}

bool JobView::refreshPods() {
    if (m_snapshot->attempts.size() > kPodsRefreshedAtOnce && m_podsAge.isValid() &&
        m_podsAge.elapsed() < 1000) {
        if (!m_podsLater.isActive())
            m_podsLater.start(static_cast<int>(1000 - m_podsAge.elapsed()));
        return false;
    }
    releaseOnStoreThread(m_pods->setSnapshot(m_snapshot));
    m_podsAge.start();
    return true;
}

void JobView::connectWorkbench() {
    // Spread: a node's or a zone's row shows its pods.
    const auto throughToPods = [this](const QString& tableName, auto show) {
        auto* table = findChild<QTableView*>(tableName);
        if (!table)
            return;
        connect(table, &QTableView::activated, this, [this, table, show](const QModelIndex& i) {
            (this->*show)(
                table->model()->index(i.row(), 0).data(TableRowsModel::SortRole).toString());
        });
        table->setToolTip(tr("Double-click a row to see its pods."));
    };
    throughToPods(QStringLiteral("nodesTable"), &JobView::showPodsOfNode);
    throughToPods(QStringLiteral("zonesTable"), &JobView::showPodsOfZone);

    // The grid's selection narrows the pods (no selection: every index).
    connect(m_grid, &IndexGridWidget::selectionChanged, this,
            [this] { m_pods->showIndexes(m_grid->selection()); });

    // Failure patterns: a group's pods, its indexes on the grid, a re-run of them.
    FailurePatternsView* patterns = m_failures->patternsView();
    connect(patterns, &FailurePatternsView::podsRequested, this, &JobView::showPods);
    connect(patterns, &FailurePatternsView::indexesRequested, this, &JobView::selectIndexes);
    connect(patterns, &FailurePatternsView::rerunRequested, this,
            [this](const engine::IndexSet& indexes) {
                emit rerunRequested(m_key, QString::fromStdString(indexes.toString()));
            });

    // Context menus on the grid, the failures table and the attempts table.
    m_grid->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_grid, &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
        const int index = m_grid->indexAt(pos);
        if (index < 0)
            return;
        // Inside the selection: the selection; elsewhere that index alone.
        engine::IndexSet indexes = m_grid->selection();
        if (!indexes.contains(index)) {
            indexes = engine::IndexSet::range(index, index);
            m_grid->setCurrentIndex(index);
        }
        popup(indexesMenu(indexes), m_grid->mapToGlobal(pos));
    });
    if (auto* failures = m_failures->findChild<QTableView*>(QStringLiteral("failuresTable"))) {
        failures->setSelectionMode(QAbstractItemView::ExtendedSelection);
        failures->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(failures, &QWidget::customContextMenuRequested, this,
                [this, failures](const QPoint& pos) {
                    std::vector<int32_t> chosen;
                    for (const QModelIndex& row : failures->selectionModel()->selectedRows())
                        chosen.push_back(row.data(TableRowsModel::SortRole).toInt());
                    std::sort(chosen.begin(), chosen.end());
                    if (!chosen.empty())
                        popup(indexesMenu(engine::IndexSet::fromSortedIndexes(chosen)),
                              failures->viewport()->mapToGlobal(pos));
                });
    }
    if (auto* attempts = findChild<QTableView*>(QStringLiteral("attemptsTable"))) {
        attempts->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(attempts, &QWidget::customContextMenuRequested, this,
                [this, attempts](const QPoint& pos) {
                    popup(attemptsMenu(), attempts->viewport()->mapToGlobal(pos));
                });
    }
}

void JobView::showPodsOfNode(const QString& node) {
    m_pods->clearFilters();
    m_pods->showNode(node);
    m_tabs->setCurrentWidget(m_pods);
}

void JobView::showPodsOfZone(const QString& zone) {
    m_pods->clearFilters();
    m_pods->showZone(zone);
    m_tabs->setCurrentWidget(m_pods);
}

void JobView::showPodsOfIndexes(const engine::IndexSet& indexes) {
    m_pods->clearFilters();
    m_pods->showIndexes(indexes);
    m_tabs->setCurrentWidget(m_pods);
}

void JobView::showPods(const QSet<QString>& pods, const QString& label) {
    m_pods->clearFilters();
    m_pods->showPods(pods, label);
    m_tabs->setCurrentWidget(m_pods);
}

void JobView::selectIndexes(const engine::IndexSet& indexes) {
    m_tabs->setCurrentIndex(kScoreboardTab);
    m_grid->setSelection(indexes);
    if (!indexes.empty())
        m_grid->setCurrentIndex(indexes.front());
}

} // namespace tessera::ui
