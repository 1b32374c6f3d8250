#pragma once
// Finds and installs Tessera's translations (tessera_<locale>.qm) and Qt's own (qtbase_<locale>)
// for the CLI and the GUI. Looks, in order, in $TESSERA_TRANSLATIONS_DIR, next to the executable
// (the build tree: <exe dir>/../translations and <exe dir>/translations), and in the installed
// <prefix>/share/tessera/translations.
#include <QLocale>
#include <QString>
#include <QStringList>

class QCoreApplication;

namespace tessera::report {

class TranslationLoader {
public:
    // The directories searched, in order (for diagnostics and tests).
    static QStringList searchPath();
    // Installs the translators for `locale` on `app` (they are parented to it). Returns the .qm
    // file loaded for Tessera, or "" when the locale has none (English is the source language).
    static QString install(QCoreApplication& app, const QLocale& locale = QLocale());
};

} // namespace tessera::report
