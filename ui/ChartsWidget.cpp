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
#include <QValueAxis>
#include <algorithm>

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
    axis->setRange(QDateTime::fromMSecsSinceEpoch(t0),
                   QDateTime::fromMSecsSinceEpoch(std::max(t1, t0 + 1000)));
    chart->addAxis(axis, Qt::AlignBottom);
    return axis;
}

QValueAxis* valueAxis(QChart* chart, double max) {
    auto* axis = new QValueAxis;
    axis->setRange(0, std::max(1.0, max * 1.05));
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
    rebuildProgress(*snapshot);
    rebuildHistogram(*snapshot);
}

void ChartsWidget::rebuildProgress(const store::JobSnapshot& s) {
    const StatePalette colors(palette());
    const auto& samples = s.timeline;
    qint64 t0 = samples.empty() ? QDateTime::currentMSecsSinceEpoch()
                                : samples.front().t.toMSecsSinceEpoch();
    qint64 t1 = samples.empty() ? t0 : samples.back().t.toMSecsSinceEpoch();
    int maxSucceeded = 0, maxActive = 0, maxFailed = 0;
    auto* succeeded = new QLineSeries;
    succeeded->setName(tr("Succeeded"));
    succeeded->setColor(colors.color(IndexState::Succeeded));
    auto* active = new QLineSeries;
    active->setName(tr("Active"));
    active->setColor(colors.color(IndexState::Running));
    auto* parallelism = new QLineSeries;
    parallelism->setName(tr("Parallelism"));
    parallelism->setColor(colors.color(IndexState::Pending));
    auto* failures = new QLineSeries;
    failures->setName(tr("Failed pods"));
    failures->setColor(colors.color(IndexState::FailedTerminal));
    QList<QPointF> pS, pA, pP, pF;
    for (const auto& sample : samples) {
        const double x = double(sample.t.toMSecsSinceEpoch());
        pS.append({x, double(sample.succeeded)});
        pA.append({x, double(sample.active)});
        pP.append({x, double(sample.parallelism)});
        pF.append({x, double(sample.failed)});
        maxSucceeded = std::max(maxSucceeded, sample.succeeded);
        maxActive = std::max({maxActive, sample.active, sample.parallelism});
        maxFailed = std::max(maxFailed, sample.failed);
    }
    succeeded->replace(pS);
    active->replace(pA);
    parallelism->replace(pP);
    failures->replace(pF);

    auto attach = [&](QChartView* view, std::initializer_list<QLineSeries*> series, double max) {
        QChart* chart = view->chart();
        clearChart(chart);
        for (QLineSeries* line : series)
            chart->addSeries(line);
        QAbstractAxis* x = timeAxis(chart, t0, t1);
        QAbstractAxis* y = valueAxis(chart, max);
        for (QLineSeries* line : series) {
            line->attachAxis(x);
            line->attachAxis(y);
        }
        chart->legend()->setVisible(series.size() > 1);
    };
    attach(m_succeeded, {succeeded}, std::max(maxSucceeded, s.summary.completions));
    attach(m_active, {active, parallelism}, maxActive);
    attach(m_failures, {failures}, maxFailed);
}

void ChartsWidget::rebuildHistogram(const store::JobSnapshot& s) {
    std::vector<qint64> durations;
    for (const auto& a : s.attempts) {
        if (a.finished.isValid() && a.started.isValid() && a.exitCode == 0)
            durations.push_back(a.started.secsTo(a.finished));
    }
    constexpr int kBins = 12;
    m_histogram.assign(kBins, 0);
    QChart* chart = m_durations->chart();
    clearChart(chart);
    if (durations.empty()) {
        chart->setTitle(tr("Duration of succeeded indexes (none finished yet)"));
        return;
    }
    chart->setTitle(tr("Duration of succeeded indexes (%1)").arg(durations.size()));
    const auto [lo, hi] = std::minmax_element(durations.begin(), durations.end());
    const qint64 min = *lo;
    const qint64 width = std::max<qint64>(1, (*hi - min + kBins) / kBins);
    for (qint64 d : durations)
        ++m_histogram[static_cast<size_t>(std::min<qint64>(kBins - 1, (d - min) / width))];
    auto* set = new QBarSet(tr("Indexes"));
    set->setColor(StatePalette(palette()).color(IndexState::Succeeded));
    QStringList categories;
    int maxCount = 0;
    for (int b = 0; b < kBins; ++b) {
        set->append(m_histogram[static_cast<size_t>(b)]);
        maxCount = std::max(maxCount, m_histogram[static_cast<size_t>(b)]);
        categories << Format::duration(min + b * width);
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
