#pragma once
// CSV: a header, then one row per index, RFC 4180 quoting and CRLF line ends.
#include "ReportWriter.h"

#include <QString>

class QIODevice;

namespace tessera::report {

class CsvReportWriter {
public:
    // Writes the whole report to device; false with error set on failure or cancellation.
    static bool write(const Report& report, QIODevice& device, const WriteControl& control,
                      QString& error);
};

} // namespace tessera::report
