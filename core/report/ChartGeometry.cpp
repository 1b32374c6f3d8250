#include "ChartGeometry.h"

#include <algorithm>
#include <cmath>

namespace tessera::report {

double ChartGeometry::progressMaxSeconds(const Report& r) {
    double m = 0;
    for (const ProgressPoint& p : r.progress)
        m = std::max(m, engine::toSeconds(p.at));
    if (r.duration)
        m = std::max(m, engine::toSeconds(*r.duration));
    return m > 0 ? m : 1.0;
}

int32_t ChartGeometry::progressMaxCount(const Report& r) {
    int32_t m = r.completionMode == engine::CompletionMode::Indexed ? r.completions : 0;
    for (const ProgressPoint& p : r.progress)
        m = std::max({m, p.succeeded, p.failed});
    return std::max(m, 1);
}

int32_t ChartGeometry::histogramMaxCount(const Report& r) {
    int32_t m = 1;
    for (const HistogramBin& b : r.histogram)
        m = std::max(m, b.count);
    return m;
}

QVector<QPointF> ChartGeometry::progressLine(const Report& r, bool succeeded, double width,
                                             double height) {
    QVector<QPointF> points;
    const double maxT = progressMaxSeconds(r);
    const double maxN = progressMaxCount(r);
    double lastY = height;
    for (const ProgressPoint& p : r.progress) {
        const double x = engine::toSeconds(p.at) / maxT * width;
        const double y = height - (succeeded ? p.succeeded : p.failed) / maxN * height;
        if (!points.isEmpty())
            points.append(QPointF(x, lastY)); // a step: hold the old value until this moment
        points.append(QPointF(x, y));
        lastY = y;
    }
    if (!points.isEmpty())
        points.append(QPointF(width, lastY));
    return points;
}

QVector<QRectF> ChartGeometry::histogramBars(const Report& r, double width, double height) {
    QVector<QRectF> bars;
    if (r.histogram.empty())
        return bars;
    const double barWidth = width / static_cast<double>(r.histogram.size());
    const double maxN = histogramMaxCount(r);
    for (std::size_t i = 0; i < r.histogram.size(); ++i) {
        const double h = r.histogram[i].count / maxN * height;
        bars.append(QRectF(static_cast<double>(i) * barWidth + 1, height - h,
                           std::max(barWidth - 2, 1.0), h));
    }
    return bars;
}

QVector<ChartGeometry::Tick> ChartGeometry::ticks(double min, double max, int count) {
    QVector<Tick> out;
    const double span = max - min;
    if (!(span > 0) || count < 1)
        return out;
    const double raw = span / count;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = magnitude;
    for (const double m : {1.0, 2.0, 5.0, 10.0}) {
        step = m * magnitude;
        if (step >= raw)
            break;
    }
    // From the first multiple of the step at or above min, up to max (with a little slack for
    // rounding, so a max of exactly 10 still gets its tick).
    for (double v = std::ceil(min / step - 1e-9) * step; v <= max + step * 1e-9; v += step)
        out.append({(v - min) / span, std::abs(v) < step * 1e-9 ? 0.0 : v});
    return out;
}

double ChartGeometry::timeUnit(double maxSeconds) {
    if (maxSeconds >= 3 * 3600)
        return 3600;
    if (maxSeconds >= 5 * 60)
        return 60;
    return 1;
}

QString ChartGeometry::tickText(double value) {
    return QString::number(value, 'g', 6);
}

} // namespace tessera::report
