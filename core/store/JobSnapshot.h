#pragma once
// The values the store hands to the UI: one row per job for the job list (JobSummary, in
// JobListDiff batches) and an immutable JobSnapshot per watched job. Plain values, cheap to copy
// or (for the snapshot) shared read-only between the store's worker thread and the GUI thread.
#include "AttemptList.h"
#include "engine/JobController.h"
#include "engine/JobState.h"

#include <QDateTime>
#include <QHash>
#include <QMap>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace tessera::store {

// What the job list shows of a CronJob itself (batch/v1 CronJob: spec and status).
struct CronJobInfo {
    QString schedule; // spec.schedule, as written ("0 2 * * *", "@hourly")
    QString timeZone; // spec.timeZone; "" = the controller's
    bool suspend = false;
    QDateTime lastScheduleTime, lastSuccessfulTime; // status; invalid when never
    int active = 0;                                 // status.active: running Jobs it started

    bool operator==(const CronJobInfo&) const = default;
};

// One row of the job list.
struct JobSummary {
    QString key; // "source/namespace/name": stable id for models (see JobStore::makeKey)
    QString uid, name, namespace_;
    bool indexed = true; // Indexed vs NonIndexed
    int completions = 0, parallelism = 0, active = 0, ready = 0, succeeded = 0, failed = 0;
    bool suspended = false;
    engine::JobState status = engine::JobState::Pending; // engine::jobStateOf, or a local overlay
    QString statusReason; // e.g. "BackoffLimitExceeded", "MaxFailedIndexesExceeded"
    QDateTime created, started, finished;
    // The CronJob that controls this Job (its controller owner reference), "" when none: the
    // job list groups a CronJob's runs under one row.
    QString cronJob;
    QMap<QString, QString> labels; // metadata.labels (the scope's selector completes from them)
    // Set on the row of a CronJob itself (uid, name, namespace_, created and labels are the
    // CronJob's, cronJob its own name so its runs group under it; key is cronJobRowKey()).
    std::optional<CronJobInfo> cron;

    bool operator==(const JobSummary&) const = default;
};

// The key of a CronJob's own row: beside the Jobs' keys ("source/namespace/name") without meeting
// one, as no Job name contains ':'.
QString cronJobRowKey(const QString& source, const QString& namespace_, const QString& name);

// A batch of job-list changes. `reset`: `upserted` is the whole list; drop every other row.
struct JobListDiff {
    bool reset = false;
    std::vector<JobSummary> upserted;
    QStringList removed; // keys

    bool empty() const { return !reset && upserted.empty() && removed.isEmpty(); }
};

struct Condition {
    QString type, status, reason, message; // status: "True", "False", "Unknown"
    QDateTime lastProbeTime, lastTransitionTime;
    bool operator==(const Condition&) const = default;
};

struct Event {
    QString type, reason, message; // type: "Normal", "Warning"
    int count = 1;
    QDateTime firstTime, lastTime;
    QString source;
    bool operator==(const Event&) const = default;
};

struct ProgressSample {
    QDateTime t;
    int succeeded = 0, failed = 0, active = 0, parallelism = 0;
    bool operator==(const ProgressSample&) const = default;
};

// Adds `sample` to a job's timeline: nothing when the counts did not change, the last sample
// replaced when it is less than `stepMillis` newer than the one before it (unless it is where the
// parallelism changed: every change is kept), and past `maxSamples` the older half thinned to
// every other sample (the whole run stays visible at half the resolution).
void appendProgressSample(std::vector<ProgressSample>& timeline, const ProgressSample& sample,
                          qint64 stepMillis, std::size_t maxSamples);

// The hostname of an Indexed Job's pod: engine::podHostname ("$(job)-$(index)") plus
// ".subdomain" when set; the one rule the grid's tooltip, the details panel and reports follow.
QString podHostname(const QString& jobName, int index, const QString& subdomain);

// Everything the job view shows for one job.
struct JobSnapshot {
    JobSummary summary;
    // The Job's own name (metadata.name), which its pods' hostnames are made of. It differs from
    // summary.name for a local run: the row is named after the run's directory, the items after
    // the name in its run.conf.
    QString jobName;
    QString subdomain; // pod hostname "$(job)-$(index)[.subdomain]"
    int backoffLimit = 6;
    int backoffLimitPerIndex = -1; // -1 = unset
    int maxFailedIndexes = -1;     // -1 = unset
    std::optional<int> activeDeadlineSeconds;
    QString completedIndexes, failedIndexes; // full strings, never cropped
    // Every index's state (0 .. completions-1) as runs: costs what the index sets and live pods
    // cost, not completions (a valid Job may have 2,000,000,000 indexes).
    engine::IndexStateMap states;
    std::map<int, int> failureCount; // index -> failed attempts, for the indexes that failed
    AttemptList attempts;            // sorted by (index, attempt, created)
    std::vector<Condition> conditions;
    std::vector<Event> events;                     // oldest first
    std::map<QString, int> podsByNode, podsByZone; // active pods; zone "" = unknown
    std::vector<ProgressSample> timeline;          // oldest first, bounded
    int dirtyFirst = 0, dirtyLast = -1;            // indexes whose state changed since the previous
                                                   // snapshot of this job (empty when last < first)
    quint64 serial = 0;                            // increases with every snapshot of this job
    // A re-run (launched from "Re-run failed" or a subset): each index -> the index it had in the
    // job it re-runs (the Job's tessera.io/original-indexes annotation, a local run's run.conf);
    // null for any other job. Shared by the snapshots of a job: it changes with the job, not
    // with each snapshot.
    std::shared_ptr<const std::map<int32_t, int32_t>> originalIndexes;
    // Each node's topology.kubernetes.io/zone label, as the source last listed the nodes (the
    // zone of an attempt is its node's). Implicitly shared: snapshots hold the same table.
    QHash<QString, QString> nodeZones;

    // The name the pods' hostnames are made of: jobName, else (a snapshot not filled from a Job)
    // the row's name.
    const QString& podJobName() const { return jobName.isEmpty() ? summary.name : jobName; }
    // The hostname the pod of `index` runs with (podHostname).
    QString hostname(int index) const { return podHostname(podJobName(), index, subdomain); }
    // The zone of `node` ("" when unknown).
    QString zoneOf(const QString& node) const { return nodeZones.value(node); }
    // How many attempts of one index failed (0 when none did).
    int failuresOf(int index) const {
        const auto it = failureCount.find(index);
        return it == failureCount.end() ? 0 : it->second;
    }
    // The index `index` had in the job this one re-runs; nullopt when it is not a re-run.
    std::optional<int> originalIndexOf(int index) const {
        if (!originalIndexes)
            return std::nullopt;
        const auto it = originalIndexes->find(index);
        return it == originalIndexes->end() ? std::nullopt : std::optional<int>(it->second);
    }
    // The attempts of one index (uses the sort order of `attempts`).
    std::vector<IndexAttempt> attemptsOf(int index) const;
    // Spec limits, index strings and conditions as the engine's Job has them (every source).
    void fillFromJob(const engine::Job& job);
    // Sets the dirty range against `previous`, the states of this job's previous snapshot
    // (every index when there is none: a new watcher needs the whole grid), then makes these
    // states the previous ones.
    void markChangedSince(std::optional<engine::IndexStateMap>& previous);
};
using JobSnapshotPtr = std::shared_ptr<const JobSnapshot>;

enum class ConnectionState { Connecting, Connected, Retrying, Unauthorized, Failed };
QString toString(ConnectionState);

// Registers the types above for queued connections (idempotent; JobStore's constructor calls it).
void registerMetaTypes();

} // namespace tessera::store

Q_DECLARE_METATYPE(tessera::store::JobSummary)
Q_DECLARE_METATYPE(tessera::store::JobListDiff)
Q_DECLARE_METATYPE(tessera::store::JobSnapshotPtr)
Q_DECLARE_METATYPE(tessera::store::ConnectionState)
