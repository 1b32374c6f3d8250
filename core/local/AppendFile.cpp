#include "AppendFile.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace tessera::local {

namespace {

// Where the last whole record of `fd` ends (the offset after its '\n'); -1 when unreadable.
int64_t endOfLastRecord(int fd, int64_t size) {
    char buffer[4096];
    int64_t end = size;
    while (end > 0) {
        const int64_t from = end > static_cast<int64_t>(sizeof buffer)
                                 ? end - static_cast<int64_t>(sizeof buffer)
                                 : 0;
        const ssize_t n = ::pread(fd, buffer, static_cast<std::size_t>(end - from), from);
        if (n <= 0)
            return n == 0 ? 0 : -1;
        for (ssize_t k = n; k > 0; --k)
            if (buffer[k - 1] == '\n')
                return from + k;
        end = from;
    }
    return 0;
}

} // namespace

bool AppendFile::attach(int fd, std::string path) {
    close();
    m_fd = fd;
    m_path = std::move(path);
    m_writeFailed = false;
    m_dirty = false;
    m_problem.clear();
    m_canReserve = true;
    m_size = ::lseek(m_fd, 0, SEEK_END);
    if (m_size < 0) {
        noteProblem("cannot read", errno);
        m_writeFailed = true;
        return false;
    }
    // Always asked for once (fallocate allocates only what is missing): space the last writer
    // reserved costs nothing, and a full disk without it shows before anything starts.
    m_reservedEnd = 0;
    reserveAhead(0);
    return m_problem.empty();
}

bool AppendFile::cutTornRecord() {
    if (!writable() || m_size == 0)
        return writable();
    // A record without its '\n' was being written when the writer died or the disk filled up:
    // it never happened, and the next record must not be glued to it.
    const int64_t whole = endOfLastRecord(m_fd, m_size);
    if (whole < 0 || (whole != m_size && ::ftruncate(m_fd, whole) != 0)) {
        noteProblem(whole < 0 ? "cannot read" : "cannot cut off a torn record", errno);
        m_writeFailed = true;
        return false;
    }
    m_size = whole;
    return true;
}

void AppendFile::reserveAhead(int64_t needed) {
    if (!m_canReserve || !m_problem.empty() ||
        m_reservedEnd - (m_size + needed) >= kReserveBytes / 2)
        return;
    const int rc = ::fallocate(m_fd, FALLOC_FL_KEEP_SIZE, m_size, kReserveBytes);
    if (rc == 0) {
        m_reservedEnd = m_size + kReserveBytes;
    } else if (errno == EOPNOTSUPP || errno == ENOSYS || errno == ENODEV) {
        // No reservation here (a file system without fallocate, a device): appends still work,
        // and a full disk is noticed on the write that fails.
        m_canReserve = false;
    } else {
        noteProblem("cannot reserve space", errno);
    }
}

bool AppendFile::append(std::string_view record) {
    if (!writable())
        return false;
    // Another process may append to the same file (the spawn ledger's two writers): the end is
    // where this record starts.
    const off_t start = ::lseek(m_fd, 0, SEEK_END);
    if (start >= 0)
        m_size = start;
    reserveAhead(static_cast<int64_t>(record.size()));
    const char* p = record.data();
    std::size_t left = record.size();
    while (left > 0) {
        const ssize_t n = ::write(m_fd, p, left);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            const int error = n < 0 ? errno : EIO;
            // Cut the partial record off (a reader would skip it as torn, but a later record
            // would be glued to it) and append nothing more.
            if (left != record.size()) {
                [[maybe_unused]] const int cut = ::ftruncate(m_fd, m_size);
            }
            m_writeFailed = true;
            noteProblem("cannot write", error);
            return false;
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    m_size += static_cast<int64_t>(record.size());
    m_dirty = true;
    return true;
}

void AppendFile::sync() {
    if (m_fd < 0 || !m_dirty)
        return;
    m_dirty = false;
    if (::fdatasync(m_fd) != 0) {
        // What was written may never reach the disk: the records after it cannot be trusted.
        m_writeFailed = true;
        noteProblem("cannot flush to disk", errno);
    }
}

void AppendFile::close() {
    if (m_fd < 0)
        return;
    sync();
    ::close(m_fd);
    m_fd = -1;
}

void AppendFile::noteProblem(const char* what, int error) {
    if (m_problem.empty())
        m_problem = m_path + ": " + what + ": " + std::strerror(error);
}

} // namespace tessera::local
