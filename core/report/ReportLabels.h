#pragma once
// The human-readable words of a report (HTML and PDF), translated once per write. JSON and CSV
// keep fixed English keys: they are read by programs.
#include "Report.h"

#include <QCoreApplication>
#include <QString>

namespace tessera::report {

class ReportLabels {
    Q_DECLARE_TR_FUNCTIONS(ReportLabels)
public:
    ReportLabels();

    QString title, job, namespace_, uid, source, generated, spec, completionMode, completions,
        parallelism, backoffLimit, backoffLimitPerIndex, maxFailedIndexes, activeDeadline,
        successPolicy, outcome, reason, message, conditions, started, finished, duration,
        completedIndexes, failedIndexes, summary, succeededIndexes, failedIndexCount, failedPods,
        failedAttempts, active, attempts, slowest, percentiles, samples, progressChart,
        histogramChart, perIndex, index, originalIndex, status, hostname, node, start, end,
        exitCode, none, seconds, count, type, conditionStatus, rerunNote, succeededSeries,
        failedSeries, page, firstStart, lastEnd, lastDuration, perIndexNote, timeAxis, durationAxis;

    // "unlimited" for MaxInt32 (what Kubernetes puts in backoffLimit when backoffLimitPerIndex
    // is set), else the number; "" when unset. JSON keeps the number.
    static QString formatLimit(const std::optional<int64_t>& limit);
    // The unit of a chart's time axis (ChartGeometry::timeUnit): "s", "min" or "h".
    static QString unitText(double unitSeconds);
    // "6" or "6 (3 deleted)": the attempts recorded that count as failed.
    static QString failedAttemptsText(int failed, int deleted);

    // Translated index / job status ("Succeeded", "Failed", ...); unknown words pass through.
    static QString statusText(const std::string& status);
    // "1h 02m 03s", "4m 05s", "12.3s"; "" when unset.
    static QString formatDuration(const std::optional<engine::Duration>& d);
    // RFC 3339 UTC; "" when unset.
    static QString formatTime(const std::optional<engine::TimePoint>& t);
};

} // namespace tessera::report
