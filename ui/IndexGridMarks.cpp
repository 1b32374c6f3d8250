// IndexGridWidget's marks: a triangle in the top-right corner of each marked cell (the job's
// stragglers), painted over the cached image like the selection and the hover outline.
#include "IndexGridWidget.h"

#include <QPainter>
#include <QPainterPath>
#include <algorithm>

namespace tessera::ui {

void IndexGridWidget::setMarks(std::vector<int> indexes) {
    std::sort(indexes.begin(), indexes.end());
    indexes.erase(std::unique(indexes.begin(), indexes.end()), indexes.end());
    if (indexes == m_marks)
        return;
    m_marks = std::move(indexes);
    update();
}

void IndexGridWidget::paintMarks(QPainter& painter) const {
    if (m_marks.empty())
        return;
    // Text colour on the corner, outlined in the base colour: it reads on every state colour
    // and in both themes. Cells under 6 px get a 6 px mark centred on them.
    const QColor mark = palette().color(QPalette::Text);
    const QColor edge = palette().color(QPalette::Base);
    const QRect view(0, 0, viewportWidth(), height());
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, false);
    int lastSlot = -1;
    for (const int index : m_marks) {
        if (index < 0 || index >= indexCount() || slotOf(index) == lastSlot)
            continue;
        lastSlot = slotOf(index);
        QRect r = slotRect(lastSlot);
        if (!r.intersects(view))
            continue;
        if (r.width() < 6)
            r = QRect(r.center() - QPoint(3, 3), QSize(6, 6));
        const int side = std::max(5, r.width() / 2);
        QPainterPath corner;
        corner.moveTo(r.right() + 1 - side, r.top());
        corner.lineTo(r.right() + 1, r.top());
        corner.lineTo(r.right() + 1, r.top() + side);
        corner.closeSubpath();
        painter.setPen(QPen(edge, 1));
        painter.setBrush(mark);
        painter.drawPath(corner);
    }
    painter.restore();
}

} // namespace tessera::ui
