#pragma once
// The scoreboard: one cell per completion index, coloured by state, custom painted.
//
// Painting: the visible part of the grid lives in a cached QImage written pixel by pixel (no
// QPainter call per cell), re-rendered only for the indexes a snapshot marks dirty, or when the
// size, zoom, scroll position or palette change. paintEvent draws that image and the overlays
// (selection, current cell, hover) and nothing else, so 100,000 indexes repaint in a few
// milliseconds and thousands of pod updates per second cost only their dirty range.
//
// Level of detail: in "fit" mode (cell size 0, the default) the largest cell size that shows
// every index without scrolling is chosen, down to one pixel; when there are more indexes than
// pixels each pixel stands for several indexes and shows the worst state among them
// (StatePalette::severity). Ctrl+wheel, Ctrl++ and Ctrl+- zoom through explicit cell sizes
// (the grid then scrolls vertically); Ctrl+0 returns to fit. Ctrl+wheel zooms around the
// pointer: the index under it stays under it (the rows are shifted by up to one row's worth of
// cells so that its column lands under the pointer too, and the grid scrolls to its row).
//
// Size: up to 2,147,483,647 indexes. Content coordinates (rows × pitch) are 64-bit: at 32-pixel
// cells a job of 2·10⁹ indexes is billions of pixels high. The scroll bar (an int) counts pixels
// while the content fits its range and rows beyond that (m_scrollUnit).
//
// Row labels: at cell sizes of kLabelMinCell pixels and more, a gutter on the left shows the
// first index of each row (of every k-th row when a row is lower than the text). "Follow the
// running frontier" keeps the lowest running index in view as the job advances; scrolling by
// hand turns it off.
//
// Interaction: hover tooltip (index, hostname, state, and whatever the details provider adds:
// pods by attempt, node, times, exit code, reason), click or Enter → indexActivated, arrow keys
// move the current cell, Shift extends and Ctrl adds to the selection, Ctrl+C copies the
// selection as a Kubernetes index string ("3-5,9").
#include "StatePalette.h"
#include "engine/IndexSet.h"
#include "engine/IndexStateMap.h"

#include <QImage>
#include <QString>
#include <QWidget>
#include <array>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

class QPainter;
class QScrollBar;

namespace tessera::ui {

class IndexGridWidget : public QWidget {
    Q_OBJECT
public:
    using Counts = std::array<qint64, engine::kIndexStateCount>;
    using DetailsProvider = std::function<QString(int index)>;

    explicit IndexGridWidget(QWidget* parent = nullptr);
    ~IndexGridWidget() override;

    // Replaces every state (a new job, or a different number of indexes): full re-render. The
    // states are runs (engine::IndexStateMap), so a job of 2,000,000,000 indexes costs what its
    // runs cost; each pixel then shows the worst state of the indexes it stands for.
    void setStates(engine::IndexStateMap states);
    // The states after a change confined to [dirtyFirst, dirtyLast] (inclusive; empty when
    // last < first): only that range is taken from `states`. Falls back to setStates when the
    // number of indexes changed.
    void updateStates(const engine::IndexStateMap& states, int dirtyFirst, int dirtyLast);
    // The same from one state per index (small jobs and tests; O(indexes)).
    void setStates(const std::vector<engine::IndexState>& states);
    void updateStates(const std::vector<engine::IndexState>& states, int dirtyFirst, int dirtyLast);
    int indexCount() const { return m_states.size(); }
    engine::IndexState stateAt(int index) const;
    const Counts& counts() const { return m_counts; }

    // For the hostname in tooltips: "$(job)-$(index)" plus ".subdomain" when set; for a re-run,
    // each index's index in the job it re-runs ("Index 3 (original index 17)").
    void setJobIdentity(const QString& jobName, const QString& subdomain,
                        std::shared_ptr<const std::map<int32_t, int32_t>> originalIndexes = {});
    QString hostname(int index) const;
    // Extra tooltip lines (HTML) for one index, e.g. its attempts; may return an empty string.
    void setDetailsProvider(DetailsProvider provider);
    // The tooltip shown over `index` (HTML).
    QString toolTipText(int index) const;
    // Shown instead of the grid when there are no indexes (loading, error, empty job).
    void setPlaceholderText(const QString& text);

    // Cell size in pixels; 0 = fit everything (the default).
    int cellSize() const { return m_cellSize; }
    void setCellSize(int pixels);
    // The cell size actually drawn (fit mode picks one) and how many indexes one cell stands for.
    int effectiveCellSize() const { return m_cell; }
    int indexesPerCell() const { return m_perCell; }
    int columns() const { return m_columns; }
    // Where the cells start: the focus frame's margin plus the row-label gutter (when the cells
    // are big enough for labels).
    int labelGutter() const { return m_gutter; }
    // The first index of each row that carries a label, top to bottom, as last rendered.
    const std::vector<int>& labelledRows() const { return m_labelled; }
    // Cells smaller than this get no row labels.
    static constexpr int kLabelMinCell = 6;

    // Scroll along with the lowest running index (see above).
    bool followsFrontier() const { return m_followFrontier; }
    void setFollowFrontier(bool on);
    // Ctrl+wheel's zoom, around a point in widget coordinates.
    void zoomAround(const QPoint& pos, bool in);

    // Geometry, in widget coordinates.
    int indexAt(const QPoint& pos) const; // -1 when no index is there
    QRect cellRect(int index) const;      // empty when the cell is scrolled out of view

    int currentIndex() const { return m_current; }
    void setCurrentIndex(int index);
    int hoveredIndex() const { return m_hovered; }
    const engine::IndexSet& selection() const { return m_selection; }
    void setSelection(const engine::IndexSet& selection);
    // The selection as a Kubernetes index string ("3-5,9").
    QString selectionText() const;

    // Marked indexes (the job's stragglers): a corner mark over their cells, drawn as an overlay
    // (never in the cached image), so changing them costs nothing but a repaint. Few by nature:
    // the running indexes at most. IndexGridMarks.cpp.
    void setMarks(std::vector<int> indexes);
    const std::vector<int>& marks() const { return m_marks; }

    // Renders the cache now (normally done lazily by paintEvent); for benchmarks and tests.
    void renderNow();

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

public slots:
    void zoomIn();
    void zoomOut();
    void zoomToFit() { setCellSize(0); }
    void copySelection();
    void selectAll();

signals:
    void indexActivated(int index);
    void currentIndexChanged(int index);
    void hoveredIndexChanged(int index);
    void selectionChanged();
    void countsChanged();
    // Cell size or indexes per cell changed (the legend shows the scale).
    void scaleChanged();
    void followFrontierChanged(bool on);

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    // Explicit zoom levels (cell size in pixels); 0 is "fit".
    static constexpr std::array<int, 10> kLevels = {1, 2, 3, 4, 6, 8, 12, 16, 24, 32};
    static constexpr int kMaxCell = 32;
    // The margin around the cells, where the keyboard focus frame is drawn (it never hides a
    // cell).
    static constexpr int kFrame = 2;

    int pitch() const { return m_cell + (m_cell >= 5 ? 1 : 0); }
    int viewportWidth() const;
    qint64 scrollOffset() const; // content y at the widget's top edge (negative: the margin)
    int visibleHeight() const;   // without the focus frame's margins
    // Scrolls so that content y `y` is at the top of the view (clamped to the scroll range).
    void scrollTo(qint64 y);
    // A content y in widget coordinates, clamped far outside the widget when it is far away
    // (a rectangle there stays out of view instead of wrapping around an int).
    int widgetY(qint64 contentY) const;
    int slotCount() const;
    int slotOf(int index) const { return index / m_perCell; }
    // Row and column of a slot (cell), after the zoom shift.
    qint64 rowOf(int slot) const { return (qint64{slot} + m_shift) / m_columns; }
    int columnOf(int slot) const { return static_cast<int>((qint64{slot} + m_shift) % m_columns); }
    // The first slot of a row (negative in the first row when it is shifted).
    qint64 rowStart(qint64 row) const { return row * m_columns - m_shift; }
    int slotAt(const QPoint& pos) const; // -1 when no cell is there
    int gutterFor(int cell) const;
    void renderLabels();
    void followFrontier();
    // The indexes a cell (slot) stands for, [first, last].
    qint64 slotFirst(int slot) const { return qint64{slot} * m_perCell; }
    qint64 slotLast(int slot) const {
        return std::min<qint64>(indexCount(), slotFirst(slot) + m_perCell) - 1;
    }
    // The index a cell (slot) reports: the first one with its worst state.
    int representativeIndex(int slot) const;
    QRgb slotColor(int slot, engine::IndexStateMap::Cursor& states) const;
    void relayout();
    void invalidateCache();
    void ensureCache();
    void renderSlots(int firstSlot, int lastSlot);
    QRect slotRect(int slot) const;
    QRect slotSpanRect(int firstSlot, int lastSlot) const; // bounding rows, widget coords
    void updateHover(const QPoint& pos);
    void moveCurrent(qint64 index, Qt::KeyboardModifiers modifiers);
    void ensureVisible(int index);
    void recount();
    void paintMarks(QPainter& painter) const;

    engine::IndexStateMap m_states;
    Counts m_counts{};
    QString m_jobName, m_subdomain, m_placeholder;
    std::shared_ptr<const std::map<int32_t, int32_t>> m_originalIndexes;
    DetailsProvider m_details;
    StatePalette m_palette;

    int m_cellSize = 0; // requested; 0 = fit
    int m_cell = 1;     // drawn
    int m_perCell = 1;  // indexes per cell (> 1 only when aggregated)
    int m_columns = 1;
    int m_rows = 0;
    int m_overscroll = 0;   // scrolling allowed past the last row (zoom around the pointer)
    qint64 m_scrollY = 0;   // content y at the top of the view (0 when not scrolling)
    qint64 m_scrollMax = 0; // the largest m_scrollY
    int m_scrollUnit = 1;   // pixels per scroll bar step: 1, or the pitch (one row) when the
                            // content is taller than the bar's int range
    int m_shift = 0;        // empty cells before index 0 in the first row (zoom around the pointer)
    int m_gutter = 0;       // row-label gutter width, 0 = no labels
    int m_labelEvery = 1;   // label every k-th row
    std::vector<int> m_labelled;
    bool m_followFrontier = false;
    QScrollBar* m_scroll = nullptr;
    bool m_scrolling = false; // not m_scroll->isVisible(): also right while hidden

    QImage m_cache;
    bool m_cacheValid = false;

    int m_current = -1;
    int m_hovered = -1;
    int m_anchor = -1;
    engine::IndexSet m_selection;
    std::vector<int> m_marks;         // sorted
    engine::IndexSet m_selectionBase; // what Ctrl-click kept while a new range is dragged
    int m_pressIndex = -1;
    bool m_dragged = false;
};

} // namespace tessera::ui
