#pragma once
// A JobStore fed by hand: for UI tests and previews. Jobs and snapshots are set directly; the
// actions change the stored job (parallelism, suspend, delete) the way a real source would
// report it back, and are recorded so a test can assert what the UI asked for.
#include "JobStore.h"

#include <QHash>
#include <functional>
#include <map>

namespace tessera::store {

class MemoryJobStore : public JobStore {
    Q_OBJECT
public:
    struct Action {
        QString kind; // "setParallelism", "setSuspended", "deleteJob", "fetchLog", "watchJob", ...
        QString key;
        int value = 0;
    };

    explicit MemoryJobStore(QString sourceName = QStringLiteral("memory"),
                            QObject* parent = nullptr);

    // Feeding (store thread). Each call is batched like a real source's changes.
    void setJobs(std::vector<JobSummary> jobs);
    void upsertJob(JobSummary job);
    void removeJob(const QString& key);
    void setSnapshot(JobSnapshot snapshot); // also upserts its summary

    const std::vector<Action>& actions() const { return m_actions; }
    const QStringList& deletedPods() const { return m_deletedPods; }
    const QString& namespaceFilter() const { return m_namespace; }
    std::optional<JobSummary> job(const QString& key) const;

    void watchJob(const QString& key) override;
    void unwatchJob(const QString& key) override;
    void setNamespace(const QString& ns) override;
    void setParallelism(const QString& key, int parallelism) override;
    void setSuspended(const QString& key, bool suspended) override;
    void deleteJob(const QString& key) override;
    void deletePod(const QString& key, const QString& pod) override;
    void fetchLog(const QString& key, int index, int attempt, bool follow) override;

private:
    void record(const char* kind, const QString& key, int value = 0);
    void changeJob(const QString& key, const std::function<void(JobSummary&)>& change);

    std::map<QString, JobSummary> m_jobs;
    QStringList m_deletedPods;
    QHash<QString, JobSnapshot> m_snapshots;
    std::vector<Action> m_actions;
    QString m_namespace;
};

} // namespace tessera::store
