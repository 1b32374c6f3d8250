#pragma once
// HTML: one self-contained file (inline CSS, inline SVG charts, no scripts), text escaped.
#include "ReportWriter.h"

#include <QString>

class QIODevice;

namespace tessera::report {

class HtmlReportWriter {
public:
    // Writes the whole report to device; false with error set on failure or cancellation.
    static bool write(const Report& report, QIODevice& device, const WriteControl& control,
                      QString& error);
};

} // namespace tessera::report
