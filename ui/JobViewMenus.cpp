// The job view's context menus: on indexes (the grid's cells and selection, the failures table),
// on pods (the Pods tab) and on an attempt (the details panel). Logs, YAML, describe, copy,
// delete pods, re-run, suspend/resume and parallelism, through the job view's own paths, the
// store (JobActions) and, for YAML, describe and re-runs, the main window (signals).
#include "IndexGridWidget.h"
#include "JobActions.h"
#include "JobView.h"
#include "LogViewWidget.h"
#include "PodsModel.h"
#include "PodsPanel.h"
#include "TableRowsModel.h"

#include <QMenu>
#include <QMetaMethod>
#include <QTabWidget>
#include <QTableView>
#include <algorithm>

namespace tessera::ui {

using store::IndexAttempt;

namespace {

QAction* addEntry(QMenu* menu, const QString& text, const char* name, bool enabled) {
    QAction* action = menu->addAction(text);
    action->setObjectName(QLatin1String(name));
    action->setEnabled(enabled);
    return action;
}

engine::IndexSet indexesOf(const std::vector<IndexAttempt>& pods) {
    std::vector<int32_t> indexes;
    for (const IndexAttempt& a : pods)
        if (a.index >= 0)
            indexes.push_back(a.index);
    std::sort(indexes.begin(), indexes.end());
    return engine::IndexSet::fromSortedIndexes(indexes);
}

} // namespace

void JobView::popup(QMenu* menu, const QPoint& globalPos) {
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(globalPos); // not exec(): no nested event loop
}

void JobView::addPodEntries(QMenu* menu, const std::vector<IndexAttempt>& pods) {
    const bool one = pods.size() == 1;
    const IndexAttempt* pod = one ? &pods.front() : nullptr;
    connect(addEntry(menu, tr("Open log"), "podLogAction", one && pod->index >= 0),
            &QAction::triggered, this,
            [this, index = one ? pod->index : -1, attempt = one ? pod->attempt : 0] {
                showIndex(index);
                m_tabs->setCurrentIndex(0);
                m_log->showAttempt(index, attempt);
            });
    // YAML and describe come from the main window: offered once it connects them.
    const bool yaml = isSignalConnected(QMetaMethod::fromSignal(&JobView::yamlRequested));
    const bool describe = isSignalConnected(QMetaMethod::fromSignal(&JobView::describeRequested));
    const QString name = one ? pod->pod : QString();
    connect(addEntry(menu, tr("Describe pod"), "podDescribeAction", one && describe),
            &QAction::triggered, this, [this, name] { emit describeRequested(m_key, name); });
    connect(addEntry(menu, tr("YAML of the pod"), "podYamlAction", one && yaml),
            &QAction::triggered, this, [this, name] { emit yamlRequested(m_key, name); });
    QStringList names;
    QStringList live;
    for (const IndexAttempt& a : pods) {
        names.append(a.pod);
        if (a.live)
            live.append(a.pod);
    }
    connect(addEntry(menu, pods.size() > 1 ? tr("Copy pod names") : tr("Copy pod name"),
                     "podCopyNameAction", !pods.empty()),
            &QAction::triggered, this,
            [names] { JobActions::copy(names.join(QLatin1Char('\n'))); });
    QAction* remove =
        addEntry(menu,
                 live.size() > 1 ? tr("Delete %n pods…", nullptr, static_cast<int>(live.size()))
                                 : tr("Delete pod…"),
                 "podDeleteAction", !live.isEmpty());
    if (live.isEmpty() && !pods.empty())
        remove->setToolTip(tr("These pods are gone (known from the history only)."));
    connect(remove, &QAction::triggered, this,
            [this, live] { JobActions::deletePods(this, m_store, m_key, live); });
}

void JobView::addIndexEntries(QMenu* menu, const engine::IndexSet& indexes) {
    const QString text = QString::fromStdString(indexes.toString());
    connect(addEntry(menu, tr("Copy index string"), "copyIndexesAction", !indexes.empty()),
            &QAction::triggered, this, [text] { JobActions::copy(text); });
    connect(addEntry(menu, tr("Re-run these indexes…"), "rerunIndexesAction", !indexes.empty()),
            &QAction::triggered, this, [this, text] { emit rerunRequested(m_key, text); });
}

QMenu* JobView::indexesMenu(const engine::IndexSet& indexes) {
    auto* menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("indexesMenu"));
    menu->addSection(indexes.count() == 1
                         ? tr("Index %1").arg(indexes.front())
                         : tr("%n indexes", nullptr, static_cast<int>(indexes.count())));
    connect(addEntry(menu, tr("Show pods"), "showPodsAction", !indexes.empty()),
            &QAction::triggered, this, [this, indexes] { showPodsOfIndexes(indexes); });
    // The pods: of one index, its newest attempt (what its cell shows); of several, every live
    // pod (for a delete).
    std::vector<IndexAttempt> pods;
    if (m_snapshot && indexes.count() == 1) {
        const auto attempts = m_snapshot->attemptsOf(indexes.front());
        if (!attempts.empty())
            pods.push_back(attempts.back());
    } else if (m_snapshot) {
        for (const IndexAttempt& a : m_snapshot->attempts)
            if (a.live && indexes.contains(a.index))
                pods.push_back(a);
    }
    addPodEntries(menu, pods);
    menu->addSeparator();
    addIndexEntries(menu, indexes);
    // The job itself.
    menu->addSeparator();
    const bool known = m_snapshot != nullptr;
    const bool suspended = known && m_snapshot->summary.suspended;
    connect(addEntry(menu, suspended ? tr("Resume job") : tr("Suspend job"), "suspendJobAction",
                     known && !engine::isFinished(m_snapshot->summary.status)),
            &QAction::triggered, this, &JobView::toggleSuspended);
    connect(addEntry(menu, tr("Set parallelism…"), "parallelismJobAction", known),
            &QAction::triggered, this, [this] {
                JobActions::askParallelism(this, m_store, m_key,
                                           m_snapshot ? m_snapshot->summary.parallelism : 0);
            });
    return menu;
}

QMenu* JobView::podsMenu() {
    auto* menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("podsMenu"));
    std::vector<IndexAttempt> pods;
    for (int row : m_pods->selectedRows())
        pods.push_back(m_pods->podsModel()->attemptAt(row));
    addPodEntries(menu, pods);
    const engine::IndexSet indexes = indexesOf(pods);
    connect(addEntry(menu, tr("Select on the grid"), "podsSelectAction", !indexes.empty()),
            &QAction::triggered, this, [this, indexes] { selectIndexes(indexes); });
    menu->addSeparator();
    addIndexEntries(menu, indexes);
    return menu;
}

QMenu* JobView::attemptsMenu() {
    auto* menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("attemptsMenu"));
    std::vector<IndexAttempt> pods;
    auto* table = findChild<QTableView*>(QStringLiteral("attemptsTable"));
    const QModelIndex current = table ? table->currentIndex() : QModelIndex();
    if (m_snapshot && current.isValid() && m_detailsIndex >= 0) {
        const int attempt =
            table->model()->index(current.row(), 0).data(TableRowsModel::SortRole).toInt();
        for (const IndexAttempt& a : m_snapshot->attemptsOf(m_detailsIndex))
            if (a.attempt + 1 == attempt)
                pods.push_back(a);
        if (pods.size() > 1)
            pods.erase(pods.begin(), pods.end() - 1); // the newest pod of that attempt number
    }
    addPodEntries(menu, pods);
    menu->addSeparator();
    addIndexEntries(menu, indexesOf(pods));
    return menu;
}

} // namespace tessera::ui
