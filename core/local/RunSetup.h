#pragma once
// What a local run is started from (RunOptions), and creating a new run's directory from it:
// the work list read and checked, the run directory made, the items, settings and manifest
// written into it. `tessera run` (LocalRunner::prepare) and the window (LocalSource, which then
// starts `tessera run --resume` on the directory as a process of its own) share this one path,
// so a run is set up the same way wherever it was started.
#include "Journal.h"
#include "RunDirectory.h"
#include "engine/Model.h"
#include "engine/Result.h"
#include "worklist/WorkList.h"
#include "worklist/WorkListFormats.h"

#include <optional>
#include <string>

namespace tessera::local {

struct RunOptions {
    std::string runDir; // new run: "" = a new directory under the user's data directory
    bool resume = false;
    // New run: the work list and how to read it (options.command = the template command).
    std::string workListPath;
    worklist::LoadOptions loadOptions;
    RunConfig config;
    // New run: a Job manifest whose spec (podFailurePolicy, successPolicy, limits, parallelism,
    // name) applies where `config` leaves things unset (config.parallelism < 0: unset).
    std::string jobManifestPath;
    // Resume: stop the previous runner's survivors instead of waiting for them.
    bool killSurvivors = false;
};

// A new run, set up on disk.
struct NewRun {
    std::string runDir;
    RunConfig config; // as saved in run.conf (name, parallelism and command resolved)
    worklist::WorkList list;
    std::optional<engine::Job> manifest; // --job: the manifest's Job
};

// Creates the run directory of a new run (options.resume is ignored) and fills it. `journal` is
// opened (and locked) on the new directory before anything is written, so two starts on one
// directory cannot both succeed; the caller keeps it open to run, or closes it to hand the
// directory to another process. Errors name the file, line or option.
engine::Result<NewRun> createRun(const RunOptions& options, Journal& journal);

} // namespace tessera::local
