#pragma once
// Two runs of the same work side by side: a re-run against the job it re-ran, or two runs of one
// CronJob or work list. Per index: its outcome in each run and how its duration changed, so
// "which indexes changed outcome, and which got slower" is one pass over two reports.
//
// Indexes pair up through the later run's original indexes when it is a re-run (index i of the
// re-run is work item originalIndex of the earlier job: ReportBuilder's annotation), otherwise
// by equal index. A pure function over two built reports: no I/O, no clock.
#include "Report.h"

#include <optional>
#include <vector>

namespace tessera::report {

// What became of an index, coarser than engine::IndexState: a retry still pending and a
// terminal failure are both Failed; Absent when the run has no such index.
enum class IndexOutcome { Absent, NotStarted, Unfinished, Succeeded, Failed };
const char* toString(IndexOutcome);
IndexOutcome indexOutcomeOf(engine::IndexState state);

struct IndexComparison {
    int32_t index = 0; // in the earlier run (the work item)
    int32_t laterIndex = 0;
    IndexOutcome before = IndexOutcome::Absent, after = IndexOutcome::Absent;
    // Run time of each run's last attempt of the index (when it has one that started).
    std::optional<engine::Duration> beforeDuration, afterDuration;

    bool outcomeChanged() const { return before != after; }
    std::optional<engine::Duration> durationChange() const {
        if (!beforeDuration || !afterDuration)
            return std::nullopt;
        return *afterDuration - *beforeDuration;
    }
};

struct RunComparison {
    std::vector<IndexComparison> indexes; // every paired index, ascending by `index`
    int32_t fixed = 0;                    // Failed → Succeeded
    int32_t broken = 0;                   // Succeeded → Failed
    int32_t otherChanges = 0;             // any other change of outcome
    // Median of the duration changes of the indexes timed in both runs (nullopt: none).
    std::optional<engine::Duration> medianDurationChange;

    // The indexes whose outcome changed, in `indexes` order.
    std::vector<IndexComparison> changed() const;
};

// `later` is the re-run, or the newer of two runs.
RunComparison compareRuns(const Report& earlier, const Report& later);

} // namespace tessera::report
