#include "FlowLayout.h"

#include <QWidget>
#include <algorithm>

namespace tessera::ui {

FlowLayout::FlowLayout(QWidget* parent, int horizontalSpacing, int verticalSpacing)
    : QLayout(parent)
    , m_hSpacing(horizontalSpacing)
    , m_vSpacing(verticalSpacing) {
    setContentsMargins(0, 0, 0, 0);
}

FlowLayout::~FlowLayout() {
    while (QLayoutItem* item = takeAt(0))
        delete item;
}

void FlowLayout::addGap(int pixels) {
    m_pendingGap += pixels;
}

void FlowLayout::addItem(QLayoutItem* item) {
    m_items.append(item);
    m_gaps.append(m_pendingGap);
    m_pendingGap = 0;
}

int FlowLayout::count() const {
    return static_cast<int>(m_items.size());
}

QLayoutItem* FlowLayout::itemAt(int index) const {
    return m_items.value(index);
}

QLayoutItem* FlowLayout::takeAt(int index) {
    if (index < 0 || index >= m_items.size())
        return nullptr;
    m_gaps.removeAt(index);
    return m_items.takeAt(index);
}

Qt::Orientations FlowLayout::expandingDirections() const {
    return {};
}

bool FlowLayout::hasHeightForWidth() const {
    return true;
}

int FlowLayout::heightForWidth(int width) const {
    return layOut(QRect(0, 0, width, 0), false);
}

QSize FlowLayout::minimumSize() const {
    // As narrow as the widest single item: everything else wraps.
    QSize size;
    for (const QLayoutItem* item : m_items)
        size = size.expandedTo(item->minimumSize());
    const QMargins m = contentsMargins();
    return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize FlowLayout::sizeHint() const {
    // One row when there is room for it.
    int width = 0, height = 0;
    for (qsizetype i = 0; i < m_items.size(); ++i) {
        if (m_items[i]->isEmpty())
            continue;
        const QSize hint = m_items[i]->sizeHint();
        width += (width > 0 ? m_hSpacing + m_gaps[i] : 0) + hint.width();
        height = std::max(height, hint.height());
    }
    const QMargins m = contentsMargins();
    return {width + m.left() + m.right(), height + m.top() + m.bottom()};
}

void FlowLayout::setGeometry(const QRect& rect) {
    QLayout::setGeometry(rect);
    layOut(rect, true);
}

int FlowLayout::layOut(const QRect& rect, bool apply) const {
    const QRect area = rect.marginsRemoved(contentsMargins());
    int x = area.x(), y = area.y(), rowHeight = 0;
    bool rowStarted = false;
    for (qsizetype i = 0; i < m_items.size(); ++i) {
        QLayoutItem* item = m_items[i];
        if (item->isEmpty())
            continue;
        const QSize hint = item->sizeHint();
        int left = rowStarted ? x + m_hSpacing + m_gaps[i] : x;
        if (rowStarted && left + hint.width() > area.right() + 1) {
            x = area.x();
            y += rowHeight + m_vSpacing;
            rowHeight = 0;
            left = x;
        }
        if (apply)
            item->setGeometry(QRect(QPoint(left, y), hint));
        x = left + hint.width();
        rowHeight = std::max(rowHeight, hint.height());
        rowStarted = true;
    }
    const QMargins m = contentsMargins();
    return y + rowHeight - rect.y() + m.bottom();
}

} // namespace tessera::ui
