#include "WindowViews.h"

#include "engine/JobState.h"
#include "store/MemoryJobStore.h"
#include "ui/ChartsWidget.h"
#include "ui/FailuresPanel.h"
#include "ui/Format.h"
#include "ui/GridLegendWidget.h"
#include "ui/IndexGridWidget.h"
#include "ui/JobListModel.h"
#include "ui/JobView.h"
#include "ui/StatePalette.h"
#include "ui/TableRowsModel.h"
#include "ui/TimelineWidget.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTest>
#include <QXYSeries>

namespace tessera::agreement {

namespace q = quantity;
using engine::IndexState;

namespace {

// The numbers in a label, in order ("Pods: 0 active / 3 succeeded / 2 failed" -> 0, 3, 2).
std::vector<long long> numbersIn(const QString& text) {
    std::vector<long long> out;
    static const QRegularExpression number(QStringLiteral("\\d[\\d,]*"));
    for (auto it = number.globalMatch(text); it.hasNext();)
        out.push_back(it.next().captured().remove(QLatin1Char(',')).toLongLong());
    return out;
}
long long lastNumberIn(const QString& text) {
    const auto n = numbersIn(text);
    return n.empty() ? -1 : n.back();
}

// "Failed: BackoffLimitExceeded" -> state "Failed", reason "BackoffLimitExceeded".
void observeStatusText(const QString& text, const QString& view, Observations& out) {
    out.add(view, q::state, text.section(QStringLiteral(": "), 0, 0));
    out.add(view, q::reason, text.section(QStringLiteral(": "), 1));
}

// An index's state as the report names it, from the name the grid's tooltip gives it.
QString reportWordFor(const QString& stateName) {
    static const std::pair<IndexState, const char*> kWords[] = {
        {IndexState::NotStarted, "NotStarted"},  {IndexState::Pending, "Pending"},
        {IndexState::Running, "Running"},        {IndexState::Succeeded, "Succeeded"},
        {IndexState::FailedWillRetry, "Failed"}, {IndexState::FailedTerminal, "Failed"},
        {IndexState::OutOfRange, "OutOfRange"}};
    for (const auto& [state, word] : kWords)
        if (ui::StatePalette::name(state) == stateName)
            return QLatin1String(word);
    return stateName;
}

void observeJobList(const store::JobSummary& summary, const QString& view, Observations& out) {
    ui::JobListModel model;
    store::JobListDiff diff;
    diff.upserted.push_back(summary);
    model.applyDiff(diff);
    const int row = model.rowOf(summary.key);
    const auto cell = [&](int column) {
        return model.data(model.index(row, column));
    };
    out.add(view, q::succeededIndexes, cell(ui::JobListModel::Succeeded).toLongLong());
    out.add(view, q::statusFailed, cell(ui::JobListModel::Failed).toLongLong());
    out.add(view, q::active, cell(ui::JobListModel::Active).toLongLong());
    // The Status column shows the state; its tooltip "namespace/name: State: Reason" the reason.
    const QString prefix =
        summary.namespace_ + QLatin1Char('/') + summary.name + QStringLiteral(": ");
    const QString tip =
        model.data(model.index(row, ui::JobListModel::Status), Qt::ToolTipRole).toString();
    out.add(view, q::state, cell(ui::JobListModel::Status).toString());
    observeStatusText(tip.startsWith(prefix) ? tip.mid(prefix.size()) : tip, view, out);
}

QXYSeries* seriesOf(ui::ChartsWidget* charts, const char* chart, int position) {
    auto* view = charts->findChild<QChartView*>(QLatin1String(chart));
    if (!view || view->chart()->series().size() <= position)
        return nullptr;
    return qobject_cast<QXYSeries*>(view->chart()->series().at(position));
}
long long lastValueOf(QXYSeries* series) {
    return series && series->count() > 0 ? qRound64(series->points().last().y()) : -1;
}
// The values a step curve took, each once in the order it took them ("2,6").
QString valuesOf(QXYSeries* series) {
    QStringList values;
    if (series)
        for (const QPointF& p : series->points())
            if (values.isEmpty() || values.last() != QString::number(qRound64(p.y())))
                values << QString::number(qRound64(p.y()));
    return values.join(QLatin1Char(','));
}

// Whether an attempt the details panel words so counts as failed: the one rule
// (engine::countsAsFailed) over the outcome the words name.
bool countsAsFailed(const QString& words) {
    for (std::size_t o = 0; o < engine::kAttemptOutcomeCount; ++o) {
        const auto outcome = static_cast<engine::AttemptOutcome>(o);
        if (ui::Format::outcome(outcome) == words)
            return engine::countsAsFailed(outcome);
    }
    return false;
}

// The details panel of one index: its attempts table (number, phase, exit code per attempt).
void observeDetails(ui::JobView& job, int index, const QString& view, Observations& out) {
    job.showIndex(index);
    QApplication::processEvents();
    const ui::TableRowsModel* attempts = job.attemptsModel();
    const auto cell = [&](int row, int column) {
        return attempts->data(attempts->index(row, column)).toString();
    };
    QStringList failureCounts;
    long long failures = 0;
    for (int row = 0; row < attempts->rowCount(); ++row) {
        // "Attempt" counts from 1: the failures the index had when the attempt was created, + 1.
        failureCounts << QString::number(cell(row, 0).toInt() - 1);
        failures += countsAsFailed(cell(row, 3)) ? 1 : 0;
    }
    out.add(view, q::attemptsOf(index), attempts->rowCount());
    out.add(view, q::failuresOf(index), failures);
    out.add(view, q::failureCountsOf(index), failureCounts.join(QLatin1Char(',')));
    if (attempts->rowCount() > 0) {
        const auto code = numbersIn(cell(attempts->rowCount() - 1, 7));
        out.add(view, q::lastExitCodeOf(index),
                code.empty() ? QString() : QString::number(code.front()));
    }
}

} // namespace

void observeWindow(const store::JobSnapshotPtr& snapshot, const QString& when, Observations& out) {
    const auto view = [&](const char* name) {
        return QStringLiteral("%1 (%2)").arg(QLatin1String(name), when);
    };
    const store::JobSummary& summary = snapshot->summary;
    observeJobList(summary, view("job list"), out);

    store::MemoryJobStore store;
    store.setSnapshot(*snapshot);
    ui::JobView job(&store, summary.key);
    job.resize(1400, 900);
    job.show();
    if (!QTest::qWaitFor([&] { return job.snapshot() != nullptr; }, 10000))
        qFatal("the job view never showed %s", qPrintable(summary.key));
    // Every tab once: the view refreshes a tab when it is shown.
    for (int tab = 0; tab < job.tabs()->count(); ++tab) {
        job.tabs()->setCurrentIndex(tab);
        QApplication::processEvents();
    }

    // Header: "Job: status" and "Pods: A active / S succeeded / F failed".
    const auto* status = job.findChild<QLabel*>(QStringLiteral("jobStatus"));
    observeStatusText(status ? status->text() : QStringLiteral("(no jobStatus label)"),
                      view("header"), out);
    const QString facts = job.factsLabel()->text();
    static const QRegularExpression pods(
        QStringLiteral("(\\d+) active / (\\d+) succeeded / (\\d+) failed"));
    const auto m = pods.match(facts);
    out.add(view("header"), q::active, m.hasMatch() ? m.captured(1) : facts);
    out.add(view("header"), q::succeededIndexes, m.hasMatch() ? m.captured(2) : facts);
    out.add(view("header"), q::statusFailed, m.hasMatch() ? m.captured(3) : facts);

    // Legend and index boxes.
    auto* legend = job.findChild<ui::GridLegendWidget*>();
    const auto legendCount = [&](IndexState s) {
        return lastNumberIn(legend->entryText(static_cast<int>(s)));
    };
    out.add(view("legend"), q::succeededIndexes, legendCount(IndexState::Succeeded));
    out.add(view("legend"), q::failedIndexes, legendCount(IndexState::FailedTerminal));
    out.add(view("index boxes"), q::failedIndexes, lastNumberIn(job.failedIndexesLabel()->text()));
    out.add(view("index boxes"), q::failedIndexSet, job.failedIndexesText()->toPlainText());

    // A sample of the grid's tooltips: at most eight indexes spread over the job.
    ui::IndexGridWidget* grid = job.grid();
    const int n = grid->indexCount();
    const int step = std::max(1, n / 8);
    static const QRegularExpression tipState(QStringLiteral("&mdash; ([^<]+)"));
    static const QRegularExpression tipHost(QStringLiteral("Hostname: ([^<]+)"));
    for (int i = 0; i < n; i += step) {
        const QString tip = grid->toolTipText(i);
        out.add(view("grid tooltip"), q::stateOf(i),
                reportWordFor(tipState.match(tip).captured(1).trimmed()));
        out.add(view("grid tooltip"), q::hostnameOf(i), tipHost.match(tip).captured(1).trimmed());
        observeDetails(job, i, view("index details"), out);
    }

    // Failures panel: its title and one row per failing index (failed, not recovered: a finished
    // job's failed indexes).
    ui::FailuresPanel* panel = job.failuresPanel();
    out.add(view("failures panel"), q::failedIndexes, lastNumberIn(panel->failuresTitle()));
    const ui::TableRowsModel* failures = panel->failuresModel();
    for (int row = 0; row < failures->rowCount(); ++row) {
        const auto cell = [&](int column) {
            return failures->data(failures->index(row, column)).toString();
        };
        const int index = cell(0).toInt();
        out.add(view("failures panel"), q::attemptsOf(index), cell(1));
        const auto code = numbersIn(cell(2));
        out.add(view("failures panel"), q::lastExitCodeOf(index),
                code.empty() ? QString() : QString::number(code.front()));
    }

    // Charts: the last value of each curve, the values the parallelism took.
    ui::ChartsWidget* charts = job.charts();
    // "Succeeded over time (N more without recorded times)": the curve plus the N its title adds.
    auto* succeededChart = charts->findChild<QChartView*>(QStringLiteral("chartSucceeded"));
    const auto more = numbersIn(succeededChart ? succeededChart->chart()->title() : QString());
    out.add(view("charts"), q::succeededIndexes,
            lastValueOf(seriesOf(charts, "chartSucceeded", 0)) + (more.empty() ? 0 : more.front()));
    out.add(view("charts"), q::failedAttempts, lastValueOf(seriesOf(charts, "chartFailures", 0)));
    out.add(view("charts"), q::active, lastValueOf(seriesOf(charts, "chartActive", 0)));
    out.add(view("charts"), q::parallelismHistory, valuesOf(seriesOf(charts, "chartActive", 1)));

    // Timeline: one bar per attempt.
    const auto& bars = job.timeline()->history().bars;
    out.add(view("timeline"), q::attempts, static_cast<long long>(bars.size()));
    long long failedBars = 0, ended = 0;
    for (const auto& bar : bars) {
        failedBars += engine::countsAsFailed(bar.outcome) ? 1 : 0;
        ended += bar.endKnown;
    }
    out.add(view("timeline"), q::failedAttempts, failedBars);
    out.add(view("timeline"), q::attemptsEnded, ended);
}

void expectEveryAttemptEnded(const QString& when, Observations& out) {
    out.add(QStringLiteral("rule: every attempt of a finished job ended (%1)").arg(when),
            q::attemptsEnded, out.valueOf(QStringLiteral("timeline (%1)").arg(when), q::attempts));
}

} // namespace tessera::agreement
