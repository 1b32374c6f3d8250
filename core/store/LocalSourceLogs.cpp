// LocalSource's logs: an attempt's log file sent and followed while it grows, and the merged
// "All indexes" view, read from the run directory (split from LocalSource.cpp by concern).
#include "LocalSource.h"
#include "local/RunDirectory.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <algorithm>

namespace tessera::store {

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

} // namespace

const engine::Attempt* LocalSource::findAttempt(const Run& run, int index, int attempt) const {
    const engine::Attempt* found = nullptr;
    const auto consider = [&](const std::vector<engine::Attempt>& list) {
        for (const auto& a : list)
            if (a.index == index && (attempt < 0 || a.number - 1 == attempt) &&
                (!found || a.number > found->number))
                found = &a;
    };
    consider(run.attempts);
    return found;
}

QString LocalSource::mergedLog(const Run& run) const {
    // The newest attempt of each index, the most recently started ones, oldest first.
    std::vector<const engine::Attempt*> newest;
    std::map<int32_t, const engine::Attempt*> byIndex;
    const auto consider = [&](const std::vector<engine::Attempt>& list) {
        for (const auto& a : list) {
            auto& slot = byIndex[a.index];
            if (!slot || a.number > slot->number)
                slot = &a;
        }
    };
    consider(run.attempts);
    newest.reserve(byIndex.size());
    for (const auto& [index, a] : byIndex)
        newest.push_back(a);
    const auto startOf = [](const engine::Attempt* a) {
        return a->startedAt.value_or(a->createdAt);
    };
    std::sort(newest.begin(), newest.end(),
              [&](const engine::Attempt* a, const engine::Attempt* b) {
                  return startOf(a) != startOf(b) ? startOf(a) < startOf(b) : a->index < b->index;
              });
    if (newest.size() > size_t(kMergedAttempts))
        newest.erase(newest.begin(), newest.end() - kMergedAttempts);
    const local::RunDirectory dir(run.dir.toStdString());
    QString text;
    for (const engine::Attempt* a : newest) {
        QFile file(qs(dir.logPath(a->index, a->number)));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        // The tail is enough for the last lines; never read a whole large log here.
        file.seek(std::max<qint64>(0, file.size() - 8192));
        text += prefixLines(a->index, QString::fromUtf8(file.readAll()));
    }
    return text.isEmpty() ? tr("(no index has written to its log yet)\n") : text;
}

void LocalSource::fetchLog(const QString& key, int index, int attempt, bool follow) {
    fetchLogWith(key, index, attempt, {.follow = follow});
}

LocalSource::LogFile LocalSource::logFileOf(const QString& key, int index, int attempt) const {
    auto it = m_runs.find(key);
    const engine::Attempt* a =
        it == m_runs.end() ? nullptr : findAttempt(it->second, index, attempt);
    if (!a)
        return {.error = QStringLiteral("(no attempt of index %1 is known)\n").arg(index)};
    return {.path =
                qs(local::RunDirectory(it->second.dir.toStdString()).logPath(a->index, a->number)),
            .attempt = a->number};
}

void LocalSource::fetchLogWith(const QString& key, int index, int attempt, LogFetch how) {
    if (index == kAllIndexes) {
        auto run = m_runs.find(key);
        emit logTextArrived(key, index, -1,
                            run == m_runs.end() ? tr("(no such run)\n") : mergedLog(run->second),
                            true);
        return;
    }
    stopLog(key, index);
    const LogFile file = logFileOf(key, index, attempt);
    if (!file.error.isEmpty()) {
        emit logTextArrived(key, index, attempt, file.error, true);
        return;
    }
    const QString logKey = key + QLatin1Char('#') + QString::number(index);
    LogFollow& f = m_follows[logKey];
    f.key = key;
    f.path = file.path;
    f.index = index;
    f.attempt = file.attempt;
    f.decoder = std::make_unique<QStringDecoder>(QStringDecoder::Utf8);
    const qint64 size = QFileInfo(file.path).size();
    f.offset = how.whole ? 0 : std::max<qint64>(0, size - m_options.logTailBytes);
    if (f.offset > 0) {
        // Start at a line: the bytes before the first newline of the tail belong to a line
        // whose beginning is not shown.
        QFile log(file.path);
        if (log.open(QIODevice::ReadOnly) && log.seek(f.offset)) {
            const qsizetype newline = log.read(qint64{64} * 1024).indexOf('\n');
            if (newline >= 0)
                f.offset += newline + 1;
        }
        emit logCut(key, index, file.attempt - 1, f.offset);
    }
    if (how.follow) {
        f.timer = std::make_unique<QTimer>();
        connect(f.timer.get(), &QTimer::timeout, this, [this, logKey] { pollLog(logKey); });
        f.timer->start(m_options.logPoll);
    }
    pollLog(logKey);
}

void LocalSource::pollLog(const QString& logKey) {
    // At most this much per call: a whole log of 50 MB goes over in pieces, each its own event,
    // so neither this thread nor the window's ever takes the whole at once.
    constexpr qint64 kPiece = qint64{1024} * 1024;
    auto fit = m_follows.find(logKey);
    if (fit == m_follows.end())
        return;
    LogFollow& f = fit->second;
    QFile file(f.path);
    if (file.open(QIODevice::ReadOnly)) {
        if (file.size() < f.offset)
            f.offset = 0; // truncated or replaced
        file.seek(f.offset);
        const QByteArray data = file.read(kPiece);
        const bool more = f.offset + data.size() < file.size();
        // Hand over whole lines only while the attempt may still write (a piece of a longer
        // read may end anywhere: the decoder keeps its characters whole).
        const auto run = m_runs.find(f.key);
        const engine::Attempt* a =
            run == m_runs.end() ? nullptr : findAttempt(run->second, f.index, f.attempt - 1);
        const bool writing = a && engine::isUnderWay(a->outcome);
        const QByteArray part = writing && !more ? data.left(data.lastIndexOf('\n') + 1) : data;
        f.offset += part.size();
        const QString text = f.decoder->decode(part);
        const bool done = (!f.timer || !writing) && !more;
        const QString key = f.key;
        const int index = f.index, attempt = f.attempt - 1;
        if (done)
            m_follows.erase(fit);
        else if (more)
            QTimer::singleShot(0, this, [this, logKey] { pollLog(logKey); });
        if (!text.isEmpty() || done)
            emit logTextArrived(key, index, attempt, text, done);
        return;
    }
    if (f.timer)
        return; // following: the file may appear with the attempt's first output
    const QString key = f.key;
    const QString path = f.path;
    const int index = f.index, attempt = f.attempt - 1;
    m_follows.erase(fit);
    emit logTextArrived(key, index, attempt, QStringLiteral("(no log file %1 yet)\n").arg(path),
                        true);
}

void LocalSource::saveLog(const QString& key, int index, int attempt, const QString& path,
                          bool timestamps) {
    Q_UNUSED(timestamps); // local logs carry no times of their own
    const LogFile file = logFileOf(key, index, attempt);
    if (!file.error.isEmpty()) {
        emit logSaved(key, index, path, 0, file.error.trimmed());
        return;
    }
    QFile in(file.path);
    QSaveFile out(path);
    if (!in.open(QIODevice::ReadOnly)) {
        emit logSaved(key, index, path, 0,
                      QStringLiteral("%1: %2").arg(file.path, in.errorString()));
        return;
    }
    if (!out.open(QIODevice::WriteOnly)) {
        emit logSaved(key, index, path, 0, QStringLiteral("%1: %2").arg(path, out.errorString()));
        return;
    }
    // Copied in pieces: the log may be far larger than what is worth holding in memory.
    qint64 written = 0;
    while (!in.atEnd()) {
        const QByteArray piece = in.read(qint64{1024} * 1024);
        if (piece.isEmpty() && in.error() != QFileDevice::NoError) {
            out.cancelWriting();
            emit logSaved(key, index, path, 0,
                          QStringLiteral("%1: %2").arg(file.path, in.errorString()));
            return;
        }
        if (out.write(piece) != piece.size())
            break;
        written += piece.size();
    }
    if (!out.commit()) {
        emit logSaved(key, index, path, 0, QStringLiteral("%1: %2").arg(path, out.errorString()));
        return;
    }
    emit logSaved(key, index, path, written, QString());
}

void LocalSource::stopLog(const QString& key, int index) {
    m_follows.erase(key + QLatin1Char('#') + QString::number(index));
}

} // namespace tessera::store
