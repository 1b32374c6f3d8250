#pragma once
// The data side of the dashboard: one JobStore per source (a kubeconfig context, the Demo
// endpoint, local runs). It lives on a worker thread (see StoreThread.h), never the GUI thread;
// the UI calls its Q_INVOKABLE methods through queued invocations and receives batched diffs.
//
// The values it hands over are JobSnapshot.h's: a JobSummary per job (in JobListDiff batches)
// and an immutable JobSnapshot per watched job, whose attempts are shared records
// (AttemptList.h). MemoryJobStore (MemoryJobStore.h) is fed by hand, for tests.
//
// Emission: every change is queued and handed over by one timer, so the UI gets at most one
// jobsChanged and one jobSnapshotChanged per watched job per emitInterval (100 ms: ≤ 10/s).
// connectionChanged is emitted when the state changes (and each second while Retrying, with
// the countdown).
#include "JobScope.h"
#include "JobSnapshot.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QTimer>
#include <chrono>
#include <memory>
#include <optional>

namespace tessera::report {
struct ReportInput;
}

namespace tessera::store {

// What a completion report of one job is built from (report::ReportBuilder), shared read-only.
using ReportInputPtr = std::shared_ptr<const report::ReportInput>;
struct RelaunchInput;
// What a re-run of some of a job's indexes is built from (RelaunchInput.h), shared read-only.
using RelaunchInputPtr = std::shared_ptr<const RelaunchInput>;

class JobStore : public QObject {
    Q_OBJECT
public:
    explicit JobStore(QString sourceName, QObject* parent = nullptr);
    ~JobStore() override;

    // "source/namespace/name". Names and namespaces cannot contain '/', the source name may.
    static QString makeKey(const QString& source, const QString& namespace_, const QString& name);
    struct KeyParts {
        QString source, namespace_, name;
    };
    static std::optional<KeyParts> splitKey(const QString& key);

    const QString& sourceName() const { return m_sourceName; }

    static constexpr int kAllIndexes = -2;
    static constexpr int kMergedLines = 20;
    static constexpr int kMergedAttempts = 500;
    // "[index] line" for each line of `text` (the merged log's format).
    static QString prefixLines(int index, const QString& text);

    // Coalescing interval (tests shorten it; default 100 ms).
    void setEmitInterval(std::chrono::milliseconds interval);

    // Begin listing. Call once the store is in its thread (StoreThread does).
    Q_INVOKABLE virtual void start() {}
    // Which job the job view watches in detail (pods of that job, events, logs). Several may be
    // watched; each watchJob() is counted, unwatchJob() stops at zero.
    Q_INVOKABLE virtual void watchJob(const QString& key) = 0;
    Q_INVOKABLE virtual void unwatchJob(const QString& key) = 0;
    Q_INVOKABLE virtual void setNamespace(const QString& ns) = 0; // "" = all
    // Several namespaces and a label selector. By default (sources without a server to filter):
    // one namespace as setNamespace, several as all, and no selector.
    Q_INVOKABLE virtual void setScope(const tessera::store::JobScope& scope) {
        setNamespace(scope.namespaces.size() == 1 ? scope.namespaces.front() : QString());
    }
    // List again from scratch (F5).
    Q_INVOKABLE virtual void refresh() {}
    // Actions: cluster → merge patch; local → runner; demo → the in-process endpoint. Failures
    // arrive as actionFailed.
    Q_INVOKABLE virtual void setParallelism(const QString& key, int parallelism) = 0;
    Q_INVOKABLE virtual void setSuspended(const QString& key, bool suspended) = 0;
    Q_INVOKABLE virtual void deleteJob(const QString& key) = 0;
    // Continue a job whose runner died (a local run shown "Interrupted"), as `tessera run
    // --resume` would. By default: not available for this source (actionFailed).
    Q_INVOKABLE virtual void resumeJob(const QString& key);
    // Deletes one pod of the job (by name), as `kubectl delete pod` would; its Job's controller
    // counts and replaces it. By default: not available for this source (actionFailed).
    Q_INVOKABLE virtual void deletePod(const QString& key, const QString& pod);
    // index's attempt (as in IndexAttempt::attempt; -1 = the newest). Text arrives in pieces
    // through logTextArrived; `finished` on the last one. index == kAllIndexes: the job's logs
    // merged, as `kubectl logs --prefix` would: the last kMergedLines lines of the newest attempt
    // of each index (at most kMergedAttempts of them, the most recently started), each line
    // prefixed "[index] ", oldest attempt first, in one answer (no follow).
    Q_INVOKABLE virtual void fetchLog(const QString& key, int index, int attempt, bool follow) = 0;
    // fetchLog with more choices: `whole` sends the whole log (in pieces, from its first byte)
    // instead of its tail; `timestamps` asks a cluster for each line's time (timestamps=true;
    // local logs have none). By default: fetchLog.
    struct LogFetch {
        bool follow = false;
        bool whole = false;
        bool timestamps = false;
    };
    Q_INVOKABLE virtual void fetchLogWith(const QString& key, int index, int attempt,
                                          tessera::store::JobStore::LogFetch how) {
        fetchLog(key, index, attempt, how.follow);
    }
    // Writes the whole log of index's attempt (-1: the newest) to `path`, streamed (never held
    // whole in memory), through a temporary name renamed over `path` at the end. The answer is
    // logSaved. By default: not available for this source.
    Q_INVOKABLE virtual void saveLog(const QString& key, int index, int attempt,
                                     const QString& path, bool timestamps);
    Q_INVOKABLE virtual void stopLog(const QString& key, int index) {
        Q_UNUSED(key);
        Q_UNUSED(index);
    }
    // Forget recorded attempts (the History database) of this source.
    Q_INVOKABLE virtual void clearHistory() {}
    // After historyUnavailable: set the broken History database aside (renamed, never deleted)
    // and start a new one.
    Q_INVOKABLE virtual void resetHistory() {}
    // Emits historyUnavailable again when the History is unusable: a window that connects after
    // start() (which may already have found it so) asks for it once.
    Q_INVOKABLE virtual void repeatHistoryState() {}
    // Loads what a completion report of one job needs (spec, status and every attempt) in the
    // store's thread: a cluster asks its API server, local runs read their run directory. The
    // answer is reportInputReady. By default: not available for this source.
    Q_INVOKABLE virtual void loadReportInput(const QString& key);
    // Loads the job's items and settings and the indexes a re-run would take (a cluster job's
    // come from the items ConfigMap Tessera created with it; a local run's from its directory).
    // The answer is relaunchInputReady. By default: not available for this source.
    Q_INVOKABLE virtual void loadRelaunchInput(const QString& key);

signals:
    void jobsChanged(tessera::store::JobListDiff diff);
    void jobSnapshotChanged(tessera::store::JobSnapshotPtr snapshot);
    void connectionChanged(tessera::store::ConnectionState state, QString detail,
                           int retryInSeconds);
    void logTextArrived(QString key, int index, int attempt, QString text, bool finished);
    // The log fetchLog sends is the end of a longer one: `omittedBytes` before it were left out
    // (-1: an amount the source cannot tell, as when a cluster's tailLines cut it).
    void logCut(QString key, int index, int attempt, qint64 omittedBytes);
    // saveLog's answer: `bytes` written to `path`, or `error` (naming the file or the URL).
    void logSaved(QString key, int index, QString path, qint64 bytes, QString error);
    void actionFailed(QString key, QString message);
    // The History database cannot be opened or written (`reason` names the file and why): the
    // window goes on without it until resetHistory(). An empty reason: it works again.
    void historyUnavailable(QString reason);
    // `input` is null when `error` says why it could not be loaded.
    void reportInputReady(QString key, tessera::store::ReportInputPtr input, QString error);
    // `input` is null when `error` says why it could not be loaded.
    void relaunchInputReady(QString key, tessera::store::RelaunchInputPtr input, QString error);

protected:
    // For subclasses, in the store's thread. Nothing is emitted before the next tick.
    void queueReset(std::vector<JobSummary> all);
    void queueUpsert(JobSummary summary);
    void queueRemove(const QString& key);
    // A ready snapshot (its dirty range is merged with one still queued for the same job).
    void queueSnapshot(JobSnapshotPtr snapshot);
    // Or: note that a job changed, and buildSnapshot(key) is called once at the next tick.
    void markSnapshotDirty(const QString& key);
    virtual JobSnapshotPtr buildSnapshot(const QString& key) {
        Q_UNUSED(key);
        return {};
    }
    // Emitted at once when it differs from the last state reported.
    void reportConnection(ConnectionState state, const QString& detail, int retryInSeconds = 0);
    // Emit now whatever is queued (e.g. before an answer that refers to it).
    void flushNow();

private:
    void scheduleFlush();
    void flush();

    QString m_sourceName;
    QTimer m_flushTimer;
    std::chrono::milliseconds m_interval{100};
    // Queued job-list changes, folded per key.
    bool m_reset = false;
    QHash<QString, JobSummary> m_upserts;
    QSet<QString> m_removed;
    QHash<QString, JobSnapshotPtr> m_readySnapshots;
    QSet<QString> m_dirtySnapshots;
    std::optional<std::tuple<ConnectionState, QString, int>> m_connection;
};

} // namespace tessera::store

Q_DECLARE_METATYPE(tessera::store::JobStore::LogFetch)
Q_DECLARE_METATYPE(tessera::store::ReportInputPtr)
Q_DECLARE_METATYPE(tessera::store::RelaunchInputPtr)
