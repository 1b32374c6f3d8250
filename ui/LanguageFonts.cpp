#include "LanguageFonts.h"

#include <QCoreApplication>
#include <QFontDatabase>

namespace tessera::ui {

namespace {

bool needsCjk(const QLocale& locale) {
    return locale.language() == QLocale::Chinese || locale.language() == QLocale::Japanese ||
           locale.language() == QLocale::Korean;
}

QFontDatabase::WritingSystem writingSystemOf(const QLocale& locale) {
    switch (locale.language()) {
    case QLocale::Japanese:
        return QFontDatabase::Japanese;
    case QLocale::Korean:
        return QFontDatabase::Korean;
    default:
        return locale.script() == QLocale::TraditionalChineseScript
                   ? QFontDatabase::TraditionalChinese
                   : QFontDatabase::SimplifiedChinese;
    }
}

} // namespace

QString LanguageFonts::missingFontReason(const QLocale& locale,
                                         const QStringList& familiesForScript) {
    if (!needsCjk(locale) || !familiesForScript.isEmpty())
        return {};
    return QCoreApplication::translate("LanguageFonts",
                                       "No font for %1 is installed (on Debian: apt install "
                                       "fonts-noto-cjk); Tessera shows English instead.")
        .arg(QLocale::languageToString(locale.language()));
}

QString LanguageFonts::missingFontReason(const QLocale& locale) {
    if (!needsCjk(locale))
        return {};
    return missingFontReason(locale, QFontDatabase::families(writingSystemOf(locale)));
}

} // namespace tessera::ui
