#include "Recovery.h"

#include "ProcStat.h"

#include <chrono>
#include <fstream>
#include <signal.h>
#include <thread>
#include <unordered_map>

namespace tessera::local {

namespace {

int64_t nowMillis() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::optional<int32_t> readExitFile(const std::string& path) {
    std::ifstream in(path);
    int32_t code = 0;
    if (in >> code)
        return code;
    return std::nullopt;
}

} // namespace

RecoverySummary Recovery::settle(const RunDirectory& dir, std::vector<JournalRecord>& records,
                                 Journal& journal, bool kill, int64_t graceMillis,
                                 const std::function<void(const std::string&)>& progress) {
    RecoverySummary summary;
    std::unordered_map<uint64_t, std::size_t> open;
    auto key = [](int32_t index, int32_t attempt) {
        return (static_cast<uint64_t>(static_cast<uint32_t>(index)) << 32) |
               static_cast<uint32_t>(attempt);
    };
    for (std::size_t i = 0; i < records.size(); ++i) {
        const JournalRecord& r = records[i];
        if (r.kind == 'S')
            open[key(r.index, r.attempt)] = i;
        else if (r.kind == 'E')
            open.erase(key(r.index, r.attempt));
    }
    std::vector<JournalRecord> pending;
    for (const auto& [k, i] : open)
        pending.push_back(records[i]);
    std::sort(pending.begin(), pending.end(),
              [](const JournalRecord& a, const JournalRecord& b) { return a.ms < b.ms; });

    std::vector<JournalRecord> alive;
    for (const JournalRecord& r : pending)
        if (isSameLiveProcess(static_cast<pid_t>(r.pid), r.startTicks))
            alive.push_back(r);
    summary.survivors = static_cast<int>(alive.size());
    if (!alive.empty() && progress) {
        std::string line = (kill ? "stopping " : "waiting for ") + std::to_string(alive.size()) +
                           " item(s) still running from the previous runner:";
        for (std::size_t k = 0; k < alive.size() && k < 10; ++k)
            line += " index " + std::to_string(alive[k].index) + " (pid " +
                    std::to_string(alive[k].pid) + ")";
        progress(line);
    }
    if (kill) {
        for (const JournalRecord& r : alive)
            ::kill(-static_cast<pid_t>(r.pid), SIGTERM);
        summary.survivorsKilled = summary.survivors;
    }
    const int64_t killAt = nowMillis() + graceMillis;
    bool killed = false;
    while (true) {
        std::erase_if(alive, [](const JournalRecord& r) {
            return !isSameLiveProcess(static_cast<pid_t>(r.pid), r.startTicks);
        });
        if (alive.empty())
            break;
        if (kill && !killed && nowMillis() >= killAt) {
            for (const JournalRecord& r : alive)
                ::kill(-static_cast<pid_t>(r.pid), SIGKILL);
            killed = true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }

    for (const JournalRecord& r : pending) {
        // Whatever the attempt left in its group goes, as when the runner reaps an item.
        ::kill(-static_cast<pid_t>(r.pid), SIGKILL);
        JournalRecord e;
        e.kind = 'E';
        e.index = r.index;
        e.attempt = r.attempt;
        e.pid = r.pid;
        e.ms = nowMillis();
        if (const auto code = readExitFile(dir.exitPath(r.index, r.attempt))) {
            e.exitCode = *code;
            e.signal = *code > 128 && *code < 128 + 65 ? *code - 128 : -1;
            e.text = *code == 0 ? "Completed" : e.signal >= 0 ? "Signal" : "Error";
            ++summary.recoveredExits;
        } else {
            e.exitCode = -1;
            e.text = "Lost";
            ++summary.lost;
        }
        journal.ended(e.index, e.attempt, e.pid, e.exitCode, e.signal, e.ms, e.text);
        records.push_back(std::move(e));
    }
    journal.sync();
    return summary;
}

} // namespace tessera::local
