#include "GuiMain.h"

#include "DisplayCheck.h"
#include "JobView.h"
#include "LanguageFonts.h"
#include "MainWindow.h"
#include "SourceHost.h"
#include "Theme.h"
#include "report/TranslationLoader.h"

#include <QApplication>
#include <QSettings>
#include <cstdio>
#include <cstdlib>

namespace tessera::ui {

int runGui(int argc, char** argv, const GuiStart& start) {
    // Before QApplication: without a display Qt would abort with a misleading message.
    if (!displayAvailable(argc, argv, [](const char* name) {
            const char* value = std::getenv(name);
            return std::string(value ? value : "");
        })) {
        std::fputs(noDisplayMessage().c_str(), stderr);
        return 2; // the usage status, as for any command that cannot run as asked
    }
    bool demo = start.demo; // --demo: open on the built-in Demo source (scripts/run.sh)
    QString themeArgument;
    for (int i = 1; i < argc; ++i) {
        if (qstrcmp(argv[i], "--demo") == 0)
            demo = true;
        // Hidden: --theme light|dark|system for this run only (screenshots of either theme).
        if (qstrcmp(argv[i], "--theme") == 0 && i + 1 < argc)
            themeArgument = QString::fromLatin1(argv[i + 1]);
    }
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("tessera"));
    QApplication::setApplicationName(QStringLiteral("tessera"));
    // No applicationDisplayName: Qt would append it to every window title ("Tessera — Demo —
    // Tessera"); the titles name Tessera themselves.
    QApplication::setDesktopFileName(QStringLiteral("tessera"));
    // The system locale, unless View > Language chose one ("" = system; "en" = untranslated).
    const QString language = QSettings().value(MainWindow::languageSettingKey()).toString();
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    // Without a font for its script a translation is unreadable: stay in English, say why.
    const QString noFont = LanguageFonts::missingFontReason(locale);
    if (!noFont.isEmpty())
        std::fprintf(stderr, "tessera: %s\n", qPrintable(noFont));
    else if (language != QLatin1String("en"))
        report::TranslationLoader::install(app, locale);

    // View > Theme, as last chosen (System keeps the desktop's look).
    applyTheme(themeArgument.isEmpty()                   ? savedTheme()
               : themeArgument == QLatin1String("dark")  ? Theme::Dark
               : themeArgument == QLatin1String("light") ? Theme::Light
                                                         : Theme::System);

    MainWindow window;
    if (start.size.isValid())
        window.resize(start.size);
    if (!start.onlySources.isEmpty())
        window.setSourceIds(start.onlySources);
    else
        window.setSourceIds({}, demo ? SourceHost::demoId() : QString());
    const std::unique_ptr<QObject> attached = start.attach ? start.attach(window) : nullptr;
    window.show();
    return app.exec();
}

} // namespace tessera::ui
