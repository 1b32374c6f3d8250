#pragma once
// Resuming a run whose runner died (crash, SIGKILL, power loss of the terminal): before anything
// new starts, every attempt the journal shows as started but not ended is settled, so an index
// never has two live processes at once and no finished work is redone.
//
// The open attempts are the journal's starts without an end, plus what the supervisor's spawn
// ledger shows it started but the runner did not live to journal (those get their S record now).
// For each: if its process (pid + start time from /proc, so a reused pid is not mistaken for it)
// still runs, it is a survivor: wait for it, or with `kill` SIGTERM its group and SIGKILL after
// the grace period. Then, once the old supervisor has exited, its exit status comes from the
// ledger; an attempt with no status (killed with the supervisor, say) is recorded as "Lost" (not
// counted as a failure, the index runs again). Each settled attempt gets its E record.
#include "Journal.h"
#include "RunDirectory.h"
#include "engine/Result.h"

#include <functional>
#include <string>
#include <vector>

namespace tessera::local {

struct RecoverySummary {
    int survivors = 0;       // open attempts whose process was still running
    int survivorsKilled = 0; // of those, stopped rather than waited for
    int unjournaled = 0;     // open attempts only the spawn ledger knew of
    int recoveredExits = 0;  // exit statuses read from the spawn ledger
    int lost = 0;            // open attempts with no status at all
};

class Recovery {
public:
    // `records` gains the E records written to `journal`. `progress` gets human-readable lines
    // ("waiting for 3 survivors: index 4 (pid 123) ...") while it waits.
    // `jobName` names the pods of attempts journaled here (`<job>-<index>-r<attempt>`).
    // A spawn ledger that cannot be read is an error before anything is written: which items
    // started and how they ended is not guessed.
    static engine::Result<RecoverySummary>
    settle(const RunDirectory& dir, const std::string& jobName, std::vector<JournalRecord>& records,
           Journal& journal, bool kill, int64_t graceMillis,
           const std::function<void(const std::string&)>& progress = {});
};

} // namespace tessera::local
