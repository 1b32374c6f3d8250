#include "Theme.h"

#include <QApplication>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>
#include <memory>

namespace tessera::ui {

namespace {

// What the desktop gave, captured before the first theme replaced it.
struct SystemLook {
    QPalette palette;
    QString style;
};

SystemLook& systemLook() {
    static SystemLook look{QApplication::palette(), QApplication::style()->name()};
    return look;
}

Theme g_current = Theme::System;

QPalette darkPalette() {
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x30), base(0x1e, 0x1f, 0x22), text(0xe4, 0xe6, 0xea);
    const QColor disabled(0x7c, 0x80, 0x86);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::ToolTipBase, window);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x8f, 0x93, 0x99));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3b));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x4f, 0x52, 0x57));
    p.setColor(QPalette::Midlight, QColor(0x3d, 0x40, 0x44));
    p.setColor(QPalette::Mid, QColor(0x46, 0x49, 0x4e));
    p.setColor(QPalette::Dark, QColor(0x19, 0x1a, 0x1c));
    p.setColor(QPalette::Shadow, QColor(0x0b, 0x0b, 0x0c));
    p.setColor(QPalette::Highlight, QColor(0x35, 0x74, 0xf0));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x58, 0x9d, 0xf6));
    p.setColor(QPalette::LinkVisited, QColor(0xa3, 0x8b, 0xf5));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x45, 0x49, 0x4e));
    return p;
}

QPalette lightPalette() {
    std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    return fusion ? fusion->standardPalette() : QPalette(Qt::white);
}

QString nameOf(Theme theme) {
    switch (theme) {
    case Theme::Light:
        return QStringLiteral("light");
    case Theme::Dark:
        return QStringLiteral("dark");
    case Theme::System:
        break;
    }
    return QStringLiteral("system");
}

} // namespace

QString themeSettingKey() {
    return QStringLiteral("view/theme");
}

Theme savedTheme() {
    const QString value = QSettings().value(themeSettingKey()).toString();
    if (value == QLatin1String("light"))
        return Theme::Light;
    if (value == QLatin1String("dark"))
        return Theme::Dark;
    return Theme::System;
}

void saveTheme(Theme theme) {
    QSettings().setValue(themeSettingKey(), nameOf(theme));
}

QPalette themePalette(Theme theme) {
    switch (theme) {
    case Theme::Light:
        return lightPalette();
    case Theme::Dark:
        return darkPalette();
    case Theme::System:
        break;
    }
    return systemLook().palette;
}

void applyTheme(Theme theme) {
    const SystemLook& system = systemLook(); // captured before anything changes
    // Nothing to undo: leave the application palette unset, so it keeps following the desktop.
    if (theme == Theme::System && g_current == Theme::System)
        return;
    const QString style = theme == Theme::System ? system.style : QStringLiteral("Fusion");
    if (QApplication::style()->name().compare(style, Qt::CaseInsensitive) != 0)
        QApplication::setStyle(style);
    QApplication::setPalette(themePalette(theme));
    g_current = theme;
}

Theme currentTheme() {
    return g_current;
}

} // namespace tessera::ui
