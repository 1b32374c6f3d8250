#include "CsvReportWriter.h"

#include "WriterSupport.h"
#include "codec/Rfc3339.h"

#include <cstdio>

namespace tessera::report {

namespace {

// RFC 4180: a field holding a comma, a quote, CR or LF is quoted, its quotes doubled.
void appendField(std::string& out, std::string_view field) {
    if (field.find_first_of(",\"\r\n") == std::string_view::npos) {
        out += field;
        return;
    }
    out += '"';
    for (char c : field) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
}

std::string seconds(const std::optional<engine::Duration>& d) {
    if (!d)
        return {};
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", engine::toSeconds(*d));
    return buf;
}

std::string time(const std::optional<engine::TimePoint>& t) {
    return t ? codec::formatRfc3339(*t, codec::TimePrecision::Millis) : std::string();
}

template <typename T> std::string number(const std::optional<T>& v) {
    return v ? std::to_string(*v) : std::string();
}

} // namespace

bool CsvReportWriter::write(const Report& r, QIODevice& device, const WriteControl& control,
                            QString& error) {
    std::string out;
    out += "index,original_index,status,attempts,hostname,node,start,end,duration_seconds,"
           "exit_code,signal,reason,message,failed_attempts\r\n";
    const auto total = static_cast<int64_t>(r.rows.size());
    for (int64_t i = 0; i < total; ++i) {
        if (i % detail::kRowsPerStep == 0) {
            if (control.cancelled()) {
                error = detail::cancelledText();
                return false;
            }
            control.report(i, total);
        }
        const IndexRow& row = r.rows[static_cast<std::size_t>(i)];
        const std::string fields[] = {std::to_string(row.index),
                                      number(row.originalIndex),
                                      row.status,
                                      std::to_string(row.attempts),
                                      row.hostname,
                                      row.node,
                                      time(row.start),
                                      time(row.end),
                                      seconds(row.duration),
                                      number(row.exitCode),
                                      number(row.signal),
                                      row.reason,
                                      row.message,
                                      std::to_string(row.failures)};
        bool first = true;
        for (const std::string& f : fields) {
            if (!first)
                out += ',';
            first = false;
            appendField(out, f);
        }
        out += "\r\n";
    }
    control.report(total, total);
    return detail::writeAll(device, out, error);
}

} // namespace tessera::report
