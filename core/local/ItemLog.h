#pragma once
// One attempt's output on its way to its log file (`<run>/logs/<index>.<attempt>.log`): the item
// writes into a pipe and the supervisor copies what arrives into the file, up to the run's cap.
//
// Why a copy instead of handing the item the file: an item whose writes fail (a full disk) sees
// the error, if it looks at all, and nobody else does; the log would just be empty. Copied, the
// failure is the supervisor's to see: it is recorded with the attempt's end (its errno), and the
// item itself never blocks or fails because of its log, since what cannot be written is read and
// dropped.
#include <cstdint>
#include <string>

namespace tessera::local {

class ItemLog {
public:
    ItemLog() = default;
    ItemLog(const ItemLog&) = delete;
    ItemLog& operator=(const ItemLog&) = delete;
    ItemLog(ItemLog&& other) noexcept;
    ItemLog& operator=(ItemLog&& other) noexcept;
    ~ItemLog();

    // Creates the pipe and the file (truncated); `capBytes` <= 0: no cap. "" or the error when
    // there is no pipe; a file that cannot be created is only an error(): the output is dropped.
    std::string open(const std::string& path, int64_t capBytes);
    // The end the item writes to (its stdout and stderr). The supervisor keeps its own copy open
    // until finish(): the pipe then never reports end-of-file while the item runs, so an item's
    // exit wakes the supervisor once (SIGCHLD), not twice (that and the pipe's hang-up), which
    // under load costs a scheduling delay per item.
    int writeEnd() const { return m_pipe[1]; }
    // The end to poll for output; -1 once finished.
    int readEnd() const { return m_pipe[0]; }

    // Copies what the pipe holds now, up to 1 MiB (it never blocks).
    void drain();
    // The attempt ended: copies what it left in the pipe, says so at the end if the cap cut it,
    // and closes. What the item's own children write after this is dropped (they go with the
    // attempt).
    void finish();

    const std::string& path() const { return m_path; }
    // errno of the first write (or the creation) that failed, 0 when none.
    int error() const { return m_error; }
    bool truncated() const { return m_truncated; }

private:
    void write(const char* data, std::size_t size);
    void closeAll();

    std::string m_path;
    int m_pipe[2] = {-1, -1};
    int m_file = -1;
    int64_t m_cap = 0;
    int64_t m_written = 0;
    bool m_truncated = false;
    int m_error = 0;
};

} // namespace tessera::local
