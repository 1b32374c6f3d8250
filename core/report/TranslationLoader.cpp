#include "TranslationLoader.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QTranslator>

namespace tessera::report {

QStringList TranslationLoader::searchPath() {
    QStringList dirs;
    const QString env = qEnvironmentVariable("TESSERA_TRANSLATIONS_DIR");
    if (!env.isEmpty())
        dirs << env;
    const QString exeDir = QCoreApplication::applicationDirPath();
    if (!exeDir.isEmpty()) {
        dirs << QDir::cleanPath(exeDir + QStringLiteral("/../translations"))
             << QDir::cleanPath(exeDir + QStringLiteral("/translations"))
             << QDir::cleanPath(exeDir + QStringLiteral("/../share/tessera/translations"));
    }
    return dirs;
}

QString TranslationLoader::install(QCoreApplication& app, const QLocale& locale) {
    QString loaded;
    for (const QString& dir : searchPath()) {
        auto* translator = new QTranslator(&app);
        if (translator->load(locale, QStringLiteral("tessera"), QStringLiteral("_"), dir)) {
            QCoreApplication::installTranslator(translator);
            loaded = translator->filePath();
            break;
        }
        delete translator;
    }
    auto* qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    return loaded;
}

} // namespace tessera::report
