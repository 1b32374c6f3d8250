#include "ChartsWidget.h"

#include "Format.h"
#include "StatePalette.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDateTimeAxis>
#include <QEvent>
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
    const store::RunHistory history =
        store::RunHistory::of(*snapshot, QDateTime::currentDateTimeUtc());
    m_range = {history.start, history.end};
    rebuildProgress(*snapshot, history);
    rebuildHistogram(history);
}

void ChartsWidget::rebuildProgress(const store::JobSnapshot& s, const store::RunHistory& h) {
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

void ChartsWidget::rebuildHistogram(const store::RunHistory& h) {
    const std::vector<qint64>& durations = h.succeededDurationsMs;
    constexpr int kBins = 12;
    m_histogram.clear();
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
    // The report's bins (history::durationBins): equal widths from the shortest to the longest,
    // one bin when all are equal. Labels are each bin's lower edge, with tenths of a second
    // below ten seconds.
    const std::vector<history::DurationBin> bins = history::durationBins(durations, kBins);
    const qint64 width = bins.front().toMs - bins.front().fromMs;
    for (const history::DurationBin& bin : bins)
        m_histogram.push_back(bin.count);
    const auto label = [&](qint64 ms) {
        if (width < 10000 && ms < 60000)
            return tr("%1 s").arg(QLocale().toString(double(ms) / 1000.0, 'f', 1));
        return Format::duration(ms / 1000);
    };
    auto* set = new QBarSet(tr("Indexes"));
    set->setColor(StatePalette(palette()).color(IndexState::Succeeded));
    QStringList categories;
    int maxCount = 0;
    for (const history::DurationBin& bin : bins) {
        set->append(bin.count);
        maxCount = std::max(maxCount, bin.count);
        categories << label(bin.fromMs);
    }
    auto* series = new QBarSeries;
    series->append(set);
    series->setBarWidth(0.95);
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    x->setLabelsAngle(-45);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    QValueAxis* y = valueAxis(chart, maxCount);
    series->attachAxis(y);
    chart->legend()->setVisible(false);
}

} // namespace tessera::ui
