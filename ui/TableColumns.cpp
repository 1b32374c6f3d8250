#include "TableColumns.h"

#include <QHeaderView>
#include <QStyle>
#include <QTableView>
#include <algorithm>

namespace tessera::ui {

void fitColumnsStretching(QTableView* view, int stretchColumn) {
    QHeaderView* header = view->horizontalHeader();
    header->setStretchLastSection(false);
    header->setResizeContentsPrecision(200); // rows measured per column: bounded on big tables
    for (int c = 0; c < view->model()->columnCount(); ++c)
        header->setSectionResizeMode(c, c == stretchColumn ? QHeaderView::Stretch
                                                           : QHeaderView::ResizeToContents);
}

void fitColumnsRemembered(QTableView* view, int stretchColumn, const QByteArray& remembered,
                          const std::function<QString(int column)>& widestText) {
    QHeaderView* header = view->horizontalHeader();
    const bool restored = !remembered.isEmpty() && header->restoreState(remembered);
    // After the restore: a state saved by an older version stretched the last column.
    header->setStretchLastSection(false);
    const QStyle* style = view->style();
    const int titleMargin = style->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header) * 2 +
                            style->pixelMetric(QStyle::PM_HeaderMarkSize, nullptr, header) + 4;
    const int cellMargin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) * 2 + 8;
    for (int c = 0; c < view->model()->columnCount(); ++c) {
        const int title = header->fontMetrics().horizontalAdvance(
                              view->model()->headerData(c, Qt::Horizontal).toString()) +
                          titleMargin;
        header->setSectionResizeMode(c, c == stretchColumn ? QHeaderView::Stretch
                                                           : QHeaderView::Interactive);
        if (c == stretchColumn)
            continue;
        const int content = view->fontMetrics().horizontalAdvance(widestText(c)) + cellMargin;
        view->setColumnWidth(c, restored ? std::max(view->columnWidth(c), title)
                                         : std::max(title, content));
    }
}

} // namespace tessera::ui
