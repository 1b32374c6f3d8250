#pragma once
// The geometry both chart renderers (inline SVG in HTML, QPainter in PDF) share, so the two
// formats draw the same charts: points scaled into a plot rectangle of the given size.
#include "Report.h"

#include <QPointF>
#include <QRectF>
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
};

} // namespace tessera::report
