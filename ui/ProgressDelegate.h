#pragma once
// Paints JobListModel::ProgressRole as a progress bar with the row's text on it.
#include <QStyledItemDelegate>

namespace tessera::ui {

class ProgressDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
};

} // namespace tessera::ui
