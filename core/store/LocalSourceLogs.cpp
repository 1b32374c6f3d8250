// LocalSource's logs: an attempt's log file sent and followed while it grows, and the merged
// "All indexes" view, read from the run directory (split from LocalSource.cpp by concern).
#include "LocalSource.h"
#include "local/RunDirectory.h"

#include <QFile>
#include <QFileInfo>
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
    if (index == kAllIndexes) {
        auto run = m_runs.find(key);
        emit logTextArrived(key, index, -1,
                            run == m_runs.end() ? tr("(no such run)\n") : mergedLog(run->second),
                            true);
        return;
    }
    stopLog(key, index);
    auto it = m_runs.find(key);
    const engine::Attempt* a =
        it == m_runs.end() ? nullptr : findAttempt(it->second, index, attempt);
    if (!a) {
        emit logTextArrived(key, index, attempt,
                            QStringLiteral("(no attempt of index %1 is known)\n").arg(index), true);
        return;
    }
    const QString path =
        qs(local::RunDirectory(it->second.dir.toStdString()).logPath(a->index, a->number));
    const QString logKey = key + QLatin1Char('#') + QString::number(index);
    LogFollow& f = m_follows[logKey];
    f.key = key;
    f.path = path;
    f.index = index;
    f.attempt = a->number;
    const qint64 size = QFileInfo(path).size();
    f.offset = std::max<qint64>(0, size - m_options.logTailBytes);
    if (follow) {
        f.timer = std::make_unique<QTimer>();
        connect(f.timer.get(), &QTimer::timeout, this, [this, logKey] { pollLog(logKey); });
        f.timer->start(m_options.logPoll);
    }
    pollLog(logKey);
}

void LocalSource::pollLog(const QString& logKey) {
    auto fit = m_follows.find(logKey);
    if (fit == m_follows.end())
        return;
    LogFollow& f = fit->second;
    QFile file(f.path);
    QString text;
    if (file.open(QIODevice::ReadOnly)) {
        if (file.size() < f.offset)
            f.offset = 0; // truncated or replaced
        file.seek(f.offset);
        const QByteArray data = file.readAll();
        // Hand over whole lines only while the attempt may still write.
        const qsizetype cut = data.lastIndexOf('\n') + 1;
        const auto run = m_runs.find(f.key);
        const engine::Attempt* a =
            run == m_runs.end() ? nullptr : findAttempt(run->second, f.index, f.attempt - 1);
        const bool writing = a && engine::isUnderWay(a->outcome);
        const QByteArray part = writing ? data.left(cut) : data;
        f.offset += part.size();
        text = QString::fromUtf8(part);
        const bool done = !f.timer || !writing;
        const QString key = f.key;
        const int index = f.index, attempt = f.attempt - 1;
        if (done)
            m_follows.erase(fit);
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

void LocalSource::stopLog(const QString& key, int index) {
    m_follows.erase(key + QLatin1Char('#') + QString::number(index));
}

} // namespace tessera::store
