#pragma once
// What the time-based views of one job show, computed in one place from the job's recorded
// attempts (JobSnapshot::attempts: the History database and the API's pods for cluster and Demo
// jobs, the journal for local runs) plus its summary and states. The charts (succeeded over time,
// active vs parallelism, failures, durations of succeeded indexes), the timeline (one bar per
// attempt, ending when the attempt ended) and the per-index counts all read it, so a job opened
// late, re-selected, finished before it was opened or reloaded after a restart shows its whole
// run, and every view counts the same things.
//
// The computation itself is history::JobTimeline (core/history), which ReportBuilder also uses
// for the exported report's counts, progress curve and duration histogram; this adds the
// snapshot's side (its attempts as AttemptSpans, its summary as the range, the parallelism
// samples). Cheap enough to rebuild once a second for a job of 10,000 attempts.
#include "JobSnapshot.h"
#include "history/JobTimeline.h"
#include "history/Stragglers.h"

#include <QDateTime>
#include <optional>
#include <vector>

namespace tessera::store {

// The computation is history::JobTimeline (core/history), which the exported report uses too; the
// window's names for its parts:
using history::AttemptBar;
using history::CountAt;
using history::IndexCounts;

class RunTimeline : public history::JobTimeline {
public:
    // `now` ends the range of a job still running; a finished job's range ends when it finished.
    static RunTimeline of(const JobSnapshot& snapshot, const QDateTime& now);

    std::vector<CountAt> parallelism; // spec.parallelism (as sampled while watched)
};

// The snapshot's attempts as the history reads them (same order: AttemptBar::attemptPos indexes
// JobSnapshot::attempts).
std::vector<history::AttemptSpan> attemptSpans(const JobSnapshot& snapshot);
// The indexes in one state as a Kubernetes index string ("0,14,16-17").
QString indexesInState(const JobSnapshot& snapshot, engine::IndexState state);
IndexCounts countIndexes(const JobSnapshot& snapshot);
// countIndexes(snapshot).failedAttempts without building the spans (the header asks at every
// snapshot): the attempts recorded that count as failed (engine::countsAsFailed).
int failedAttemptsSeen(const JobSnapshot& snapshot);
// When a running job should complete, from its completion rate over the last five minutes before
// `now`: the ends of its recorded succeeded attempts (so re-selecting a job does not reset it),
// else its progress samples. nullopt when it does not apply (finished, nothing left, no data);
// `known` false when nothing completed lately.
//
// Its spread, from the job's own durations (`stragglers`, history::findStragglers): at the
// current pace the last indexes end after `seconds`; they may run as long as the slow tail of the
// succeeded ones (p95 − p50 more), and a straggler that has run t is expected to need up to t
// more (what has lasted t is as likely to end before 2t as after), so the job may take until
// `secondsLatest`. Without enough samples there is no spread (`secondsLatest` == `seconds`).
struct CompletionEstimate {
    bool known = false;
    qint64 seconds = 0;
    qint64 secondsLatest = 0;
    double perMinute = 0;
    int stragglers = 0;
};
std::optional<CompletionEstimate> estimateCompletion(const JobSnapshot& snapshot,
                                                     const QDateTime& now,
                                                     const history::Stragglers& stragglers = {});
// The stragglers of a job at `now` (history::findStragglers over its recorded attempts; each
// Straggler::attemptPos indexes JobSnapshot::attempts).
history::Stragglers stragglersOf(const JobSnapshot& snapshot, const QDateTime& now);
// A recorded attempt as the engine (and so the report) has it.
engine::Attempt toEngineAttempt(const IndexAttempt& attempt);
// Adds to `attempts` (what the API still has) the recorded ones it lacks (pods gone), matched by
// pod name; then sorts by creation and numbers each index's attempts 1, 2, ... again. The
// report then counts what the window counts.
void mergeRecordedAttempts(std::vector<engine::Attempt>& attempts,
                           const std::vector<IndexAttempt>& recorded);

} // namespace tessera::store
