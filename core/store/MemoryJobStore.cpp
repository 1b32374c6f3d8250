#include "MemoryJobStore.h"

namespace tessera::store {

MemoryJobStore::MemoryJobStore(QString sourceName, QObject* parent)
    : JobStore(std::move(sourceName), parent) {}

void MemoryJobStore::setJobs(std::vector<JobSummary> jobs) {
    m_jobs.clear();
    for (const auto& j : jobs)
        m_jobs[j.key] = j;
    queueReset(std::move(jobs));
}

void MemoryJobStore::upsertJob(JobSummary job) {
    m_jobs[job.key] = job;
    queueUpsert(std::move(job));
}

void MemoryJobStore::removeJob(const QString& key) {
    m_jobs.erase(key);
    m_snapshots.remove(key);
    queueRemove(key);
}

void MemoryJobStore::setSnapshot(JobSnapshot snapshot) {
    upsertJob(snapshot.summary);
    auto& slot = m_snapshots[snapshot.summary.key];
    snapshot.serial = slot.serial + 1;
    slot = snapshot;
    queueSnapshot(std::make_shared<const JobSnapshot>(std::move(snapshot)));
}

std::optional<JobSummary> MemoryJobStore::job(const QString& key) const {
    auto it = m_jobs.find(key);
    if (it == m_jobs.end())
        return std::nullopt;
    return it->second;
}

void MemoryJobStore::record(const char* kind, const QString& key, int value) {
    m_actions.push_back({QLatin1String(kind), key, value});
}

void MemoryJobStore::changeJob(const QString& key, const std::function<void(JobSummary&)>& change) {
    auto it = m_jobs.find(key);
    if (it == m_jobs.end()) {
        emit actionFailed(key, QStringLiteral("no job %1 in source %2").arg(key, sourceName()));
        return;
    }
    change(it->second);
    queueUpsert(it->second);
    auto s = m_snapshots.find(key);
    if (s != m_snapshots.end()) {
        s->summary = it->second;
        s->dirtyFirst = 0;
        s->dirtyLast = -1;
        ++s->serial;
        queueSnapshot(std::make_shared<const JobSnapshot>(*s));
    }
}

void MemoryJobStore::watchJob(const QString& key) {
    record("watchJob", key);
    auto s = m_snapshots.find(key);
    if (s != m_snapshots.end()) {
        // A new watcher needs the whole grid.
        JobSnapshot whole = *s;
        whole.dirtyFirst = 0;
        whole.dirtyLast = whole.states.size() - 1;
        queueSnapshot(std::make_shared<const JobSnapshot>(std::move(whole)));
    }
}

void MemoryJobStore::unwatchJob(const QString& key) {
    record("unwatchJob", key);
}

void MemoryJobStore::setNamespace(const QString& ns) {
    record("setNamespace", ns);
    m_namespace = ns;
    std::vector<JobSummary> visible;
    for (const auto& [key, job] : m_jobs)
        if (ns.isEmpty() || job.namespace_ == ns)
            visible.push_back(job);
    queueReset(std::move(visible));
}

void MemoryJobStore::setParallelism(const QString& key, int parallelism) {
    record("setParallelism", key, parallelism);
    if (parallelism < 0) {
        emit actionFailed(
            key, QStringLiteral("spec.parallelism: must be >= 0, got %1").arg(parallelism));
        return;
    }
    changeJob(key, [&](JobSummary& j) { j.parallelism = parallelism; });
}

void MemoryJobStore::setSuspended(const QString& key, bool suspended) {
    record("setSuspended", key, suspended ? 1 : 0);
    changeJob(key, [&](JobSummary& j) {
        j.suspended = suspended;
        // As engine::jobStateOf: a finished job stays finished whatever `suspend` says.
        if (engine::isFinished(j.status))
            return;
        if (suspended)
            j.status = engine::JobState::Suspended;
        else if (j.status == engine::JobState::Suspended)
            j.status = engine::JobState::Running;
    });
}

void MemoryJobStore::deletePod(const QString& key, const QString& pod) {
    record("deletePod", key);
    m_deletedPods.push_back(pod);
}

void MemoryJobStore::deleteJob(const QString& key) {
    record("deleteJob", key);
    if (m_jobs.count(key) == 0) {
        emit actionFailed(key, QStringLiteral("no job %1 in source %2").arg(key, sourceName()));
        return;
    }
    removeJob(key);
}

void MemoryJobStore::fetchLog(const QString& key, int index, int attempt, bool follow) {
    Q_UNUSED(follow);
    record("fetchLog", key, index);
    emit logTextArrived(key, index, attempt, QString(), true); // a store in memory keeps no logs
}

} // namespace tessera::store
