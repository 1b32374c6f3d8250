#pragma once
// The local source: the plan as a work list run by the real `tessera run` (each item a shell
// command that writes the hostname it ran with and exits with the plan's code for its attempt),
// steered by `tessera ctl` while it runs, watched by a LocalSource as the window watches it
// (restarted mid-run when the plan says so), then read again by a fresh LocalSource (a reload),
// `tessera ctl status` and `tessera report --source local`.
#include "Observations.h"
#include "RunPlan.h"

namespace tessera::agreement {

// Runs the plan and adds what every view shows to `out` (the plan's own facts first). Returns
// false (with a test failure) when the run could not be driven to its end.
bool observeLocalRun(const RunPlan& plan, Observations& out);

} // namespace tessera::agreement
