#include "IndexGridWidget.h"

#include <QApplication>
#include <QClipboard>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>

namespace tessera::ui {

using engine::IndexSet;
using engine::IndexState;

namespace {

// Explicit zoom levels (cell size in pixels); 0 is "fit".
constexpr std::array<int, 10> kLevels = {1, 2, 3, 4, 6, 8, 12, 16, 24, 32};
constexpr int kMaxCell = 32;

} // namespace

IndexGridWidget::IndexGridWidget(QWidget* parent)
    : QWidget(parent)
    , m_palette(palette())
    , m_scroll(new QScrollBar(Qt::Vertical, this)) {
    setObjectName(QStringLiteral("indexGrid"));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    m_scroll->setObjectName(QStringLiteral("indexGridScrollBar"));
    m_scroll->setVisible(false);
    connect(m_scroll, &QScrollBar::valueChanged, this, [this] {
        invalidateCache();
        update();
    });
    setAccessibleName(tr("Index scoreboard"));
}

IndexGridWidget::~IndexGridWidget() = default;

void IndexGridWidget::setStates(engine::IndexStateMap states) {
    m_states = std::move(states);
    const int n = indexCount();
    if (m_current >= n)
        m_current = n - 1;
    if (m_hovered >= n)
        m_hovered = -1;
    if (!m_selection.empty() && m_selection.back() >= n) {
        m_selection = m_selection.clippedBelow(n);
        m_selectionBase = m_selectionBase.clippedBelow(n);
        emit selectionChanged();
    }
    recount();
    relayout();
    invalidateCache();
    update();
}

void IndexGridWidget::updateStates(const engine::IndexStateMap& states, int dirtyFirst,
                                   int dirtyLast) {
    if (states.size() != m_states.size()) {
        setStates(states);
        return;
    }
    const int n = indexCount();
    dirtyFirst = std::max(dirtyFirst, 0);
    dirtyLast = std::min(dirtyLast, n - 1);
    if (dirtyLast < dirtyFirst)
        return;
    // Only what really changed inside the dirty range is taken, counted and re-rendered.
    const auto differing = engine::IndexStateMap::differingRange(m_states, states);
    if (!differing || differing->last < dirtyFirst || differing->first > dirtyLast)
        return;
    dirtyFirst = std::max(dirtyFirst, differing->first);
    dirtyLast = std::min(dirtyLast, differing->last);
    // Counts: over the changed range only (O(runs in it)), or afresh when it spans most runs.
    const bool wide = int64_t{dirtyLast} - dirtyFirst > n / 2;
    engine::IndexStateMap::Counts before{}, after{};
    if (!wide) {
        before = m_states.countsIn(dirtyFirst, dirtyLast);
        after = states.countsIn(dirtyFirst, dirtyLast);
    }
    if (differing->first >= dirtyFirst && differing->last <= dirtyLast)
        m_states = states; // the usual case (the store's range is exact): one copy of the runs
    else
        m_states.assignRange(states, dirtyFirst, dirtyLast);
    if (wide) {
        const auto counts = m_states.counts();
        std::copy(counts.begin(), counts.end(), m_counts.begin());
    } else {
        for (std::size_t s = 0; s < m_counts.size(); ++s)
            m_counts[s] += after[s] - before[s];
    }
    emit countsChanged();
    if (m_cacheValid) {
        const int first = slotOf(dirtyFirst);
        const int last = slotOf(dirtyLast);
        renderSlots(first, last);
        update(slotSpanRect(first, last));
    } else {
        update();
    }
}

void IndexGridWidget::setStates(const std::vector<IndexState>& states) {
    setStates(engine::IndexStateMap::fromStates(states));
}

void IndexGridWidget::updateStates(const std::vector<IndexState>& states, int dirtyFirst,
                                   int dirtyLast) {
    updateStates(engine::IndexStateMap::fromStates(states), dirtyFirst, dirtyLast);
}

IndexState IndexGridWidget::stateAt(int index) const {
    return m_states.at(index);
}

void IndexGridWidget::setJobIdentity(const QString& jobName, const QString& subdomain) {
    m_jobName = jobName;
    m_subdomain = subdomain;
}

QString IndexGridWidget::hostname(int index) const {
    QString h = m_jobName + QLatin1Char('-') + QString::number(index);
    if (!m_subdomain.isEmpty())
        h += QLatin1Char('.') + m_subdomain;
    return h;
}

void IndexGridWidget::setDetailsProvider(DetailsProvider provider) {
    m_details = std::move(provider);
}

QString IndexGridWidget::toolTipText(int index) const {
    if (index < 0 || index >= indexCount())
        return {};
    QString text =
        tr("<b>Index %1</b> &mdash; %2").arg(index).arg(StatePalette::name(stateAt(index)));
    if (!m_jobName.isEmpty())
        text += QStringLiteral("<br>") + tr("Hostname: %1").arg(hostname(index).toHtmlEscaped());
    if (m_perCell > 1) {
        const int slot = slotOf(index);
        const qint64 first = slotFirst(slot);
        const qint64 last = slotLast(slot);
        text += QStringLiteral("<br><i>") +
                tr("This pixel shows indexes %1-%2 (the state that needs attention first)")
                    .arg(first)
                    .arg(last) +
                QStringLiteral("</i>");
    }
    if (m_details) {
        const QString more = m_details(index);
        if (!more.isEmpty())
            text += QStringLiteral("<hr>") + more;
    }
    return text;
}

void IndexGridWidget::setPlaceholderText(const QString& text) {
    m_placeholder = text;
    if (m_states.empty())
        update();
}

void IndexGridWidget::setCellSize(int pixels) {
    pixels = std::clamp(pixels, 0, kMaxCell);
    if (pixels == m_cellSize)
        return;
    const int keep = m_current >= 0 ? m_current : m_hovered;
    m_cellSize = pixels;
    relayout();
    invalidateCache();
    if (keep >= 0)
        ensureVisible(keep);
    update();
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

int IndexGridWidget::viewportWidth() const {
    return width() - (m_scrolling ? m_scroll->sizeHint().width() : 0);
}

int IndexGridWidget::slotCount() const {
    const qint64 n = indexCount();
    return n == 0 ? 0 : static_cast<int>((n + m_perCell - 1) / m_perCell);
}

void IndexGridWidget::relayout() {
    const int n = indexCount();
    const int w = std::max(1, width());
    const int h = std::max(1, height());
    const int oldCell = m_cell;
    const int oldPer = m_perCell;
    m_perCell = 1;
    bool needScroll = false;
    if (m_cellSize == 0) {
        // Fit: the largest cell that shows every index without scrolling.
        m_cell = 0;
        for (auto it = kLevels.rbegin(); it != kLevels.rend(); ++it) {
            m_cell = *it;
            const int cols = std::max(1, w / pitch());
            const qint64 rows = (qint64{n} + cols - 1) / cols;
            if (rows * pitch() <= h)
                break;
            m_cell = 0;
        }
        if (m_cell == 0) {
            // More indexes than pixels: each pixel stands for several (worst state shown).
            m_cell = 1;
            const qint64 pixels = qint64{w} * h;
            m_perCell = static_cast<int>((n + pixels - 1) / pixels);
        }
        m_columns = std::max(1, w / pitch());
    } else {
        m_cell = m_cellSize;
        m_columns = std::max(1, w / pitch());
        const qint64 rows = (qint64{n} + m_columns - 1) / m_columns;
        if (rows * pitch() > h) {
            needScroll = true;
            m_columns = std::max(1, (w - m_scroll->sizeHint().width()) / pitch());
        }
    }
    m_rows = (slotCount() + m_columns - 1) / m_columns;
    if (needScroll) {
        const int sw = m_scroll->sizeHint().width();
        m_scroll->setGeometry(w - sw, 0, sw, h);
        const qint64 content = qint64{m_rows} * pitch();
        m_scroll->setRange(0, static_cast<int>(std::max<qint64>(0, content - h)));
        m_scroll->setPageStep(h);
        m_scroll->setSingleStep(pitch());
    } else {
        m_scroll->setValue(0);
    }
    m_scrolling = needScroll;
    m_scroll->setVisible(needScroll);
    if (oldCell != m_cell || oldPer != m_perCell)
        emit scaleChanged();
}

void IndexGridWidget::invalidateCache() {
    m_cacheValid = false;
}

namespace {

// The state a cell holding several states shows: the one that needs attention first
// (StatePalette::severity), looked up by the set of states present.
IndexState worstOf(engine::IndexStateMap::StateMask mask) {
    static const auto table = [] {
        std::array<IndexState, 1 << engine::kIndexStateCount> t{};
        for (std::size_t m = 1; m < t.size(); ++m) {
            int worstRank = -1;
            for (int s = 0; s < engine::kIndexStateCount; ++s) {
                const auto state = static_cast<IndexState>(s);
                if ((m & engine::IndexStateMap::maskOf(state)) &&
                    StatePalette::severity(state) > worstRank) {
                    worstRank = StatePalette::severity(state);
                    t[m] = state;
                }
            }
        }
        return t;
    }();
    return table[mask];
}

} // namespace

QRgb IndexGridWidget::slotColor(int slot, engine::IndexStateMap::Cursor& states) const {
    if (m_perCell == 1)
        return m_palette.rgb(states.at(slot));
    const auto first = static_cast<int32_t>(slotFirst(slot));
    const auto last = static_cast<int32_t>(slotLast(slot));
    return m_palette.rgb(worstOf(states.statesIn(first, last)));
}

int IndexGridWidget::representativeIndex(int slot) const {
    const auto first = static_cast<int32_t>(slotFirst(slot));
    if (m_perCell == 1)
        return first;
    const auto last = static_cast<int32_t>(slotLast(slot));
    const IndexState worst = worstOf(m_states.statesIn(first, last));
    return m_states.findFirst(engine::IndexStateMap::maskOf(worst), first).value_or(first);
}

void IndexGridWidget::ensureCache() {
    const QSize size(std::max(1, viewportWidth()), std::max(1, height()));
    if (m_cacheValid && m_cache.size() == size)
        return;
    if (m_cache.size() != size)
        m_cache = QImage(size, QImage::Format_RGB32);
    m_cache.fill(palette().color(QPalette::Base));
    m_cacheValid = true;
    if (slotCount() > 0)
        renderSlots(0, slotCount() - 1);
}

void IndexGridWidget::renderNow() {
    invalidateCache();
    ensureCache();
}

void IndexGridWidget::renderSlots(int firstSlot, int lastSlot) {
    const int p = pitch();
    const int scrollY = m_scrolling ? m_scroll->value() : 0;
    const int imageH = m_cache.height();
    const int imageW = m_cache.width();
    // Only the rows in view are in the cache.
    const int firstVisibleRow = scrollY / p;
    const int lastVisibleRow = (scrollY + imageH - 1) / p;
    firstSlot = std::max(firstSlot, firstVisibleRow * m_columns);
    lastSlot = std::min({lastSlot, (lastVisibleRow + 1) * m_columns - 1, slotCount() - 1});
    const int cell = m_cell;
    uchar* bits = m_cache.bits();
    const qsizetype stride = m_cache.bytesPerLine();
    engine::IndexStateMap::Cursor states(m_states); // slots go up: no search per cell
    int runLast = -1; // one index per cell: the cells up to here share runRgb
    QRgb runRgb = 0;
    for (int slot = firstSlot; slot <= lastSlot; ++slot) {
        const int row = slot / m_columns;
        const int col = slot % m_columns;
        const int x0 = col * p;
        const int y0 = row * p - scrollY;
        const int x1 = std::min(x0 + cell, imageW);
        const int yStart = std::max(y0, 0);
        const int yEnd = std::min(y0 + cell, imageH);
        QRgb rgb = runRgb;
        if (m_perCell > 1) {
            rgb = slotColor(slot, states);
        } else if (slot > runLast) {
            const engine::IndexStateMap::Run& run = states.runAt(slot);
            runLast = run.last;
            rgb = runRgb = m_palette.rgb(run.state);
        }
        for (int y = yStart; y < yEnd; ++y) {
            auto* line = reinterpret_cast<QRgb*>(bits + y * stride);
            std::fill(line + x0, line + x1, rgb);
        }
    }
}

QRect IndexGridWidget::slotRect(int slot) const {
    const int p = pitch();
    const int scrollY = m_scrolling ? m_scroll->value() : 0;
    return QRect((slot % m_columns) * p, (slot / m_columns) * p - scrollY, m_cell, m_cell);
}

QRect IndexGridWidget::slotSpanRect(int firstSlot, int lastSlot) const {
    const int p = pitch();
    const int scrollY = m_scrolling ? m_scroll->value() : 0;
    const int top = (firstSlot / m_columns) * p - scrollY;
    const int bottom = (lastSlot / m_columns + 1) * p - scrollY;
    return QRect(0, top, viewportWidth(), bottom - top).intersected(rect());
}

int IndexGridWidget::indexAt(const QPoint& pos) const {
    if (m_states.empty() || pos.x() < 0 || pos.y() < 0 || pos.x() >= viewportWidth() ||
        pos.y() >= height())
        return -1;
    const int p = pitch();
    const int scrollY = m_scrolling ? m_scroll->value() : 0;
    const int col = pos.x() / p;
    const int row = (pos.y() + scrollY) / p;
    if (col >= m_columns)
        return -1;
    // The gap between cells belongs to the cell before it, so the pointer never falls "between".
    const qint64 slot = qint64{row} * m_columns + col;
    if (slot >= slotCount())
        return -1;
    return representativeIndex(static_cast<int>(slot));
}

QRect IndexGridWidget::cellRect(int index) const {
    if (index < 0 || index >= indexCount())
        return {};
    const QRect r = slotRect(slotOf(index));
    return r.intersects(QRect(0, 0, viewportWidth(), height())) ? r : QRect();
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

void IndexGridWidget::recount() {
    const auto counts = m_states.counts();
    std::copy(counts.begin(), counts.end(), m_counts.begin());
    emit countsChanged();
}

void IndexGridWidget::ensureVisible(int index) {
    if (!m_scrolling || index < 0)
        return;
    const int p = pitch();
    const int top = (slotOf(index) / m_columns) * p;
    if (top < m_scroll->value())
        m_scroll->setValue(top);
    else if (top + p > m_scroll->value() + height())
        m_scroll->setValue(top + p - height());
}

QSize IndexGridWidget::sizeHint() const {
    return {640, 360};
}

QSize IndexGridWidget::minimumSizeHint() const {
    return {120, 60};
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

void IndexGridWidget::paintEvent(QPaintEvent* event) {
    QPainter painter(this);
    if (m_states.empty()) {
        painter.fillRect(rect(), palette().color(QPalette::Base));
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap,
                         m_placeholder.isEmpty() ? tr("No indexes to show") : m_placeholder);
        return;
    }
    ensureCache();
    const QRect dirty = event->rect();
    painter.drawImage(dirty.topLeft(), m_cache, dirty.intersected(m_cache.rect()));
    const int viewW = viewportWidth();
    if (dirty.right() >= viewW && !m_scrolling)
        painter.fillRect(QRect(viewW, 0, width() - viewW, height()),
                         palette().color(QPalette::Base));

    // Overlays: the selection as row spans (at most three rectangles per interval).
    if (!m_selection.empty()) {
        QColor fill = palette().color(QPalette::Highlight);
        fill.setAlpha(110);
        const int p = pitch();
        const int scrollY = m_scrolling ? m_scroll->value() : 0;
        const int firstVisible = (scrollY / p) * m_columns;
        const int lastVisible = ((scrollY + height()) / p + 1) * m_columns;
        for (const engine::Interval& iv : m_selection.intervals()) {
            const int a = std::max(slotOf(iv.first), firstVisible);
            const int b = std::min(slotOf(iv.last), lastVisible);
            if (a > b)
                continue;
            const int rowA = a / m_columns;
            const int rowB = b / m_columns;
            auto span = [&](int row, int colFrom, int colTo) {
                painter.fillRect(
                    QRect(colFrom * p, row * p - scrollY, (colTo - colFrom + 1) * p, p), fill);
            };
            if (rowA == rowB) {
                span(rowA, a % m_columns, b % m_columns);
            } else {
                span(rowA, a % m_columns, m_columns - 1);
                if (rowB > rowA + 1)
                    painter.fillRect(
                        QRect(0, (rowA + 1) * p - scrollY, m_columns * p, (rowB - rowA - 1) * p),
                        fill);
                span(rowB, 0, b % m_columns);
            }
        }
    }
    // Current and hovered cells: outlines at least 5 px wide so they show on 1 px cells.
    auto outline = [&](int index, const QColor& color) {
        if (index < 0)
            return;
        QRect r = slotRect(slotOf(index));
        if (r.width() < 5)
            r = QRect(r.center() - QPoint(2, 2), QSize(5, 5));
        painter.setPen(QPen(color, 1));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(r.adjusted(-1, -1, 0, 0));
    };
    if (m_hovered >= 0 && m_hovered != m_current)
        outline(m_hovered, palette().color(QPalette::Highlight));
    if (m_current >= 0)
        outline(m_current,
                hasFocus() ? palette().color(QPalette::Text) : palette().color(QPalette::Mid));
}

void IndexGridWidget::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    relayout();
    invalidateCache();
}

void IndexGridWidget::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) {
        m_palette = StatePalette(palette());
        invalidateCache();
        update();
    }
    QWidget::changeEvent(event);
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
        if (event->angleDelta().y() > 0)
            zoomIn();
        else if (event->angleDelta().y() < 0)
            zoomOut();
        event->accept();
        return;
    }
    if (m_scrolling) {
        QApplication::sendEvent(m_scroll, event);
        return;
    }
    QWidget::wheelEvent(event);
}

void IndexGridWidget::moveCurrent(int index, Qt::KeyboardModifiers modifiers) {
    const int n = indexCount();
    if (n == 0)
        return;
    index = std::clamp(index, 0, n - 1);
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
    const int cur = m_current < 0 ? 0 : m_current;
    const int rowStep = m_columns * m_perCell;
    const int pageRows = std::max(1, height() / std::max(1, pitch()));
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
