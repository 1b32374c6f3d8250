// The scoreboard grid, painted offscreen and sampled pixel by pixel.
#include "ui/IndexGridWidget.h"

#include "ui/GridLegendWidget.h"
#include "ui/StatePalette.h"

#include <QApplication>
#include <QClipboard>
#include <QHelpEvent>
#include <QLocale>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>
#include <QWheelEvent>
#include <gtest/gtest.h>
#include <limits>

using tessera::engine::IndexState;
using tessera::ui::GridLegendWidget;
using tessera::ui::IndexGridWidget;
using tessera::ui::StatePalette;

namespace {

std::vector<IndexState> cycleOfStates(int n) {
    std::vector<IndexState> states(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i)
        states[static_cast<size_t>(i)] =
            static_cast<IndexState>(i % tessera::engine::kIndexStateCount);
    return states;
}

QRgb pixelAt(const QImage& image, const QPoint& p) {
    return image.pixel(p) | 0xff000000u;
}

void showAndWait(QWidget& w) {
    w.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&w));
}

} // namespace

TEST(IndexGridWidget, PaintsEveryStateInItsColour) {
    IndexGridWidget grid;
    grid.resize(400, 300);
    grid.setStates(cycleOfStates(70));
    const QImage image = grid.grab().toImage();
    const StatePalette colors(grid.palette());
    ASSERT_GE(grid.effectiveCellSize(), 4);
    for (int i = 0; i < 70; ++i) {
        const QRect r = grid.cellRect(i);
        ASSERT_FALSE(r.isEmpty()) << "index " << i;
        const auto expected = colors.rgb(static_cast<IndexState>(i % 7));
        EXPECT_EQ(pixelAt(image, r.center()), expected) << "index " << i;
        EXPECT_EQ(pixelAt(image, r.topLeft()), expected) << "index " << i;
    }
    // Distinct states really are distinct colours.
    for (int a = 0; a < 7; ++a) {
        for (int b = a + 1; b < 7; ++b) {
            EXPECT_NE(colors.rgb(static_cast<IndexState>(a)),
                      colors.rgb(static_cast<IndexState>(b)));
        }
    }
}

TEST(IndexGridWidget, FitsOneHundredThousandIndexesAndShowsTheWorstStatePerPixel) {
    IndexGridWidget grid;
    // 100×50 pixels inside the 2-pixel focus margin for 100,000 indexes: 20 indexes per pixel.
    grid.resize(104, 54);
    std::vector<IndexState> states(100000, IndexState::Succeeded);
    states[12345] = IndexState::FailedTerminal;
    states[50000] = IndexState::Running;
    states[50001] = IndexState::FailedWillRetry;
    grid.setStates(states);
    EXPECT_EQ(grid.effectiveCellSize(), 1);
    EXPECT_EQ(grid.indexesPerCell(), 20);
    const QImage image = grid.grab().toImage();
    const StatePalette colors(grid.palette());
    EXPECT_EQ(pixelAt(image, grid.cellRect(12345).topLeft()),
              colors.rgb(IndexState::FailedTerminal));
    EXPECT_EQ(pixelAt(image, grid.cellRect(12345 + 20).topLeft()),
              colors.rgb(IndexState::Succeeded));
    // Retry outranks running in the same pixel.
    EXPECT_EQ(pixelAt(image, grid.cellRect(50000).topLeft()),
              colors.rgb(IndexState::FailedWillRetry));
    // Hovering that pixel reports the index that needs attention.
    EXPECT_EQ(grid.indexAt(grid.cellRect(12345).topLeft()), 12345);
    EXPECT_EQ(grid.counts()[static_cast<size_t>(IndexState::Succeeded)], 99997);
}

TEST(IndexGridWidget, DirtyRangeUpdatesRepaintTheChangedCellsAndCounts) {
    IndexGridWidget grid;
    grid.resize(300, 200);
    std::vector<IndexState> states(500, IndexState::NotStarted);
    grid.setStates(states);
    QSignalSpy counts(&grid, &IndexGridWidget::countsChanged);
    (void)grid.grab(); // the cache now exists: the update below must patch it
    states[17] = IndexState::FailedTerminal;
    states[18] = IndexState::Running;
    grid.updateStates(states, 17, 18);
    const QImage image = grid.grab().toImage();
    const StatePalette colors(grid.palette());
    EXPECT_EQ(pixelAt(image, grid.cellRect(17).center()), colors.rgb(IndexState::FailedTerminal));
    EXPECT_EQ(pixelAt(image, grid.cellRect(18).center()), colors.rgb(IndexState::Running));
    EXPECT_EQ(pixelAt(image, grid.cellRect(19).center()), colors.rgb(IndexState::NotStarted));
    EXPECT_EQ(grid.counts()[static_cast<size_t>(IndexState::NotStarted)], 498);
    EXPECT_EQ(grid.counts()[static_cast<size_t>(IndexState::FailedTerminal)], 1);
    EXPECT_EQ(counts.count(), 1);
    // A change outside the announced dirty range is not looked at (the store's contract).
    states[100] = IndexState::Succeeded;
    grid.updateStates(states, 0, 50);
    EXPECT_EQ(grid.stateAt(100), IndexState::NotStarted);
}

TEST(IndexGridWidget, HoverShowsTheIndexAndItsHostname) {
    IndexGridWidget grid;
    grid.resize(400, 300);
    grid.setJobIdentity(QStringLiteral("render"), QStringLiteral("workers"));
    grid.setDetailsProvider(
        [](int index) { return QStringLiteral("exit code %1").arg(index + 100); });
    grid.setStates(cycleOfStates(100));
    showAndWait(grid);
    const QPoint at = grid.cellRect(42).center();
    QTest::mouseMove(&grid, at);
    EXPECT_EQ(grid.hoveredIndex(), 42);
    QHelpEvent help(QEvent::ToolTip, at, grid.mapToGlobal(at));
    QApplication::sendEvent(&grid, &help);
    EXPECT_TRUE(QToolTip::isVisible());
    const QString text = QToolTip::text();
    EXPECT_TRUE(text.contains(QStringLiteral("Index 42"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("render-42.workers"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("exit code 142"))) << text.toStdString();
    QToolTip::hideText();
}

TEST(IndexGridWidget, ClickActivatesAndShiftCtrlSelectCopyAsIndexString) {
    IndexGridWidget grid;
    grid.resize(400, 300);
    grid.setStates(cycleOfStates(50));
    showAndWait(grid);
    QSignalSpy activated(&grid, &IndexGridWidget::indexActivated);
    QTest::mouseClick(&grid, Qt::LeftButton, {}, grid.cellRect(3).center());
    ASSERT_EQ(activated.count(), 1);
    EXPECT_EQ(activated.at(0).at(0).toInt(), 3);
    QTest::mouseClick(&grid, Qt::LeftButton, Qt::ShiftModifier, grid.cellRect(5).center());
    QTest::mouseClick(&grid, Qt::LeftButton, Qt::ControlModifier, grid.cellRect(9).center());
    EXPECT_EQ(grid.selectionText(), QStringLiteral("3-5,9"));
    EXPECT_EQ(activated.count(), 1); // modified clicks select, they do not open
    QTest::keyClick(&grid, Qt::Key_C, Qt::ControlModifier);
    EXPECT_EQ(QApplication::clipboard()->text(), QStringLiteral("3-5,9"));
}

TEST(IndexGridWidget, KeyboardMovesTheCurrentCellAndExtendsTheSelection) {
    IndexGridWidget grid;
    grid.resize(400, 300);
    grid.setStates(cycleOfStates(1000));
    showAndWait(grid);
    grid.setFocus();
    QSignalSpy activated(&grid, &IndexGridWidget::indexActivated);
    QTest::keyClick(&grid, Qt::Key_Right);
    EXPECT_EQ(grid.currentIndex(), 0);
    QTest::keyClick(&grid, Qt::Key_Right);
    EXPECT_EQ(grid.currentIndex(), 1);
    QTest::keyClick(&grid, Qt::Key_Down);
    EXPECT_EQ(grid.currentIndex(), 1 + grid.columns());
    QTest::keyClick(&grid, Qt::Key_Right, Qt::ShiftModifier);
    QTest::keyClick(&grid, Qt::Key_Right, Qt::ShiftModifier);
    EXPECT_EQ(grid.selectionText(),
              QStringLiteral("%1-%2").arg(1 + grid.columns()).arg(3 + grid.columns()));
    QTest::keyClick(&grid, Qt::Key_Return);
    ASSERT_EQ(activated.count(), 1);
    EXPECT_EQ(activated.at(0).at(0).toInt(), 3 + grid.columns());
    QTest::keyClick(&grid, Qt::Key_End);
    EXPECT_EQ(grid.currentIndex(), 999);
}

TEST(IndexGridWidget, CtrlWheelZoomsInWithScrollingAndBackToFit) {
    IndexGridWidget grid;
    grid.resize(200, 100);
    grid.setStates(cycleOfStates(20000));
    showAndWait(grid);
    const int fitCell = grid.effectiveCellSize();
    const QPointF at(50, 50);
    QWheelEvent in(at, grid.mapToGlobal(at), {}, QPoint(0, 120), Qt::NoButton, Qt::ControlModifier,
                   Qt::NoScrollPhase, false);
    QApplication::sendEvent(&grid, &in);
    QApplication::sendEvent(&grid, &in);
    EXPECT_GT(grid.effectiveCellSize(), fitCell);
    EXPECT_EQ(grid.indexesPerCell(), 1);
    // Zoomed in, the last index is below the fold; End scrolls it into view and paints it.
    grid.setFocus();
    QTest::keyClick(&grid, Qt::Key_End);
    const QRect last = grid.cellRect(19999);
    ASSERT_FALSE(last.isEmpty());
    const QImage image = grid.grab().toImage();
    EXPECT_EQ(pixelAt(image, last.center()),
              StatePalette(grid.palette()).rgb(static_cast<IndexState>(19999 % 7)));
    EXPECT_EQ(grid.indexAt(last.center()), 19999);
    QTest::keyClick(&grid, Qt::Key_0, Qt::ControlModifier);
    EXPECT_EQ(grid.cellSize(), 0);
    EXPECT_EQ(grid.effectiveCellSize(), fitCell);
}

TEST(IndexGridWidget, DarkPaletteUsesDarkNeutralCells) {
    IndexGridWidget grid;
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x20, 0x22, 0x25));
    dark.setColor(QPalette::Base, QColor(0x18, 0x1a, 0x1c));
    grid.setPalette(dark);
    grid.resize(200, 100);
    grid.setStates(std::vector<IndexState>(10, IndexState::NotStarted));
    const QImage image = grid.grab().toImage();
    const QColor cell = QColor::fromRgb(pixelAt(image, grid.cellRect(0).center()));
    EXPECT_LT(cell.lightness(), 128);
    EXPECT_EQ(cell.rgb(), StatePalette(dark).rgb(IndexState::NotStarted));
}

TEST(GridLegendWidget, ShowsTheCountOfEveryState) {
    IndexGridWidget grid;
    GridLegendWidget legend(&grid);
    std::vector<IndexState> states(1500, IndexState::Succeeded);
    states[0] = IndexState::FailedTerminal;
    grid.setStates(states);
    const QString succeeded = legend.entryText(static_cast<int>(IndexState::Succeeded));
    EXPECT_EQ(succeeded, QStringLiteral("Succeeded ") + QLocale().toString(1499));
    EXPECT_TRUE(legend.entryText(static_cast<int>(IndexState::FailedTerminal))
                    .endsWith(QStringLiteral(" 1")));
}

// A valid Job of 2,000,000,000 indexes: the states arrive as runs and each pixel shows the worst
// state of the ~10,000 indexes it stands for, without an array per index anywhere.
TEST(IndexGridWidget, PaintsTwoBillionIndexesFromRuns) {
    using tessera::engine::IndexSet;
    using tessera::engine::IndexStateMap;
    constexpr int kHuge = 2'000'000'000;
    IndexGridWidget grid;
    grid.resize(400, 300);
    IndexStateMap states(kHuge);
    states.paint(IndexSet::range(0, 999'999'999), IndexState::Succeeded);
    states.paintPoints(
        {{1'000'000'000, IndexState::Running}, {kHuge - 1, IndexState::FailedTerminal}});
    grid.setStates(states);
    EXPECT_EQ(grid.indexCount(), kHuge);
    EXPECT_EQ(grid.effectiveCellSize(), 1);
    EXPECT_GT(grid.indexesPerCell(), 10000);
    const QImage image = grid.grab().toImage();
    const StatePalette colors(grid.palette());
    EXPECT_EQ(pixelAt(image, grid.cellRect(0).topLeft()), colors.rgb(IndexState::Succeeded));
    EXPECT_EQ(pixelAt(image, grid.cellRect(1'000'000'000).topLeft()),
              colors.rgb(IndexState::Running));
    EXPECT_EQ(pixelAt(image, grid.cellRect(1'500'000'000).topLeft()),
              colors.rgb(IndexState::NotStarted));
    EXPECT_EQ(pixelAt(image, grid.cellRect(kHuge - 1).topLeft()),
              colors.rgb(IndexState::FailedTerminal));
    // The pixel reports the index that needs attention, and the tooltip names it.
    EXPECT_EQ(grid.indexAt(grid.cellRect(1'000'000'000).topLeft()), 1'000'000'000);
    EXPECT_EQ(grid.indexAt(grid.cellRect(kHuge - 1).topLeft()), kHuge - 1);
    EXPECT_TRUE(grid.toolTipText(kHuge - 1).contains(QStringLiteral("Index 1999999999")));
    EXPECT_EQ(grid.counts()[static_cast<size_t>(IndexState::Succeeded)], 1'000'000'000);
    EXPECT_EQ(grid.counts()[static_cast<size_t>(IndexState::NotStarted)], 999'999'998);

    // A dirty range far out: only it is taken, counted and repainted.
    IndexStateMap next = states;
    next.paint(1'000'000'001, 1'000'000'005, IndexState::Succeeded);
    grid.updateStates(next, 1'000'000'000, 1'000'000'010);
    EXPECT_EQ(grid.stateAt(1'000'000'003), IndexState::Succeeded);
    EXPECT_EQ(grid.counts()[static_cast<size_t>(IndexState::Succeeded)], 1'000'000'005);
    // Selecting everything is one interval.
    grid.selectAll();
    EXPECT_EQ(grid.selectionText(), QStringLiteral("0-1999999999"));
}

TEST(IndexGridWidget, CtrlWheelZoomsAroundThePointerAtTwentyThousandIndexes) {
    IndexGridWidget grid;
    grid.resize(600, 400);
    grid.setStates(cycleOfStates(20000));
    showAndWait(grid);
    auto wheel = [&](const QPoint& at, int delta) {
        QWheelEvent e(at, grid.mapToGlobal(at), {}, QPoint(0, delta), Qt::NoButton,
                      Qt::ControlModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(&grid, &e);
    };
    // Away from the edges, in, in again, and back out one step: the index under the pointer
    // stays under it each time, though the rows reflow.
    for (const QPoint at : {QPoint(421, 233), QPoint(97, 301), QPoint(300, 40)}) {
        grid.zoomToFit();
        const int under = grid.indexAt(at);
        ASSERT_GE(under, 0);
        for (int delta : {120, 120, 120, -120}) {
            wheel(at, delta);
            EXPECT_EQ(grid.indexAt(at), under) << "at " << at.x() << "," << at.y() << " after "
                                               << delta << ", cell " << grid.effectiveCellSize();
            EXPECT_TRUE(grid.cellRect(under).contains(at) ||
                        grid.cellRect(under).adjusted(0, 0, 1, 1).contains(at));
        }
        EXPECT_GT(grid.effectiveCellSize(), 2);
    }
    // The painted cell under the pointer has that index's colour.
    const QPoint at(421, 233);
    const QImage image = grid.grab().toImage();
    EXPECT_EQ(pixelAt(image, grid.cellRect(grid.indexAt(at)).center()),
              StatePalette(grid.palette()).rgb(grid.stateAt(grid.indexAt(at))));
}

TEST(IndexGridWidget, RowLabelsShowTheFirstIndexOfEachRowWhenCellsFitThem) {
    IndexGridWidget grid;
    grid.resize(600, 400);
    grid.setStates(cycleOfStates(20000));
    showAndWait(grid);
    grid.renderNow();
    // Fit at 20,000 indexes: cells too small for labels.
    ASSERT_LT(grid.effectiveCellSize(), IndexGridWidget::kLabelMinCell);
    EXPECT_TRUE(grid.labelledRows().empty());
    grid.setCellSize(12);
    grid.renderNow();
    ASSERT_FALSE(grid.labelledRows().empty());
    const auto& rows = grid.labelledRows();
    EXPECT_EQ(rows.front(), 0);
    // Consecutive labels are whole rows apart, and each names the first cell of its row.
    const int step = rows.size() > 1 ? rows[1] - rows[0] : 0;
    EXPECT_EQ(step % grid.columns(), 0);
    EXPECT_GT(step, 0);
    for (size_t i = 1; i < rows.size(); ++i) {
        EXPECT_EQ(rows[i] - rows[i - 1], step);
        const QRect first = grid.cellRect(rows[i]);
        if (!first.isEmpty()) {
            EXPECT_LT(first.left(), grid.labelGutter() + 2); // the leftmost cell
            EXPECT_GT(first.left(), 0);
        }
    }
    // The label is painted: text pixels in the gutter, left of the first cell.
    const QImage image = grid.grab().toImage();
    const QColor base = grid.palette().color(QPalette::Base);
    int inked = 0;
    const QRect cell0 = grid.cellRect(0);
    for (int x = 0; x < grid.labelGutter() - 2; ++x) {
        for (int y = cell0.top(); y < cell0.top() + grid.fontMetrics().height(); ++y)
            inked += QColor(image.pixel(x, y)) != base ? 1 : 0;
    }
    EXPECT_GT(inked, 5);
    // Scrolled down, the labels follow: the first label names a row further on.
    QTest::keyClick(&grid, Qt::Key_End);
    grid.renderNow();
    ASSERT_FALSE(grid.labelledRows().empty());
    EXPECT_GT(grid.labelledRows().front(), 10000);
}

TEST(IndexGridWidget, FollowRunningKeepsTheLowestRunningIndexInViewUntilTheUserScrolls) {
    IndexGridWidget grid;
    grid.resize(600, 300);
    std::vector<IndexState> states(20000, IndexState::NotStarted);
    grid.setStates(states);
    showAndWait(grid);
    grid.setCellSize(12);
    QSignalSpy changed(&grid, &IndexGridWidget::followFrontierChanged);
    grid.setFollowFrontier(true);
    for (int frontier : {3000, 9000, 15000}) {
        for (int i = 0; i < frontier; ++i)
            states[static_cast<size_t>(i)] = IndexState::Succeeded;
        for (int i = frontier; i < frontier + 50; ++i)
            states[static_cast<size_t>(i)] = IndexState::Running;
        grid.updateStates(states, 0, frontier + 49);
        EXPECT_FALSE(grid.cellRect(frontier).isEmpty()) << frontier;
        EXPECT_LT(grid.cellRect(frontier).top(), grid.height() / 2) << frontier;
    }
    // A wheel turn by hand hands the view back to the reader.
    QWheelEvent scroll(QPointF(50, 50), grid.mapToGlobal(QPointF(50, 50)), {}, QPoint(0, 120),
                       Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&grid, &scroll);
    EXPECT_FALSE(grid.followsFrontier());
    EXPECT_EQ(changed.count(), 2);
    for (int i = 15000; i < 18000; ++i)
        states[static_cast<size_t>(i)] = IndexState::Succeeded;
    for (int i = 18000; i < 18050; ++i)
        states[static_cast<size_t>(i)] = IndexState::Running;
    grid.updateStates(states, 15000, 18049);
    EXPECT_TRUE(grid.cellRect(18000).isEmpty()); // not followed any more
}

TEST(IndexGridWidget, ThemeChangeReRendersTheCachedImage) {
    IndexGridWidget grid;
    grid.resize(200, 100);
    grid.setStates(std::vector<IndexState>(50, IndexState::NotStarted));
    grid.renderNow();
    const QImage before = grid.grab().toImage();
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x20, 0x22, 0x25));
    dark.setColor(QPalette::Base, QColor(0x18, 0x1a, 0x1c));
    grid.setPalette(dark); // what QApplication::setPalette sends every widget: PaletteChange
    const QImage after = grid.grab().toImage();
    const QPoint background(grid.width() - 1, grid.height() - 1);
    EXPECT_NE(before.pixel(background), after.pixel(background));
    EXPECT_EQ(QColor(after.pixel(background)), dark.color(QPalette::Base));
    EXPECT_EQ(pixelAt(after, grid.cellRect(0).center()),
              StatePalette(dark).rgb(IndexState::NotStarted));
}

// Explicit zoom on a Job of 2,000,000,000 indexes. At the largest cells the
// content is ~3.6·10⁹ pixels high, more than an int (and QScrollBar) holds; rows × pitch used to
// overflow in the layout, the scroll range, ensureVisible and hit testing. The scroll bar now
// counts rows when the pixels do not fit, and every index × size product is 64-bit.
TEST(IndexGridWidget, TheLargestCellsOnTwoBillionIndexesReachTheLastIndex) {
    using tessera::engine::IndexSet;
    using tessera::engine::IndexStateMap;
    constexpr int kHuge = 2'000'000'000;
    IndexGridWidget grid;
    grid.resize(600, 400);
    grid.setJobIdentity(QStringLiteral("huge"), QString());
    IndexStateMap states(kHuge);
    states.paint(IndexSet::range(0, 999'999'999), IndexState::Succeeded);
    states.paintPoints({{1'234'567'890, IndexState::FailedWillRetry},
                        {kHuge - 2, IndexState::Running},
                        {kHuge - 1, IndexState::FailedTerminal}});
    grid.setStates(states);
    showAndWait(grid);
    const StatePalette colors(grid.palette());
    auto wheel = [&](const QPoint& at, int delta) {
        QWheelEvent e(at, grid.mapToGlobal(at), {}, QPoint(0, delta), Qt::NoButton,
                      Qt::ControlModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(&grid, &e);
    };

    // Ctrl+wheel from fit (thousands of indexes per pixel) to the largest cells: the index under
    // the pointer stays under it at every step, deep inside the job.
    const QPoint at(317, 211);
    wheel(at, 120); // fit -> one index per cell
    ASSERT_EQ(grid.indexesPerCell(), 1);
    const int under = grid.indexAt(at);
    ASSERT_GT(under, 100'000'000);
    while (grid.effectiveCellSize() < 32) {
        wheel(at, 120);
        ASSERT_EQ(grid.indexAt(at), under) << "cell " << grid.effectiveCellSize();
    }
    const qint64 rows = (qint64{kHuge} + grid.columns() - 1) / grid.columns();
    ASSERT_GT(rows * 33, qint64{std::numeric_limits<int>::max()}); // pitch 33: beyond an int
    const QImage zoomed = grid.grab().toImage();
    EXPECT_EQ(pixelAt(zoomed, grid.cellRect(under).center()), colors.rgb(grid.stateAt(under)));

    // End: the last index is current, in view, painted, and under the pointer when hovered.
    grid.zoomToFit(); // then 32 again: rows start at multiples of the row length again
    grid.setCellSize(32);
    ASSERT_EQ(grid.effectiveCellSize(), 32);
    grid.setFocus();
    QTest::keyClick(&grid, Qt::Key_End);
    EXPECT_EQ(grid.currentIndex(), kHuge - 1);
    const QRect last = grid.cellRect(kHuge - 1);
    ASSERT_FALSE(last.isEmpty());
    EXPECT_TRUE(grid.rect().contains(last)) << last.y();
    auto* bar = grid.findChild<QScrollBar*>(QStringLiteral("indexGridScrollBar"));
    ASSERT_TRUE(bar && bar->isVisible());
    EXPECT_GT(bar->maximum(), 0);
    EXPECT_EQ(bar->value(), bar->maximum());
    QTest::mouseMove(&grid, last.center());
    EXPECT_EQ(grid.hoveredIndex(), kHuge - 1);
    EXPECT_EQ(grid.indexAt(last.center()), kHuge - 1);
    QHelpEvent help(QEvent::ToolTip, last.center(), grid.mapToGlobal(last.center()));
    QApplication::sendEvent(&grid, &help);
    EXPECT_TRUE(QToolTip::text().contains(QStringLiteral("Index 1999999999")))
        << QToolTip::text().toStdString();
    EXPECT_TRUE(QToolTip::text().contains(QStringLiteral("huge-1999999999")));
    QToolTip::hideText();
    const QImage image = grid.grab().toImage();
    EXPECT_EQ(pixelAt(image, last.center()), colors.rgb(IndexState::FailedTerminal));
    EXPECT_EQ(pixelAt(image, grid.cellRect(kHuge - 2).center()), colors.rgb(IndexState::Running));

    // The rows in view are the last ones: each label names the first index of a row, a row
    // apart, down to the row that holds the last index.
    grid.renderNow();
    const auto& labels = grid.labelledRows();
    ASSERT_GE(labels.size(), 5u);
    const int columns = grid.columns();
    EXPECT_EQ(labels.back(), (kHuge - 1) / columns * columns);
    EXPECT_GT(labels.back() + columns, kHuge - 1);
    for (size_t i = 1; i < labels.size(); ++i)
        EXPECT_EQ(labels[i] - labels[i - 1], columns);
    for (int first : labels) {
        const QRect r = grid.cellRect(first);
        if (r.isEmpty() || r.top() < 0)
            continue; // the row partly above the top edge
        EXPECT_EQ(grid.indexAt(r.center()), first);
        EXPECT_LT(r.left(), grid.labelGutter() + 2);
    }

    // Up, Page Up and Home from there; back down with End.
    QTest::keyClick(&grid, Qt::Key_Up);
    EXPECT_EQ(grid.currentIndex(), kHuge - 1 - columns);
    EXPECT_FALSE(grid.cellRect(kHuge - 1 - columns).isEmpty());
    QTest::keyClick(&grid, Qt::Key_PageUp);
    EXPECT_LT(grid.currentIndex(), kHuge - 1 - columns);
    EXPECT_FALSE(grid.cellRect(grid.currentIndex()).isEmpty());
    QTest::keyClick(&grid, Qt::Key_Home);
    EXPECT_EQ(grid.currentIndex(), 0);
    EXPECT_EQ(bar->value(), 0);
    EXPECT_EQ(grid.indexAt(grid.cellRect(0).center()), 0);
    QTest::keyClick(&grid, Qt::Key_End);
    EXPECT_EQ(grid.indexAt(grid.cellRect(kHuge - 1).center()), kHuge - 1);

    // Dragging the bar to its middle shows the middle rows: the labels are near index 10⁹.
    bar->setValue(bar->maximum() / 2);
    grid.renderNow();
    ASSERT_FALSE(grid.labelledRows().empty());
    EXPECT_NEAR(double(grid.labelledRows().front()), 1e9, 1e7);
    const QPoint middle(grid.labelGutter() + 5, grid.height() / 2);
    const int shown = grid.indexAt(middle);
    EXPECT_NEAR(double(shown), 1e9, 1e7);
    EXPECT_EQ(grid.cellRect(shown).contains(middle) ||
                  grid.cellRect(shown).adjusted(0, 0, 1, 1).contains(middle),
              true);
}
