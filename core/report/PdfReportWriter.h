#pragma once
// PDF through QPdfWriter: A4 pages, charts drawn with QPainter. Needs a QGuiApplication (fonts).
#include "ReportWriter.h"

#include <QString>

class QIODevice;

namespace tessera::report {

class PdfReportWriter {
public:
    // Writes the whole report to device; false with error set on failure or cancellation.
    static bool write(const Report& report, QIODevice& device, const WriteControl& control,
                      QString& error);
};

} // namespace tessera::report
