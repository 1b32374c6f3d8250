#pragma once
// The Gantt view: one row per index, one bar per attempt from its start (or creation) to its
// end (or now), coloured by outcome (running, succeeded, failed). Custom painted: only the rows
// in view are drawn, found by binary search in the attempts (sorted by index), so 10,000 attempts
// cost what the visible rows cost. Rows shrink to 2 px before the view scrolls.
#include "store/JobSnapshot.h"

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

    QSize sizeHint() const override { return {640, 360}; }

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    void relayout();
    int rowTop(int row) const;
    QRect barRect(const store::IndexAttempt& a, int row) const;
    int rowOfIndex(int index) const;

    store::JobSnapshotPtr m_snapshot;
    std::vector<int> m_rowIndexes;  // the index shown in each row (ascending)
    std::vector<size_t> m_rowFirst; // first attempt of each row
    qint64 m_t0 = 0, m_t1 = 1;      // ms since epoch
    int m_rowHeight = 10;
    QScrollBar* m_scroll;
    bool m_scrolling = false;
    static constexpr int kAxisHeight = 22;
    static constexpr int kLabelWidth = 56;
};

} // namespace tessera::ui
