#include "ItemLog.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#include <utility>

namespace tessera::local {

ItemLog::ItemLog(ItemLog&& other) noexcept
    : m_path(std::move(other.m_path))
    , m_pipe{std::exchange(other.m_pipe[0], -1), std::exchange(other.m_pipe[1], -1)}
    , m_file(std::exchange(other.m_file, -1))
    , m_cap(other.m_cap)
    , m_written(other.m_written)
    , m_truncated(other.m_truncated)
    , m_error(other.m_error) {}

ItemLog& ItemLog::operator=(ItemLog&& other) noexcept {
    if (this != &other) {
        closeAll();
        m_path = std::move(other.m_path);
        m_pipe[0] = std::exchange(other.m_pipe[0], -1);
        m_pipe[1] = std::exchange(other.m_pipe[1], -1);
        m_file = std::exchange(other.m_file, -1);
        m_cap = other.m_cap;
        m_written = other.m_written;
        m_truncated = other.m_truncated;
        m_error = other.m_error;
    }
    return *this;
}

ItemLog::~ItemLog() {
    closeAll();
}

std::string ItemLog::open(const std::string& path, int64_t capBytes) {
    closeAll();
    m_path = path;
    m_cap = capBytes;
    m_written = 0;
    m_truncated = false;
    m_error = 0;
    if (::pipe2(m_pipe, O_CLOEXEC) != 0) {
        m_pipe[0] = m_pipe[1] = -1;
        return std::string("pipe: ") + std::strerror(errno);
    }
    // Only the supervisor's end is non-blocking: the item writes as it would to a file.
    ::fcntl(m_pipe[0], F_SETFL, O_NONBLOCK);
    m_file = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
    if (m_file < 0)
        m_error = errno;
    return {};
}

void ItemLog::drain() {
    // Bounded, so one chatty item cannot keep the supervisor from the others (or, after its end,
    // children it left writing from ever letting go).
    char buffer[65536];
    for (int reads = 0; reads < 16 && m_pipe[0] >= 0; ++reads) {
        const ssize_t n = ::read(m_pipe[0], buffer, sizeof buffer);
        if (n > 0) {
            write(buffer, static_cast<std::size_t>(n));
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            if (n < 0 && errno != EAGAIN) { // cannot happen to a pipe; never spin on it
                ::close(m_pipe[0]);
                m_pipe[0] = -1;
            }
            return;
        }
    }
}

void ItemLog::write(const char* data, std::size_t size) {
    if (m_file < 0 || m_error != 0)
        return; // dropped: the first error is what is recorded
    if (m_cap > 0) {
        const auto room = static_cast<std::size_t>(std::max<int64_t>(0, m_cap - m_written));
        if (size > room) {
            m_truncated = true;
            size = room;
        }
    }
    while (size > 0) {
        const ssize_t n = ::write(m_file, data, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            m_error = n < 0 ? errno : EIO;
            return;
        }
        data += n;
        size -= static_cast<std::size_t>(n);
        m_written += n;
    }
}

void ItemLog::finish() {
    drain();
    if (m_truncated) {
        const std::string note =
            "\n[tessera: log truncated at " + std::to_string(m_cap) + " bytes]\n";
        m_cap = 0; // the note itself is not cut
        write(note.data(), note.size());
    }
    closeAll();
}

void ItemLog::closeAll() {
    auto closeOne = [](int& fd) {
        if (fd >= 0)
            ::close(fd);
        fd = -1;
    };
    closeOne(m_pipe[0]);
    closeOne(m_pipe[1]);
    closeOne(m_file);
}

} // namespace tessera::local
