#include "KnownDefects.h"

namespace tessera::agreement {

namespace {

// Each entry: a defect on main at the time the harness was written, with the branch that fixes
// it. The entries of the fixes already merged are gone.
const KnownDefect kKnownDefects[] = {
    // Found by this test, now and then (it depends on when the suspend lands): the snapshot
    // orders an index's attempts by failure count then creation (JobSnapshot::attempts), the
    // report by creation (history::orderAndNumberAttempts), so the two can name a different
    // "last attempt" of an index whose pod a suspend deleted.
    {Source::Cluster, "index details", "last attempt's exit code",
     "after a suspend, the window's index details and the report can name a different last "
     "attempt of an index (attempts ordered by two rules)"},
    // Found after the typed vocabulary landed (cluster seeds 2 and 4): after a suspend or a
    // deletion the index details and the report disagree on an index's failed attempts (a
    // suspended pod read as Deleted by one, Removed by the other).
    {Source::Cluster, "index details", "failed attempts",
     "after a suspend or a deletion, the index details and the report count an index's failed "
     "attempts differently (Deleted against Removed)"},
    // Found after the typed vocabulary landed: a local run's IndexAttempt::attempt is the
    // attempt's position (LocalSource::attemptOf), a cluster's is the pod's failure-count
    // annotation; after a scale-down kill (Removed, not a failure) the window numbers the next
    // attempt 2 while its failureCount stays 0.
    {Source::Local, "index details", "failure counts of the attempts",
     "a local run's index details number attempts by position, not by failure count, after a "
     "scale-down kill"},
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
