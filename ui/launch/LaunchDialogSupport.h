#pragma once
// Small helpers shared by the Launch dialog's source files (not part of its interface).
#include <QCoreApplication>
#include <QString>
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

} // namespace tessera::ui::launch::detail
