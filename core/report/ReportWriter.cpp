#include "ReportWriter.h"

#include "CsvReportWriter.h"
#include "HtmlReportWriter.h"
#include "JsonReportWriter.h"
#include "PdfReportWriter.h"
#include "WholeWrites.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSaveFile>

namespace tessera::report {

std::optional<ReportFormat> ReportWriter::formatFromName(std::string_view name) {
    const QString n = QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())).toLower();
    if (n == u"html" || n == u"htm")
        return ReportFormat::Html;
    if (n == u"pdf")
        return ReportFormat::Pdf;
    if (n == u"csv")
        return ReportFormat::Csv;
    if (n == u"json")
        return ReportFormat::Json;
    return std::nullopt;
}

std::optional<ReportFormat> ReportWriter::formatFromPath(const QString& path) {
    return formatFromName(QFileInfo(path).suffix().toStdString());
}

const char* ReportWriter::extension(ReportFormat format) {
    switch (format) {
    case ReportFormat::Html:
        return "html";
    case ReportFormat::Pdf:
        return "pdf";
    case ReportFormat::Csv:
        return "csv";
    case ReportFormat::Json:
        return "json";
    }
    return "html";
}

bool ReportWriter::writeTo(const Report& report, ReportFormat format, QIODevice& device,
                           const WriteControl& control, QString& error) {
    switch (format) {
    case ReportFormat::Html:
        return HtmlReportWriter::write(report, device, control, error);
    case ReportFormat::Pdf:
        return PdfReportWriter::write(report, device, control, error);
    case ReportFormat::Csv:
        return CsvReportWriter::write(report, device, control, error);
    case ReportFormat::Json:
        return JsonReportWriter::write(report, device, control, error);
    }
    return false;
}

engine::Result<int64_t> ReportWriter::write(const Report& report, ReportFormat format,
                                            const QString& path, const WriteControl& control) {
    auto fail = [&](const QString& why) {
        engine::Error e;
        e.message =
            QCoreApplication::translate("ReportWriter", "%1: %2").arg(path, why).toStdString();
        return engine::Result<int64_t>(std::move(e));
    };
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(file.errorString());
    QString error;
    WholeWrites whole(file);
    if (!writeTo(report, format, whole, control, error) || !whole.failure().isEmpty()) {
        file.cancelWriting();
        return fail(whole.failure().isEmpty() ? error : whole.failure());
    }
    const int64_t size = file.size();
    if (!file.commit())
        return fail(file.errorString());
    return size;
}

} // namespace tessera::report
