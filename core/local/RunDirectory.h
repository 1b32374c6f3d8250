#pragma once
// The run directory of a local run, and reading one back.
//
//   <run>/run.conf        the job settings (key=value), written once (temp name + rename)
//   <run>/worklist.csv    the items as run (so a resume never depends on the original file)
//   <run>/journal         every attempt's start and end (Journal.h), flock()ed by the runner
//   <run>/logs/<index>.<attempt>.log   stdout+stderr of one attempt (size-capped); one flat
//                                      directory, since a directory per index costs a mkdir
//                                      per item, a large share of a short item's cost
//   <run>/spawns          the supervisor's ledger of started and ended attempts (SpawnLedger.h)
//   <run>/control.d/      commands for the running runner (`tessera ctl`)
//
// A run is read back by one function, RunDirectory::load: the runner on resume, the window
// (store::LocalSource), `tessera ctl status` and every report of the run (report::localReportInput)
// all see the same job, attempts and parallelism history.
//   auto run = local::RunDirectory::load(dir);  // run->job, run->attempts, run->workList
#include "Journal.h"
#include "JournalReplay.h"
#include "engine/Attempt.h"
#include "engine/Model.h"
#include "engine/Result.h"
#include "worklist/WorkList.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tessera::local {

struct RunConfig {
    std::string name = "local"; // the job name (a DNS label): pods are <name>-<index>-xxxxx
    std::string command;        // template command for items without their own
    std::string source;         // the work list file the run was started from
    int32_t parallelism = 2;
    std::optional<int32_t> backoffLimit;         // default 6 (Kubernetes)
    std::optional<int32_t> backoffLimitPerIndex; // per-index retries
    std::optional<int32_t> maxFailedIndexes;
    std::optional<int64_t> activeDeadlineSeconds;
    double backoffScale = 1.0;     // multiplies the 10 s .. 10 min retry delays
    std::string halt = "never";    // "never", "now,fail=N", "soon,fail=N"
    int64_t logCapBytes = 8 << 20; // per attempt log
    int64_t graceMillis = 5000;    // SIGTERM -> SIGKILL on cancel or deletion
    bool killOnScaleDown = false;  // scale-down stops running items instead of waiting
    // The run was started with --job MANIFEST: its spec (podFailurePolicy, successPolicy, limits)
    // is kept as <run>/job.json and applies wherever the options above are unset.
    bool fromManifest = false;
    // A re-run (of a local run or a cluster job): index i ran the item that was index
    // originalIndexes[i] there. Empty for a first run. Reports show both.
    std::vector<int32_t> originalIndexes;
    std::map<int32_t, int32_t> originalIndexMap() const; // i -> originalIndexes[i]

    std::string save(const std::string& path) const; // "" or the error
    static engine::Result<RunConfig> load(const std::string& path);
};

struct RunSnapshot {
    RunConfig config;
    engine::Job job;                       // spec from the config, status rebuilt from the journal
    std::vector<engine::Attempt> attempts; // every attempt, in start order
    std::vector<ParallelismChange> parallelismHistory; // what it was asked for, oldest first
    worklist::WorkList workList;
    std::vector<JournalRecord> records;
    bool runnerAlive = false; // a runner holds the journal lock right now
    std::string outcome;      // "Complete", "Failed", "Cancelled", "Halted" or "" (unfinished)
};

class RunDirectory {
public:
    explicit RunDirectory(std::string dir)
        : m_dir(std::move(dir)) {}
    const std::string& path() const { return m_dir; }
    std::string configPath() const { return m_dir + "/run.conf"; }
    std::string workListPath() const { return m_dir + "/worklist.csv"; }
    std::string journalPath() const { return m_dir + "/journal"; }
    std::string controlDir() const { return m_dir + "/control.d"; }
    std::string logDir() const { return m_dir + "/logs"; }
    std::string logPath(int32_t index, int32_t attempt) const {
        return logDir() + "/" + std::to_string(index) + "." + std::to_string(attempt) + ".log";
    }
    std::string jobManifestPath() const { return m_dir + "/job.json"; }
    std::string spawnLedgerPath() const { return m_dir + "/spawns"; }

    // A new directory under the user's data directory ($XDG_DATA_HOME/tessera/runs, else
    // ~/.local/share/tessera/runs): <name>-<yyyymmdd-hhmmss>[-n].
    static engine::Result<std::string> createDefault(const std::string& name);
    // How load() gets the journal's records, once run.conf, the work list (of `itemCount`
    // items: records naming others are corrupt) and the manifest have been read: by default
    // Journal::read. The runner on resume passes its own, which takes the journal's lock first
    // and settles the attempts its predecessor left open (Recovery), so the run it continues is
    // rebuilt from the settled records.
    using RecordReader = std::function<engine::Result<std::vector<JournalRecord>>(
        const RunConfig&, int32_t itemCount)>;
    // Everything the runner, a report or the GUI needs, from the files alone (the runner may be
    // dead or alive). Errors name the file (and line).
    static engine::Result<RunSnapshot> load(const std::string& dir,
                                            const RecordReader& readRecords = {});

private:
    std::string m_dir;
};

// The engine Job a run drives: Indexed, completions = items, the config's limits, defaults
// applied. With a manifest (--job), its spec fills what the config leaves unset.
engine::Job makeJob(const RunConfig& config, int32_t completions,
                    const engine::Job* manifest = nullptr);
// The Job of a manifest file (YAML or JSON; the first document of kind Job) and its JSON text.
// Errors name the file, line and column.
engine::Result<std::pair<engine::Job, std::string>> loadJobManifest(const std::string& path);

} // namespace tessera::local
