#pragma once
// View > Theme: System (whatever the desktop gives), Light or Dark, remembered in QSettings.
// Light and Dark use the Fusion style with a palette of their own, so every widget - and every
// custom-painted one (scoreboard, legend, timeline, charts), which draw from palette() and
// re-render on QEvent::PaletteChange - looks the same on every desktop.
#include <QPalette>
#include <QString>

namespace tessera::ui {

enum class Theme { System, Light, Dark };

// QSettings key and values ("system", "light", "dark").
QString themeSettingKey();
Theme savedTheme();
void saveTheme(Theme theme);

// The palette a theme gives (System: the one the application had before any theme was applied).
QPalette themePalette(Theme theme);
// Applies it to the whole application (style and palette); every widget gets a PaletteChange.
void applyTheme(Theme theme);
// The theme applied last (System until applyTheme is called).
Theme currentTheme();

} // namespace tessera::ui
