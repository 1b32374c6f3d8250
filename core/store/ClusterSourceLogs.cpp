#include "ClusterSource.h"
#include "ClusterSourceSupport.h"
#include "History.h"

#include <QSaveFile>
#include <algorithm>

namespace tessera::store {

using cluster_source::qs;

namespace {
constexpr int kMaxLogTailsRunning = 4;
// Failed pods waiting for their log tail. A job failing faster than tails can be read (hundreds
// of pods a second) would otherwise queue without end; the oldest waiting pods are dropped first,
// as they are the likeliest to be gone already, and their attempts say no log was recorded.
constexpr std::size_t kMaxLogTailsQueued = 64;
} // namespace

// ---------------------------------------------------------------- logs

void ClusterSource::takeLogTail(const QString& key, const QString& ns, const IndexAttempt& a) {
    if (m_tailQueue.size() >= kMaxLogTailsQueued)
        m_tailQueue.pop_front();
    m_tailQueue.push_back({key, ns, a});
    pumpLogTails();
}

void ClusterSource::pumpLogTails() {
    while (m_tailsRunning < kMaxLogTailsRunning && !m_tailQueue.empty()) {
        TailRequest req = std::move(m_tailQueue.front());
        m_tailQueue.pop_front();
        if (m_watched.find(req.key) == m_watched.end())
            continue;
        ++m_tailsRunning;
        auto text = std::make_shared<QByteArray>();
        m_client->streamLogs(
            req.ns, req.attempt.pod, QString(), m_options.historyLogLines, false, this,
            [text](const QByteArray& chunk) {
                if (text->size() < qsizetype{64} * 1024)
                    text->append(chunk);
            },
            [this, req, text](const std::optional<kube::ApiError>& e) {
                --m_tailsRunning;
                auto it = m_watched.find(req.key);
                if (!e && it != m_watched.end() && !text->isEmpty() && m_history) {
                    // Into the History only: no view shows it while the pod exists (its log is
                    // read from the API then), and kept in memory it would cost about 0.5 KB
                    // for each failed pod of the job.
                    if (const IndexAttempt* a = it->second->attempts.find(req.attempt.pod)) {
                        IndexAttempt withTail = *a;
                        withTail.logTail = QString::fromUtf8(*text);
                        m_history->record(clusterKey(), it->second->uid,
                                          qs(m_jobs.value(req.key).job.metadata.name), withTail);
                    }
                }
                pumpLogTails();
            });
    }
}

void ClusterSource::fetchLog(const QString& key, int index, int attempt, bool follow) {
    fetchLogWith(key, index, attempt, {.follow = follow});
}

const IndexAttempt* ClusterSource::findAttempt(const Watched& w, int index, int attempt) const {
    const IndexAttempt* found = nullptr;
    for (const auto& [pod, kept] : w.attempts) {
        const IndexAttempt& a = *kept;
        if (a.index != index || (attempt >= 0 && a.attempt != attempt))
            continue;
        if (!found || a.attempt > found->attempt ||
            (a.attempt == found->attempt && a.created > found->created))
            found = &a;
    }
    return found;
}

void ClusterSource::fetchLogWith(const QString& key, int index, int attempt, LogFetch how) {
    stopLog(key, index);
    auto w = m_watched.find(key);
    auto j = m_jobs.find(key);
    if (w == m_watched.end() || j == m_jobs.end()) {
        emit actionFailed(key, QStringLiteral("logs of %1: the job is not watched").arg(key));
        emit logTextArrived(key, index, attempt, QString(), true);
        return;
    }
    if (index == kAllIndexes) {
        fetchMergedLog(key, qs(j->job.metadata.namespace_), *w->second);
        return;
    }
    const IndexAttempt* found = findAttempt(*w->second, index, attempt);
    if (!found) {
        emit logTextArrived(key, index, attempt,
                            QStringLiteral("(no pod of index %1 is known)\n").arg(index), true);
        return;
    }
    const int foundAttempt = found->attempt;
    if (!found->live) {
        // What the history recorded of the attempt, then its last lines when they were kept.
        const IndexAttempt& a = *found;
        QString text = QStringLiteral("(pod %1 no longer exists. Recorded: %2")
                           .arg(a.pod, QLatin1String(engine::toString(a.outcome)));
        if (!a.node.isEmpty())
            text += QStringLiteral(" on %1").arg(a.node);
        if (a.finished.isValid())
            text += QStringLiteral(", ended %1").arg(a.finished.toString(Qt::ISODate));
        if (a.exitCode >= 0)
            text += QStringLiteral(", exit code %1").arg(a.exitCode);
        if (!a.reason.isEmpty())
            text += QStringLiteral(", reason %1").arg(a.reason);
        const QString tail = recordedLogTail(*w->second, a.pod);
        text += tail.isEmpty()
                    ? QStringLiteral(". Tessera keeps the last log lines of failed pods only; "
                                     "none were recorded for this one.)\n")
                    : QStringLiteral(". Its last lines:)\n") + tail;
        emit logTextArrived(key, index, foundAttempt, text, true);
        return;
    }
    const QString logKey = key + QLatin1Char('#') + QString::number(index);
    auto decoder = std::make_shared<QStringDecoder>(QStringDecoder::Utf8);
    const int tailLines = how.whole ? -1 : m_options.logTailLines;
    // tailLines lines arrived: the log may have had more before them (the API does not say).
    auto linesBeforeCut = std::make_shared<qint64>(tailLines);
    const quint64 id = m_client->streamPodLog(
        qs(j->job.metadata.namespace_), found->pod,
        {.tailLines = tailLines, .follow = how.follow, .timestamps = how.timestamps}, this,
        [this, key, index, foundAttempt, decoder, linesBeforeCut](const QByteArray& chunk) {
            if (chunk.isEmpty())
                return;
            if (*linesBeforeCut > 0) {
                *linesBeforeCut -= chunk.count('\n');
                if (*linesBeforeCut <= 0)
                    emit logCut(key, index, foundAttempt, -1);
            }
            const QString text = decoder->decode(chunk);
            if (!text.isEmpty())
                emit logTextArrived(key, index, foundAttempt, text, false);
        },
        [this, key, index, foundAttempt, logKey](const std::optional<kube::ApiError>& e) {
            m_logs.remove(logKey);
            emit logTextArrived(key, index, foundAttempt,
                                e ? QStringLiteral("\n(log: %1)\n").arg(e->message) : QString(),
                                true);
        });
    m_logs.insert(logKey, {id, decoder});
}

QString ClusterSource::recordedLogTail(const Watched& w, const QString& pod) {
    if (!m_history)
        return QString();
    auto tail = m_history->logTail(clusterKey(), w.uid, pod);
    return tail ? *tail : QString(); // an unreadable History only loses the recorded lines
}

void ClusterSource::stopLog(const QString& key, int index) {
    const QString logKey = key + QLatin1Char('#') + QString::number(index);
    auto it = m_logs.find(logKey);
    if (it == m_logs.end())
        return;
    m_client->cancelStream(it->id);
    m_logs.erase(it);
}

void ClusterSource::fetchMergedLog(const QString& key, const QString& namespace_,
                                   const Watched& w) {
    // The newest attempt of each index, the most recently started ones, oldest first.
    std::map<int, const IndexAttempt*> byIndex;
    for (const auto& [pod, kept] : w.attempts) {
        const IndexAttempt& a = *kept;
        const IndexAttempt*& slot = byIndex[a.index];
        if (!slot || a.attempt > slot->attempt ||
            (a.attempt == slot->attempt && a.created > slot->created))
            slot = &a;
    }
    std::vector<IndexAttempt> newest;
    newest.reserve(byIndex.size());
    for (const auto& [index, a] : byIndex)
        newest.push_back(*a);
    const auto startOf = [](const IndexAttempt& a) {
        return a.started.isValid() ? a.started : a.created;
    };
    std::sort(newest.begin(), newest.end(), [&](const IndexAttempt& a, const IndexAttempt& b) {
        return startOf(a) != startOf(b) ? startOf(a) < startOf(b) : a.index < b.index;
    });
    if (newest.size() > size_t(kMergedAttempts))
        newest.erase(newest.begin(), newest.end() - kMergedAttempts);
    if (newest.empty()) {
        emit logTextArrived(key, kAllIndexes, -1, tr("(no pod of this job is known)\n"), true);
        return;
    }
    // One short request per live pod (tailLines); the pieces are put back in order at the end.
    struct Merge {
        std::vector<QString> pieces;
        int pending = 0;
    };
    auto merge = std::make_shared<Merge>();
    merge->pieces.resize(newest.size());
    const auto finishOne = [this, key, merge] {
        if (--merge->pending > 0)
            return;
        QString text;
        for (const QString& piece : merge->pieces)
            text += piece;
        emit logTextArrived(key, kAllIndexes, -1, text, true);
    };
    merge->pending = int(newest.size());
    for (size_t i = 0; i < newest.size(); ++i) {
        const IndexAttempt& a = newest[i];
        if (!a.live) {
            merge->pieces[i] = prefixLines(a.index, recordedLogTail(w, a.pod));
            finishOne();
            continue;
        }
        auto body = std::make_shared<QByteArray>();
        m_client->streamLogs(
            namespace_, a.pod, QString(), kMergedLines, false, this,
            [body](const QByteArray& chunk) { *body += chunk; },
            [merge, body, i, index = a.index, finishOne](const std::optional<kube::ApiError>&) {
                merge->pieces[i] = prefixLines(index, QString::fromUtf8(*body));
                finishOne();
            });
    }
}

void ClusterSource::saveLog(const QString& key, int index, int attempt, const QString& path,
                            bool timestamps) {
    auto w = m_watched.find(key);
    auto j = m_jobs.find(key);
    const IndexAttempt* found = w == m_watched.end() || j == m_jobs.end()
                                    ? nullptr
                                    : findAttempt(*w->second, index, attempt);
    if (!found || !found->live) {
        emit logSaved(key, index, path, 0,
                      found ? QStringLiteral("pod %1 no longer exists: only its last lines were "
                                             "recorded, shown in the log view")
                                  .arg(found->pod)
                            : QStringLiteral("no pod of index %1 is known").arg(index));
        return;
    }
    auto out = std::make_shared<QSaveFile>(path);
    if (!out->open(QIODevice::WriteOnly)) {
        emit logSaved(key, index, path, 0, QStringLiteral("%1: %2").arg(path, out->errorString()));
        return;
    }
    // Streamed straight into the file as it arrives: the whole log never sits in memory.
    auto written = std::make_shared<qint64>(0);
    m_client->streamPodLog(
        qs(j->job.metadata.namespace_), found->pod, {.timestamps = timestamps}, this,
        [out, written](const QByteArray& chunk) {
            if (out->write(chunk) == chunk.size())
                *written += chunk.size();
            else
                out->cancelWriting();
        },
        [this, key, index, path, out, written](const std::optional<kube::ApiError>& e) {
            if (e) {
                out->cancelWriting();
                out->commit();
                emit logSaved(key, index, path, 0, e->message);
            } else if (!out->commit()) {
                emit logSaved(key, index, path, 0,
                              QStringLiteral("%1: %2").arg(path, out->errorString()));
            } else {
                emit logSaved(key, index, path, *written, QString());
            }
        });
}

} // namespace tessera::store
