#pragma once
// The Gantt view: one row per index, one bar per attempt from its start (or creation) to its
// end, coloured by outcome. Bars come from store::RunTimeline: a finished attempt ends when it
// ended, a running one grows with the clock, one whose end was never recorded is a mark at its
// start. Rows and bars are painted into a cached image (only the rows in view), re-rendered when
// the data, the size, the scroll position, the zoom or the palette change; paintEvent draws that
// image, the time axis and the hovered bar's outline. 10,000 attempts cost what the visible rows
// cost.
//
// Mouse: the wheel scrolls rows, Ctrl+wheel zooms the time axis around the cursor, Shift+wheel
// (or a horizontal wheel) pans it; double-click shows the whole run again.
#include "store/RunTimeline.h"

#include <QImage>
#include <QWidget>

class QScrollBar;

namespace tessera::ui {

class TimelineWidget : public QWidget {
    Q_OBJECT
public:
    explicit TimelineWidget(QWidget* parent = nullptr);

    void setSnapshot(const store::JobSnapshotPtr& snapshot);
    // The attempt under a point (index into the snapshot's attempts), -1 if none.
    int attemptAt(const QPoint& pos) const;
    int rowHeight() const { return m_rowHeight; }
    // Every how many rows an index label is drawn: as often as the labels do not overlap.
    int rowsPerLabel() const;
    const store::RunTimeline& history() const { return m_history; }
    // Widget x of a time (ms since the epoch) at the current zoom; for tests and the axis.
    int xOf(qint64 t) const;
    // The bar of one attempt (position in the snapshot's attempts) in widget coordinates; empty
    // when it is not in view.
    QRect barRectOf(std::size_t attemptPos) const;
    // The visible time span (ms since the epoch).
    std::pair<qint64, qint64> visibleRange() const { return {m_viewT0, m_viewT1}; }
    // Zoom the time axis by `factor` (> 1: in) keeping the time under widget x `anchorX` fixed.
    void zoom(double factor, int anchorX);
    // How often the cached image was rendered (tests check that hovering does not re-render).
    int renderCount() const { return m_renders; }
    // The time axis: ticks at round steps (history::timeTicks) as offsets from the job's start,
    // as many as their labels leave room for (measured in this widget's font); x in widget
    // coordinates, each label different ("+2.5s", "+1m", "+1h 20m").
    struct AxisTick {
        int x = 0;
        QString label;
    };
    std::vector<AxisTick> axisTicks() const;

    QSize sizeHint() const override { return {640, 360}; }

protected:
    bool event(QEvent* event) override;
    void changeEvent(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    void relayout();
    void invalidate();
    void renderPlot();
    QRect plotRect() const;
    int rowTop(int row) const;
    QRect barRect(const store::AttemptBar& bar, int row) const;
    void syncTimeScroll();
    QString tooltipText(const store::IndexAttempt& a, const store::AttemptBar& bar) const;

    store::JobSnapshotPtr m_snapshot;
    store::RunTimeline m_history;
    qint64 m_viewT0 = 0, m_viewT1 = 1; // visible span (ms since epoch)
    bool m_zoomed = false;
    int m_rowHeight = 10;
    QScrollBar* m_scroll;     // rows
    QScrollBar* m_timeScroll; // time, when zoomed in
    bool m_scrolling = false;
    QImage m_plot;
    bool m_plotValid = false;
    int m_renders = 0;
    int m_hovered = -1; // bar position in m_history.bars
    static constexpr int kAxisHeight = 22;
    static constexpr int kLabelWidth = 56;
};

} // namespace tessera::ui
