// IndexGridWidget: layout, the cached image and painting. Pointer, keyboard, zoom and following
// the frontier: IndexGridInput.cpp.
#include "IndexGridWidget.h"

#include "IndexDetails.h"
#include "store/JobSnapshot.h"

#include <QPaintEvent>
#include <QPainter>
#include <QScrollBar>
#include <QSignalBlocker>
#include <algorithm>
#include <limits>

namespace tessera::ui {

using engine::IndexState;

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
    // The bar moved by the user (scrollTo() and relayout() set it with its signals blocked).
    connect(m_scroll, &QScrollBar::valueChanged, this, [this](int value) {
        m_scrollY = std::clamp(qint64{value} * m_scrollUnit, qint64{0}, m_scrollMax);
        invalidateCache();
        update();
    });
    // Dragging the scroll bar by hand ends following the frontier.
    connect(m_scroll, &QScrollBar::sliderPressed, this, [this] { setFollowFrontier(false); });
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
    followFrontier();
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
    followFrontier();
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

void IndexGridWidget::setJobIdentity(const QString& jobName, const QString& subdomain,
                                     std::shared_ptr<const std::map<int32_t, int32_t>> originals) {
    m_jobName = jobName;
    m_subdomain = subdomain;
    m_originalIndexes = std::move(originals);
}

QString IndexGridWidget::hostname(int index) const {
    return store::podHostname(m_jobName, index, m_subdomain);
}

void IndexGridWidget::setDetailsProvider(DetailsProvider provider) {
    m_details = std::move(provider);
}

QString IndexGridWidget::toolTipText(int index) const {
    if (index < 0 || index >= indexCount())
        return {};
    std::optional<int> original;
    if (m_originalIndexes)
        if (const auto it = m_originalIndexes->find(index); it != m_originalIndexes->end())
            original = it->second;
    QString text = QStringLiteral("<b>%1</b> &mdash; %2")
                       .arg(IndexDetails::indexName(index, original).toHtmlEscaped(),
                            StatePalette::name(stateAt(index)));
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
    m_shift = 0; // rows start at multiples of the row length again
    m_overscroll = 0;
    relayout();
    invalidateCache();
    if (keep >= 0)
        ensureVisible(keep);
    followFrontier();
    update();
}

qint64 IndexGridWidget::scrollOffset() const {
    return (m_scrolling ? m_scrollY : 0) - kFrame;
}

void IndexGridWidget::scrollTo(qint64 y) {
    y = std::clamp(y, qint64{0}, m_scrolling ? m_scrollMax : qint64{0});
    if (y != m_scrollY) {
        m_scrollY = y;
        invalidateCache();
        update();
    }
    const QSignalBlocker blocker(m_scroll);
    m_scroll->setValue(static_cast<int>((m_scrollY + m_scrollUnit - 1) / m_scrollUnit));
}

int IndexGridWidget::widgetY(qint64 contentY) const {
    // Far enough out that no rectangle from there reaches into the widget.
    constexpr qint64 kFar = qint64{1} << 24;
    return static_cast<int>(std::clamp(contentY - scrollOffset(), -kFar, kFar));
}

int IndexGridWidget::visibleHeight() const {
    return std::max(1, height() - 2 * kFrame);
}

int IndexGridWidget::viewportWidth() const {
    return width() - (m_scrolling ? m_scroll->sizeHint().width() : 0);
}

int IndexGridWidget::slotCount() const {
    const qint64 n = indexCount();
    return n == 0 ? 0 : static_cast<int>((n + m_perCell - 1) / m_perCell);
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
    m_rows = static_cast<int>((qint64{slotCount()} + m_shift + m_columns - 1) / m_columns);
    const QSignalBlocker blocker(m_scroll); // m_scrollY is the truth; the bar follows it
    if (needScroll) {
        const int sw = m_scroll->sizeHint().width();
        m_scroll->setGeometry(width() - sw, 0, sw, height());
        const qint64 content = qint64{m_rows} * pitch();
        m_scrollMax = std::max<qint64>(0, content - h) + m_overscroll;
        // Pixels while they fit the bar's int; rows beyond (2·10⁹ indexes at 32-pixel cells are
        // ~3.6·10⁹ pixels high).
        constexpr qint64 kIntMax = std::numeric_limits<int>::max();
        m_scrollUnit = m_scrollMax <= kIntMax ? 1 : pitch();
        m_scroll->setRange(0, static_cast<int>(std::min(
                                  (m_scrollMax + m_scrollUnit - 1) / m_scrollUnit, kIntMax)));
        m_scroll->setPageStep(m_scrollUnit == 1 ? h : std::max(1, h / pitch()));
        m_scroll->setSingleStep(m_scrollUnit == 1 ? pitch() : 1);
        m_scrollY = std::clamp(m_scrollY, qint64{0}, m_scrollMax);
        m_scroll->setValue(static_cast<int>((m_scrollY + m_scrollUnit - 1) / m_scrollUnit));
    } else {
        m_scrollMax = 0;
        m_scrollY = 0;
        m_scrollUnit = 1;
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
    renderLabels();
}

void IndexGridWidget::renderLabels() {
    m_labelled.clear();
    if (m_gutter <= kFrame || slotCount() == 0)
        return;
    const int p = pitch();
    const qint64 scrollY = scrollOffset();
    QPainter painter(&m_cache);
    painter.setPen(palette().color(QPalette::PlaceholderText));
    const QFontMetrics metrics = fontMetrics();
    const qint64 firstRow = std::max<qint64>(0, scrollY / p);
    const qint64 lastRow = std::min<qint64>(m_rows - 1, (scrollY + m_cache.height() - 1) / p);
    for (qint64 row = firstRow - firstRow % m_labelEvery; row <= lastRow; row += m_labelEvery) {
        const qint64 slot = std::max<qint64>(0, rowStart(row));
        if (slot >= slotCount())
            break;
        const auto index = static_cast<int>(slot * m_perCell); // < indexCount()
        const QRect box(0, widgetY(row * p), m_gutter - kFrame - 6, metrics.height());
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
    const qint64 scrollY = scrollOffset();
    const int imageH = m_cache.height() - kFrame; // the bottom margin stays empty
    const int imageW = m_cache.width();
    // Only the rows in view are in the cache.
    const qint64 firstVisibleRow = scrollY / p;
    const qint64 lastVisibleRow = (scrollY + imageH - 1) / p;
    const qint64 first = std::max<qint64>(firstSlot, rowStart(firstVisibleRow));
    const qint64 last =
        std::min({qint64{lastSlot}, rowStart(lastVisibleRow + 1) - 1, qint64{slotCount()} - 1});
    if (first > last)
        return;
    firstSlot = static_cast<int>(first); // both in [0, slotCount())
    lastSlot = static_cast<int>(last);
    const int cell = m_cell;
    uchar* bits = m_cache.bits();
    const qsizetype stride = m_cache.bytesPerLine();
    engine::IndexStateMap::Cursor states(m_states); // slots go up: no search per cell
    int runLast = -1; // one index per cell: the cells up to here share runRgb
    QRgb runRgb = 0;
    for (int slot = firstSlot; slot <= lastSlot; ++slot) {
        const int col = columnOf(slot);
        const int x0 = m_gutter + col * p;
        const int y0 = widgetY(rowOf(slot) * p);
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
    return QRect(m_gutter + columnOf(slot) * p, widgetY(rowOf(slot) * p), m_cell, m_cell);
}

QRect IndexGridWidget::slotSpanRect(int firstSlot, int lastSlot) const {
    const int p = pitch();
    const int top = widgetY(rowOf(firstSlot) * p);
    const int bottom = widgetY((rowOf(lastSlot) + 1) * p);
    return QRect(0, top, viewportWidth(), bottom - top).intersected(rect());
}

int IndexGridWidget::slotAt(const QPoint& pos) const {
    if (m_states.empty() || pos.x() < m_gutter || pos.y() < 0 || pos.x() >= viewportWidth() ||
        pos.y() >= height())
        return -1;
    const int p = pitch();
    const qint64 contentY = pos.y() + scrollOffset();
    const int col = (pos.x() - m_gutter) / p;
    if (contentY < 0)
        return -1;
    if (col >= m_columns)
        return -1;
    // The gap between cells belongs to the cell before it, so the pointer never falls "between".
    const qint64 slot = rowStart(contentY / p) + col;
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

void IndexGridWidget::recount() {
    const auto counts = m_states.counts();
    std::copy(counts.begin(), counts.end(), m_counts.begin());
    emit countsChanged();
}

QSize IndexGridWidget::sizeHint() const {
    return {640, 360};
}

QSize IndexGridWidget::minimumSizeHint() const {
    return {120, 60};
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
        const qint64 scrollY = scrollOffset();
        const qint64 firstVisible = std::max<qint64>(0, rowStart(scrollY / p));
        const qint64 lastVisible = rowStart((scrollY + height()) / p + 1);
        for (const engine::Interval& iv : m_selection.intervals()) {
            const qint64 from = std::max<qint64>(slotOf(iv.first), firstVisible);
            const qint64 to = std::min<qint64>(slotOf(iv.last), lastVisible);
            if (from > to)
                continue;
            const auto a = static_cast<int>(from); // both slots of the interval, so ints
            const auto b = static_cast<int>(to);
            const qint64 rowA = rowOf(a);
            const qint64 rowB = rowOf(b);
            auto span = [&](qint64 row, int colFrom, int colTo) {
                painter.fillRect(
                    QRect(m_gutter + colFrom * p, widgetY(row * p), (colTo - colFrom + 1) * p, p),
                    fill);
            };
            if (rowA == rowB) {
                span(rowA, columnOf(a), columnOf(b));
            } else {
                span(rowA, columnOf(a), m_columns - 1);
                if (rowB > rowA + 1) {
                    const int top = widgetY((rowA + 1) * p);
                    painter.fillRect(QRect(m_gutter, top, m_columns * p, widgetY(rowB * p) - top),
                                     fill);
                }
                span(rowB, 0, columnOf(b));
            }
        }
    }
    paintMarks(painter);
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

} // namespace tessera::ui
