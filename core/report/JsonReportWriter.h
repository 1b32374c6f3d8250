#pragma once
// JSON, schema in docs/report-schema.md (tessera.report/v1). ReportWriter owns temp + rename.
#include "ReportWriter.h"

#include <QString>

class QIODevice;

namespace tessera::report {

class JsonReportWriter {
public:
    // Writes the whole report to device; false with error set on failure or cancellation.
    static bool write(const Report& report, QIODevice& device, const WriteControl& control,
                      QString& error);
};

} // namespace tessera::report
