#include "HtmlReportWriter.h"

#include "ChartGeometry.h"
#include "ReportLabels.h"
#include "WriterSupport.h"

namespace tessera::report {

namespace {

QString esc(const QString& s) {
    return s.toHtmlEscaped();
}
QString esc(const std::string& s) {
    return QString::fromStdString(s).toHtmlEscaped();
}

QString cell(const QString& text) {
    return QStringLiteral("<td>") + esc(text) + QStringLiteral("</td>");
}

QString row(const QString& label, const QString& value) {
    return QStringLiteral("<tr><th>") + esc(label) + QStringLiteral("</th><td>") + esc(value) +
           QStringLiteral("</td></tr>\n");
}

QString optionalNumber(const std::optional<int64_t>& v) {
    return v ? QString::number(*v) : QString();
}

QString points(const QVector<QPointF>& pts, double dx, double dy) {
    QString out;
    for (const QPointF& p : pts)
        out += QStringLiteral("%1,%2 ").arg(p.x() + dx, 0, 'f', 1).arg(p.y() + dy, 0, 'f', 1);
    return out.trimmed();
}

constexpr double kW = 640, kH = 226, kLeft = 56, kTop = 10, kPlotW = 570, kPlotH = 170;

// One axis of a chart: its range in the unit its title names.
struct Axis {
    double min = 0, max = 1;
    QString title;
};

// Both axes with round tick values, light grid lines across the plot, and the axis titles.
QString axes(const Axis& x, const Axis& y) {
    QString svg;
    for (const ChartGeometry::Tick& t : ChartGeometry::ticks(y.min, y.max)) {
        const double at = kTop + kPlotH - t.fraction * kPlotH;
        svg += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" stroke=\"#e0e0e0\"/>"
                              "<text x=\"%4\" y=\"%5\" font-size=\"11\" "
                              "text-anchor=\"end\">%6</text>")
                   .arg(kLeft)
                   .arg(at, 0, 'f', 1)
                   .arg(kLeft + kPlotW)
                   .arg(kLeft - 4)
                   .arg(at + 4, 0, 'f', 1)
                   .arg(ChartGeometry::tickText(t.value));
    }
    for (const ChartGeometry::Tick& t : ChartGeometry::ticks(x.min, x.max)) {
        const double at = kLeft + t.fraction * kPlotW;
        svg += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\" stroke=\"#444\"/>"
                              "<text x=\"%1\" y=\"%4\" font-size=\"11\" "
                              "text-anchor=\"middle\">%5</text>")
                   .arg(at, 0, 'f', 1)
                   .arg(kTop + kPlotH)
                   .arg(kTop + kPlotH + 4)
                   .arg(kTop + kPlotH + 16)
                   .arg(ChartGeometry::tickText(t.value));
    }
    svg += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\" stroke=\"#444\"/>"
                          "<line x1=\"%1\" y1=\"%3\" x2=\"%4\" y2=\"%3\" stroke=\"#444\"/>"
                          "<text x=\"%5\" y=\"%6\" font-size=\"11\" "
                          "text-anchor=\"middle\">%7</text>"
                          "<text x=\"12\" y=\"%8\" font-size=\"11\" text-anchor=\"middle\" "
                          "transform=\"rotate(-90 12 %8)\">%9</text>")
               .arg(kLeft)
               .arg(kTop)
               .arg(kTop + kPlotH)
               .arg(kLeft + kPlotW)
               .arg(kLeft + kPlotW / 2)
               .arg(kTop + kPlotH + 32)
               .arg(esc(x.title))
               .arg(kTop + kPlotH / 2)
               .arg(esc(y.title));
    return svg;
}

QString progressSvg(const Report& r, const ReportLabels& l) {
    QString svg = QStringLiteral("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" "
                                 "id=\"progress-chart\" width=\"%1\" height=\"%2\" viewBox=\"0 0 "
                                 "%1 %2\" role=\"img\"><title>%3</title>")
                      .arg(kW)
                      .arg(kH)
                      .arg(esc(l.progressChart));
    const double unit = ChartGeometry::timeUnit(ChartGeometry::progressMaxSeconds(r));
    svg += axes({0, ChartGeometry::progressMaxSeconds(r) / unit,
                 l.timeAxis.arg(ReportLabels::unitText(unit))},
                {0, static_cast<double>(ChartGeometry::progressMaxCount(r)), l.count});
    svg += QStringLiteral("<polyline fill=\"none\" stroke=\"#2e7d32\" stroke-width=\"2\" "
                          "points=\"%1\"/>")
               .arg(points(ChartGeometry::progressLine(r, true, kPlotW, kPlotH), kLeft, kTop));
    svg += QStringLiteral("<polyline fill=\"none\" stroke=\"#c62828\" stroke-width=\"2\" "
                          "points=\"%1\"/>")
               .arg(points(ChartGeometry::progressLine(r, false, kPlotW, kPlotH), kLeft, kTop));
    svg += QStringLiteral("<text x=\"%1\" y=\"%2\" font-size=\"11\" fill=\"#2e7d32\">%3</text>"
                          "<text x=\"%1\" y=\"%4\" font-size=\"11\" fill=\"#c62828\">%5</text>")
               .arg(kLeft + 8)
               .arg(kTop + 12)
               .arg(esc(l.succeededSeries))
               .arg(kTop + 26)
               .arg(esc(l.failedSeries));
    return svg + QStringLiteral("</svg>\n");
}

QString histogramSvg(const Report& r, const ReportLabels& l) {
    QString svg = QStringLiteral("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" "
                                 "id=\"histogram-chart\" width=\"%1\" height=\"%2\" viewBox=\"0 0 "
                                 "%1 %2\" role=\"img\"><title>%3</title>")
                      .arg(kW)
                      .arg(kH)
                      .arg(esc(l.histogramChart));
    if (!r.histogram.empty()) {
        const double from = engine::toSeconds(r.histogram.front().from);
        const double to = engine::toSeconds(r.histogram.back().to);
        const double unit = ChartGeometry::timeUnit(to);
        svg += axes({from / unit, to / unit, l.durationAxis.arg(ReportLabels::unitText(unit))},
                    {0, static_cast<double>(ChartGeometry::histogramMaxCount(r)), l.count});
    }
    const QVector<QRectF> bars = ChartGeometry::histogramBars(r, kPlotW, kPlotH);
    for (qsizetype i = 0; i < bars.size(); ++i) {
        const HistogramBin& bin = r.histogram[static_cast<std::size_t>(i)];
        svg +=
            QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" fill=\"#1565c0\">"
                           "<title>%5 – %6: %7</title></rect>")
                .arg(bars[i].x() + kLeft, 0, 'f', 1)
                .arg(bars[i].y() + kTop, 0, 'f', 1)
                .arg(bars[i].width(), 0, 'f', 1)
                .arg(bars[i].height(), 0, 'f', 1)
                .arg(ReportLabels::formatDuration(bin.from), ReportLabels::formatDuration(bin.to))
                .arg(bin.count);
    }
    return svg + QStringLiteral("</svg>\n");
}

} // namespace

bool HtmlReportWriter::write(const Report& r, QIODevice& device, const WriteControl& control,
                             QString& error) {
    const ReportLabels l;
    QString h;
    h += QStringLiteral("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n<title>") +
         esc(l.title) + QStringLiteral(": ") + esc(r.name) + QStringLiteral("</title>\n");
    h += QStringLiteral(
        "<style>body{font-family:sans-serif;margin:2em;color:#222}"
        "table{border-collapse:collapse;margin:0.5em 0 1.5em}"
        "th,td{border:1px solid #ccc;padding:2px 6px;text-align:left;font-size:13px}"
        "th{background:#f3f3f3}td.num{text-align:right}"
        "tr.Succeeded td.status{color:#2e7d32}tr.Failed td.status{color:#c62828}"
        ".indexes{font-family:monospace;word-break:break-all}</style>\n</head><body>\n");
    h += QStringLiteral("<h1>") + esc(l.title) + QStringLiteral(": ") + esc(r.name) +
         QStringLiteral("</h1>\n<table id=\"identity\">\n");
    h += row(l.job, QString::fromStdString(r.name));
    h += row(l.namespace_, QString::fromStdString(r.namespace_));
    h += row(l.uid, QString::fromStdString(r.uid));
    h += row(l.source, QString::fromStdString(r.source));
    h += row(l.generated, ReportLabels::formatTime(r.generatedAt));
    h += QStringLiteral("</table>\n");
    if (r.rerun)
        h += QStringLiteral("<p class=\"rerun\">") + esc(l.rerunNote) + QStringLiteral("</p>\n");

    h += QStringLiteral("<h2>") + esc(l.spec) + QStringLiteral("</h2>\n<table id=\"spec\">\n");
    h += row(l.completionMode, QString::fromUtf8(engine::toString(r.completionMode)));
    h += row(l.completions, QString::number(r.completions));
    h += row(l.parallelism, QString::number(r.parallelism));
    h += row(l.backoffLimit, ReportLabels::formatLimit(r.backoffLimit));
    h += row(l.backoffLimitPerIndex, ReportLabels::formatLimit(r.backoffLimitPerIndex));
    h += row(l.maxFailedIndexes, ReportLabels::formatLimit(r.maxFailedIndexes));
    h += row(l.activeDeadline, optionalNumber(r.activeDeadlineSeconds));
    h += row(l.successPolicy, QString::fromStdString(r.successPolicy));
    h += QStringLiteral("</table>\n");

    h +=
        QStringLiteral("<h2>") + esc(l.outcome) + QStringLiteral("</h2>\n<table id=\"outcome\">\n");
    h += row(l.outcome, ReportLabels::statusText(engine::toString(r.outcome)));
    h += row(l.reason, QString::fromStdString(r.reason));
    h += row(l.message, QString::fromStdString(r.message));
    h += row(l.started, ReportLabels::formatTime(r.start));
    h += row(l.finished, ReportLabels::formatTime(r.end));
    h += row(l.duration, ReportLabels::formatDuration(r.duration));
    h += row(l.succeededIndexes, QString::number(r.succeededCount));
    h += row(l.failedIndexCount, QString::number(r.failedCount));
    h += row(l.failedPods, QString::number(r.failedPods));
    h += row(l.failedAttempts,
             ReportLabels::failedAttemptsText(r.failedAttempts, r.deletedAttempts));
    h += row(l.active, QString::number(r.activeCount));
    h += QStringLiteral("</table>\n<h3>") + esc(l.completedIndexes) +
         QStringLiteral("</h3>\n<p class=\"indexes\" id=\"completed-indexes\">") +
         esc(r.completedIndexes.empty() ? l.none : QString::fromStdString(r.completedIndexes)) +
         QStringLiteral("</p>\n<h3>") + esc(l.failedIndexes) +
         QStringLiteral("</h3>\n<p class=\"indexes\" id=\"failed-indexes\">") +
         esc(r.failedIndexes.empty() ? l.none : QString::fromStdString(r.failedIndexes)) +
         QStringLiteral("</p>\n");
    if (!r.conditions.empty()) {
        h += QStringLiteral("<h3>") + esc(l.conditions) +
             QStringLiteral("</h3>\n<table id=\"conditions\"><tr><th>") + esc(l.type) +
             QStringLiteral("</th><th>") + esc(l.conditionStatus) + QStringLiteral("</th><th>") +
             esc(l.reason) + QStringLiteral("</th><th>") + esc(l.message) +
             QStringLiteral("</th><th>") + esc(l.finished) + QStringLiteral("</th></tr>\n");
        for (const engine::Condition& c : r.conditions)
            h += QStringLiteral("<tr>") + cell(QString::fromStdString(c.type)) +
                 cell(QString::fromUtf8(engine::toString(c.status))) +
                 cell(QString::fromStdString(c.reason)) + cell(QString::fromStdString(c.message)) +
                 cell(ReportLabels::formatTime(c.lastTransitionTime)) + QStringLiteral("</tr>\n");
        h += QStringLiteral("</table>\n");
    }

    const Percentiles& p = r.percentiles;
    h += QStringLiteral("<h2>") + esc(l.percentiles) +
         QStringLiteral("</h2>\n<table id=\"percentiles\">\n");
    h += row(l.samples, QString::number(static_cast<qulonglong>(p.samples)));
    h += row(QStringLiteral("p50"), ReportLabels::formatDuration(p.p50));
    h += row(QStringLiteral("p90"), ReportLabels::formatDuration(p.p90));
    h += row(QStringLiteral("p99"), ReportLabels::formatDuration(p.p99));
    h += QStringLiteral("</table>\n");

    h += QStringLiteral("<h2>") + esc(l.slowest) +
         QStringLiteral("</h2>\n<table id=\"slowest\"><tr><th>") + esc(l.index) +
         QStringLiteral("</th><th>") + esc(l.status) + QStringLiteral("</th><th>") +
         esc(l.duration) + QStringLiteral("</th></tr>\n");
    for (std::size_t i : r.slowest)
        h += QStringLiteral("<tr>") + cell(QString::number(r.rows[i].index)) +
             cell(ReportLabels::statusText(r.rows[i].status)) +
             cell(ReportLabels::formatDuration(r.rows[i].duration)) + QStringLiteral("</tr>\n");
    h += QStringLiteral("</table>\n");

    h += QStringLiteral("<h2>") + esc(l.progressChart) + QStringLiteral("</h2>\n") +
         progressSvg(r, l);
    h += QStringLiteral("<h2>") + esc(l.histogramChart) + QStringLiteral("</h2>\n") +
         histogramSvg(r, l);

    h += QStringLiteral("<h2>") + esc(l.perIndex) + QStringLiteral("</h2>\n<p class=\"note\">") +
         esc(l.perIndexNote) + QStringLiteral("</p>\n<table id=\"indexes\">\n<tr>");
    QStringList headers{l.index};
    if (r.rerun)
        headers << l.originalIndex;
    headers << l.status << l.attempts << l.hostname << l.node << l.firstStart << l.lastEnd
            << l.lastDuration << l.exitCode << l.reason;
    for (const QString& header : headers)
        h += QStringLiteral("<th>") + esc(header) + QStringLiteral("</th>");
    h += QStringLiteral("</tr>\n");

    std::string out = h.toStdString();
    h.clear();
    const auto total = static_cast<int64_t>(r.rows.size());
    for (int64_t i = 0; i < total; ++i) {
        if (i % detail::kRowsPerStep == 0) {
            if (control.cancelled()) {
                error = detail::cancelledText();
                return false;
            }
            control.report(i, total);
            out += h.toStdString();
            h.clear();
        }
        const IndexRow& ir = r.rows[static_cast<std::size_t>(i)];
        h += QStringLiteral("<tr class=\"") + esc(ir.status) +
             QStringLiteral("\"><td class=\"num\">") + QString::number(ir.index) +
             QStringLiteral("</td>");
        if (r.rerun)
            h += QStringLiteral("<td class=\"num\">") +
                 (ir.originalIndex ? QString::number(*ir.originalIndex) : QString()) +
                 QStringLiteral("</td>");
        h += QStringLiteral("<td class=\"status\">") + esc(ReportLabels::statusText(ir.status)) +
             QStringLiteral("</td><td class=\"num\">") + QString::number(ir.attempts) +
             QStringLiteral("</td>") + cell(QString::fromStdString(ir.hostname)) +
             cell(QString::fromStdString(ir.node)) + cell(ReportLabels::formatTime(ir.start)) +
             cell(ReportLabels::formatTime(ir.end)) +
             cell(ReportLabels::formatDuration(ir.duration)) +
             QStringLiteral("<td class=\"num\">") +
             (ir.exitCode ? QString::number(*ir.exitCode) : QString()) + QStringLiteral("</td>") +
             cell(QString::fromStdString(ir.reason)) + QStringLiteral("</tr>\n");
    }
    h += QStringLiteral("</table>\n</body></html>\n");
    out += h.toStdString();
    control.report(total, total);
    return detail::writeAll(device, out, error);
}

} // namespace tessera::report
