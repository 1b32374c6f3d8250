#include "TableViews.h"

#include "TableRowsModel.h"

#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QTableView>

namespace tessera::ui {

QTableView* makeSortableTable(TableRowsModel* model, QWidget* parent, const QString& objectName) {
    auto* proxy = new QSortFilterProxyModel(parent);
    proxy->setSourceModel(model);
    proxy->setSortRole(TableRowsModel::SortRole);
    auto* view = new QTableView(parent);
    view->setObjectName(objectName);
    view->setModel(proxy);
    view->setSortingEnabled(true);
    view->sortByColumn(-1, Qt::AscendingOrder);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setAlternatingRowColors(true);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setStretchLastSection(true);
    view->setWordWrap(false);
    return view;
}

} // namespace tessera::ui
