#pragma once
// The processes a runner has started through its Supervisor, one process group each: what every
// runner of real processes needs, in one place (`tessera run`'s ProcessExecutor and the pods of
// `tessera serve --local`).
//  - spawn: started by the supervisor (posix_spawn, stdout and stderr to a log file), known by a
//    key (the pod's name);
//  - terminate: SIGTERM to the whole group now, SIGKILL once the grace period is over (tick()),
//    as the kubelet stops a container;
//  - reap: how each ended, as a container status says it (exitOutcomeOf);
// Nothing outlives the set: its destructor kills every group and the supervisor reaps them.
#include "Supervisor.h"
#include "engine/Time.h"

#include <cstdint>
#include <optional>
#include <string>
#include <sys/types.h>
#include <unordered_map>
#include <vector>

namespace tessera::local {

// How a process ended, as Kubernetes reports a container: exit code N, or 128+N with signal N
// when signal N killed it. A shell reports a child killed by signal N as exit code 128+N, and
// that is read as the signal too (upstream's kubelet cannot tell them apart either).
// The exit code of a process that could not be started at all (what a shell reports for a
// command it cannot run).
inline constexpr int32_t kStartErrorExitCode = 127;

struct ExitOutcome {
    int32_t exitCode = -1;
    std::optional<int32_t> signal;
};
ExitOutcome exitOutcomeOf(int waitStatus);

struct ProcessEnd {
    std::string key;
    pid_t pid = -1;
    ExitOutcome outcome;
    bool terminated = false; // terminate() or killAll() had been asked for it
    int logError = 0;        // errno of the first write to its log that failed, 0 when none
    std::string logPath;
};

class ProcessGroups {
public:
    ProcessGroups() = default;
    ~ProcessGroups(); // SIGKILL to every group; the supervisor reaps them and exits
    ProcessGroups(const ProcessGroups&) = delete;
    ProcessGroups& operator=(const ProcessGroups&) = delete;

    // Starts the supervisor (once, before the first spawn), which appends to the ledger at
    // `ledgerPath`. "" or the error.
    std::string start(const std::string& ledgerPath);
    pid_t supervisorPid() const { return m_supervisor.pid(); }

    // Starts a process known as `key`. pid <= 0 and the error when it could not be started.
    SpawnResult spawn(const std::string& key, const SpawnRequest& request);
    bool isRunning(const std::string& key) const { return m_byKey.count(key) > 0; }
    // SIGTERM to the group of `key` now, SIGKILL at `killAt` (tick()). False when `key` does not
    // run; asking again changes nothing.
    bool terminate(const std::string& key, engine::TimePoint killAt);
    void terminateAll(engine::TimePoint killAt);
    void killAll();
    // SIGKILL for processes past their grace period. Call a few times a second.
    void tick(engine::TimePoint now);

    // The processes that ended since the last call (does not block).
    std::vector<ProcessEnd> reap();
    // Readable when a process may have ended.
    int pollFd() const { return m_supervisor.fd(); }
    // Ends received already (while starting others) that pollFd() may no longer signal.
    bool hasPendingEnds() const { return m_supervisor.hasEnded(); }

    int32_t running() const { return static_cast<int32_t>(m_running.size()); }
    int32_t runningNotTerminating() const;

private:
    struct Group {
        std::string key;
        std::string logPath;
        bool terminating = false;
        engine::TimePoint killAt{};
    };

    Supervisor m_supervisor;
    std::unordered_map<pid_t, Group> m_running;
    std::unordered_map<std::string, pid_t> m_byKey;
};

} // namespace tessera::local
