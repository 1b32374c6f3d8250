#include "ChartsWidget.h"

#include "Format.h"
#include "StatePalette.h"

#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QDateTimeAxis>
#include <QEvent>
#include <QFontMetrics>
#include <QGridLayout>
#include <QLineSeries>
#include <QLocale>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace tessera::ui {

using engine::IndexState;

namespace {

QChartView* makeView(const QString& title, const QString& objectName, QWidget* parent) {
    auto* chart = new QChart;
    chart->setTitle(title);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    auto* view = new QChartView(chart, parent);
    view->setObjectName(objectName);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(240, 180);
    return view;
}

void clearChart(QChart* chart) {
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
}

QDateTimeAxis* timeAxis(QChart* chart, qint64 t0, qint64 t1) {
    auto* axis = new QDateTimeAxis;
    axis->setFormat(t1 - t0 > 86400000 ? QStringLiteral("MM-dd HH:mm")
                                       : QStringLiteral("HH:mm:ss"));
    axis->setTickCount(5);
    // The job's own range, in UTC like every other time the window shows.
    axis->setRange(QDateTime::fromMSecsSinceEpoch(t0, Qt::UTC),
                   QDateTime::fromMSecsSinceEpoch(std::max(t1, t0 + 1000), Qt::UTC));
    chart->addAxis(axis, Qt::AlignBottom);
    return axis;
}

QValueAxis* valueAxis(QChart* chart, double max) {
    auto* axis = new QValueAxis;
    // Whole numbers only, at most three intervals (the charts are short; more labels than fit
    // are elided to "..."), of a round step (1, 2 or 5 times a power of ten) whose top is the
    // first at or above the largest value. QValueAxis::applyNiceNumbers rounded 21,000 up to
    // 40,000, leaving the upper half of a 20,000-index job's chart empty.
    const double top = std::ceil(std::max(1.0, max));
    double step = 1;
    for (double decade = 1; step * 3 < top; decade *= 10) {
        for (const double m : {1.0, 2.0, 5.0}) {
            step = m * decade;
            if (step * 3 >= top)
                break;
        }
    }
    const int intervals = static_cast<int>(std::ceil(top / step));
    axis->setRange(0, intervals * step);
    axis->setTickCount(intervals + 1);
    axis->setLabelFormat(QStringLiteral("%d"));
    chart->addAxis(axis, Qt::AlignLeft);
    return axis;
}

} // namespace

ChartsWidget::ChartsWidget(QWidget* parent)
    : QWidget(parent)
    , m_succeeded(makeView(tr("Succeeded over time"), QStringLiteral("chartSucceeded"), this))
    , m_active(makeView(tr("Active vs parallelism"), QStringLiteral("chartActive"), this))
    , m_failures(makeView(tr("Failures over time"), QStringLiteral("chartFailures"), this))
    , m_durations(
          makeView(tr("Duration of succeeded indexes"), QStringLiteral("chartDurations"), this)) {
    setObjectName(QStringLiteral("charts"));
    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_succeeded, 0, 0);
    layout->addWidget(m_active, 0, 1);
    layout->addWidget(m_failures, 1, 0);
    layout->addWidget(m_durations, 1, 1);
    applyTheme();
}

void ChartsWidget::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) {
        applyTheme(); // resets the series' colours to the chart theme's...
        if (m_snapshot)
            setSnapshot(m_snapshot); // ...so redraw them in the state colours of the new theme
    }
    QWidget::changeEvent(event);
}

void ChartsWidget::applyTheme() {
    const bool dark = StatePalette::isDark(palette());
    for (QChartView* view : {m_succeeded, m_active, m_failures, m_durations}) {
        view->chart()->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
        view->chart()->setBackgroundBrush(palette().color(QPalette::Base));
        view->chart()->setTitleBrush(palette().color(QPalette::Text));
        view->chart()->legend()->setLabelColor(palette().color(QPalette::Text));
    }
}

void ChartsWidget::setSnapshot(const store::JobSnapshotPtr& snapshot) {
    if (!snapshot)
        return;
    m_snapshot = snapshot;
    const store::RunTimeline history =
        store::RunTimeline::of(*snapshot, QDateTime::currentDateTimeUtc());
    m_range = {history.start, history.end};
    rebuildProgress(*snapshot, history);
    rebuildHistogram(history);
}

void ChartsWidget::rebuildProgress(const store::JobSnapshot& s, const store::RunTimeline& h) {
    const StatePalette colors(palette());
    auto line = [](const QString& name, const QColor& color,
                   const std::vector<store::CountAt>& curve, int& max) {
        auto* series = new QLineSeries;
        series->setName(name);
        series->setColor(color);
        // Steps: each value holds until the next point.
        QList<QPointF> points;
        points.reserve(static_cast<qsizetype>(curve.size() * 2));
        for (std::size_t i = 0; i < curve.size(); ++i) {
            const double x = double(curve[i].t);
            if (i > 0)
                points.append({x, double(curve[i - 1].value)});
            points.append({x, double(curve[i].value)});
            max = std::max(max, curve[i].value);
        }
        series->replace(points);
        return series;
    };
    int maxSucceeded = 0, maxActive = 0, maxFailed = 0;
    auto* succeeded =
        line(tr("Succeeded"), colors.color(IndexState::Succeeded), h.succeeded, maxSucceeded);
    auto* active = line(tr("Active"), colors.color(IndexState::Running), h.active, maxActive);
    auto* parallelism =
        line(tr("Parallelism"), colors.color(IndexState::Pending), h.parallelism, maxActive);
    auto* failures = line(tr("Failed attempts recorded"), colors.color(IndexState::FailedTerminal),
                          h.failures, maxFailed);

    auto attach = [&](QChartView* view, std::initializer_list<QLineSeries*> series, double max) {
        QChart* chart = view->chart();
        clearChart(chart);
        for (QLineSeries* l : series)
            chart->addSeries(l);
        QAbstractAxis* x = timeAxis(chart, h.start, h.end);
        QAbstractAxis* y = valueAxis(chart, max);
        for (QLineSeries* l : series) {
            l->attachAxis(x);
            l->attachAxis(y);
        }
        chart->legend()->setVisible(series.size() > 1);
    };
    attach(m_succeeded, {succeeded}, std::max(maxSucceeded, s.summary.completions));
    m_succeeded->chart()->setTitle(h.succeededWithoutTimes > 0
                                       ? tr("Succeeded over time (%1 more without recorded times)")
                                             .arg(QLocale().toString(h.succeededWithoutTimes))
                                       : tr("Succeeded over time"));
    attach(m_active, {active, parallelism}, maxActive);
    attach(m_failures, {failures}, maxFailed);
    // The curve counts the attempts recorded that count as failed (deleted ones included, as
    // status.failed counts them): its title says how many and how many of them were deleted.
    const history::IndexCounts& c = h.counts;
    m_failures->chart()->setTitle(
        c.deletedAttempts > 0
            ? tr("Failed attempts recorded over time (%1, %2 of them deleted)")
                  .arg(QLocale().toString(c.failedAttempts), QLocale().toString(c.deletedAttempts))
            : tr("Failed attempts recorded over time (%1)")
                  .arg(QLocale().toString(c.failedAttempts)));
}

void ChartsWidget::rebuildHistogram(const store::RunTimeline& h) {
    const std::vector<qint64>& durations = h.succeededDurationsMs;
    constexpr int kBins = 12;
    m_histogram.clear();
    m_bins.clear();
    QChart* chart = m_durations->chart();
    clearChart(chart);
    if (durations.empty()) {
        chart->setTitle(h.succeededWithoutTimes > 0
                            ? tr("Duration of succeeded indexes (no recorded times for %1)")
                                  .arg(QLocale().toString(h.succeededWithoutTimes))
                            : tr("Duration of succeeded indexes (none finished yet)"));
        return;
    }
    chart->setTitle(tr("Duration of succeeded indexes (%1)")
                        .arg(QLocale().toString(static_cast<qlonglong>(durations.size()))));
    // The report's bins (history::durationBins): one round width (1, 2 or 5 of a unit), each
    // [from, to), so a duration of exactly 3 s is in the bin whose lower edge reads "3s".
    m_bins = history::durationBins(durations, kBins);
    auto* set = new QBarSet(tr("Indexes"));
    set->setColor(StatePalette(palette()).color(IndexState::Succeeded));
    int maxCount = 0;
    for (const history::DurationBin& bin : m_bins) {
        m_histogram.push_back(bin.count);
        set->append(bin.count);
        maxCount = std::max(maxCount, bin.count);
    }
    auto* series = new QBarSeries;
    series->append(set);
    series->setBarWidth(0.95);
    chart->addSeries(series);
    // Bars stand at 0, 1, 2...; the labels sit on the edges between them (x = b - 0.5).
    auto* x = new QCategoryAxis;
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    x->setRange(-0.5, double(m_bins.size()) - 0.5);
    x->setGridLineVisible(false);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    QValueAxis* y = valueAxis(chart, maxCount);
    series->attachAxis(y);
    chart->legend()->setVisible(false);
    relabelHistogram();
}

void ChartsWidget::relabelHistogram() {
    QChart* chart = m_durations->chart();
    const auto axes = chart->axes(Qt::Horizontal);
    auto* x = axes.isEmpty() ? nullptr : qobject_cast<QCategoryAxis*>(axes.first());
    if (x == nullptr || m_bins.empty())
        return;
    for (const QString& label : x->categoriesLabels())
        x->remove(label);
    x->setStartValue(-0.5);
    const qint64 width = m_bins.front().toMs - m_bins.front().fromMs;
    const QFontMetrics metrics(x->labelsFont());
    int widest = 0;
    QStringList texts;
    for (std::size_t b = 0; b <= m_bins.size(); ++b) {
        const qint64 edge = b < m_bins.size() ? m_bins[b].fromMs : m_bins.back().toMs;
        texts << Format::durationAtStep(edge, width);
        widest = std::max(widest, metrics.horizontalAdvance(texts.back()));
    }
    // The plot is the view less the value axis and the margins (about 60 px) until laid out.
    const double plotWidth = chart->plotArea().width() > 0
                                 ? chart->plotArea().width()
                                 : std::max(60, m_durations->width() - 60);
    const double perBin = plotWidth / double(m_bins.size());
    const int gap = metrics.horizontalAdvance(QStringLiteral("M"));
    const auto every =
        static_cast<std::size_t>(std::max(1.0, std::ceil(double(widest + gap) / perBin)));
    for (std::size_t b = 0; b <= m_bins.size(); b += every)
        x->append(texts[static_cast<qsizetype>(b)], double(b) - 0.5);
}

std::map<int, QString> ChartsWidget::histogramLabels() const {
    std::map<int, QString> out;
    const auto axes = m_durations->chart()->axes(Qt::Horizontal);
    auto* x = axes.isEmpty() ? nullptr : qobject_cast<QCategoryAxis*>(axes.first());
    if (x == nullptr)
        return out;
    for (const QString& label : x->categoriesLabels())
        out[static_cast<int>(std::lround(x->endValue(label) + 0.5))] = label;
    return out;
}

void ChartsWidget::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    relabelHistogram();
}

} // namespace tessera::ui
