#pragma once
// The logs of the pods `tessera serve` runs, kept in memory (the last 192-256 KiB of each) for
// `kubectl logs`, with followers (`kubectl logs -f`) told of each new piece and of the end.
// Keyed by "namespace/pod".
#include <QByteArray>
#include <QHash>
#include <QString>
#include <functional>
#include <map>
#include <optional>

namespace tessera::serve {

class PodLogs {
public:
    using Data = std::function<void(const QByteArray&)>;
    using End = std::function<void()>;

    static QString keyOf(const QString& namespace_, const QString& pod) {
        return namespace_ + QLatin1Char('/') + pod;
    }

    // A pod that will write: its log starts empty and has not ended.
    void open(const QString& key);
    // Appended to an open log (ignored for unknown keys); followers get it.
    void append(const QString& key, const QByteArray& text);
    // No more output: followers are told once and dropped.
    void end(const QString& key);
    // The pod is gone: its log too (followers are told it ended).
    void remove(const QString& key);

    QByteArray text(const QString& key) const { return m_logs.value(key); }
    // True when the pod will write no more (ended, or not a pod that writes).
    bool ended(const QString& key) const { return m_ended.value(key, true); }

    int follow(const QString& key, Data onData, End onEnd);
    void unfollow(int id) { m_followers.erase(id); }

private:
    struct Follower {
        QString key;
        Data onData;
        End onEnd;
    };
    QHash<QString, QByteArray> m_logs;
    QHash<QString, bool> m_ended;
    std::map<int, Follower> m_followers;
    int m_nextFollower = 1;
};

} // namespace tessera::serve
