#pragma once
// The geometry both chart renderers (inline SVG in HTML, QPainter in PDF) share, so the two
// formats draw the same charts: points scaled into a plot rectangle of the given size.
#include "Report.h"

#include <QPointF>
#include <QRectF>
#include <QString>
#include <QVector>

namespace tessera::report {

struct ChartGeometry {
    // Step lines (succeeded and failed counts over time) in a plot of width x height, origin at the
    // top-left, y growing downwards. The y range is 0..max(completions, largest count).
    static QVector<QPointF> progressLine(const Report& r, bool succeeded, double width,
                                         double height);
    // One bar per histogram bin, bottom-aligned.
    static QVector<QRectF> histogramBars(const Report& r, double width, double height);
    // The largest value on each axis, for labels.
    static double progressMaxSeconds(const Report& r);
    static int32_t progressMaxCount(const Report& r);
    static int32_t histogramMaxCount(const Report& r);

    // Round values between `min` and `max` (1, 2 or 5 x 10^n apart, about `count` of them) and
    // where they sit along the axis (0 at min, 1 at max): the tick labels of both renderers.
    struct Tick {
        double fraction = 0;
        double value = 0;
    };
    static QVector<Tick> ticks(double min, double max, int count = 5);
    // A time axis in a unit that keeps its numbers short: 1 (seconds), 60 (minutes) or 3600.
    static double timeUnit(double maxSeconds);
    // "12", "2.5", "0.25": a tick value without trailing zeros.
    static QString tickText(double value);
};

} // namespace tessera::report
