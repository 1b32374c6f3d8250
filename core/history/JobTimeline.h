#pragma once
// A job's time-based views, computed from its attempts and its per-index states: the curves over
// time (indexes succeeded, indexes failed, attempts running, attempts failed), the run times of
// the attempts that made indexes succeed (and their histogram bins), one timeline bar per attempt
// and the indexes per state. The window (store::RunTimeline: charts, timeline, counts) and the
// exported report (report::ReportBuilder: its progress curve, duration histogram and counts) both
// call this, so the same run gives the same numbers in both.
//
// Plain C++20 over engine types (times in ms since the epoch), no Qt: it sits below tessera_store
// and tessera_report. Cheap enough to recompute once a second for 10,000 attempts.
#include "engine/Attempt.h"
#include "engine/IndexStateMap.h"
#include "engine/JobController.h"
#include "engine/JobState.h"
#include "engine/Simulation.h"
#include "history/TimeSteps.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace tessera::history {

// Milliseconds (a time since the epoch, UTC, or a duration); long long like qint64, so Qt callers
// mix them freely.
using Ms = long long;

// One step of a curve: from time `t` (ms since the epoch, UTC) on, the value is `value`.
struct CountAt {
    Ms t = 0;
    int value = 0;
    bool operator==(const CountAt&) const = default;
};

using engine::AttemptOutcome;

// One attempt as the history needs it (its outcome: engine/JobState.h decides it).
struct AttemptSpan {
    int32_t index = -1;
    int32_t attempt = 0; // 0 for the first attempt of the index
    std::optional<Ms> created, started, finished;
    AttemptOutcome outcome = AttemptOutcome::Lost;
};

// An index's failure count after one more of its attempts: the larger of the count so far and
// the attempt's own (`failuresBefore`: the failures of the index when its pod was created, the
// pod's failure-count annotation, 0-based attempt number), plus one when this attempt counts as
// failed (engine::countsAsFailed: failed, or deleted before it succeeded). The one rule the
// window's sources, the report and the counts follow.
inline int failuresAfter(int failuresSoFar, int failuresBefore, AttemptOutcome outcome) {
    const int own = failuresBefore + (engine::countsAsFailed(outcome) ? 1 : 0);
    return failuresSoFar > own ? failuresSoFar : own;
}

// An engine attempt (a report's, a simulation's) as the history reads it; `index` is its row
// (an Indexed job's completion index, a NonIndexed job's attempt position).
AttemptSpan spanOf(const engine::Attempt& attempt, int32_t index);

// Orders a job's attempts by creation (then failure count, then pod name; stable) and numbers each
// index's attempts 1, 2, ... in that order. The one rule, so the window's attempts (pods seen plus
// those recorded) and a report's (pods listed) number an index's attempts alike.
void orderAndNumberAttempts(std::vector<engine::Attempt>& attempts);

// One attempt on the timeline.
struct AttemptBar {
    int index = -1;
    int attempt = 0;
    Ms start = 0; // started, else created (ms since the epoch)
    Ms end = 0;   // finished; for an open bar the end of the history's range
    // true: still running (the bar grows with the clock); false with !endKnown: the attempt
    // ended but its end was never recorded (Lost: the bar is a mark at its start).
    bool open = false;
    bool endKnown = false;
    AttemptOutcome outcome = AttemptOutcome::Lost;
    std::size_t attemptPos = 0; // position in the attempts given
};

// Indexes per state (the window's legend, labels and failure panel; the report's counts).
struct IndexCounts {
    std::array<int, engine::kIndexStateCount> byState{};
    // Attempts recorded whose pods count in status.failed (engine::countsAsFailed): the number
    // beside the Job's own status.failed, which may lag it or have seen pods no longer recorded.
    int failedAttempts = 0;
    int deletedAttempts = 0; // of those, deleted before they finished (scale-down, kubectl delete)
    int lostAttempts = 0;    // ended unseen: neither failed nor succeeded as far as is known
    int indexesWithFailures = 0; // indexes with at least one failed attempt (recovered included)
    int of(engine::IndexState s) const { return byState[static_cast<std::size_t>(s)]; }
};

// The job's own time range.
struct JobRange {
    std::optional<Ms> created, started, finished;
    bool ended = false; // the job ended (Complete or Failed), even if its end is unknown
    Ms now = 0;         // ends the range of a job still running
};

struct JobTimeline {
    // `attempts` in any order; `states` of every index (0..n-1, as runs: a job may have
    // 2,000,000,000 indexes); `failureCount` index -> failed attempts when known (empty: an
    // index has failures when one of its attempts failed).
    static JobTimeline of(const std::vector<AttemptSpan>& attempts,
                          const engine::IndexStateMap& states,
                          const std::map<int, int>& failureCount, const JobRange& range);

    Ms start = 0, end = 0; // the job's own time range (ms since the epoch)
    bool finished = false; // the job ended: `end` is its end, not the clock

    std::vector<CountAt> succeeded;     // indexes succeeded so far (end of the winning attempt)
    std::vector<CountAt> failedIndexes; // indexes failed so far (end of their last attempt)
    std::vector<CountAt> active;        // attempts running
    std::vector<CountAt> failures;      // failed attempts so far (IndexCounts::failedAttempts)
    // Run time (started → finished) of the attempt that made each succeeded index succeed.
    std::vector<Ms> succeededDurationsMs;
    // Succeeded indexes whose succeeding attempt's times were not recorded (pods gone unseen).
    int succeededWithoutTimes = 0;

    std::vector<AttemptBar> bars;      // sorted by (index, attempt): one row per index
    std::vector<int> rowIndexes;       // the index of each row, ascending
    std::vector<std::size_t> rowFirst; // first bar of each row
    IndexCounts counts;

    // Row of an index, -1 when it has no attempt.
    int rowOf(int index) const;
};

// A dry-run's history (the Launch dialog's forecast) from the simulation's attempts: the same
// curves the window and the report show for a real run. `completions` indexes.
JobTimeline historyOfSimulation(const engine::SimulationResult& simulation, int32_t completions,
                                engine::TimePoint start);

// Counts of the per-index states and the attempts that failed.
IndexCounts countIndexes(const engine::IndexStateMap& states,
                         const std::vector<AttemptSpan>& attempts,
                         const std::map<int, int>& failureCount);

// Histogram bins of durations: durationBins (TimeSteps.h), round edges.

// Cumulative step curve from unordered event times: value k from the k-th time on. Starts at
// `from` with 0 and ends at `to` with the total, so the line spans the whole range.
std::vector<CountAt> cumulative(std::vector<Ms> times, Ms from, Ms to);
// At most about `maxPoints` steps (the last value of each slice of the range, plus its maximum).
std::vector<CountAt> thin(const std::vector<CountAt>& curve, std::size_t maxPoints);
inline constexpr std::size_t kMaxCurvePoints = 2000;

} // namespace tessera::history
