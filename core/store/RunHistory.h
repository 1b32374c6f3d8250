#pragma once
// What the time-based views of one job show, computed in one place from the job's recorded
// attempts (JobSnapshot::attempts: the History database and the API's pods for cluster and Demo
// jobs, the journal for local runs) plus its summary and states. The charts (succeeded over time,
// active vs parallelism, failures, durations of succeeded indexes), the timeline (one bar per
// attempt, ending when the attempt ended) and the per-index counts all read it, so a job opened
// late, re-selected, finished before it was opened or reloaded after a restart shows its whole
// run, and every view counts the same things.
//
// Pure computation over a snapshot; no Qt widgets, cheap enough to rebuild once a second for a
// job of 10,000 attempts (one sort of the attempts' start and end times).
#include "JobSnapshot.h"

#include <QDateTime>
#include <array>
#include <optional>
#include <vector>

namespace tessera::store {

// One step of a curve: from time `t` (ms since the epoch, UTC) on, the value is `value`.
struct CountAt {
    qint64 t = 0;
    int value = 0;
    bool operator==(const CountAt&) const = default;
};

enum class BarOutcome { Pending, Running, Succeeded, Failed, Unknown };

// One attempt on the timeline.
struct AttemptBar {
    int index = -1;
    int attempt = 0;
    qint64 start = 0; // started, else created (ms since the epoch)
    qint64 end = 0;   // finished; for an open bar the end of the history's range
    // true: still running (the bar grows with the clock); false with !endKnown: the attempt
    // ended but its end was never recorded (the bar is a mark at its start).
    bool open = false;
    bool endKnown = false;
    BarOutcome outcome = BarOutcome::Unknown;
    std::size_t attemptPos = 0; // position in JobSnapshot::attempts
};

// Indexes per state, from the snapshot's per-index states (the legend, the labels above the index
// strings and the failure panel's title all use these).
struct IndexCounts {
    std::array<int, engine::kIndexStateCount> byState{};
    int failedAttempts = 0; // attempts that failed (pods), as recorded
    int indexesWithFailures = 0;
    int of(engine::IndexState s) const { return byState[static_cast<std::size_t>(s)]; }
};

class RunHistory {
public:
    // `now` ends the range of a job still running; a finished job's range ends when it finished.
    static RunHistory of(const JobSnapshot& snapshot, const QDateTime& now);

    qint64 start = 0, end = 0; // the job's own time range (ms since the epoch)
    bool finished = false;     // the job ended: `end` is its end, not the clock

    std::vector<CountAt> succeeded;   // indexes succeeded so far
    std::vector<CountAt> active;      // attempts running
    std::vector<CountAt> parallelism; // spec.parallelism (as sampled while watched)
    std::vector<CountAt> failures;    // failed attempts so far
    // Run time (started → finished) of the attempt that made each succeeded index succeed.
    std::vector<qint64> succeededDurationsMs;
    // Succeeded indexes whose succeeding attempt's times were not recorded (pods gone unseen).
    int succeededWithoutTimes = 0;

    std::vector<AttemptBar> bars;      // sorted by (index, attempt): one row per index
    std::vector<int> rowIndexes;       // the index of each row, ascending
    std::vector<std::size_t> rowFirst; // first bar of each row
    IndexCounts counts;

    // Row of an index, -1 when it has no attempt.
    int rowOf(int index) const;
};

BarOutcome outcomeOf(const IndexAttempt& attempt);
bool attemptFailed(const IndexAttempt& attempt);
// The indexes in one state as a Kubernetes index string ("0,14,16-17").
QString indexesInState(const JobSnapshot& snapshot, engine::IndexState state);
IndexCounts countIndexes(const JobSnapshot& snapshot);
// When a running job should complete, from its completion rate over the last five minutes before
// `now`: the ends of its recorded succeeded attempts (so re-selecting a job does not reset it),
// else its progress samples. nullopt when it does not apply (finished, nothing left, no data);
// `known` false when nothing completed lately.
struct CompletionEstimate {
    bool known = false;
    qint64 seconds = 0;
    double perMinute = 0;
};
std::optional<CompletionEstimate> estimateCompletion(const JobSnapshot& snapshot,
                                                     const QDateTime& now);
// A recorded attempt as the engine (and so the report) has it.
engine::Attempt toEngineAttempt(const IndexAttempt& attempt);
// Adds to `attempts` (what the API still has) the recorded ones it lacks (pods gone), matched by
// pod name; then sorts by creation and numbers each index's attempts 1, 2, ... again. The
// report then counts what the window counts.
void mergeRecordedAttempts(std::vector<engine::Attempt>& attempts,
                           const std::vector<IndexAttempt>& recorded);

} // namespace tessera::store
