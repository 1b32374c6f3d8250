#include "ProcessExecutor.h"

#include "engine/PodIndex.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tessera::local {

ProcessExecutor::ProcessExecutor(RunDirectory dir, const worklist::WorkList& list,
                                 const RunConfig& config, Journal& journal,
                                 const engine::Clock& clock)
    : m_dir(std::move(dir))
    , m_list(list)
    , m_config(config)
    , m_journal(journal)
    , m_clock(clock) {
    m_lastAttempt.assign(static_cast<std::size_t>(list.size()), 0);
    ::mkdir(m_dir.logDir().c_str(), 0755);
}

// Nothing outlives the executor: m_groups kills every item's group, then the supervisor reaps
// them, records their statuses and exits.
ProcessExecutor::~ProcessExecutor() = default;

std::string ProcessExecutor::start() {
    return m_groups.start(m_dir.spawnLedgerPath());
}

bool ProcessExecutor::createPod(const engine::Pod& pod, engine::PodHandle) {
    // Nothing starts that could not be recorded: a full disk must not turn into lost work.
    if (m_recordingProblem.empty())
        m_recordingProblem = m_journal.problem();
    if (!m_recordingProblem.empty())
        return false;
    const int32_t index = engine::completionIndexOf(pod);
    if (index < 0 || index >= m_list.size()) {
        m_lastError = "pod " + pod.metadata.name + " has no index in the work list";
        return false;
    }
    const auto ix = static_cast<std::size_t>(index);
    if (ix >= m_lastAttempt.size())
        m_lastAttempt.resize(ix + 1, 0);
    const int32_t attempt = m_lastAttempt[ix] + 1;
    const std::string logPath = m_dir.logPath(index, attempt);
    const std::string command(m_list.command(index));

    SpawnRequest request;
    request.command = command;
    request.logPath = logPath;
    request.logCapBytes = m_config.logCapBytes;
    request.index = index;
    request.attempt = attempt;
    request.env.reserve(5 + m_list.envNames().size());
    request.env.push_back(std::string(engine::kCompletionIndexEnv) + "=" + std::to_string(index));
    request.env.push_back("TESSERA_JOB_NAME=" + m_config.name);
    request.env.push_back("TESSERA_POD_HOSTNAME=" + pod.hostname);
    request.env.push_back("TESSERA_ATTEMPT=" + std::to_string(attempt));
    request.env.push_back("TESSERA_RUN_DIR=" + m_dir.path());
    for (std::size_t c = 0; c < m_list.envNames().size(); ++c)
        request.env.push_back(m_list.envNames()[c] + "=" + std::string(m_list.envValue(index, c)));
    const SpawnResult spawned = m_groups.spawn(pod.metadata.name, request);
    if (spawned.cannotRecord) {
        m_recordingProblem = spawned.error;
        return false;
    }
    m_lastAttempt[ix] = attempt;
    if (spawned.pid <= 0) {
        m_lastError = "index " + std::to_string(index) + ": " + spawned.error;
        recordFailedStart(pod, index, attempt, spawned.error);
        return true; // the attempt exists, and has failed: reap() reports it
    }
    m_journal.started(index, attempt, spawned.pid, spawned.startTicks,
                      engine::toUnixMillis(m_clock.now()), pod.metadata.name);
    m_running[pod.metadata.name] = Child{index, attempt};
    m_started.push_back(pod.metadata.name);
    return true;
}

void ProcessExecutor::recordFailedStart(const engine::Pod& pod, int32_t index, int32_t attempt,
                                        const std::string& why) {
    // The reason where the item's output would be, in the journal and (through the controller)
    // in the attempt's message: the summary, the window and the report all show it.
    const std::string line = "tessera: " + why + "\n";
    const int fd = ::open(m_dir.logPath(index, attempt).c_str(),
                          O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd >= 0) {
        [[maybe_unused]] const ssize_t n = ::write(fd, line.data(), line.size());
        ::close(fd);
    }
    const int64_t ms = engine::toUnixMillis(m_clock.now());
    m_journal.started(index, attempt, 0, 0, ms, pod.metadata.name); // pid 0: no process
    m_journal.ended(index, attempt, 0, kStartErrorExitCode, -1, ms, "StartError", why);
    m_failedStarts.push_back(FailedStart{pod.metadata.name, why});
}

void ProcessExecutor::flushStarted() {
    if (!m_controller)
        return;
    const engine::TimePoint now = m_clock.now();
    for (const std::string& name : m_started) {
        m_controller->podScheduled(name, "localhost", now);
        m_controller->podStarted(name, now);
    }
    m_started.clear();
}

void ProcessExecutor::deletePod(const engine::Pod& pod, engine::DeletionReason) {
    if (!m_groups.terminate(pod.metadata.name,
                            m_clock.now() + engine::Duration(m_config.graceMillis))) {
        // Already reaped: the pod is gone as far as we are concerned.
        if (m_controller)
            m_controller->podDeleted(pod.metadata.name, m_clock.now());
    }
    // The first deletion says how it ends: removed by its controller (scale-down: the finalizer
    // went first), so Removed and never counted as failed; a tracked pod (cancel) ends Deleted.
    if (const auto it = m_running.find(pod.metadata.name);
        it != m_running.end() && !it->second.deletionSeen) {
        it->second.deletionSeen = true;
        it->second.removed = !pod.hasTrackingFinalizer;
    }
}

void ProcessExecutor::terminateAll() {
    m_groups.terminateAll(m_clock.now() + engine::Duration(m_config.graceMillis));
}

void ProcessExecutor::killAll() {
    m_groups.killAll();
}

void ProcessExecutor::tick() {
    m_groups.tick(m_clock.now());
}

int ProcessExecutor::reap() {
    const std::vector<FailedStart> failed = std::move(m_failedStarts);
    m_failedStarts.clear();
    if (m_controller) {
        const engine::TimePoint now = m_clock.now();
        for (const FailedStart& f : failed) {
            m_controller->podScheduled(f.podName, "localhost", now);
            m_controller->podFinished(f.podName, kStartErrorExitCode, std::nullopt, "StartError",
                                      f.message, now);
        }
    }
    const std::vector<ProcessEnd> ends = m_groups.reap();
    for (const ProcessEnd& end : ends)
        finish(end);
    return static_cast<int>(ends.size() + failed.size());
}

void ProcessExecutor::finish(const ProcessEnd& end) {
    const auto it = m_running.find(end.key);
    if (it == m_running.end())
        return;
    const Child c = it->second;
    m_running.erase(it);
    const int32_t exitCode = end.outcome.exitCode;
    const std::optional<int32_t> signal = end.outcome.signal;
    // A log that could not be written is said where the attempt's end is: the journal (the
    // window, the report and `ctl status` show it), and it stops the run.
    std::string logLost;
    if (end.logError != 0) {
        logLost = "its output is lost: " + m_dir.logPath(c.index, c.attempt) +
                  ": cannot write: " + std::strerror(end.logError);
        if (m_recordingProblem.empty())
            m_recordingProblem = m_dir.logPath(c.index, c.attempt) +
                                 ": cannot write: " + std::strerror(end.logError);
    }
    const engine::TimePoint now = m_clock.now();
    const bool deleted = end.terminated;
    const std::string reason = deleted && c.removed       ? "Removed"
                               : deleted                  ? "Deleted"
                               : exitCode == 0 && !signal ? "Completed"
                               : signal                   ? "Signal"
                                                          : "Error";
    m_journal.ended(c.index, c.attempt, end.pid, exitCode, signal.value_or(-1),
                    engine::toUnixMillis(now), reason, logLost);
    if (!m_controller)
        return;
    if (deleted) {
        m_controller->podDeleted(end.key, now);
        return;
    }
    std::string message;
    if (signal)
        message = "killed by signal " + std::to_string(*signal);
    else if (exitCode != 0)
        message = "exit code " + std::to_string(exitCode);
    m_controller->podFinished(end.key, exitCode, signal, reason == "Signal" ? "Error" : reason,
                              message, now);
}

} // namespace tessera::local
