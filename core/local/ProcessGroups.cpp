#include "ProcessGroups.h"

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

namespace tessera::local {

ExitOutcome exitOutcomeOf(int waitStatus) {
    ExitOutcome out;
    if (WIFEXITED(waitStatus)) {
        out.exitCode = WEXITSTATUS(waitStatus);
        if (out.exitCode > 128 && out.exitCode < 128 + 65)
            out.signal = out.exitCode - 128;
    } else if (WIFSIGNALED(waitStatus)) {
        out.signal = WTERMSIG(waitStatus);
        out.exitCode = 128 + *out.signal;
    }
    return out;
}

ProcessGroups::~ProcessGroups() {
    killAll();
    m_supervisor.stop();
}

std::string ProcessGroups::start(const std::string& ledgerPath) {
    return m_supervisor.running() ? std::string() : m_supervisor.start(ledgerPath);
}

SpawnResult ProcessGroups::spawn(const std::string& key, const SpawnRequest& request) {
    SpawnResult spawned = m_supervisor.spawn(request);
    if (spawned.pid <= 0)
        return spawned;
    m_byKey[key] = spawned.pid;
    m_running.emplace(spawned.pid, Group{key, request.logPath, false, {}});
    return spawned;
}

bool ProcessGroups::terminate(const std::string& key, engine::TimePoint killAt) {
    const auto it = m_byKey.find(key);
    if (it == m_byKey.end())
        return false;
    Group& g = m_running.at(it->second);
    if (!g.terminating) {
        g.terminating = true;
        g.killAt = killAt;
        ::kill(-it->second, SIGTERM);
    }
    return true;
}

void ProcessGroups::terminateAll(engine::TimePoint killAt) {
    for (auto& [pid, g] : m_running) {
        if (g.terminating)
            continue;
        g.terminating = true;
        g.killAt = killAt;
        ::kill(-pid, SIGTERM);
    }
}

void ProcessGroups::killAll() {
    for (auto& [pid, g] : m_running) {
        g.terminating = true;
        ::kill(-pid, SIGKILL);
    }
}

int32_t ProcessGroups::runningNotTerminating() const {
    int32_t n = 0;
    for (const auto& [pid, g] : m_running)
        n += g.terminating ? 0 : 1;
    return n;
}

void ProcessGroups::tick(engine::TimePoint now) {
    for (auto& [pid, g] : m_running)
        if (g.terminating && now >= g.killAt)
            ::kill(-pid, SIGKILL);
}

std::vector<ProcessEnd> ProcessGroups::reap() {
    std::vector<ProcessEnd> ends;
    for (const EndedItem& ended : m_supervisor.collectEnded()) {
        const pid_t pid = ended.pid;
        const auto it = m_running.find(pid);
        if (it == m_running.end())
            continue;
        Group g = std::move(it->second);
        m_running.erase(it);
        m_byKey.erase(g.key);
        // The leader is gone; anything it left behind in its group goes with it (a container
        // ends the same way), so nothing outlives it.
        ::kill(-pid, SIGKILL);
        ends.push_back(ProcessEnd{std::move(g.key), pid, exitOutcomeOf(ended.status), g.terminating,
                                  ended.logError, std::move(g.logPath)});
    }
    return ends;
}

} // namespace tessera::local
