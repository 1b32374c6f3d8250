#include "Journal.h"

#include <cerrno>
#include <charconv>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/file.h>
#include <unistd.h>

namespace tessera::local {

namespace {

std::string clean(std::string s) {
    for (char& c : s)
        if (c == '\t' || c == '\n' || c == '\r')
            c = ' ';
    return s;
}

template <typename T> bool number(std::string_view s, T& out) {
    const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
    return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

std::vector<std::string_view> split(std::string_view line) {
    std::vector<std::string_view> out;
    std::size_t pos = 0;
    while (true) {
        const std::size_t tab = line.find('\t', pos);
        out.push_back(line.substr(pos, tab == std::string_view::npos ? tab : tab - pos));
        if (tab == std::string_view::npos)
            return out;
        pos = tab + 1;
    }
}

} // namespace

Journal::~Journal() {
    close();
}

engine::Result<bool> Journal::open(const std::string& path) {
    close();
    // Read-write: opening cuts a torn last record off, which needs to read it.
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) {
        engine::Error e;
        e.field = path;
        e.message = std::string("cannot open the journal: ") + std::strerror(errno);
        return e;
    }
    // A reader probing the lock (isLocked, the window's scan) holds it for an instant: try for a
    // little while before saying another runner has it.
    bool locked = false;
    for (int attempt = 0; attempt < 50 && !locked; ++attempt) {
        locked = ::flock(fd, LOCK_EX | LOCK_NB) == 0;
        if (!locked && errno == EWOULDBLOCK)
            ::usleep(4000);
        else if (!locked)
            break;
    }
    if (!locked) {
        ::close(fd);
        engine::Error e;
        e.field = path;
        e.message = "another tessera runner is using this run directory";
        return e;
    }
    // Only the lock holder may cut a torn record off.
    if (!m_file.attach(fd, path) || !m_file.cutTornRecord()) {
        engine::Error e;
        e.message = m_file.problem();
        m_file.close(); // releases the lock
        return e;
    }
    return true;
}

void Journal::close() {
    m_file.close(); // releases the lock
}

void Journal::append(const std::string& line) {
    // A record that cannot be written is the runner's problem() to react to; the file keeps
    // every record before it.
    m_file.append(line);
}

void Journal::sync() {
    m_file.sync();
}

void Journal::started(int32_t index, int32_t attempt, int64_t pid, int64_t startTicks, int64_t ms,
                      const std::string& podName) {
    append("S\t" + std::to_string(index) + '\t' + std::to_string(attempt) + '\t' +
           std::to_string(pid) + '\t' + std::to_string(startTicks) + '\t' + std::to_string(ms) +
           '\t' + clean(podName) + '\n');
}

void Journal::ended(int32_t index, int32_t attempt, int64_t pid, int32_t exitCode, int32_t signal,
                    int64_t ms, const std::string& reason, const std::string& message) {
    append("E\t" + std::to_string(index) + '\t' + std::to_string(attempt) + '\t' +
           std::to_string(pid) + '\t' + std::to_string(exitCode) + '\t' + std::to_string(signal) +
           '\t' + std::to_string(ms) + '\t' + clean(reason) +
           (message.empty() ? std::string() : '\t' + clean(message)) + '\n');
}

void Journal::parallelismChanged(int64_t ms, int32_t parallelism) {
    append("P\t" + std::to_string(ms) + '\t' + std::to_string(parallelism) + '\n');
}

void Journal::failedIndexesChanged(int64_t ms, const std::string& failedIndexes) {
    append("F\t" + std::to_string(ms) + '\t' + clean(failedIndexes) + '\n');
}

void Journal::runnerStarted(int64_t ms) {
    append("R\t" + std::to_string(ms) + '\n');
}

void Journal::jobEnded(int64_t ms, const std::string& outcome, const std::string& reason) {
    append("X\t" + std::to_string(ms) + '\t' + clean(outcome) + '\t' + clean(reason) + '\n');
    sync();
}

engine::Result<std::vector<JournalRecord>> Journal::read(const std::string& path) {
    std::vector<JournalRecord> out;
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return out;
    std::ostringstream buffer;
    buffer << in.rdbuf();
    const std::string text = std::move(buffer).str();
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t nl = text.find('\n', pos);
        if (nl == std::string::npos)
            break; // a torn last record: the runner died while writing it
        const std::string_view line(text.data() + pos, nl - pos);
        pos = nl + 1;
        const auto f = split(line);
        if (f.empty() || f[0].size() != 1)
            continue;
        JournalRecord r;
        r.kind = f[0][0];
        bool ok = false;
        switch (r.kind) {
        case 'S':
            ok = f.size() == 7 && number(f[1], r.index) && number(f[2], r.attempt) &&
                 number(f[3], r.pid) && number(f[4], r.startTicks) && number(f[5], r.ms);
            if (ok)
                r.text = std::string(f[6]);
            break;
        case 'E':
            ok = (f.size() == 8 || f.size() == 9) && number(f[1], r.index) &&
                 number(f[2], r.attempt) && number(f[3], r.pid) && number(f[4], r.exitCode) &&
                 number(f[5], r.signal) && number(f[6], r.ms);
            if (ok) {
                r.text = std::string(f[7]);
                if (f.size() == 9)
                    r.text2 = std::string(f[8]);
            }
            break;
        case 'P':
            ok = f.size() == 3 && number(f[1], r.ms) && number(f[2], r.parallelism);
            break;
        case 'F':
            ok = f.size() == 3 && number(f[1], r.ms);
            if (ok)
                r.text = std::string(f[2]);
            break;
        case 'R':
            ok = f.size() == 2 && number(f[1], r.ms);
            break;
        case 'X':
            ok = f.size() == 4 && number(f[1], r.ms);
            if (ok) {
                r.text = std::string(f[2]);
                r.text2 = std::string(f[3]);
            }
            break;
        default:
            break;
        }
        if (ok)
            out.push_back(std::move(r));
    }
    return out;
}

bool Journal::isLocked(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool locked = ::flock(fd, LOCK_EX | LOCK_NB) != 0;
    ::close(fd);
    return locked;
}

} // namespace tessera::local
