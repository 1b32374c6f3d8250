#pragma once
// The sortable, row-selecting table view every panel of the job view uses over a TableRowsModel.
#include <QString>

class QTableView;
class QWidget;

namespace tessera::ui {

class TableRowsModel;

// A QTableView over `model` through a sort proxy (TableRowsModel::SortRole), rows selected
// whole, the last column stretched.
QTableView* makeSortableTable(TableRowsModel* model, QWidget* parent, const QString& objectName);

} // namespace tessera::ui
