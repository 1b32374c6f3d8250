// IndexGridWidget: what the user does with it - pointer, wheel, keyboard, selection, zoom
// around the pointer, following the running frontier. Layout and painting: IndexGridWidget.cpp.
#include "IndexGridWidget.h"

#include <QApplication>
#include <QClipboard>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>

namespace tessera::ui {

using engine::IndexSet;
using engine::IndexState;

void IndexGridWidget::zoomAround(const QPoint& pos, bool in) {
    const int slot = slotAt(pos);
    const int index = slot >= 0 ? representativeIndex(slot) : -1;
    if (in)
        zoomIn();
    else
        zoomOut();
    if (index < 0 || !m_scrolling)
        return;
    // Shift the rows so the index's column is the one under the pointer, then scroll its row
    // there. Twice: the shift can add a row, which can change whether the grid scrolls.
    const int p = pitch();
    for (int pass = 0; pass < 2; ++pass) {
        const int target = std::clamp((pos.x() - m_gutter) / p, 0, m_columns - 1);
        const int at = slotOf(index) % m_columns;
        m_shift = ((target - at) % m_columns + m_columns) % m_columns;
        relayout();
    }
    invalidateCache();
    // An index low in a fitted grid lands further down than the content can scroll: allow
    // scrolling that far past the end (empty space below the last row) rather than move it.
    const qint64 wanted = rowOf(slotOf(index)) * p + p / 2 + kFrame - pos.y();
    if (wanted > m_scrollMax) {
        m_overscroll += static_cast<int>(wanted - m_scrollMax); // less than a view's height
        relayout();
    }
    scrollTo(wanted);
    update();
}

void IndexGridWidget::setFollowFrontier(bool on) {
    if (on == m_followFrontier)
        return;
    m_followFrontier = on;
    followFrontier();
    emit followFrontierChanged(on);
}

void IndexGridWidget::followFrontier() {
    if (!m_followFrontier || !m_scrolling)
        return;
    const std::optional<int32_t> running =
        m_states.findFirst(engine::IndexStateMap::maskOf(IndexState::Running));
    if (!running)
        return;
    const int index = *running;
    const int p = pitch();
    const qint64 top = rowOf(slotOf(index)) * p;
    // Keep it in the upper third of the view, one row below the top edge: no jitter while it
    // stays there, the work still to come below it.
    if (top < m_scrollY + p || top > m_scrollY + visibleHeight() / 3)
        scrollTo(std::max<qint64>(0, top - p));
}

void IndexGridWidget::zoomIn() {
    for (int level : kLevels) {
        if (level > m_cell) {
            setCellSize(level);
            return;
        }
    }
}

void IndexGridWidget::zoomOut() {
    if (m_cellSize == 0)
        return;
    // The cell size fit mode would choose: zooming out below it means "fit".
    const int requested = m_cellSize;
    m_cellSize = 0;
    relayout();
    const int fitCell = m_perCell > 1 ? 0 : m_cell;
    m_cellSize = requested;
    relayout();
    int next = 0;
    for (int level : kLevels) {
        if (level < m_cell)
            next = level;
    }
    setCellSize(next <= fitCell ? 0 : next);
}

void IndexGridWidget::setCurrentIndex(int index) {
    index = std::clamp(index, -1, indexCount() - 1);
    if (index == m_current)
        return;
    const int old = m_current;
    m_current = index;
    if (old >= 0)
        update(slotRect(slotOf(old)).adjusted(-3, -3, 3, 3));
    if (index >= 0) {
        ensureVisible(index);
        update(slotRect(slotOf(index)).adjusted(-3, -3, 3, 3));
    }
    emit currentIndexChanged(index);
}

void IndexGridWidget::setSelection(const IndexSet& selection) {
    m_selection = selection.clippedBelow(indexCount());
    m_selectionBase = IndexSet();
    update();
    emit selectionChanged();
}

QString IndexGridWidget::selectionText() const {
    return QString::fromStdString(m_selection.toString());
}

void IndexGridWidget::copySelection() {
    IndexSet what = m_selection;
    if (what.empty() && m_current >= 0)
        what = IndexSet::range(m_current, m_current);
    if (what.empty())
        return;
    QApplication::clipboard()->setText(QString::fromStdString(what.toString()));
}

void IndexGridWidget::selectAll() {
    if (indexCount() > 0)
        setSelection(IndexSet::range(0, indexCount() - 1));
}

void IndexGridWidget::ensureVisible(int index) {
    if (!m_scrolling || index < 0)
        return;
    const int p = pitch();
    const qint64 top = rowOf(slotOf(index)) * p;
    if (top < m_scrollY)
        scrollTo(top);
    else if (top + p > m_scrollY + visibleHeight())
        scrollTo(top + p - visibleHeight());
}

bool IndexGridWidget::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int index = indexAt(help->pos());
        if (index >= 0)
            QToolTip::showText(help->globalPos(), toolTipText(index), this,
                               slotRect(slotOf(index)));
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void IndexGridWidget::focusInEvent(QFocusEvent* event) {
    QWidget::focusInEvent(event);
    update();
}

void IndexGridWidget::focusOutEvent(QFocusEvent* event) {
    QWidget::focusOutEvent(event);
    update();
}

void IndexGridWidget::updateHover(const QPoint& pos) {
    const int index = indexAt(pos);
    if (index == m_hovered)
        return;
    const int old = m_hovered;
    m_hovered = index;
    if (old >= 0)
        update(slotRect(slotOf(old)).adjusted(-3, -3, 3, 3));
    if (index >= 0)
        update(slotRect(slotOf(index)).adjusted(-3, -3, 3, 3));
    emit hoveredIndexChanged(index);
}

void IndexGridWidget::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    const int index = indexAt(event->position().toPoint());
    m_pressIndex = index;
    m_dragged = false;
    if (index < 0)
        return;
    const auto mods = event->modifiers();
    if (mods & Qt::ShiftModifier && m_anchor >= 0) {
        m_selection = m_selectionBase.unite(
            IndexSet::range(std::min(m_anchor, index), std::max(m_anchor, index)));
    } else if (mods & Qt::ControlModifier) {
        m_selectionBase = m_selection;
        m_anchor = index;
        m_selection = m_selection.unite(IndexSet::range(index, index));
    } else {
        m_selectionBase = IndexSet();
        m_anchor = index;
        m_selection = IndexSet::range(index, index);
    }
    setCurrentIndex(index);
    update();
    emit selectionChanged();
}

void IndexGridWidget::mouseMoveEvent(QMouseEvent* event) {
    const QPoint pos = event->position().toPoint();
    updateHover(pos);
    if (!(event->buttons() & Qt::LeftButton) || m_anchor < 0 || m_pressIndex < 0)
        return;
    const int index = indexAt(pos);
    if (index < 0 || index == m_current)
        return;
    m_dragged = true;
    m_selection = m_selectionBase.unite(
        IndexSet::range(std::min(m_anchor, index), std::max(m_anchor, index)));
    setCurrentIndex(index);
    update();
    emit selectionChanged();
}

void IndexGridWidget::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton && !m_dragged && m_pressIndex >= 0 &&
        !(event->modifiers() & (Qt::ShiftModifier | Qt::ControlModifier)) &&
        indexAt(event->position().toPoint()) == m_pressIndex)
        emit indexActivated(m_pressIndex);
    m_pressIndex = -1;
    QWidget::mouseReleaseEvent(event);
}

void IndexGridWidget::mouseDoubleClickEvent(QMouseEvent* event) {
    const int index = indexAt(event->position().toPoint());
    if (index >= 0)
        emit indexActivated(index);
}

void IndexGridWidget::leaveEvent(QEvent* event) {
    updateHover(QPoint(-1, -1));
    QWidget::leaveEvent(event);
}

void IndexGridWidget::wheelEvent(QWheelEvent* event) {
    if (event->modifiers() & Qt::ControlModifier) {
        if (event->angleDelta().y() != 0)
            zoomAround(event->position().toPoint(), event->angleDelta().y() > 0);
        event->accept();
        return;
    }
    if (m_scrolling) {
        setFollowFrontier(false); // the reader scrolls: stop pulling the view away

        QApplication::sendEvent(m_scroll, event);
        return;
    }
    QWidget::wheelEvent(event);
}

void IndexGridWidget::moveCurrent(qint64 target, Qt::KeyboardModifiers modifiers) {
    const int n = indexCount();
    if (n == 0)
        return;
    const auto index = static_cast<int>(std::clamp<qint64>(target, 0, n - 1));
    if (modifiers & Qt::ShiftModifier) {
        if (m_anchor < 0)
            m_anchor = m_current >= 0 ? m_current : index;
        m_selection = m_selectionBase.unite(
            IndexSet::range(std::min(m_anchor, index), std::max(m_anchor, index)));
        emit selectionChanged();
        update();
    } else {
        m_anchor = index;
        m_selectionBase = IndexSet();
    }
    setCurrentIndex(index);
}

void IndexGridWidget::keyPressEvent(QKeyEvent* event) {
    const int n = indexCount();
    // 64-bit: a page of rows of thousands of indexes per cell is more than an int.
    const qint64 cur = m_current < 0 ? 0 : m_current;
    const qint64 rowStep = qint64{m_columns} * m_perCell;
    const qint64 pageRows = std::max(1, height() / std::max(1, pitch()));
    const auto mods = event->modifiers();
    if (event->matches(QKeySequence::Copy)) {
        copySelection();
        return;
    }
    if (event->matches(QKeySequence::SelectAll)) {
        selectAll();
        return;
    }
    if (mods & Qt::ControlModifier) {
        switch (event->key()) {
        case Qt::Key_Plus:
        case Qt::Key_Equal:
            zoomIn();
            return;
        case Qt::Key_Minus:
            zoomOut();
            return;
        case Qt::Key_0:
            zoomToFit();
            return;
        default:
            break;
        }
    }
    if (n == 0) {
        QWidget::keyPressEvent(event);
        return;
    }
    switch (event->key()) {
    case Qt::Key_Left:
        moveCurrent(cur - m_perCell, mods);
        break;
    case Qt::Key_Right:
        moveCurrent(m_current < 0 ? 0 : cur + m_perCell, mods);
        break;
    case Qt::Key_Up:
        moveCurrent(cur - rowStep, mods);
        break;
    case Qt::Key_Down:
        moveCurrent(cur + rowStep, mods);
        break;
    case Qt::Key_PageUp:
        moveCurrent(cur - rowStep * pageRows, mods);
        break;
    case Qt::Key_PageDown:
        moveCurrent(cur + rowStep * pageRows, mods);
        break;
    case Qt::Key_Home:
        moveCurrent(0, mods);
        break;
    case Qt::Key_End:
        moveCurrent(n - 1, mods);
        break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space:
        if (m_current >= 0)
            emit indexActivated(m_current);
        break;
    case Qt::Key_Escape:
        if (!m_selection.empty())
            setSelection(IndexSet());
        else
            QWidget::keyPressEvent(event);
        break;
    default:
        QWidget::keyPressEvent(event);
    }
}

} // namespace tessera::ui
