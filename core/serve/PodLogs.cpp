#include "PodLogs.h"

#include <QDateTime>
#include <vector>

namespace tessera::serve {

namespace {
// Kept per pod: trimmed to the last kKeep bytes once past kMax (one copy per 64 KiB, not per line).
constexpr qsizetype kMax = qsizetype{256} * 1024;
constexpr qsizetype kKeep = qsizetype{192} * 1024;
} // namespace

PodLogs::PodLogs(Now now)
    : m_now(now ? std::move(now) : Now([] { return QDateTime::currentMSecsSinceEpoch(); })) {}

void PodLogs::open(const QString& key) {
    if (const auto it = m_logs.constFind(key); it != m_logs.constEnd())
        m_previous.insert(key, *it);
    m_logs.insert(key, Log());
    m_ended.insert(key, false);
}

void PodLogs::append(const QString& key, const QByteArray& text) {
    auto it = m_logs.find(key);
    if (it == m_logs.end() || text.isEmpty())
        return;
    const qint64 now = m_now();
    Log& log = *it;
    qsizetype at = 0;
    while (at < text.size()) {
        const qsizetype newline = text.indexOf('\n', at);
        const qsizetype end = newline < 0 ? text.size() : newline + 1;
        const QByteArray piece = text.mid(at, end - at);
        // A line written in pieces keeps the time of its first piece.
        if (!log.lines.empty() && !log.lines.back().text.endsWith('\n'))
            log.lines.back().text += piece;
        else
            log.lines.push_back(LogLine{now, piece});
        log.bytes += piece.size();
        at = end;
    }
    if (log.bytes > kMax)
        while (log.bytes > kKeep) {
            // Oldest lines first; a line longer than what is left to drop loses its head.
            LogLine& front = log.lines.front();
            const qsizetype excess = log.bytes - kKeep;
            if (front.text.size() <= excess) {
                log.bytes -= front.text.size();
                log.lines.pop_front();
            } else {
                front.text.remove(0, excess);
                log.bytes -= excess;
            }
        }
    for (auto& [id, f] : m_followers)
        if (f.key == key)
            f.onData(text);
}

void PodLogs::end(const QString& key) {
    if (m_ended.contains(key))
        m_ended[key] = true;
    std::vector<int> ended;
    for (auto& [id, f] : m_followers)
        if (f.key == key)
            ended.push_back(id);
    for (const int id : ended) {
        const auto it = m_followers.find(id);
        if (it == m_followers.end())
            continue;
        End onEnd = std::move(it->second.onEnd);
        m_followers.erase(it);
        if (onEnd)
            onEnd();
    }
}

void PodLogs::remove(const QString& key) {
    end(key);
    m_logs.remove(key);
    m_previous.remove(key);
    m_ended.remove(key);
}

QByteArray PodLogs::text(const QString& key) const {
    QByteArray out;
    if (const auto it = m_logs.constFind(key); it != m_logs.constEnd())
        for (const LogLine& line : it->lines)
            out += line.text;
    return out;
}

std::optional<LogLines> PodLogs::lines(const QString& key, bool previous) const {
    const QHash<QString, Log>& logs = previous ? m_previous : m_logs;
    const auto it = logs.constFind(key);
    if (it == logs.constEnd())
        return std::nullopt;
    return it->lines;
}

int PodLogs::follow(const QString& key, Data onData, End onEnd) {
    const int id = m_nextFollower++;
    m_followers.emplace(id, Follower{key, std::move(onData), std::move(onEnd)});
    return id;
}

} // namespace tessera::serve
