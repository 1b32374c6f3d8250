#include "JobListMenu.h"

#include "JobActions.h"
#include "JobListModel.h"

#include <QAbstractProxyModel>
#include <QItemSelectionModel>
#include <QMenu>
#include <QMetaMethod>
#include <QTableView>
#include <algorithm>

namespace tessera::ui {

JobListMenu::JobListMenu(QTableView* table, StoreGetter store, QWidget* window)
    : QObject(table)
    , m_table(table)
    , m_store(std::move(store))
    , m_window(window) {
    table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(table, &QTableView::customContextMenuRequested, this, [this](const QPoint& pos) {
        // A right click outside the selection selects that row first, as file managers do.
        const QModelIndex at = m_table->indexAt(pos);
        if (at.isValid() && !m_table->selectionModel()->isRowSelected(at.row(), {}))
            m_table->selectionModel()->setCurrentIndex(at, QItemSelectionModel::ClearAndSelect |
                                                               QItemSelectionModel::Rows);
        QMenu* menu = buildMenu();
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(m_table->viewport()->mapToGlobal(pos));
    });
}

QStringList JobListMenu::selectedKeys() const {
    QModelIndexList rows = m_table->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(),
              [](const QModelIndex& a, const QModelIndex& b) { return a.row() < b.row(); });
    QStringList keys;
    for (const QModelIndex& row : rows)
        if (const QString key = row.data(JobListModel::KeyRole).toString(); !key.isEmpty())
            keys.append(key); // a CronJob with no runs yet opens no Job
    return keys;
}

QMenu* JobListMenu::buildMenu() {
    auto* menu = new QMenu(m_table);
    menu->setObjectName(QStringLiteral("jobListMenu"));
    const QStringList keys = selectedKeys();
    const bool one = keys.size() == 1;
    const QString key = keys.value(0);
    const auto add = [&](const QString& text, const char* name, bool enabled, auto slot) {
        QAction* action = menu->addAction(text, this, slot);
        action->setObjectName(QLatin1String(name));
        action->setEnabled(enabled);
        return action;
    };
    add(tr("Open"), "jobOpenAction", one, [this, key] { emit openRequested(key); });
    add(tr("Open in a new window"), "jobOpenWindowAction", one,
        [this, key] { emit openInWindowRequested(key); });
    add(tr("Logs"), "jobLogsAction", one, [this, key] { emit logsRequested(key); });
    // Offered once the main window shows YAML (a connected signal).
    add(tr("YAML"), "jobYamlAction",
        one && isSignalConnected(QMetaMethod::fromSignal(&JobListMenu::yamlRequested)),
        [this, key] { emit yamlRequested(key, QString()); });
    QStringList names;
    for (const QString& k : keys)
        names.append(k.section(QLatin1Char('/'), -1));
    add(keys.size() > 1 ? tr("Copy names") : tr("Copy name"), "jobCopyNameAction", !keys.isEmpty(),
        [names] { JobActions::copy(names.join(QLatin1Char('\n'))); });
    menu->addSeparator();
    const auto onJobs = [this, keys](JobActions::JobAction action) {
        return [this, keys, action] {
            JobActions::onJobs(m_window, m_store(), keys, action);
        };
    };
    const int n = static_cast<int>(keys.size());
    add(n > 1 ? tr("Suspend %n jobs", nullptr, n) : tr("Suspend"), "jobSuspendAction", n > 0,
        onJobs(JobActions::JobAction::Suspend));
    add(n > 1 ? tr("Resume %n jobs", nullptr, n) : tr("Resume"), "jobResumeAction", n > 0,
        onJobs(JobActions::JobAction::Resume));
    int parallelism = 0;
    if (one) {
        auto* proxy = qobject_cast<QAbstractProxyModel*>(m_table->model());
        auto* model = proxy ? qobject_cast<JobListModel*>(proxy->sourceModel()) : nullptr;
        if (model && model->rowOf(key) >= 0)
            parallelism = model->job(model->rowOf(key)).parallelism;
    }
    add(tr("Set parallelism…"), "jobParallelismAction", one, [this, key, parallelism] {
        JobActions::askParallelism(m_window, m_store(), key, parallelism);
    });
    add(tr("Re-run failed indexes…"), "jobRerunAction", one,
        [this, key] { emit rerunFailedRequested(key); });
    menu->addSeparator();
    add(n > 1 ? tr("Delete %n jobs…", nullptr, n) : tr("Delete…"), "jobDeleteAction", n > 0,
        onJobs(JobActions::JobAction::Delete));
    return menu;
}

} // namespace tessera::ui
