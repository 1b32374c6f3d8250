#include "PodLogs.h"

#include <vector>

namespace tessera::serve {

namespace {
// Kept per pod: trimmed to the last kKeep bytes once past kMax (one copy per 64 KiB, not per line).
constexpr qsizetype kMax = qsizetype{256} * 1024;
constexpr qsizetype kKeep = qsizetype{192} * 1024;
} // namespace

void PodLogs::open(const QString& key) {
    m_logs.insert(key, QByteArray());
    m_ended.insert(key, false);
}

void PodLogs::append(const QString& key, const QByteArray& text) {
    auto it = m_logs.find(key);
    if (it == m_logs.end() || text.isEmpty())
        return;
    it->append(text);
    if (it->size() > kMax)
        it->remove(0, it->size() - kKeep);
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
    m_ended.remove(key);
}

int PodLogs::follow(const QString& key, Data onData, End onEnd) {
    const int id = m_nextFollower++;
    m_followers.emplace(id, Follower{key, std::move(onData), std::move(onEnd)});
    return id;
}

} // namespace tessera::serve
