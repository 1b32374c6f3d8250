#pragma once
// A local record of every attempt (pod) Tessera has seen, so the grid, the failures panel, the
// timeline and reports still show exit codes, reasons and nodes after the controller or a TTL
// deleted the pods, and after Tessera restarts.
//
// One SQLite file (QtSql), by default `$XDG_DATA_HOME/tessera/history.sqlite`
// (~/.local/share/tessera/history.sqlite), beside the local runs. Rows are keyed by (cluster, job
// UID, pod name); re-recording a pod updates its row. Bounded: after each write only the newest
// `maxAttempts` rows (by first sighting; default 200,000, about 60 MB) are kept. Beside the
// attempts, each job's parallelism as it was seen to change (a progress sample at each change),
// bounded the same way, so the charts show the changes after a restart too.
//
// Not thread-safe: create, use and destroy it in one thread (the store's worker thread).
// record() only buffers; flush() writes the buffer in one transaction (the owner calls it on a
// timer, so a burst of pod updates costs one commit).
#include "JobSnapshot.h"
#include "engine/Result.h"

#include <QString>
#include <optional>
#include <vector>

class QSqlDatabase;

namespace tessera::store {

class History {
public:
    static constexpr int kDefaultMaxAttempts = 200000;
    static QString defaultPath();

    explicit History(QString path, int maxAttempts = kDefaultMaxAttempts);
    ~History();
    History(const History&) = delete;
    History& operator=(const History&) = delete;

    // Opens (creating the folder, file and schema when missing). The error names the file.
    engine::Result<bool> open();
    bool isOpen() const { return m_open; }
    const QString& path() const { return m_path; }

    void record(const QString& cluster, const QString& jobUid, const QString& jobName,
                const IndexAttempt& attempt);
    // A job's progress when its parallelism was seen to change (or the job was first seen).
    // Buffered like record().
    void recordParallelism(const QString& cluster, const QString& jobUid,
                           const ProgressSample& sample);
    int pendingCount() const {
        return static_cast<int>(m_pending.size() + m_pendingParallelism.size());
    }
    // Forgets what record() and recordParallelism() buffered (the database cannot take it).
    void discardPending() {
        m_pending.clear();
        m_pendingParallelism.clear();
    }
    // Renames a database file (and its -wal and -shm companions) to a free "PATH.broken-N", so a
    // new one can be made at PATH without losing the old; returns the new name ("" when there
    // was no file).
    static QString setAside(const QString& path);
    // Writes what record() buffered; returns the number of rows written.
    engine::Result<int> flush();

    // Every recorded attempt of one job, sorted by (index, attempt, created), or in the order
    // they were first recorded (the order the row limit forgets them in). Flushes first.
    enum class Order { ByIndex, FirstRecorded };
    engine::Result<std::vector<IndexAttempt>>
    attempts(const QString& cluster, const QString& jobUid, Order order = Order::ByIndex);
    // What recordParallelism() recorded of one job, oldest first. Flushes first.
    engine::Result<std::vector<ProgressSample>> parallelismSamples(const QString& cluster,
                                                                   const QString& jobUid);
    // The last log lines recorded of one pod ("" when none were). Flushes first.
    engine::Result<QString> logTail(const QString& cluster, const QString& jobUid,
                                    const QString& pod);
    engine::Result<int> count();
    // Forgets everything (cluster empty) or one cluster's attempts.
    engine::Result<bool> clear(const QString& cluster = {});

private:
    struct Row {
        QString cluster, jobUid, jobName;
        IndexAttempt attempt;
    };
    struct ParallelismRow {
        QString cluster, jobUid;
        ProgressSample sample;
    };
    engine::Error sqlError(const QString& what, const QString& detail) const;
    // Writes the buffered parallelism samples and prunes them (inside flush's transaction).
    std::optional<engine::Error> flushParallelism(QSqlDatabase& db);

    QString m_path;
    QString m_connection;
    int m_maxAttempts;
    bool m_open = false;
    std::vector<Row> m_pending;
    std::vector<ParallelismRow> m_pendingParallelism;
};

} // namespace tessera::store
