#include "History.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QVariant>
#include <algorithm>
#include <atomic>

namespace tessera::store {

namespace {

std::atomic<int> g_connections{0};

QVariant timeValue(const QDateTime& t) {
    return t.isValid() ? QVariant(t.toMSecsSinceEpoch()) : QVariant(QMetaType(QMetaType::LongLong));
}

QDateTime timeFrom(const QVariant& v) {
    return v.isNull() ? QDateTime() : QDateTime::fromMSecsSinceEpoch(v.toLongLong(), Qt::UTC);
}

} // namespace

QString History::defaultPath() {
    // Beside the local runs ($XDG_DATA_HOME/tessera), whatever organisation name the app sets.
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/tessera/history.sqlite");
}

History::History(QString path, int maxAttempts)
    : m_path(std::move(path))
    , m_connection(QStringLiteral("tessera-history-%1").arg(++g_connections))
    , m_maxAttempts(std::max(1, maxAttempts)) {}

History::~History() {
    if (m_open)
        (void)flush();
    {
        QSqlDatabase db = QSqlDatabase::database(m_connection, false);
        if (db.isValid())
            db.close();
    }
    if (QSqlDatabase::contains(m_connection))
        QSqlDatabase::removeDatabase(m_connection);
}

engine::Error History::sqlError(const QString& what, const QString& detail) const {
    engine::Error e;
    e.message = QStringLiteral("history %1: %2: %3").arg(m_path, what, detail).toStdString();
    return e;
}

engine::Result<bool> History::open() {
    if (m_open)
        return true;
    const QFileInfo info(m_path);
    if (!QDir().mkpath(info.absolutePath()))
        return sqlError(QStringLiteral("cannot create folder"), info.absolutePath());
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    if (!db.isValid())
        return sqlError(QStringLiteral("no SQLite driver"),
                        QStringLiteral("install libqt6sql6-sqlite"));
    db.setDatabaseName(m_path);
    if (!db.open())
        return sqlError(QStringLiteral("cannot open"), db.lastError().text());
    QSqlQuery q(db);
    const char* statements[] = {
        "PRAGMA journal_mode=WAL",
        "PRAGMA synchronous=NORMAL",
        "CREATE TABLE IF NOT EXISTS attempts ("
        " cluster TEXT NOT NULL, job_uid TEXT NOT NULL, job_name TEXT NOT NULL,"
        " idx INTEGER NOT NULL, attempt INTEGER NOT NULL, pod TEXT NOT NULL,"
        " node TEXT, phase TEXT, reason TEXT, message TEXT,"
        " created INTEGER, started INTEGER, finished INTEGER,"
        " exit_code INTEGER NOT NULL, signal INTEGER, log_tail TEXT,"
        " PRIMARY KEY (cluster, job_uid, pod))",
        "CREATE TABLE IF NOT EXISTS parallelism ("
        " cluster TEXT NOT NULL, job_uid TEXT NOT NULL, t INTEGER NOT NULL,"
        " succeeded INTEGER NOT NULL, failed INTEGER NOT NULL, active INTEGER NOT NULL,"
        " parallelism INTEGER NOT NULL, PRIMARY KEY (cluster, job_uid, t))",
    };
    for (const char* s : statements)
        if (!q.exec(QLatin1String(s)))
            return sqlError(QStringLiteral("schema"), q.lastError().text());
    // A file cut short or overwritten opens fine and fails later, row by row: check it once.
    if (!q.exec(QStringLiteral("PRAGMA quick_check")) || !q.next() ||
        q.value(0).toString() != QLatin1String("ok"))
        return sqlError(QStringLiteral("damaged"), q.lastError().text().isEmpty()
                                                       ? q.value(0).toString()
                                                       : q.lastError().text());
    // A database others may not write (read-only file or folder) fails at the first write:
    // find out now rather than after a minute of pods.
    if (!q.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS writable (x INTEGER)")) ||
        !q.exec(QStringLiteral("DROP TABLE writable")))
        return sqlError(QStringLiteral("cannot write"), q.lastError().text());
    m_open = true;
    return true;
}

QString History::setAside(const QString& path) {
    if (!QFileInfo::exists(path))
        return {};
    QString aside;
    for (int n = 1;; ++n) {
        aside = path + QStringLiteral(".broken-%1").arg(n);
        if (!QFileInfo::exists(aside))
            break;
    }
    if (!QFile::rename(path, aside))
        return {};
    for (const char* suffix : {"-wal", "-shm"})
        if (QFileInfo::exists(path + QLatin1String(suffix)))
            QFile::rename(path + QLatin1String(suffix), aside + QLatin1String(suffix));
    return aside;
}

void History::record(const QString& cluster, const QString& jobUid, const QString& jobName,
                     const IndexAttempt& attempt) {
    if (attempt.pod.isEmpty())
        return;
    m_pending.push_back({cluster, jobUid, jobName, attempt});
}

void History::recordParallelism(const QString& cluster, const QString& jobUid,
                                const ProgressSample& sample) {
    if (jobUid.isEmpty() || !sample.t.isValid())
        return;
    m_pendingParallelism.push_back({cluster, jobUid, sample});
}

std::optional<engine::Error> History::flushParallelism(QSqlDatabase& db) {
    if (m_pendingParallelism.empty())
        return std::nullopt;
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT OR REPLACE INTO parallelism (cluster, job_uid, t, succeeded,"
                             " failed, active, parallelism) VALUES (?,?,?,?,?,?,?)"));
    for (const ParallelismRow& r : m_pendingParallelism) {
        q.addBindValue(r.cluster);
        q.addBindValue(r.jobUid);
        q.addBindValue(r.sample.t.toMSecsSinceEpoch());
        q.addBindValue(r.sample.succeeded);
        q.addBindValue(r.sample.failed);
        q.addBindValue(r.sample.active);
        q.addBindValue(r.sample.parallelism);
        if (!q.exec())
            return sqlError(QStringLiteral("insert parallelism of job %1").arg(r.jobUid),
                            q.lastError().text());
    }
    m_pendingParallelism.clear();
    // Bounded like the attempts: the newest rows are kept.
    QSqlQuery prune(db);
    prune.prepare(
        QStringLiteral("DELETE FROM parallelism WHERE rowid <= "
                       "(SELECT rowid FROM parallelism ORDER BY rowid DESC LIMIT 1 OFFSET ?)"));
    prune.addBindValue(m_maxAttempts);
    if (!prune.exec())
        return sqlError(QStringLiteral("prune parallelism"), prune.lastError().text());
    return std::nullopt;
}

engine::Result<int> History::flush() {
    if (!m_open) {
        auto o = open();
        if (!o)
            return o.error();
    }
    if (m_pending.empty() && m_pendingParallelism.empty())
        return 0;
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    if (!db.transaction())
        return sqlError(QStringLiteral("begin"), db.lastError().text());
    if (auto e = flushParallelism(db)) {
        db.rollback();
        return *e;
    }
    QSqlQuery q(db);
    // Re-recording a pod updates it in place (its rowid, hence its age for pruning, stays);
    // a log tail once captured is kept when a later update has none.
    q.prepare(QStringLiteral(
        "INSERT INTO attempts (cluster, job_uid, job_name, idx, attempt, pod, node, phase,"
        " reason, message, created, started, finished, exit_code, signal, log_tail)"
        " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
        " ON CONFLICT (cluster, job_uid, pod) DO UPDATE SET"
        " idx=excluded.idx, attempt=excluded.attempt, node=excluded.node,"
        " phase=excluded.phase, reason=excluded.reason, message=excluded.message,"
        " created=excluded.created, started=excluded.started, finished=excluded.finished,"
        " exit_code=excluded.exit_code, signal=excluded.signal,"
        " log_tail=CASE WHEN excluded.log_tail <> '' THEN excluded.log_tail ELSE log_tail END"));
    int written = 0;
    for (const Row& r : m_pending) {
        const IndexAttempt& a = r.attempt;
        q.addBindValue(r.cluster);
        q.addBindValue(r.jobUid);
        q.addBindValue(r.jobName);
        q.addBindValue(a.index);
        q.addBindValue(a.attempt);
        q.addBindValue(a.pod);
        q.addBindValue(a.node);
        q.addBindValue(a.phase);
        q.addBindValue(a.reason);
        q.addBindValue(a.message);
        q.addBindValue(timeValue(a.created));
        q.addBindValue(timeValue(a.started));
        q.addBindValue(timeValue(a.finished));
        q.addBindValue(a.exitCode);
        q.addBindValue(a.signal ? QVariant(*a.signal) : QVariant(QMetaType(QMetaType::Int)));
        q.addBindValue(a.logTail);
        if (!q.exec()) {
            const QString err = q.lastError().text();
            db.rollback();
            return sqlError(QStringLiteral("insert pod %1").arg(a.pod), err);
        }
        ++written;
    }
    m_pending.clear();
    // Keep the newest m_maxAttempts rows: rowids grow with first sightings.
    QSqlQuery prune(db);
    prune.prepare(
        QStringLiteral("DELETE FROM attempts WHERE rowid <= "
                       "(SELECT rowid FROM attempts ORDER BY rowid DESC LIMIT 1 OFFSET ?)"));
    prune.addBindValue(m_maxAttempts);
    if (!prune.exec()) {
        const QString err = prune.lastError().text();
        db.rollback();
        return sqlError(QStringLiteral("prune"), err);
    }
    if (!db.commit())
        return sqlError(QStringLiteral("commit"), db.lastError().text());
    return written;
}

engine::Result<std::vector<IndexAttempt>> History::attempts(const QString& cluster,
                                                            const QString& jobUid, Order order) {
    auto f = flush();
    if (!f)
        return f.error();
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(
        QStringLiteral(
            "SELECT idx, attempt, pod, node, phase, reason, message, created, started, finished,"
            " exit_code, signal, log_tail FROM attempts WHERE cluster = ? AND job_uid = ?"
            " ORDER BY ") +
        (order == Order::ByIndex ? QLatin1String("idx, attempt, created")
                                 : QLatin1String("rowid")));
    q.addBindValue(cluster);
    q.addBindValue(jobUid);
    if (!q.exec())
        return sqlError(QStringLiteral("read job %1").arg(jobUid), q.lastError().text());
    std::vector<IndexAttempt> out;
    while (q.next()) {
        IndexAttempt a;
        a.index = q.value(0).toInt();
        a.attempt = q.value(1).toInt();
        a.pod = q.value(2).toString();
        a.node = q.value(3).toString();
        a.phase = q.value(4).toString();
        a.reason = q.value(5).toString();
        a.message = q.value(6).toString();
        a.created = timeFrom(q.value(7));
        a.started = timeFrom(q.value(8));
        a.finished = timeFrom(q.value(9));
        a.exitCode = q.value(10).toInt();
        if (!q.value(11).isNull())
            a.signal = q.value(11).toInt();
        a.logTail = q.value(12).toString();
        a.live = false;
        out.push_back(std::move(a));
    }
    return out;
}

engine::Result<std::vector<ProgressSample>> History::parallelismSamples(const QString& cluster,
                                                                        const QString& jobUid) {
    auto f = flush();
    if (!f)
        return f.error();
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("SELECT t, succeeded, failed, active, parallelism FROM parallelism"
                             " WHERE cluster = ? AND job_uid = ? ORDER BY t"));
    q.addBindValue(cluster);
    q.addBindValue(jobUid);
    if (!q.exec())
        return sqlError(QStringLiteral("read parallelism of job %1").arg(jobUid),
                        q.lastError().text());
    std::vector<ProgressSample> out;
    while (q.next())
        out.push_back({timeFrom(q.value(0)), q.value(1).toInt(), q.value(2).toInt(),
                       q.value(3).toInt(), q.value(4).toInt()});
    return out;
}

engine::Result<QString> History::logTail(const QString& cluster, const QString& jobUid,
                                         const QString& pod) {
    auto f = flush();
    if (!f)
        return f.error();
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral(
        "SELECT log_tail FROM attempts WHERE cluster = ? AND job_uid = ? AND pod = ?"));
    q.addBindValue(cluster);
    q.addBindValue(jobUid);
    q.addBindValue(pod);
    if (!q.exec())
        return sqlError(QStringLiteral("read pod %1").arg(pod), q.lastError().text());
    return q.next() ? q.value(0).toString() : QString();
}

engine::Result<int> History::count() {
    auto f = flush();
    if (!f)
        return f.error();
    QSqlQuery q(QSqlDatabase::database(m_connection));
    if (!q.exec(QStringLiteral("SELECT COUNT(*) FROM attempts")) || !q.next())
        return sqlError(QStringLiteral("count"), q.lastError().text());
    return q.value(0).toInt();
}

engine::Result<bool> History::clear(const QString& cluster) {
    if (!m_open) {
        auto o = open();
        if (!o)
            return o.error();
    }
    std::erase_if(m_pending,
                  [&](const Row& r) { return cluster.isEmpty() || r.cluster == cluster; });
    std::erase_if(m_pendingParallelism, [&](const ParallelismRow& r) {
        return cluster.isEmpty() || r.cluster == cluster;
    });
    for (const QLatin1String table : {QLatin1String("attempts"), QLatin1String("parallelism")}) {
        QSqlQuery q(QSqlDatabase::database(m_connection));
        bool ok = false;
        if (cluster.isEmpty()) {
            ok = q.exec(QStringLiteral("DELETE FROM ") + table);
        } else {
            q.prepare(QStringLiteral("DELETE FROM ") + table +
                      QStringLiteral(" WHERE cluster = ?"));
            q.addBindValue(cluster);
            ok = q.exec();
        }
        if (!ok)
            return sqlError(QStringLiteral("clear"), q.lastError().text());
    }
    return true;
}

} // namespace tessera::store
