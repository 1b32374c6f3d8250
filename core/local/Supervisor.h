#pragma once
// The parent of a run's items: one small process, forked from the runner once per run (so the
// cost of each item does not depend on the runner's memory), in its own session. It spawns items
// on request (posix_spawn, one process group each), copies each item's output into its log
// (ItemLog.h), waits for them, records each start and exit status in the run's spawn ledger
// (SpawnLedger.h) and reports them back over a socket.
//
// Why a separate parent: only a parent learns a child's exit status. If the runner is killed, the
// supervisor keeps waiting for the items already running, records their statuses, and exits when
// the last one ends, so a resumed run learns how every in-flight attempt ended (even one the runner
// died before journaling) and redoes nothing.
// It starts nothing new once the runner is gone, nor once it could not record something (its
// ledger has no space left, a log could not be written): such a spawn is refused with
// `cannotRecord`, and the runner stops.
//
// Commands without shell syntax (words of [A-Za-z0-9_./:=,+@%-], the first one a program on PATH)
// are executed directly, as xargs does; everything else runs through /bin/sh -c. A request may
// instead give the program and its arguments as words (a container's command and args), which run
// as given, with no shell.
#include <cstdint>
#include <deque>
#include <string>
#include <sys/types.h>
#include <vector>

namespace tessera::local {

struct SpawnRequest {
    std::string command;           // a command line (used when argv is empty)
    std::vector<std::string> argv; // or: the program and its arguments, run as given
    std::string logPath;           // stdout and stderr (created, truncated)
    int64_t logCapBytes = 0; // the log keeps this much (<= 0: everything), then says it was cut
    int32_t index = -1;      // for the ledger
    int32_t attempt = 0;
    std::vector<std::string> env;   // KEY=VALUE added to (or replacing in) the runner's env
    std::vector<std::string> unset; // names removed from the runner's env
    // false: the environment is exactly `env`, nothing of the runner's (a pod's environment is
    // what its spec says). A program without a slash is then looked up on env's PATH.
    bool inheritEnv = true;
};

struct SpawnResult {
    pid_t pid = -1; // also the process group id
    int64_t startTicks = 0;
    std::string error; // non-empty when the item could not be started
    // The supervisor refused: it could not record what it would start (error says what, with the
    // file and errno text). Not the item's failure.
    bool cannotRecord = false;
};

struct EndedItem {
    pid_t pid = -1;
    int status = 0;   // as from waitpid
    int logError = 0; // errno of the first write to its log that failed, 0 when none
};

class Supervisor {
public:
    Supervisor() = default;
    Supervisor(const Supervisor&) = delete;
    Supervisor& operator=(const Supervisor&) = delete;
    // Closes the socket (the supervisor exits once its items are gone) and reaps it.
    ~Supervisor();

    // Forks the supervisor, which appends to the ledger at `ledgerPath`. "" or the error.
    std::string start(const std::string& ledgerPath);
    bool running() const { return m_pid > 0; }
    pid_t pid() const { return m_pid; }
    int64_t startTicks() const { return m_startTicks; }
    // Readable when ended items are waiting to be collected.
    int fd() const { return m_fd; }

    SpawnResult spawn(const SpawnRequest& request);
    // Ended items already received (while spawning others) and not collected yet: the socket
    // may not be readable for them any more.
    bool hasEnded() const { return !m_ended.empty(); }
    // Ended items received so far; does not block.
    std::vector<EndedItem> collectEnded();
    // Closes the connection and waits for the supervisor to exit (after its items).
    void stop();

private:
    bool readMessage(bool block);

    pid_t m_pid = -1;
    int64_t m_startTicks = 0;
    int m_fd = -1;
    std::deque<EndedItem> m_ended;
    bool m_haveStarted = false;
    SpawnResult m_started;
};

} // namespace tessera::local
