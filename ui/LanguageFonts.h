#pragma once
// Whether the fonts installed can show a language. Chinese needs a CJK font (Debian:
// fonts-noto-cjk, a Recommends of the package and in scripts/deps.sh); without one every
// translated character would show as an empty box, so the app stays in English and says why.
#include <QLocale>
#include <QString>
#include <QStringList>

namespace tessera::ui {

class LanguageFonts {
public:
    // "" when `locale` can be shown with fonts having `familiesForScript` (the families that
    // cover its script, as QFontDatabase lists them), else why not, naming the package to install.
    static QString missingFontReason(const QLocale& locale, const QStringList& familiesForScript);
    // The same against the installed fonts (needs a QGuiApplication).
    static QString missingFontReason(const QLocale& locale);
};

} // namespace tessera::ui
