#pragma once
// Writes a Report to a file in one of four formats. The file is written through QSaveFile (a
// temporary name, renamed over the target only when everything was written), so a cancelled or
// failed write never leaves a half-written report behind.
//
//   report::WriteControl control{[](int done, int total) { ... }, &cancelFlag};
//   auto written = report::ReportWriter::write(report, report::ReportFormat::Html, path, control);
//   if (!written) show(written.error().message);
#include "Report.h"
#include "engine/Result.h"

#include <QString>
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

class QIODevice;

namespace tessera::report {

enum class ReportFormat { Html, Pdf, Csv, Json };

// Progress is reported as (rows done, rows total); cancel is polled between rows. Both optional.
// The callback runs on the writing thread.
struct WriteControl {
    std::function<void(int64_t done, int64_t total)> progress;
    const std::atomic<bool>* cancel = nullptr;

    bool cancelled() const { return cancel != nullptr && cancel->load(std::memory_order_relaxed); }
    void report(int64_t done, int64_t total) const {
        if (progress)
            progress(done, total);
    }
};

class ReportWriter {
public:
    // "html", "pdf", "csv", "json" (case-insensitive).
    static std::optional<ReportFormat> formatFromName(std::string_view name);
    // From the file extension (.html/.htm, .pdf, .csv, .json).
    static std::optional<ReportFormat> formatFromPath(const QString& path);
    static const char* extension(ReportFormat format);

    // Writes the report to `path` (temp file + rename). Returns the number of bytes written; the
    // error names the path and the reason ("cancelled" when the cancel flag was raised).
    static engine::Result<int64_t> write(const Report& report, ReportFormat format,
                                         const QString& path, const WriteControl& control = {});
    // Writes to an open device (no rename); false with `error` set on failure or cancellation.
    static bool writeTo(const Report& report, ReportFormat format, QIODevice& device,
                        const WriteControl& control, QString& error);
};

} // namespace tessera::report
