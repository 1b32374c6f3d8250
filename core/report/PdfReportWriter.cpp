#include "PdfReportWriter.h"

#include "ChartGeometry.h"
#include "ReportLabels.h"
#include "WriterSupport.h"

#include <QFontMetricsF>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>

namespace tessera::report {

namespace {

// Layout in points (the writer runs at 72 dpi), A4 landscape: wide enough for the index table.
constexpr double kMargin = 36;
constexpr double kRowHeight = 11;

class PdfPages {
public:
    PdfPages(QPdfWriter& writer, QPainter& painter, const ReportLabels& labels)
        : m_writer(writer)
        , m_painter(painter)
        , m_labels(labels) {
        m_width = m_painter.viewport().width() - 2 * kMargin;
        m_height = m_painter.viewport().height() - 2 * kMargin;
        footer();
    }

    double width() const { return m_width; }
    double y() const { return m_y; }
    void advance(double dy) { m_y += dy; }
    // Starts a new page unless `needed` points still fit on this one; true when it did.
    bool ensure(double needed) {
        if (m_y + needed <= kMargin + m_height)
            return false;
        newPage();
        return true;
    }
    void newPage() {
        m_writer.newPage();
        ++m_page;
        m_y = kMargin;
        footer();
    }
    int pageCount() const { return m_page; }

    void text(double x, double w, const QString& s, const QFont& font, double h) {
        m_painter.setFont(font);
        const QString elided = QFontMetricsF(font).elidedText(s, Qt::ElideRight, w);
        m_painter.drawText(QRectF(kMargin + x, m_y, w, h), Qt::AlignLeft | Qt::AlignVCenter,
                           elided);
    }

private:
    void footer() {
        QFont f = m_painter.font();
        f.setPointSizeF(7);
        m_painter.setFont(f);
        m_painter.drawText(QRectF(kMargin, kMargin + m_height + 6, m_width, 12), Qt::AlignRight,
                           m_labels.page.arg(m_page));
    }

    QPdfWriter& m_writer;
    QPainter& m_painter;
    const ReportLabels& m_labels;
    double m_width = 0, m_height = 0, m_y = kMargin;
    int m_page = 1;
};

// One axis of a chart: its range in the unit its title names.
struct Axis {
    double min = 0, max = 1;
    QString title;
};

// A chart's frame: its title above, both axes with round tick values, light grid lines across
// the plot, and the axis titles (the y one turned upright).
void drawChart(QPainter& painter, const QRectF& area, const QString& title, const Axis& x,
               const Axis& y, const QFont& font) {
    painter.save();
    painter.setFont(font);
    const QFontMetricsF fm(font);
    painter.setPen(Qt::black);
    painter.drawText(QRectF(area.left(), area.top() - 18, area.width(), 14), Qt::AlignLeft, title);
    for (const ChartGeometry::Tick& t : ChartGeometry::ticks(y.min, y.max)) {
        const double at = area.bottom() - t.fraction * area.height();
        painter.setPen(QColor(0xe0, 0xe0, 0xe0));
        painter.drawLine(QPointF(area.left(), at), QPointF(area.right(), at));
        painter.setPen(Qt::black);
        painter.drawText(QRectF(area.left() - 44, at - 6, 40, 12),
                         Qt::AlignRight | Qt::AlignVCenter, ChartGeometry::tickText(t.value));
    }
    for (const ChartGeometry::Tick& t : ChartGeometry::ticks(x.min, x.max)) {
        const double at = area.left() + t.fraction * area.width();
        painter.drawLine(QPointF(at, area.bottom()), QPointF(at, area.bottom() + 3));
        painter.drawText(QRectF(at - 30, area.bottom() + 4, 60, 12),
                         Qt::AlignHCenter | Qt::AlignTop, ChartGeometry::tickText(t.value));
    }
    painter.drawLine(area.bottomLeft(), area.topLeft());
    painter.drawLine(area.bottomLeft(), area.bottomRight());
    painter.drawText(QRectF(area.left(), area.bottom() + 18, area.width(), 12), Qt::AlignHCenter,
                     x.title);
    painter.translate(area.left() - 50, area.center().y());
    painter.rotate(-90);
    painter.drawText(QRectF(-area.height() / 2, -fm.height(), area.height(), fm.height()),
                     Qt::AlignHCenter | Qt::AlignBottom, y.title);
    painter.restore();
}

} // namespace

bool PdfReportWriter::write(const Report& r, QIODevice& device, const WriteControl& control,
                            QString& error) {
    const ReportLabels l;
    QPdfWriter writer(&device);
    writer.setResolution(72);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape,
                                     QMarginsF(0, 0, 0, 0), QPageLayout::Point));
    writer.setTitle(l.title + QStringLiteral(": ") + QString::fromStdString(r.name));
    writer.setCreator(QStringLiteral("Tessera"));
    QPainter painter;
    if (!painter.begin(&writer)) {
        error = QCoreApplication::translate("ReportWriter", "cannot start the PDF writer");
        return false;
    }
    QFont titleFont = painter.font();
    titleFont.setPointSizeF(16);
    titleFont.setBold(true);
    QFont headFont = painter.font();
    headFont.setPointSizeF(11);
    headFont.setBold(true);
    QFont bodyFont = painter.font();
    bodyFont.setPointSizeF(8);
    QFont smallFont = painter.font();
    smallFont.setPointSizeF(7);
    QFont smallBold = smallFont;
    smallBold.setBold(true);

    PdfPages pages(writer, painter, l);
    pages.text(0, pages.width(), l.title + QStringLiteral(": ") + QString::fromStdString(r.name),
               titleFont, 22);
    pages.advance(28);

    auto keyValue = [&](const QString& key, const QString& value) {
        pages.ensure(kRowHeight + 1);
        pages.text(0, 180, key, bodyFont, kRowHeight);
        pages.text(185, pages.width() - 185, value, bodyFont, kRowHeight);
        pages.advance(kRowHeight + 1);
    };
    auto heading = [&](const QString& text) {
        pages.ensure(40);
        pages.advance(6);
        pages.text(0, pages.width(), text, headFont, 16);
        pages.advance(18);
    };
    auto optionalNumber = [](const std::optional<int64_t>& v) {
        return v ? QString::number(*v) : QString();
    };

    keyValue(l.job, QString::fromStdString(r.name));
    keyValue(l.namespace_, QString::fromStdString(r.namespace_));
    keyValue(l.uid, QString::fromStdString(r.uid));
    keyValue(l.source, QString::fromStdString(r.source));
    keyValue(l.generated, ReportLabels::formatTime(r.generatedAt));
    if (r.rerun)
        keyValue(QString(), l.rerunNote);
    heading(l.spec);
    keyValue(l.completionMode, QString::fromUtf8(engine::toString(r.completionMode)));
    keyValue(l.completions, QString::number(r.completions));
    keyValue(l.parallelism, QString::number(r.parallelism));
    keyValue(l.backoffLimit, ReportLabels::formatLimit(r.backoffLimit));
    keyValue(l.backoffLimitPerIndex, ReportLabels::formatLimit(r.backoffLimitPerIndex));
    keyValue(l.maxFailedIndexes, ReportLabels::formatLimit(r.maxFailedIndexes));
    keyValue(l.activeDeadline, optionalNumber(r.activeDeadlineSeconds));
    keyValue(l.successPolicy, QString::fromStdString(r.successPolicy));
    heading(l.outcome);
    keyValue(l.outcome, ReportLabels::statusText(engine::toString(r.outcome)));
    keyValue(l.reason, QString::fromStdString(r.reason));
    keyValue(l.message, QString::fromStdString(r.message));
    keyValue(l.started, ReportLabels::formatTime(r.start));
    keyValue(l.finished, ReportLabels::formatTime(r.end));
    keyValue(l.duration, ReportLabels::formatDuration(r.duration));
    keyValue(l.succeededIndexes, QString::number(r.succeededCount));
    keyValue(l.failedIndexCount, QString::number(r.failedCount));
    keyValue(l.failedPods, QString::number(r.failedPods));
    keyValue(l.failedAttempts,
             ReportLabels::failedAttemptsText(r.failedAttempts, r.deletedAttempts));
    keyValue(QStringLiteral("p50 / p90 / p99"),
             ReportLabels::formatDuration(r.percentiles.p50) + QStringLiteral(" / ") +
                 ReportLabels::formatDuration(r.percentiles.p90) + QStringLiteral(" / ") +
                 ReportLabels::formatDuration(r.percentiles.p99));
    for (const engine::Condition& c : r.conditions)
        keyValue(l.conditions,
                 QStringLiteral("%1=%2 %3: %4")
                     .arg(QString::fromStdString(c.type),
                          QString::fromUtf8(engine::toString(c.status)),
                          QString::fromStdString(c.reason), QString::fromStdString(c.message)));

    // The index strings in full, wrapped at commas, over as many lines (and pages) as they need.
    auto indexList = [&](const QString& title, const std::string& list) {
        heading(title);
        const QFontMetricsF fm(smallFont);
        QString line;
        const QStringList parts = list.empty()
                                      ? QStringList{l.none}
                                      : QString::fromStdString(list).split(QLatin1Char(','));
        for (qsizetype i = 0; i < parts.size(); ++i) {
            const QString piece =
                parts[i] + (i + 1 < parts.size() ? QStringLiteral(",") : QString());
            if (!line.isEmpty() && fm.horizontalAdvance(line + piece) > pages.width()) {
                pages.ensure(kRowHeight);
                pages.text(0, pages.width(), line, smallFont, kRowHeight);
                pages.advance(kRowHeight);
                line.clear();
            }
            line += piece;
        }
        pages.ensure(kRowHeight);
        pages.text(0, pages.width(), line, smallFont, kRowHeight);
        pages.advance(kRowHeight);
    };
    indexList(l.completedIndexes, r.completedIndexes);
    indexList(l.failedIndexes, r.failedIndexes);

    heading(l.slowest);
    for (std::size_t i : r.slowest)
        keyValue(QStringLiteral("#%1").arg(r.rows[i].index),
                 ReportLabels::formatDuration(r.rows[i].duration) + QStringLiteral("  ") +
                     ReportLabels::statusText(r.rows[i].status));

    // Charts, side by side: below the text when they fit on its page (no page left nearly
    // empty for them), else at the top of the next.
    {
        constexpr double kChartHeight = 200, kAbove = 30, kBelow = 40;
        pages.ensure(kAbove + kChartHeight + kBelow);
        const double top = pages.y() + kAbove;
        const double w = (pages.width() - 60) / 2;
        const QRectF progressArea(kMargin + 56, top, w - 56, kChartHeight);
        const QRectF histArea(kMargin + w + 116, top, w - 56, kChartHeight);
        const double maxSeconds = ChartGeometry::progressMaxSeconds(r);
        const double unit = ChartGeometry::timeUnit(maxSeconds);
        drawChart(painter, progressArea, l.progressChart,
                  {0, maxSeconds / unit, l.timeAxis.arg(ReportLabels::unitText(unit))},
                  {0, static_cast<double>(ChartGeometry::progressMaxCount(r)), l.count}, bodyFont);
        painter.save();
        painter.translate(progressArea.topLeft());
        painter.setPen(QPen(QColor(0x2e, 0x7d, 0x32), 1.5));
        painter.drawPolyline(
            ChartGeometry::progressLine(r, true, progressArea.width(), progressArea.height()));
        painter.setPen(QPen(QColor(0xc6, 0x28, 0x28), 1.5));
        painter.drawPolyline(
            ChartGeometry::progressLine(r, false, progressArea.width(), progressArea.height()));
        painter.restore();
        painter.setFont(bodyFont);
        painter.setPen(QColor(0x2e, 0x7d, 0x32));
        painter.drawText(progressArea.topLeft() + QPointF(6, 12), l.succeededSeries);
        painter.setPen(QColor(0xc6, 0x28, 0x28));
        painter.drawText(progressArea.topLeft() + QPointF(6, 24), l.failedSeries);
        painter.setPen(Qt::black);

        if (!r.histogram.empty()) {
            const double from = engine::toSeconds(r.histogram.front().from);
            const double to = engine::toSeconds(r.histogram.back().to);
            const double histUnit = ChartGeometry::timeUnit(to);
            drawChart(painter, histArea, l.histogramChart,
                      {from / histUnit, to / histUnit,
                       l.durationAxis.arg(ReportLabels::unitText(histUnit))},
                      {0, static_cast<double>(ChartGeometry::histogramMaxCount(r)), l.count},
                      bodyFont);
            painter.save();
            painter.translate(histArea.topLeft());
            painter.setPen(Qt::NoPen);
            painter.setBrush(QColor(0x15, 0x65, 0xc0));
            for (const QRectF& bar :
                 ChartGeometry::histogramBars(r, histArea.width(), histArea.height()))
                painter.drawRect(bar);
            painter.restore();
        } else {
            drawChart(painter, histArea, l.histogramChart, {0, 1, QString()}, {0, 1, l.count},
                      bodyFont);
        }
        painter.setPen(Qt::black);
        pages.advance(kAbove + kChartHeight + kBelow);
    }

    // The per-index table, its header repeated on every page.
    struct Column {
        QString title;
        double width;
    };
    QVector<Column> columns{{l.index, 40}};
    if (r.rerun)
        columns.append({l.originalIndex, 45});
    columns += QVector<Column>{{l.status, 55},        {l.attempts, 40},    {l.hostname, 95},
                               {l.node, 75},          {l.firstStart, 100}, {l.lastEnd, 100},
                               {l.lastDuration, 100}, {l.exitCode, 40},    {l.reason, 80}};
    auto tableHeader = [&] {
        double x = 0;
        for (const Column& c : columns) {
            pages.text(x, c.width - 3, c.title, smallBold, kRowHeight);
            x += c.width;
        }
        pages.advance(kRowHeight + 2);
    };
    // The table starts on a new page unless a good part of it fits below the charts.
    pages.ensure(20 + 14 + kRowHeight * 12);
    pages.text(0, pages.width(), l.perIndex, headFont, 16);
    pages.advance(18);
    pages.text(0, pages.width(), l.perIndexNote, smallFont, 12);
    pages.advance(14);
    tableHeader();
    const auto total = static_cast<int64_t>(r.rows.size());
    for (int64_t i = 0; i < total; ++i) {
        if (i % detail::kRowsPerStep == 0) {
            if (control.cancelled()) {
                painter.end();
                error = detail::cancelledText();
                return false;
            }
            control.report(i, total);
        }
        if (pages.ensure(kRowHeight))
            tableHeader();
        const IndexRow& ir = r.rows[static_cast<std::size_t>(i)];
        QStringList cells{QString::number(ir.index)};
        if (r.rerun)
            cells << (ir.originalIndex ? QString::number(*ir.originalIndex) : QString());
        cells << ReportLabels::statusText(ir.status) << QString::number(ir.attempts)
              << QString::fromStdString(ir.hostname) << QString::fromStdString(ir.node)
              << ReportLabels::formatTime(ir.start) << ReportLabels::formatTime(ir.end)
              << ReportLabels::formatDuration(ir.duration)
              << (ir.exitCode ? QString::number(*ir.exitCode) : QString())
              << QString::fromStdString(ir.reason);
        double x = 0;
        for (qsizetype c = 0; c < columns.size(); ++c) {
            pages.text(x, columns[c].width - 3, cells[c], smallFont, kRowHeight);
            x += columns[c].width;
        }
        pages.advance(kRowHeight);
    }
    if (!painter.end()) {
        error = QCoreApplication::translate("ReportWriter", "the PDF could not be written");
        return false;
    }
    control.report(total, total);
    return true;
}

} // namespace tessera::report
