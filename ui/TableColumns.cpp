#include "TableColumns.h"

#include <QHeaderView>
#include <QTableView>

namespace tessera::ui {

void fitColumnsStretching(QTableView* view, int stretchColumn) {
    QHeaderView* header = view->horizontalHeader();
    header->setStretchLastSection(false);
    header->setResizeContentsPrecision(200); // rows measured per column: bounded on big tables
    for (int c = 0; c < view->model()->columnCount(); ++c)
        header->setSectionResizeMode(c, c == stretchColumn ? QHeaderView::Stretch
                                                           : QHeaderView::ResizeToContents);
}

} // namespace tessera::ui
