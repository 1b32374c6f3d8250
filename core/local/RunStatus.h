#pragma once
// What a local run is, from its files and its runner: the one rule the window (store::LocalSource)
// and every report of the run (`tessera report --source local`, the window's export) follow, so
// a cancelled or interrupted run reads the same everywhere.
//
// An overlay on engine::jobStateOf (the rule for every Job), which decides whenever it can:
// - Finished (the journal's X record): Complete, or Failed with the controller's reason; a run
//   cancelled or halted by its user has no Failed condition of the controller, so it is Failed
//   with "Cancelled" / "Halted" as its reason. It ended at the X record.
// - Not finished and a runner holds the journal lock: as its Job says (Running, or Pending before
//   it started).
// - Not finished and nobody holds the lock (the runner was killed, the machine rebooted):
//   Interrupted, its clock stopped at its last record, until it is resumed.
#include "RunDirectory.h"
#include "engine/JobState.h"
#include "engine/Model.h"
#include "engine/Time.h"

#include <optional>
#include <string>

namespace tessera::local {

struct RunStatus {
    engine::JobState state = engine::JobState::Running; // Complete, Failed, Running, Pending,
                                                        // Interrupted
    std::string reason; // e.g. "BackoffLimitExceeded", "FailedIndexes", "Cancelled", "Halted"
    // When it ended: the X record, or for an interrupted run its last record (nullopt: running,
    // or interrupted before anything was recorded).
    std::optional<engine::TimePoint> end;
    // Its clock has stopped (finished or interrupted).
    bool ended() const { return engine::hasEnded(state); }
};

// `job` as rebuilt from the journal (its conditions), `outcome` the journal's X record text (""
// while unfinished), `runnerAlive` whether a runner holds (or is starting to hold) the journal,
// `lastRecordMs` the time of the journal's last record.
RunStatus runStatusOf(const engine::Job& job, const std::string& outcome, bool runnerAlive,
                      std::optional<int64_t> lastRecordMs);
// The same for a run directory as loaded.
RunStatus runStatusOf(const RunSnapshot& run);

} // namespace tessera::local
