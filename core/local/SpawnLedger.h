#pragma once
// The supervisor's own record of what it started and how each process ended:
// `<run>/spawns`, appended with one write() per line by whichever supervisor is alive.
//
//   H pid startTicks                       a supervisor started (its identity, for recovery)
//   S index attempt pid startTicks         it spawned an attempt (before telling the runner)
//   E index attempt exitCode [logErrno]    the attempt ended (128+N: killed by signal N);
//                                          logErrno: its log could not be written (ItemLog.h)
//
// Why a second record next to the journal: the runner journals an attempt only once the
// supervisor has answered, so a runner killed in between leaves a running item that only the
// supervisor knows about. Recovery merges both, and waits for the old supervisor to exit, after
// which its ledger is final. One appended file also costs far less per item than a status file
// per attempt.
#include "engine/Result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tessera::local {

struct LedgerEntry {
    char kind = 0; // 'H', 'S', 'E'
    int32_t index = -1;
    int32_t attempt = 0;
    int64_t pid = 0;
    int64_t startTicks = 0;
    int32_t exitCode = 0;
    int32_t logError = 0; // E: errno of the log's first failed write, 0 when none
};

// Every complete line of the ledger at `path` (missing file: none; torn or unknown lines are
// skipped, since a killed supervisor can leave half a line). A ledger that cannot be read (not
// a regular file, too large, unreadable) is an error naming it: recovery must not guess.
engine::Result<std::vector<LedgerEntry>> readSpawnLedger(const std::string& path);

} // namespace tessera::local
