// The Launch dialog's Dry-run page: engine::simulate for a few parallelism values on the thread
// pool, the makespans with each forecast's outcome and reason, and a chart of succeeded indexes.
#include "AsyncTask.h"
#include "LaunchDialog.h"
#include "LaunchDialogSupport.h"
#include "engine/Simulator.h"
#include "engine/Validation.h"
#include "history/JobTimeline.h"

#include <QChart>
#include <QChartView>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>

namespace tessera::ui::launch {

using detail::qs;
using detail::seconds;

namespace {

// "Complete", or why not: "Failed (BackoffLimitExceeded): 14 succeeded, 3 indexes failed".
QString forecastOutcome(const Forecast& f) {
    const bool finished = engine::isFinished(f.state);
    QString outcome = f.state == engine::JobState::Complete ? LaunchDialog::tr("Complete")
                      : f.state == engine::JobState::Failed ? LaunchDialog::tr("Failed")
                                                            : LaunchDialog::tr("Unfinished");
    const std::string& why = finished ? f.reason : f.stopReason;
    if (!why.empty())
        outcome += QStringLiteral(" (%1)").arg(qs(why));
    if (f.state != engine::JobState::Complete)
        outcome += LaunchDialog::tr(": %n succeeded", nullptr, f.succeeded) +
                   LaunchDialog::tr(", %n index(es) failed", nullptr, f.failedIndexes);
    return outcome;
}

} // namespace

QWidget* LaunchDialog::buildDryRunPage() {
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    m_itemSeconds = new QDoubleSpinBox(page);
    m_itemSeconds->setObjectName(QStringLiteral("itemSeconds"));
    m_itemSeconds->setRange(0.1, 86400);
    m_itemSeconds->setValue(30);
    m_itemSeconds->setSuffix(tr(" s per item"));
    m_failRate = new QDoubleSpinBox(page);
    m_failRate->setObjectName(QStringLiteral("failRate"));
    m_failRate->setRange(0, 100);
    m_failRate->setSuffix(tr(" % fail"));
    m_simulate = new QPushButton(tr("&Simulate"), page);
    m_simulate->setObjectName(QStringLiteral("simulateButton"));
    row->addWidget(m_itemSeconds);
    row->addWidget(m_failRate);
    row->addWidget(m_simulate);
    layout->addLayout(row);
    m_forecastText = new QLabel(page);
    m_forecastText->setObjectName(QStringLiteral("makespan"));
    m_forecastText->setWordWrap(true);
    m_forecastText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_forecastText);
    auto* chart = new QChart;
    chart->setTitle(tr("Succeeded indexes over time"));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(2, 2, 2, 2));
    // In the window's theme (a white chart glared on Dark), as the job's charts are.
    chart->setTheme(StatePalette::isDark(palette()) ? QChart::ChartThemeDark
                                                    : QChart::ChartThemeLight);
    chart->setBackgroundBrush(palette().color(QPalette::Base));
    chart->setTitleBrush(palette().color(QPalette::Text));
    chart->legend()->setLabelColor(palette().color(QPalette::Text));
    m_chart = new QChartView(chart, page);
    m_chart->setObjectName(QStringLiteral("forecastChart"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(200);
    layout->addWidget(m_chart, 1);
    connect(m_simulate, &QPushButton::clicked, this, &LaunchDialog::simulate);
    return page;
}

void LaunchDialog::simulate() {
    if (!canLaunch() || target() != Target::DryRun)
        return;
    m_simulating = true;
    updateState();
    setStatus(tr("Simulating…"));
    engine::SimulationConfig base;
    base.job = jobFromForm();
    const auto problems = engine::validateJob(base.job);
    if (!problems.empty()) {
        m_simulating = false;
        QStringList lines;
        for (const engine::Error& e : problems)
            lines << qs(e.describe());
        setStatus(
            tr("The API server would reject this Job:\n%1").arg(lines.join(QLatin1Char('\n'))),
            true);
        updateState();
        return;
    }
    const double secondsPerItem = m_itemSeconds->value();
    base.duration.kind = engine::DurationModel::Kind::Uniform;
    base.duration.min = std::chrono::milliseconds(static_cast<int64_t>(secondsPerItem * 800));
    base.duration.max = std::chrono::milliseconds(static_cast<int64_t>(secondsPerItem * 1200));
    base.failures.probability = m_failRate->value() / 100.0;
    base.maxTimelineSamples = 300;
    // The chosen parallelism and a few around it, each capped by the number of items.
    const int32_t chosen = m_parallelism->value();
    const int32_t items = base.job.spec.completions.value_or(1);
    std::vector<int32_t> values;
    for (const int32_t p : {chosen / 4, chosen / 2, chosen, chosen * 2, chosen * 4}) {
        const int32_t v = std::clamp<int32_t>(p, 1, std::max<int32_t>(1, items));
        if (std::find(values.begin(), values.end(), v) == values.end())
            values.push_back(v);
    }
    runAsync(
        this,
        [base, values] {
            std::vector<Forecast> out;
            for (const int32_t p : values) {
                engine::SimulationConfig config = base;
                config.job.spec.parallelism = p;
                const engine::SimulationResult r = engine::simulate(config);
                Forecast f;
                f.parallelism = p;
                f.finished = r.finished;
                f.state = r.state;
                f.reason = r.reason;
                f.stopReason = r.stopReason;
                f.succeeded = r.status.succeeded;
                f.failedIndexes = static_cast<int32_t>(r.failed.count());
                f.makespan = std::chrono::duration_cast<std::chrono::milliseconds>(r.makespan);
                // The same succeeded-over-time curve the window and the report compute for a
                // real run, from the simulation's attempts.
                const history::JobTimeline h = history::historyOfSimulation(
                    r, config.job.spec.completions.value_or(1), config.start);
                for (const history::CountAt& c : history::thin(h.succeeded, 300))
                    f.succeededOverTime.emplace_back(double(c.t - h.start) / 1000.0, c.value);
                out.push_back(std::move(f));
            }
            return out;
        },
        [this](std::vector<Forecast> forecasts) {
            m_simulating = false;
            m_forecasts = std::move(forecasts);
            showForecasts();
            setStatus(tr("Forecast ready"));
            updateState();
            emit simulated();
        });
}

void LaunchDialog::showForecasts() {
    QStringList lines;
    const int32_t chosen = m_parallelism->value();
    for (const Forecast& f : m_forecasts) {
        QString line = tr("parallelism %1: %2, %3")
                           .arg(f.parallelism)
                           .arg(seconds(f.makespan), forecastOutcome(f).toHtmlEscaped());
        if (f.parallelism == std::clamp<int32_t>(chosen, 1, std::max(1, itemCount())))
            line = QStringLiteral("<b>%1</b>").arg(line);
        lines << line;
    }
    m_forecastText->setText(
        tr("Makespan (simulated):<br>%1").arg(lines.join(QStringLiteral("<br>"))));

    QChart* chart = m_chart->chart();
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
    double maxX = 1;
    auto* x = new QValueAxis;
    x->setTitleText(tr("minutes"));
    auto* y = new QValueAxis;
    y->setLabelFormat(QStringLiteral("%d"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (const Forecast& f : m_forecasts) {
        auto* series = new QLineSeries;
        series->setName(tr("parallelism %1").arg(f.parallelism));
        for (const auto& [at, succeeded] : f.succeededOverTime) {
            series->append(at / 60.0, succeeded);
            maxX = std::max(maxX, at / 60.0);
        }
        chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
    }
    x->setRange(0, maxX);
    // Ticks at round minutes (1, 2 or 5 x 10^k, at most four), not at fifths of the makespan
    // ("50.7, 101.4, 152.1").
    double step = 1e-3;
    for (double decade = 1e-3; step * 4 < maxX; decade *= 10) {
        for (const double m : {1.0, 2.0, 5.0}) {
            step = m * decade;
            if (step * 4 >= maxX)
                break;
        }
    }
    x->setTickType(QValueAxis::TicksDynamic);
    x->setTickAnchor(0);
    x->setTickInterval(step);
    x->setLabelFormat(QStringLiteral("%g"));
    y->setRange(0, std::max(1, itemCount()));
}

} // namespace tessera::ui::launch
