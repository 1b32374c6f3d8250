#pragma once
// Small helpers shared by the Launch dialog's source files (not part of its interface).
#include "ui/StatePalette.h"

#include <QCoreApplication>
#include <QString>
#include <QWidget>
#include <chrono>
#include <string_view>

namespace tessera::ui::launch::detail {

inline QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

// "12.5 s", "3.2 min", "1.50 h".
inline QString seconds(std::chrono::milliseconds d) {
    const double s = static_cast<double>(d.count()) / 1000.0;
    if (s < 120)
        return QCoreApplication::translate("LaunchDialog", "%1 s").arg(s, 0, 'f', 1);
    if (s < 7200)
        return QCoreApplication::translate("LaunchDialog", "%1 min").arg(s / 60, 0, 'f', 1);
    return QCoreApplication::translate("LaunchDialog", "%1 h").arg(s / 3600, 0, 'f', 2);
}

// Error text in the theme's "failed" colour: a fixed dark red was barely legible on Dark.
inline QString errorStyle(const QWidget* widget) {
    return QStringLiteral("color: %1;")
        .arg(StatePalette(widget->palette()).color(engine::IndexState::FailedTerminal).name());
}

} // namespace tessera::ui::launch::detail
