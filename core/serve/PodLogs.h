#pragma once
// The logs of the pods `tessera serve` runs, kept in memory (the last 192-256 KiB of each) for
// `kubectl logs`, with followers (`kubectl logs -f`) told of each new piece and of the end.
// Keyed by "namespace/pod". Each line keeps the time it was written (as the container runtime's
// log files do), so sinceSeconds, sinceTime and timestamps can be answered; a log opened again
// (a restarted container) keeps the last attempt's as its previous one.
#include <QByteArray>
#include <QHash>
#include <QString>
#include <deque>
#include <functional>
#include <map>
#include <optional>

namespace tessera::serve {

// One line of a log and when it was written (Unix milliseconds). The text ends with '\n' once
// the line is complete; the last line of a log may not be yet.
struct LogLine {
    qint64 atMs = 0;
    QByteArray text;
};
using LogLines = std::deque<LogLine>;

class PodLogs {
public:
    using Data = std::function<void(const QByteArray&)>;
    using End = std::function<void()>;
    using Now = std::function<qint64()>; // Unix milliseconds

    // now: the clock lines are stamped with (the system's by default).
    explicit PodLogs(Now now = {});

    static QString keyOf(const QString& namespace_, const QString& pod) {
        return namespace_ + QLatin1Char('/') + pod;
    }

    // A pod that will write: its log starts empty and has not ended. Opening a log that exists
    // (the container restarted) keeps that one as the previous attempt's.
    void open(const QString& key);
    // Appended to an open log (ignored for unknown keys); followers get it.
    void append(const QString& key, const QByteArray& text);
    // No more output: followers are told once and dropped.
    void end(const QString& key);
    // The pod is gone: its log too (followers are told it ended).
    void remove(const QString& key);

    QByteArray text(const QString& key) const;
    // The lines of the current attempt, or of the previous one (nullopt when there is none).
    std::optional<LogLines> lines(const QString& key, bool previous = false) const;
    // True when the pod will write no more (ended, or not a pod that writes).
    bool ended(const QString& key) const { return m_ended.value(key, true); }

    int follow(const QString& key, Data onData, End onEnd);
    void unfollow(int id) { m_followers.erase(id); }

private:
    struct Log {
        LogLines lines;
        qsizetype bytes = 0;
    };
    struct Follower {
        QString key;
        Data onData;
        End onEnd;
    };
    Now m_now;
    QHash<QString, Log> m_logs;
    QHash<QString, Log> m_previous;
    QHash<QString, bool> m_ended;
    std::map<int, Follower> m_followers;
    int m_nextFollower = 1;
};

} // namespace tessera::serve
