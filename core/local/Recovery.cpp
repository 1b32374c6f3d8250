#include "Recovery.h"

#include "ProcStat.h"
#include "SpawnLedger.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <set>
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

uint64_t attemptKey(int32_t index, int32_t attempt) {
    return (static_cast<uint64_t>(static_cast<uint32_t>(index)) << 32) |
           static_cast<uint32_t>(attempt);
}

bool alive(const JournalRecord& r) {
    return isSameLiveProcess(static_cast<pid_t>(r.pid), r.startTicks);
}

// Polls until `done()` or `timeoutMillis` (negative: no limit) has passed.
template <typename Done> void waitUntil(Done done, int64_t timeoutMillis) {
    const int64_t giveUpAt = nowMillis() + timeoutMillis;
    while (!done() && (timeoutMillis < 0 || nowMillis() < giveUpAt))
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

} // namespace

engine::Result<RecoverySummary>
Recovery::settle(const RunDirectory& dir, const std::string& jobName,
                 std::vector<JournalRecord>& records, Journal& journal, bool kill,
                 int64_t graceMillis, const std::function<void(const std::string&)>& progress) {
    RecoverySummary summary;
    std::unordered_map<uint64_t, std::size_t> open;
    std::set<uint64_t> journaled;
    for (std::size_t i = 0; i < records.size(); ++i) {
        const JournalRecord& r = records[i];
        if (r.kind == 'S') {
            open[attemptKey(r.index, r.attempt)] = i;
            journaled.insert(attemptKey(r.index, r.attempt));
        } else if (r.kind == 'E') {
            open.erase(attemptKey(r.index, r.attempt));
        }
    }

    // What the supervisor started that the runner did not live to journal: journal it now, so
    // the attempt is settled like any other and its index does not run a second time.
    const auto ledgerRead = readSpawnLedger(dir.spawnLedgerPath());
    if (!ledgerRead.ok())
        return ledgerRead.error();
    const std::vector<LedgerEntry>& ledger = *ledgerRead;
    std::vector<LedgerEntry> supervisors;
    for (const LedgerEntry& l : ledger) {
        if (l.kind == 'H')
            supervisors.push_back(l);
        if (l.kind != 'S' || journaled.count(attemptKey(l.index, l.attempt)))
            continue;
        JournalRecord s;
        s.kind = 'S';
        s.index = l.index;
        s.attempt = l.attempt;
        s.pid = l.pid;
        s.startTicks = l.startTicks;
        s.ms = nowMillis();
        s.text = jobName + '-' + std::to_string(l.index) + "-r" + std::to_string(l.attempt);
        journal.started(s.index, s.attempt, s.pid, s.startTicks, s.ms, s.text);
        journaled.insert(attemptKey(l.index, l.attempt));
        open[attemptKey(l.index, l.attempt)] = records.size();
        records.push_back(std::move(s));
        ++summary.unjournaled;
    }

    std::vector<JournalRecord> pending;
    pending.reserve(open.size());
    for (const auto& [k, i] : open)
        pending.push_back(records[i]);
    std::sort(pending.begin(), pending.end(),
              [](const JournalRecord& a, const JournalRecord& b) { return a.ms < b.ms; });

    std::vector<JournalRecord> survivors;
    std::copy_if(pending.begin(), pending.end(), std::back_inserter(survivors), alive);
    summary.survivors = static_cast<int>(survivors.size());
    if (!survivors.empty() && progress) {
        std::string line = (kill ? "stopping " : "waiting for ") +
                           std::to_string(survivors.size()) +
                           " item(s) still running from the previous runner:";
        for (std::size_t k = 0; k < survivors.size() && k < 10; ++k)
            line += " index " + std::to_string(survivors[k].index) + " (pid " +
                    std::to_string(survivors[k].pid) + ")";
        progress(line);
    }
    if (kill) {
        for (const JournalRecord& r : survivors)
            ::kill(-static_cast<pid_t>(r.pid), SIGTERM);
        summary.survivorsKilled = summary.survivors;
        waitUntil([&] { return std::none_of(survivors.begin(), survivors.end(), alive); },
                  graceMillis);
        for (const JournalRecord& r : survivors)
            if (alive(r))
                ::kill(-static_cast<pid_t>(r.pid), SIGKILL);
    }
    waitUntil([&] { return std::none_of(survivors.begin(), survivors.end(), alive); }, -1);

    // The old supervisor records an exit after the item is gone and exits after its last item:
    // once it has, its ledger is final. It has nothing left to wait for, so this is brief; the
    // limit only guards against a supervisor stopped by hand.
    waitUntil(
        [&] {
            return std::none_of(supervisors.begin(), supervisors.end(), [](const LedgerEntry& s) {
                return isSameLiveProcess(static_cast<pid_t>(s.pid), s.startTicks);
            });
        },
        10000);
    const auto finalLedger = readSpawnLedger(dir.spawnLedgerPath());
    if (!finalLedger.ok())
        return finalLedger.error();
    std::unordered_map<uint64_t, LedgerEntry> exits;
    for (const LedgerEntry& l : *finalLedger)
        if (l.kind == 'E')
            exits[attemptKey(l.index, l.attempt)] = l;

    for (const JournalRecord& r : pending) {
        // Whatever the attempt left in its group goes, as when the runner reaps an item. (pid 0
        // is an attempt that never started: kill(0) would signal our own group.)
        if (r.pid > 0)
            ::kill(-static_cast<pid_t>(r.pid), SIGKILL);
        JournalRecord e;
        e.kind = 'E';
        e.index = r.index;
        e.attempt = r.attempt;
        e.pid = r.pid;
        e.ms = nowMillis();
        if (const auto it = exits.find(attemptKey(r.index, r.attempt)); it != exits.end()) {
            e.exitCode = it->second.exitCode;
            e.signal = e.exitCode > 128 && e.exitCode < 128 + 65 ? e.exitCode - 128 : -1;
            e.text = e.exitCode == 0 ? "Completed" : e.signal >= 0 ? "Signal" : "Error";
            if (it->second.logError != 0)
                e.text2 = "its output is lost: " + dir.logPath(r.index, r.attempt) +
                          ": cannot write: " + std::strerror(it->second.logError);
            ++summary.recoveredExits;
        } else {
            e.exitCode = -1;
            e.text = "Lost";
            ++summary.lost;
        }
        journal.ended(e.index, e.attempt, e.pid, e.exitCode, e.signal, e.ms, e.text, e.text2);
        records.push_back(std::move(e));
    }
    journal.sync();
    return summary;
}

} // namespace tessera::local
