#include "Journal.h"

#include "codec/BoundedFile.h"
#include "engine/IndexSet.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <sys/file.h>
#include <unistd.h>
#include <unordered_map>

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

// The latest time a record may carry: the last millisecond of the year 9999.
constexpr int64_t kLatestMillis = 253402300799999;

std::string show(std::string_view field) {
    std::string out;
    for (const char c : field.substr(0, 40))
        out += std::isprint(static_cast<unsigned char>(c)) ? c : '?';
    return '"' + out + (field.size() > 40 ? "...\"" : "\"");
}

// One record's fields into `r`: "" or what is wrong with them.
std::string parseRecord(std::string_view line, JournalRecord& r) {
    const auto f = split(line);
    if (f[0].size() != 1 || std::string_view("SEPFRX").find(f[0][0]) == std::string_view::npos)
        return "unknown record kind " + show(f[0]);
    r.kind = f[0][0];
    struct Field {
        const char* name;
        std::size_t at;
        bool ok;
    };
    auto badField = [&](std::initializer_list<Field> fields) -> std::string {
        for (const Field& x : fields)
            if (!x.ok)
                return std::string(1, r.kind) + " record: " + x.name + " " +
                       show(x.at < f.size() ? f[x.at] : std::string_view()) +
                       " is not a number in range";
        return {};
    };
    auto fieldCount = [&](std::size_t min, std::size_t max) -> std::string {
        if (f.size() >= min && f.size() <= max)
            return {};
        return std::string(1, r.kind) + " record: " + std::to_string(f.size()) +
               " fields, expected " + std::to_string(min) +
               (max > min ? " or " + std::to_string(max) : std::string());
    };
    std::string why;
    switch (r.kind) {
    case 'S':
        if (!(why = fieldCount(7, 7)).empty())
            return why;
        r.text = std::string(f[6]);
        return badField({{"index", 1, number(f[1], r.index) && r.index >= 0},
                         {"attempt", 2, number(f[2], r.attempt) && r.attempt >= 1},
                         {"pid", 3, number(f[3], r.pid) && r.pid >= 0},
                         {"start ticks", 4, number(f[4], r.startTicks) && r.startTicks >= 0},
                         {"time", 5, number(f[5], r.ms) && r.ms >= 0 && r.ms <= kLatestMillis}});
    case 'E':
        if (!(why = fieldCount(8, 9)).empty())
            return why;
        r.text = std::string(f[7]);
        if (f.size() == 9)
            r.text2 = std::string(f[8]);
        if (!(why = badField(
                  {{"index", 1, number(f[1], r.index) && r.index >= 0},
                   {"attempt", 2, number(f[2], r.attempt) && r.attempt >= 1},
                   {"pid", 3, number(f[3], r.pid) && r.pid >= 0},
                   {"exit code", 4,
                    number(f[4], r.exitCode) && r.exitCode >= -1 && r.exitCode <= 255},
                   {"signal", 5, number(f[5], r.signal) && r.signal >= -1 && r.signal <= 64},
                   {"time", 6, number(f[6], r.ms) && r.ms >= 0 && r.ms <= kLatestMillis}}))
                 .empty())
            return why;
        return r.text.empty() ? "E record without a reason" : std::string();
    case 'P':
        if (!(why = fieldCount(3, 3)).empty())
            return why;
        return badField({{"time", 1, number(f[1], r.ms) && r.ms >= 0 && r.ms <= kLatestMillis},
                         {"parallelism", 2, number(f[2], r.parallelism) && r.parallelism >= 0}});
    case 'F':
        if (!(why = fieldCount(3, 3)).empty())
            return why;
        r.text = std::string(f[2]);
        return badField({{"time", 1, number(f[1], r.ms) && r.ms >= 0 && r.ms <= kLatestMillis}});
    case 'R':
        if (!(why = fieldCount(2, 2)).empty())
            return why;
        return badField({{"time", 1, number(f[1], r.ms) && r.ms >= 0 && r.ms <= kLatestMillis}});
    default: // 'X'
        if (!(why = fieldCount(4, 4)).empty())
            return why;
        r.text = std::string(f[2]);
        r.text2 = std::string(f[3]);
        if (!(why =
                  badField({{"time", 1, number(f[1], r.ms) && r.ms >= 0 && r.ms <= kLatestMillis}}))
                 .empty())
            return why;
        for (const char* outcome : {"Complete", "Failed", "Cancelled", "Halted"})
            if (r.text == outcome)
                return {};
        return "X record: unknown outcome " + show(r.text);
    }
}

// What a record says against the ones before it: indexes inside the work list, each attempt
// started once and ended at most once, after its start.
class RecordChecker {
public:
    explicit RecordChecker(std::optional<int32_t> itemCount)
        : m_itemCount(itemCount) {}

    std::string check(JournalRecord& r, long lineNo) {
        if (r.kind == 'F')
            return checkFailedIndexes(r.text);
        if (r.kind != 'S' && r.kind != 'E')
            return {};
        const std::string attempt =
            "attempt " + std::to_string(r.attempt) + " of index " + std::to_string(r.index);
        if (m_itemCount && r.index >= *m_itemCount)
            return attempt + ": the work list has " + std::to_string(*m_itemCount) +
                   " items (indexes 0 to " + std::to_string(*m_itemCount - 1) + ")";
        const uint64_t key = (static_cast<uint64_t>(static_cast<uint32_t>(r.index)) << 32) |
                             static_cast<uint32_t>(r.attempt);
        if (r.kind == 'S') {
            const auto [it, first] = m_attempts.try_emplace(key, Seen{lineNo, r.ms, 0});
            if (!first)
                return attempt + " starts again (it started at line " +
                       std::to_string(it->second.startLine) + ")";
            return {};
        }
        const auto it = m_attempts.find(key);
        if (it == m_attempts.end())
            return attempt + " ends, but never started";
        if (it->second.endLine > 0)
            return attempt + " ends again (it ended at line " + std::to_string(it->second.endLine) +
                   ")";
        it->second.endLine = lineNo;
        // The wall clock may step back between a start and its end (NTP): a duration is never
        // negative, so such an end counts as at its start.
        r.ms = std::max(r.ms, it->second.startMs);
        return {};
    }

private:
    std::string checkFailedIndexes(const std::string& text) const {
        if (text.empty())
            return {};
        const auto parsed = engine::IndexSet::parseStrict(
            text, m_itemCount.value_or(std::numeric_limits<int32_t>::max()));
        return parsed.ok() ? std::string() : "F record: " + parsed.error().describe();
    }

    struct Seen {
        long startLine = 0;
        int64_t startMs = 0;
        long endLine = 0;
    };
    std::optional<int32_t> m_itemCount;
    std::unordered_map<uint64_t, Seen> m_attempts;
};

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

engine::Result<std::vector<JournalRecord>> Journal::read(const std::string& path,
                                                         std::optional<int32_t> itemCount) {
    std::vector<JournalRecord> out;
    // Through the one bounded reader: a journal replaced by /dev/zero, a FIFO or a huge file is
    // an error naming it, never a read without end.
    codec::ReadOptions options;
    options.missingIsEmpty = true;
    auto read = codec::readBoundedFile(path, codec::FileKind::Journal, options);
    if (!read.ok())
        return read.error();
    const std::string& text = *read;
    RecordChecker checker(itemCount);
    long lineNo = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t nl = text.find('\n', pos);
        if (nl == std::string::npos)
            break; // a torn last record: the runner died (or the disk filled up) while writing it
        const std::string_view line(text.data() + pos, nl - pos);
        pos = nl + 1;
        ++lineNo;
        JournalRecord r;
        std::string why = parseRecord(line, r);
        if (why.empty())
            why = checker.check(r, lineNo);
        if (!why.empty()) {
            engine::Error e;
            e.field = path;
            e.line = lineNo;
            e.message = "corrupt record: " + why;
            return e;
        }
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
