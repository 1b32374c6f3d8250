#pragma once
// The colours and names of the scoreboard's index states, one place for the grid, its legend,
// the timeline and the tests. Colours are chosen per palette: on a dark window the neutral states
// (not started, out of range) get dark greys and the coloured ones stay saturated but not
// glaring, so the grid reads the same way on light and dark desktops.
#include "engine/JobController.h"

#include <QColor>
#include <QPalette>
#include <QString>
#include <array>

namespace tessera::ui {

class StatePalette {
public:
    explicit StatePalette(const QPalette& palette);

    QRgb rgb(engine::IndexState state) const { return m_rgb[static_cast<int>(state)]; }
    QColor color(engine::IndexState state) const { return QColor::fromRgb(rgb(state)); }
    bool dark() const { return m_dark; }

    // Translated, for the legend and tooltips ("Failed, will retry").
    static QString name(engine::IndexState state);
    // Which state an aggregated pixel shows when it stands for several indexes: the one that
    // needs attention first (failed terminal > will retry > pending > running > not started >
    // succeeded > out of range).
    static int severity(engine::IndexState state);
    // True when the window background is dark (the system's dark palette).
    static bool isDark(const QPalette& palette);

private:
    std::array<QRgb, engine::kIndexStateCount> m_rgb{};
    bool m_dark = false;
};

} // namespace tessera::ui
