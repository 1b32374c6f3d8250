#pragma once
// Small helpers shared by the report writers (not part of the public API).
#include "ReportWriter.h"

#include <QCoreApplication>
#include <QIODevice>
#include <QString>
#include <string>

namespace tessera::report::detail {

// How many rows a writer handles between progress reports / cancel checks.
inline constexpr int64_t kRowsPerStep = 512;

inline QString cancelledText() {
    return QCoreApplication::translate("ReportWriter", "cancelled");
}

// Writes the whole buffer; false with error set when the device refuses.
inline bool writeAll(QIODevice& device, const std::string& data, QString& error) {
    const qint64 n = device.write(data.data(), static_cast<qint64>(data.size()));
    if (n != static_cast<qint64>(data.size())) {
        error = device.errorString();
        return false;
    }
    return true;
}

} // namespace tessera::report::detail
