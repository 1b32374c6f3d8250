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
// The margin around the cells, where the keyboard focus frame is drawn (it never hides a cell).
constexpr int kFrame = 2;

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
    // Dragging the scroll bar by hand ends following the frontier.
    connect(m_scroll, &QScrollBar::sliderPressed, this, [this] { setFollowFrontier(false); });
    setAccessibleName(tr("Index scoreboard"));
}

IndexGridWidget::~IndexGridWidget() = default;

void IndexGridWidget::setStates(std::vector<IndexState> states) {
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
    followFrontier();
    update();
}

void IndexGridWidget::updateStates(const std::vector<IndexState>& states, int dirtyFirst,
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
    // Counts follow the dirty range only: O(changed), not O(indexes).
    bool changed = false;
    for (int i = dirtyFirst; i <= dirtyLast; ++i) {
        const IndexState before = m_states[static_cast<size_t>(i)];
        const IndexState after = states[static_cast<size_t>(i)];
        if (before != after) {
            --m_counts[static_cast<size_t>(before)];
            ++m_counts[static_cast<size_t>(after)];
            m_states[static_cast<size_t>(i)] = after;
            changed = true;
        }
    }
    if (!changed)
        return;
    emit countsChanged();
    if (m_cacheValid) {
        const int first = slotOf(dirtyFirst);
        const int last = slotOf(dirtyLast);
        renderSlots(first, last);
        update(slotSpanRect(first, last));
    } else {
        update();
    }
    followFrontier();
}

IndexState IndexGridWidget::stateAt(int index) const {
    if (index < 0 || index >= indexCount())
        return IndexState::OutOfRange;
    return m_states[static_cast<size_t>(index)];
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
        const int first = slot * m_perCell;
        const int last = std::min(indexCount(), first + m_perCell) - 1;
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
    m_shift = 0; // rows start at multiples of the row length again
    m_overscroll = 0;
    relayout();
    invalidateCache();
    if (keep >= 0)
        ensureVisible(keep);
    followFrontier();
    update();
}

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
    const int wanted = rowOf(slotOf(index)) * p + p / 2 + kFrame - pos.y();
    if (wanted > m_scroll->maximum()) {
        m_overscroll += wanted - m_scroll->maximum();
        relayout();
    }
    m_scroll->setValue(wanted);
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
    const auto running = std::find(m_states.begin(), m_states.end(), IndexState::Running);
    if (running == m_states.end())
        return;
    const int index = static_cast<int>(running - m_states.begin());
    const int p = pitch();
    const int top = rowOf(slotOf(index)) * p;
    // Keep it in the upper third of the view, one row below the top edge: no jitter while it
    // stays there, the work still to come below it.
    const int value = m_scroll->value();
    if (top < value + p || top > value + visibleHeight() / 3)
        m_scroll->setValue(std::max(0, top - p));
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

int IndexGridWidget::scrollOffset() const {
    return (m_scrolling ? m_scroll->value() : 0) - kFrame;
}

int IndexGridWidget::visibleHeight() const {
    return std::max(1, height() - 2 * kFrame);
}

int IndexGridWidget::viewportWidth() const {
    return width() - (m_scrolling ? m_scroll->sizeHint().width() : 0);
}

int IndexGridWidget::slotCount() const {
    const int n = indexCount();
    return n == 0 ? 0 : (n + m_perCell - 1) / m_perCell;
}

int IndexGridWidget::gutterFor(int cell) const {
    if (cell < kLabelMinCell || indexCount() == 0)
        return kFrame;
    const int gutter =
        fontMetrics().horizontalAdvance(QString::number(std::max(0, indexCount() - 1))) + 8;
    return gutter * 4 <= width() ? kFrame + gutter : kFrame; // labels: at most a quarter
}

void IndexGridWidget::relayout() {
    const int n = indexCount();
    const int w = std::max(1, width() - kFrame); // the gutter holds the left frame
    const int h = visibleHeight();
    const int oldCell = m_cell;
    const int oldPer = m_perCell;
    m_perCell = 1;
    bool needScroll = false;
    if (m_cellSize == 0) {
        // Fit: the largest cell that shows every index without scrolling.
        m_shift = 0;
        m_cell = 0;
        for (auto it = kLevels.rbegin(); it != kLevels.rend(); ++it) {
            m_cell = *it;
            const int cols = std::max(1, (w - gutterFor(m_cell)) / pitch());
            const qint64 rows = (qint64{n} + cols - 1) / cols;
            if (rows * pitch() <= h)
                break;
            m_cell = 0;
        }
        if (m_cell == 0) {
            // More indexes than pixels: each pixel stands for several (worst state shown).
            m_cell = 1;
            const qint64 pixels = qint64{std::max(1, w - gutterFor(1))} * h;
            m_perCell = static_cast<int>((n + pixels - 1) / pixels);
        }
        m_gutter = gutterFor(m_cell);
        m_columns = std::max(1, (w - m_gutter) / pitch());
    } else {
        m_cell = m_cellSize;
        m_gutter = gutterFor(m_cell);
        m_columns = std::max(1, (w - m_gutter) / pitch());
        m_shift = std::min(m_shift, m_columns - 1);
        const qint64 rows = (qint64{n} + m_shift + m_columns - 1) / m_columns;
        if (rows * pitch() > h) {
            needScroll = true;
            m_columns = std::max(1, (w - m_gutter - m_scroll->sizeHint().width()) / pitch());
            m_shift = std::min(m_shift, m_columns - 1);
        }
    }
    m_labelEvery = std::max(1, (fontMetrics().height() + pitch() - 1) / pitch());
    m_rows = (slotCount() + m_shift + m_columns - 1) / m_columns;
    if (needScroll) {
        const int sw = m_scroll->sizeHint().width();
        m_scroll->setGeometry(width() - sw, 0, sw, height());
        const qint64 content = qint64{m_rows} * pitch();
        m_scroll->setRange(0, static_cast<int>(std::max<qint64>(0, content - h) + m_overscroll));
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

QRgb IndexGridWidget::slotColor(int slot) const {
    const IndexState* states = m_states.data();
    if (m_perCell == 1)
        return m_palette.rgb(states[slot]);
    const int first = slot * m_perCell;
    const int last = std::min(indexCount(), first + m_perCell);
    IndexState worst = states[first];
    int worstRank = StatePalette::severity(worst);
    for (int i = first + 1; i < last; ++i) {
        const int rank = StatePalette::severity(states[i]);
        if (rank > worstRank) {
            worstRank = rank;
            worst = states[i];
        }
    }
    return m_palette.rgb(worst);
}

int IndexGridWidget::representativeIndex(int slot) const {
    const int first = slot * m_perCell;
    if (m_perCell == 1)
        return first;
    const int last = std::min(indexCount(), first + m_perCell);
    int best = first;
    for (int i = first + 1; i < last; ++i) {
        if (StatePalette::severity(m_states[static_cast<size_t>(i)]) >
            StatePalette::severity(m_states[static_cast<size_t>(best)]))
            best = i;
    }
    return best;
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
    renderLabels();
}

void IndexGridWidget::renderLabels() {
    m_labelled.clear();
    if (m_gutter <= kFrame || slotCount() == 0)
        return;
    const int p = pitch();
    const int scrollY = scrollOffset();
    QPainter painter(&m_cache);
    painter.setPen(palette().color(QPalette::PlaceholderText));
    const QFontMetrics metrics = fontMetrics();
    const int firstRow = scrollY / p;
    const int lastRow = std::min(m_rows - 1, (scrollY + m_cache.height() - 1) / p);
    for (int row = firstRow - firstRow % m_labelEvery; row <= lastRow; row += m_labelEvery) {
        const int slot = std::max(0, row * m_columns - m_shift);
        if (slot >= slotCount())
            break;
        const int index = slot * m_perCell;
        const QRect box(0, row * p - scrollY, m_gutter - kFrame - 6, metrics.height());
        painter.drawText(box, Qt::AlignRight | Qt::AlignTop, QString::number(index));
        m_labelled.push_back(index);
    }
}

void IndexGridWidget::renderNow() {
    invalidateCache();
    ensureCache();
}

void IndexGridWidget::renderSlots(int firstSlot, int lastSlot) {
    const int p = pitch();
    const int scrollY = scrollOffset();
    const int imageH = m_cache.height() - kFrame; // the bottom margin stays empty
    const int imageW = m_cache.width();
    // Only the rows in view are in the cache.
    const int firstVisibleRow = scrollY / p;
    const int lastVisibleRow = (scrollY + imageH - 1) / p;
    firstSlot = std::max(firstSlot, firstVisibleRow * m_columns - m_shift);
    lastSlot =
        std::min({lastSlot, (lastVisibleRow + 1) * m_columns - 1 - m_shift, slotCount() - 1});
    const int cell = m_cell;
    uchar* bits = m_cache.bits();
    const qsizetype stride = m_cache.bytesPerLine();
    for (int slot = firstSlot; slot <= lastSlot; ++slot) {
        const int row = rowOf(slot);
        const int col = columnOf(slot);
        const int x0 = m_gutter + col * p;
        const int y0 = row * p - scrollY;
        const int x1 = std::min(x0 + cell, imageW);
        const int yStart = std::max(y0, 0);
        const int yEnd = std::min(y0 + cell, imageH);
        const QRgb rgb = slotColor(slot);
        for (int y = yStart; y < yEnd; ++y) {
            auto* line = reinterpret_cast<QRgb*>(bits + y * stride);
            std::fill(line + x0, line + x1, rgb);
        }
    }
}

QRect IndexGridWidget::slotRect(int slot) const {
    const int p = pitch();
    const int scrollY = scrollOffset();
    return QRect(m_gutter + columnOf(slot) * p, rowOf(slot) * p - scrollY, m_cell, m_cell);
}

QRect IndexGridWidget::slotSpanRect(int firstSlot, int lastSlot) const {
    const int p = pitch();
    const int scrollY = scrollOffset();
    const int top = rowOf(firstSlot) * p - scrollY;
    const int bottom = (rowOf(lastSlot) + 1) * p - scrollY;
    return QRect(0, top, viewportWidth(), bottom - top).intersected(rect());
}

int IndexGridWidget::slotAt(const QPoint& pos) const {
    if (m_states.empty() || pos.x() < m_gutter || pos.y() < 0 || pos.x() >= viewportWidth() ||
        pos.y() >= height())
        return -1;
    const int p = pitch();
    const int scrollY = scrollOffset();
    const int col = (pos.x() - m_gutter) / p;
    if (pos.y() + scrollY < 0)
        return -1;
    const int row = (pos.y() + scrollY) / p;
    if (col >= m_columns)
        return -1;
    // The gap between cells belongs to the cell before it, so the pointer never falls "between".
    const qint64 slot = qint64{row} * m_columns + col - m_shift;
    if (slot < 0 || slot >= slotCount())
        return -1;
    return static_cast<int>(slot);
}

int IndexGridWidget::indexAt(const QPoint& pos) const {
    const int slot = slotAt(pos);
    return slot < 0 ? -1 : representativeIndex(slot);
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
    m_counts.fill(0);
    for (IndexState s : m_states)
        ++m_counts[static_cast<size_t>(s)];
    emit countsChanged();
}

void IndexGridWidget::ensureVisible(int index) {
    if (!m_scrolling || index < 0)
        return;
    const int p = pitch();
    const int top = rowOf(slotOf(index)) * p;
    if (top < m_scroll->value())
        m_scroll->setValue(top);
    else if (top + p > m_scroll->value() + visibleHeight())
        m_scroll->setValue(top + p - visibleHeight());
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
        const int scrollY = scrollOffset();
        const int firstVisible = std::max(0, (scrollY / p) * m_columns - m_shift);
        const int lastVisible = ((scrollY + height()) / p + 1) * m_columns - m_shift;
        for (const engine::Interval& iv : m_selection.intervals()) {
            const int a = std::max(slotOf(iv.first), firstVisible);
            const int b = std::min(slotOf(iv.last), lastVisible);
            if (a > b)
                continue;
            const int rowA = rowOf(a);
            const int rowB = rowOf(b);
            auto span = [&](int row, int colFrom, int colTo) {
                painter.fillRect(
                    QRect(m_gutter + colFrom * p, row * p - scrollY, (colTo - colFrom + 1) * p, p),
                    fill);
            };
            if (rowA == rowB) {
                span(rowA, columnOf(a), columnOf(b));
            } else {
                span(rowA, columnOf(a), m_columns - 1);
                if (rowB > rowA + 1)
                    painter.fillRect(QRect(m_gutter, (rowA + 1) * p - scrollY, m_columns * p,
                                           (rowB - rowA - 1) * p),
                                     fill);
                span(rowB, 0, columnOf(b));
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
    // Keyboard focus: a frame in the highlight colour around the whole grid.
    if (hasFocus()) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(QRectF(rect()).adjusted(1, 1, -1, -1));
    }
}

void IndexGridWidget::focusInEvent(QFocusEvent* event) {
    QWidget::focusInEvent(event);
    update();
}

void IndexGridWidget::focusOutEvent(QFocusEvent* event) {
    QWidget::focusOutEvent(event);
    update();
}

void IndexGridWidget::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    relayout();
    invalidateCache();
}

void IndexGridWidget::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange ||
        event->type() == QEvent::FontChange) {
        m_palette = StatePalette(palette());
        relayout(); // the label gutter follows the font
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
