#pragma once
// The scoreboard's legend: a swatch, the state's name and its count for every state, plus the
// grid's scale ("1 cell = 25 indexes" when aggregated), and the "Follow running" switch that
// keeps the grid's lowest running index in view. Follows one IndexGridWidget.
#include <QWidget>
#include <array>

class QCheckBox;
class QLabel;

namespace tessera::ui {

class IndexGridWidget;

class GridLegendWidget : public QWidget {
    Q_OBJECT
public:
    explicit GridLegendWidget(IndexGridWidget* grid, QWidget* parent = nullptr);

    // The text next to one state's swatch, e.g. "Running 1,234" (for tests).
    QString entryText(int state) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void refreshCounts();
    void refreshScale();
    void refreshSwatches();

    IndexGridWidget* m_grid;
    std::array<QLabel*, 7> m_swatches{};
    std::array<QLabel*, 7> m_labels{};
    QLabel* m_scale = nullptr;
    QCheckBox* m_follow = nullptr;
};

} // namespace tessera::ui
