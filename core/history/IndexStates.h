#pragma once
// Every index's scoreboard state from what a job's status and its attempts say: the one rule the
// window's sources (store::ClusterSource, store::LocalSource) and the report
// (report::ReportBuilder) follow, so the grid, the counts and the report's rows cannot drift apart.
#include "JobTimeline.h"
#include "engine/IndexSet.h"
#include "engine/IndexStateMap.h"

#include <cstdint>
#include <vector>

namespace tessera::history {

// What the newest attempt of one index says.
struct NewestAttempt {
    int32_t index = -1;
    AttemptOutcome outcome = AttemptOutcome::Lost;
    bool failures = false; // this or an earlier attempt of the index failed
};

// The states of [0, size), in layers (later ones win):
//   1. NotStarted;
//   2. each index with attempts, by its newest attempt: Pending, Running or Succeeded as it says;
//      otherwise, with failed attempts (a deleted one counts, engine::countsAsFailed),
//      FailedWillRetry (FailedTerminal when the job failed); an attempt removed by its
//      controller (scale-down) or lost, without failures, leaves the index NotStarted;
//   3. status.completedIndexes: Succeeded;
//   4. status.failedIndexes (backoffLimitPerIndex): FailedTerminal.
// Costs what the attempts and index sets cost, never `size` (an IndexStateMap is runs).
engine::IndexStateMap indexStatesOf(int32_t size, const std::vector<NewestAttempt>& newest,
                                    const engine::IndexSet& completedIndexes,
                                    const engine::IndexSet& failedIndexes, bool jobFailed);

} // namespace tessera::history
