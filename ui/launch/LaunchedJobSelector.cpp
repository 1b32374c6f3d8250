#include "LaunchedJobSelector.h"

#include "ui/JobListModel.h"

#include <QSortFilterProxyModel>
#include <QTableView>

namespace tessera::ui::launch {

LaunchedJobSelector::LaunchedJobSelector(JobListModel* model, QSortFilterProxyModel* proxy,
                                         QTableView* table, Open open, Notify notify,
                                         QObject* parent)
    : QObject(parent)
    , m_model(model)
    , m_proxy(proxy)
    , m_table(table)
    , m_open(std::move(open))
    , m_notify(std::move(notify)) {
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &LaunchedJobSelector::trySelect);
    connect(m_model, &QAbstractItemModel::modelReset, this, &LaunchedJobSelector::trySelect);
}

void LaunchedJobSelector::select(const QString& key) {
    m_pending = key;
    m_suffix = false;
    trySelect();
}

void LaunchedJobSelector::selectClusterJob(const QString& namespace_, const QString& name) {
    m_pending = QLatin1Char('/') + namespace_ + QLatin1Char('/') + name;
    m_suffix = true;
    trySelect();
}

void LaunchedJobSelector::trySelect() {
    if (m_pending.isEmpty())
        return;
    int row = -1;
    if (!m_suffix) {
        row = m_model->rowOf(m_pending);
    } else {
        for (int r = 0; r < m_model->rowCount() && row < 0; ++r)
            if (m_model->job(r).key.endsWith(m_pending))
                row = r;
    }
    if (row < 0)
        return;
    const QString key = m_model->job(row).key;
    m_pending.clear();
    const QModelIndex shown = m_proxy->mapFromSource(m_model->index(row, 0));
    if (shown.isValid()) {
        m_table->setCurrentIndex(shown); // opens it, as a click does
        m_table->scrollTo(shown);
    } else {
        m_notify(tr("%1 is shown, but the job filter hides it in the list.")
                     .arg(m_model->job(row).name));
    }
    m_open(key); // the job view, also when the filter hides its row
}

} // namespace tessera::ui::launch
