#pragma once
// engine::PodExecutor for this machine: every pod is a real process in its own process group
// (ProcessGroups), started with posix_spawn by the run's Supervisor (a small process forked once
// per run: the cost per item does not grow with the runner's memory, unlike fork() or QProcess's
// fork path, and the exit status of an item that outlives a crashed runner still reaches the run's
// spawn ledger <run>/spawns). stdout and stderr go to <run>/logs/<index>.<attempt>.log (capped; a
// log that could not be written is said in the attempt's end record). The environment is the
// runner's plus JOB_COMPLETION_INDEX, TESSERA_JOB_NAME, TESSERA_POD_HOSTNAME ($(job)-$(index)),
// TESSERA_ATTEMPT, TESSERA_RUN_DIR and the item's per-index variables.
//
// Exits arrive on the supervisor's socket (pollFd()), which a QSocketNotifier or poll() watches;
// the runner itself never waits for children, so QProcess users in the same program are not
// disturbed.
#include "Journal.h"
#include "ProcessGroups.h"
#include "RunDirectory.h"
#include "engine/Clock.h"
#include "engine/JobController.h"
#include "worklist/WorkList.h"

#include <string>
#include <sys/types.h>
#include <unordered_map>
#include <vector>

namespace tessera::local {

class ProcessExecutor final : public engine::PodExecutor {
public:
    static constexpr int32_t kStartErrorExitCode = local::kStartErrorExitCode;

    ProcessExecutor(RunDirectory dir, const worklist::WorkList& list, const RunConfig& config,
                    Journal& journal, const engine::Clock& clock);
    ~ProcessExecutor() override; // kills and reaps whatever still runs: no orphans
    ProcessExecutor(const ProcessExecutor&) = delete;
    ProcessExecutor& operator=(const ProcessExecutor&) = delete;

    // Starts the supervisor (once per run, before the first item). "" or the error.
    std::string start();
    pid_t supervisorPid() const { return m_groups.supervisorPid(); }

    void attach(engine::JobController* controller) { m_controller = controller; }
    // Attempt numbers continue after those already in the journal (resume).
    void setLastAttempts(std::vector<int32_t> lastAttempt) {
        m_lastAttempt = std::move(lastAttempt);
    }

    bool createPod(const engine::Pod& pod, engine::PodHandle handle) override;
    void deletePod(const engine::Pod& pod, engine::DeletionReason reason) override;

    // Reports podStarted for the pods created during the last sync (the controller only tracks a
    // pod once createPod has returned). Call after every sync.
    void flushStarted();
    // Waits for ended items without blocking and reports them; returns how many ended. An item
    // that could not be started at all ends here too, as a failed attempt with exit code 127 and
    // reason StartError (what a shell reports for a command it cannot run), so the job's limits
    // count it instead of the runner retrying it forever.
    int reap();
    // Readable when an item may have ended.
    int pollFd() const { return m_groups.pollFd(); }
    // Ended items already received (while starting others) but not reaped yet.
    bool hasPendingEnds() const { return m_groups.hasPendingEnds() || !m_failedStarts.empty(); }
    // SIGKILL for items past their grace period. Call a few times a second.
    void tick();
    // SIGTERM to every item's group now, SIGKILL after the grace period (tick()).
    void terminateAll();
    void killAll();

    int32_t running() const { return m_groups.running(); }
    int32_t runningNotTerminating() const { return m_groups.runningNotTerminating(); }
    const std::string& lastError() const { return m_lastError; }
    // What could not be recorded (a log, the supervisor's ledger, the journal), with the file
    // and errno text; "" while all is well. Once set, createPod starts nothing.
    const std::string& recordingProblem() const { return m_recordingProblem; }

private:
    struct Child {
        int32_t index = -1;
        int32_t attempt = 0;
        bool deletionSeen = false;
        // Its controller removed it (scale-down: its finalizer went first), so it ends Removed,
        // never counted as failed; a deletion of a tracked pod (cancel) ends Deleted.
        bool removed = false;
    };
    struct FailedStart {
        std::string podName;
        std::string message;
    };
    void finish(const ProcessEnd& end);
    void recordFailedStart(const engine::Pod& pod, int32_t index, int32_t attempt,
                           const std::string& why);

    RunDirectory m_dir;
    const worklist::WorkList& m_list;
    RunConfig m_config;
    Journal& m_journal;
    const engine::Clock& m_clock;
    engine::JobController* m_controller = nullptr;

    ProcessGroups m_groups;
    std::vector<int32_t> m_lastAttempt;
    std::unordered_map<std::string, Child> m_running; // by pod name
    std::vector<std::string> m_started;
    std::vector<FailedStart> m_failedStarts; // reported by the next reap()
    std::string m_lastError;
    std::string m_recordingProblem;
};

} // namespace tessera::local
