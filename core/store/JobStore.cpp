#include "JobStore.h"

#include "report/ReportBuilder.h"

#include <algorithm>

namespace tessera::store {

JobStore::JobStore(QString sourceName, QObject* parent)
    : QObject(parent)
    , m_sourceName(std::move(sourceName)) {
    registerMetaTypes();
    qRegisterMetaType<ReportInputPtr>();
    qRegisterMetaType<RelaunchInputPtr>();
    m_flushTimer.setSingleShot(true);
    // A member, not a child by construction: parent it so moveToThread() takes it along.
    m_flushTimer.setParent(this);
    connect(&m_flushTimer, &QTimer::timeout, this, &JobStore::flush);
}

JobStore::~JobStore() {
    m_flushTimer.setParent(nullptr);
}

QString JobStore::prefixLines(int index, const QString& text) {
    const QString prefix = QStringLiteral("[%1] ").arg(index);
    QString out;
    const QStringList lines = text.split(QLatin1Char('\n'));
    const int last = lines.size() - (lines.value(lines.size() - 1).isEmpty() ? 1 : 0);
    for (int i = std::max(0, last - kMergedLines); i < last; ++i)
        out += prefix + lines[i] + QLatin1Char('\n');
    return out;
}

void JobStore::loadReportInput(const QString& key) {
    emit reportInputReady(key, {}, tr("%1: reports are not available for this source").arg(key));
}

void JobStore::loadRelaunchInput(const QString& key) {
    emit relaunchInputReady(key, {}, tr("%1: re-runs are not available for this source").arg(key));
}

void JobStore::saveLog(const QString& key, int index, int attempt, const QString& path,
                       bool timestamps) {
    Q_UNUSED(attempt);
    Q_UNUSED(timestamps);
    emit logSaved(key, index, path, 0,
                  tr("%1: saving logs is not available for this source").arg(key));
}

void JobStore::deletePod(const QString& key, const QString& pod) {
    emit actionFailed(key,
                      tr("%1: pod %2 cannot be deleted: this source has no pods").arg(key, pod));
}

void JobStore::resumeJob(const QString& key) {
    emit actionFailed(key, tr("%1: only an interrupted local run can be resumed").arg(key));
}

QString JobStore::makeKey(const QString& source, const QString& namespace_, const QString& name) {
    return source + QLatin1Char('/') + namespace_ + QLatin1Char('/') + name;
}

std::optional<JobStore::KeyParts> JobStore::splitKey(const QString& key) {
    // Namespace and name never contain '/', so split from the right.
    const qsizetype last = key.lastIndexOf(QLatin1Char('/'));
    if (last <= 0)
        return std::nullopt;
    const qsizetype middle = key.lastIndexOf(QLatin1Char('/'), last - 1);
    if (middle < 0)
        return std::nullopt;
    KeyParts p{key.left(middle), key.mid(middle + 1, last - middle - 1), key.mid(last + 1)};
    if (p.name.isEmpty())
        return std::nullopt;
    return p;
}

void JobStore::setEmitInterval(std::chrono::milliseconds interval) {
    m_interval = interval;
}

void JobStore::queueReset(std::vector<JobSummary> all) {
    m_reset = true;
    m_upserts.clear();
    m_removed.clear();
    for (auto& s : all) {
        const QString key = s.key;
        m_upserts.emplace(key, std::move(s)); // insert() would copy: it takes a const T&
    }
    scheduleFlush();
}

void JobStore::queueUpsert(JobSummary summary) {
    m_removed.remove(summary.key);
    const QString key = summary.key;
    m_upserts.emplace(key, std::move(summary));
    scheduleFlush();
}

void JobStore::queueRemove(const QString& key) {
    m_upserts.remove(key);
    if (!m_reset)
        m_removed.insert(key);
    m_readySnapshots.remove(key);
    m_dirtySnapshots.remove(key);
    scheduleFlush();
}

void JobStore::queueSnapshot(JobSnapshotPtr snapshot) {
    if (!snapshot)
        return;
    const QString key = snapshot->summary.key;
    auto it = m_readySnapshots.find(key);
    if (it != m_readySnapshots.end() && *it) {
        // The older one is never emitted: the newer must also say what changed in it.
        const JobSnapshot& older = **it;
        if (older.dirtyLast >= older.dirtyFirst) {
            auto merged = std::make_shared<JobSnapshot>(*snapshot);
            if (merged->dirtyLast < merged->dirtyFirst) {
                merged->dirtyFirst = older.dirtyFirst;
                merged->dirtyLast = older.dirtyLast;
            } else {
                merged->dirtyFirst = std::min(merged->dirtyFirst, older.dirtyFirst);
                merged->dirtyLast = std::max(merged->dirtyLast, older.dirtyLast);
            }
            snapshot = std::move(merged);
        }
    }
    m_readySnapshots.emplace(key, std::move(snapshot));
    scheduleFlush();
}

void JobStore::markSnapshotDirty(const QString& key) {
    m_dirtySnapshots.insert(key);
    scheduleFlush();
}

void JobStore::reportConnection(ConnectionState state, const QString& detail, int retryInSeconds) {
    auto now = std::make_tuple(state, detail, retryInSeconds);
    if (m_connection && *m_connection == now)
        return;
    m_connection = now;
    emit connectionChanged(state, detail, retryInSeconds);
}

void JobStore::scheduleFlush() {
    if (!m_flushTimer.isActive())
        m_flushTimer.start(m_interval);
}

void JobStore::flushNow() {
    m_flushTimer.stop();
    flush();
}

void JobStore::flush() {
    if (m_reset || !m_upserts.isEmpty() || !m_removed.isEmpty()) {
        JobListDiff diff;
        diff.reset = m_reset;
        diff.upserted.reserve(static_cast<size_t>(m_upserts.size()));
        for (auto& s : m_upserts)
            diff.upserted.push_back(std::move(s));
        // A stable order makes models (and tests) deterministic.
        std::sort(diff.upserted.begin(), diff.upserted.end(),
                  [](const JobSummary& a, const JobSummary& b) { return a.key < b.key; });
        diff.removed = QStringList(m_removed.begin(), m_removed.end());
        diff.removed.sort();
        m_reset = false;
        m_upserts.clear();
        m_removed.clear();
        emit jobsChanged(std::move(diff));
    }
    const auto dirty = std::exchange(m_dirtySnapshots, {});
    for (const QString& key : dirty)
        if (auto s = buildSnapshot(key))
            queueSnapshot(std::move(s));
    m_flushTimer.stop(); // queueSnapshot above may have started it again
    const auto ready = std::exchange(m_readySnapshots, {});
    for (const auto& s : ready)
        emit jobSnapshotChanged(s);
}

} // namespace tessera::store
