#pragma once
// A file of records appended with one write() each (the journal, the spawn ledger) that never
// loses a record silently, even when its disk fills up:
// - Space ahead of the end is reserved (fallocate, keeping the size), and renewed when less than
//   half of it is left. When the disk is full the renewal fails: `problem()` says so at once,
//   while appends still succeed from what was reserved, so the attempts still running can be
//   recorded to their end after the runner has stopped starting new ones.
// - A write that fails anyway (no reserve: a file system without fallocate, an I/O error) is cut
//   back to the last whole record and nothing more is appended: the file stays a true prefix of
//   what happened, which the other record (journal or ledger) completes on resume.
// - A file opened again starts after its last whole record: a record torn by a crash or a full
//   disk is cut off before anything is appended to it.
#include <cstdint>
#include <string>
#include <string_view>

namespace tessera::local {

class AppendFile {
public:
    // How much is kept reserved ahead of the end: about 700 journal end records.
    static constexpr int64_t kReserveBytes = int64_t{64} * 1024;

    AppendFile() = default;
    AppendFile(const AppendFile&) = delete;
    AppendFile& operator=(const AppendFile&) = delete;
    ~AppendFile() { close(); }

    // Takes `fd`, opened O_RDWR | O_APPEND on `path`, and reserves space. False (and problem())
    // when no space could be reserved.
    bool attach(int fd, std::string path);
    // Cuts a record without its '\n' off the end. Only for a writer that knows it is alone (it
    // holds the lock, or no other writer is alive): another's record may be half written.
    bool cutTornRecord();
    bool isOpen() const { return m_fd >= 0; }
    int fd() const { return m_fd; }
    const std::string& path() const { return m_path; }

    // Appends one whole record (ending in '\n'). False when it was not written; problem() says
    // why.
    bool append(std::string_view record);
    // fdatasync; a failure is a problem() and stops the appends (the records may be lost).
    void sync();
    // Syncs and closes (a failed sync is a problem()).
    void close();

    // The first thing that went wrong, naming the file and the errno text ("RUN/journal: cannot
    // write: No space left on device"); "" while all is well.
    const std::string& problem() const { return m_problem; }
    // False once a write failed: nothing more is appended.
    bool writable() const { return m_fd >= 0 && !m_writeFailed; }

private:
    void reserveAhead(int64_t needed);
    void noteProblem(const char* what, int error);

    int m_fd = -1;
    std::string m_path;
    int64_t m_size = 0;        // where the next record goes
    int64_t m_reservedEnd = 0; // allocated up to here (0: nothing reserved)
    bool m_canReserve = true;  // false on file systems without fallocate
    bool m_writeFailed = false;
    bool m_dirty = false;
    std::string m_problem;
};

} // namespace tessera::local
