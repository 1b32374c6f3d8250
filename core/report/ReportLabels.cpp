#include "ReportLabels.h"

#include "codec/Rfc3339.h"

#include <limits>

namespace tessera::report {

ReportLabels::ReportLabels()
    : title(tr("Completion report"))
    , job(tr("Job"))
    , namespace_(tr("Namespace"))
    , uid(tr("UID"))
    , source(tr("Source"))
    , generated(tr("Generated"))
    , spec(tr("Specification"))
    , completionMode(tr("Completion mode"))
    , completions(tr("Completions"))
    , parallelism(tr("Parallelism"))
    , backoffLimit(tr("Backoff limit"))
    , backoffLimitPerIndex(tr("Backoff limit per index"))
    , maxFailedIndexes(tr("Max failed indexes"))
    , activeDeadline(tr("Active deadline (seconds)"))
    , successPolicy(tr("Success policy"))
    , outcome(tr("Outcome"))
    , reason(tr("Reason"))
    , message(tr("Message"))
    , conditions(tr("Conditions"))
    , started(tr("Started"))
    , finished(tr("Finished"))
    , duration(tr("Duration"))
    , completedIndexes(tr("Completed indexes"))
    , failedIndexes(tr("Failed indexes"))
    , summary(tr("Summary"))
    , succeededIndexes(tr("Succeeded indexes"))
    , failedIndexCount(tr("Failed indexes (count)"))
    , failedPods(tr("Failed pods (Job status.failed)"))
    , failedAttempts(tr("Failed attempts recorded"))
    , active(tr("Active pods"))
    , attempts(tr("Attempts"))
    , slowest(tr("Slowest indexes"))
    , percentiles(tr("Duration percentiles (succeeded indexes)"))
    , samples(tr("Samples"))
    , progressChart(tr("Progress over time"))
    , histogramChart(tr("Duration histogram"))
    , perIndex(tr("Per-index table"))
    , index(tr("Index"))
    , originalIndex(tr("Original index"))
    , status(tr("Status"))
    , hostname(tr("Hostname"))
    , node(tr("Node"))
    , start(tr("Start"))
    , end(tr("End"))
    , exitCode(tr("Exit code"))
    , none(tr("(none)"))
    , seconds(tr("seconds"))
    , count(tr("indexes"))
    , type(tr("Type"))
    , conditionStatus(tr("Status"))
    , rerunNote(
          tr("This job re-runs indexes of another job: the original index of each row is shown."))
    , succeededSeries(tr("succeeded"))
    , failedSeries(tr("failed"))
    , page(tr("Page %1"))
    , firstStart(tr("First start"))
    , lastEnd(tr("Last end"))
    , lastDuration(tr("Last attempt's duration"))
    , perIndexNote(tr("First start and last end span all attempts of an index; the duration is "
                      "that of its last attempt."))
    , timeAxis(tr("time since the start (%1)"))
    , durationAxis(tr("duration (%1)")) {}

QString ReportLabels::formatLimit(const std::optional<int64_t>& limit) {
    if (!limit)
        return {};
    if (*limit == std::numeric_limits<int32_t>::max())
        return tr("unlimited");
    return QString::number(*limit);
}

QString ReportLabels::unitText(double unitSeconds) {
    if (unitSeconds >= 3600)
        return tr("h");
    if (unitSeconds >= 60)
        return tr("min");
    return tr("s");
}

QString ReportLabels::failedAttemptsText(int failed, int deleted) {
    return deleted > 0 ? tr("%1 (%2 deleted)").arg(failed).arg(deleted) : QString::number(failed);
}

QString ReportLabels::statusText(const std::string& status) {
    if (status == "Succeeded")
        return tr("Succeeded");
    if (status == "Failed")
        return tr("Failed");
    if (status == "Running")
        return tr("Running");
    if (status == "Pending")
        return tr("Pending");
    if (status == "Deleted")
        return tr("Deleted");
    if (status == "Lost")
        return tr("Lost");
    if (status == "Removed")
        return tr("Removed");
    if (status == "NotStarted")
        return tr("Not started");
    if (status == "Complete")
        return tr("Complete");
    if (status == "Suspended")
        return tr("Suspended");
    if (status == "Interrupted")
        return tr("Interrupted");
    return QString::fromStdString(status);
}

QString ReportLabels::formatDuration(const std::optional<engine::Duration>& d) {
    if (!d)
        return {};
    const int64_t ms = d->count();
    const int64_t totalSeconds = ms / 1000;
    const int64_t h = totalSeconds / 3600, m = (totalSeconds / 60) % 60, s = totalSeconds % 60;
    if (h > 0)
        return QStringLiteral("%1h %2m %3s")
            .arg(h)
            .arg(m, 2, 10, QLatin1Char('0'))
            .arg(s, 2, 10, QLatin1Char('0'));
    if (m > 0)
        return QStringLiteral("%1m %2s").arg(m).arg(s, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1s").arg(static_cast<double>(ms) / 1000.0, 0, 'f', 1);
}

QString ReportLabels::formatTime(const std::optional<engine::TimePoint>& t) {
    if (!t)
        return {};
    return QString::fromStdString(codec::formatRfc3339(*t));
}

} // namespace tessera::report
