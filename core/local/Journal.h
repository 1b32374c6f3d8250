#pragma once
// The run's crash-safe record: one append-only text file (`<run>/journal`), one record per line,
// written with a single write() per record so a SIGKILLed runner loses at most the line it was
// writing (a torn last line is ignored on reading, and cut off when the journal is opened again).
// One writer: the file is flock()ed for as long as the runner lives, so a second runner (or a
// `--resume` while the first still runs) is refused.
//
// Every write is checked (AppendFile): space is reserved ahead, so on a full disk `problem()`
// says so (file and errno text) while the records of the attempts still running fit; a write
// that fails anyway stops the appends, leaving a journal that is a true prefix of the run.
//
// Reading is strict: a record that does not parse, or says something impossible (an index
// outside the work list, an end before any start, a time before 1970), is an error naming the
// file and line, never skipped or guessed at. Only a torn last line (no '\n') is ignored.
//
// Records (tab-separated, times in Unix milliseconds):
//   S index attempt pid startTicks ms podName   an attempt started (pid = its process group)
//   E index attempt pid exitCode signal ms reason [message]   it ended (signal -1 when none;
//                                                 the message when it says more than the reason,
//                                                 e.g. why a StartError attempt could not start)
//   P ms parallelism                             the parallelism changed
//   F ms failedIndexes                           status.failedIndexes changed
//   R ms                                         a runner (re)started on this directory
//   X ms outcome reason                          the job ended: Complete, Failed, Cancelled, Halted
#include "AppendFile.h"
#include "engine/Result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tessera::local {

struct JournalRecord {
    char kind = 0; // 'S', 'E', 'P', 'F', 'R', 'X'
    int64_t ms = 0;
    int32_t index = -1;
    int32_t attempt = 0;
    int64_t pid = 0;
    int64_t startTicks = 0; // S: /proc/<pid>/stat starttime, to tell a reused pid apart
    int32_t exitCode = 0;   // E
    int32_t signal = -1;    // E
    int32_t parallelism = 0;
    std::string text;  // S: pod name; E: reason; F: failed indexes; X: outcome
    std::string text2; // X: reason; E: message ("" when none)
};

class Journal {
public:
    Journal() = default;
    Journal(const Journal&) = delete;
    Journal& operator=(const Journal&) = delete;
    ~Journal();

    // Opens (creating) `path` for appending and takes the exclusive lock; an error names the file
    // and says when another runner holds it.
    engine::Result<bool> open(const std::string& path);
    bool isOpen() const { return m_file.isOpen(); }
    void close();
    // The first write, sync or space reservation that failed ("RUN/journal: cannot write: No space
    // left on device"), "" while all is well. A runner seeing one starts no new items.
    const std::string& problem() const { return m_file.problem(); }

    void started(int32_t index, int32_t attempt, int64_t pid, int64_t startTicks, int64_t ms,
                 const std::string& podName);
    void ended(int32_t index, int32_t attempt, int64_t pid, int32_t exitCode, int32_t signal,
               int64_t ms, const std::string& reason, const std::string& message = {});
    void parallelismChanged(int64_t ms, int32_t parallelism);
    void failedIndexesChanged(int64_t ms, const std::string& failedIndexes);
    void runnerStarted(int64_t ms);
    void jobEnded(int64_t ms, const std::string& outcome, const std::string& reason);
    // Forces the records so far to disk (the runner calls it about once a second and at the end).
    void sync();

    // Every complete record of the file at `path` (missing file: none), checked: the first
    // corrupt record is an error with the file and line. With `itemCount`, an index must also
    // be below it.
    static engine::Result<std::vector<JournalRecord>>
    read(const std::string& path, std::optional<int32_t> itemCount = std::nullopt);
    // True when some process holds the lock on `path` (a runner is alive).
    static bool isLocked(const std::string& path);

private:
    void append(const std::string& line);

    AppendFile m_file;
};

} // namespace tessera::local
