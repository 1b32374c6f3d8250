#include "KnownDefects.h"

namespace tessera::agreement {

namespace {

constexpr const char* kScaleDownKills =
    "scale-down kills counted as failed attempts by the window only (charts, timeline, failures "
    "panel), not by the list, ctl status or the report";

// Each entry: a defect on main at the time the harness was written, with the fix that removes it.
const KnownDefect kKnownDefects[] = {
    // truth-local: the report input is built from the run after std::move(run->job).
    {Source::Local, "report", "job ", "a completed local run is reported Failed (reason Complete)"},
    // truth-vocab: name the failed numbers; docs/report-schema.md calls outcome.failed a status
    // count.
    {std::nullopt, "report JSON", "Job status.failed",
     "three \"failed\" numbers: the report's outcome.failed is the failed indexes, not the Job's "
     "status.failed"},
    // truth-vocab: one rule for an attempt's outcome (store::attemptFailed vs history::spanOf).
    {Source::Local, "charts", "failed attempts", kScaleDownKills},
    {Source::Local, "timeline", "failed attempts", kScaleDownKills},
    {Source::Local, "failures panel", "indexes with failed attempts", kScaleDownKills},
    // truth-vocab: the failures panel's "Last exit code" is the last failed attempt's.
    {std::nullopt, "failures panel", "last attempt's exit code",
     "a recovered index is listed with the exit code of its last failed attempt"},
    // truth-local: the journal's P records reach the charts.
    {Source::Local, "charts", "parallelism values",
     "a local run's parallelism history is lost on reload (and when the store restarts)"},
    // truth-local: hostnames from the job's name, not the run directory's.
    {Source::Local, "grid tooltip", "hostname", "local hostnames named after the run directory"},
    // truth-local: failureCount of a local run's attempts.
    {Source::Local, "report JSON", "failure counts",
     "a local run's history[].failureCount is 0 for every attempt"},
};

bool matches(const KnownDefect& k, Source source, const Disagreement& d) {
    if (k.source && *k.source != source)
        return false;
    const QString view = QLatin1String(k.view);
    if (!d.view.contains(view) && !d.referenceView.contains(view))
        return false;
    return d.quantity.startsWith(QLatin1String(k.quantity));
}

} // namespace

const KnownDefect* knownDefectFor(Source source, const Disagreement& d) {
    if (qEnvironmentVariableIntValue("TESSERA_AGREEMENT_STRICT") != 0)
        return nullptr;
    for (const KnownDefect& k : kKnownDefects)
        if (matches(k, source, d))
            return &k;
    return nullptr;
}

} // namespace tessera::agreement
