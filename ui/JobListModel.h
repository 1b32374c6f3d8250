#pragma once
// The job list: one row per Job of the current source, fed by the store's batched JobListDiff.
// An id→row map keeps upserts O(1); each batch ends in at most one dataChanged over the rows it
// touched, one insert of the new rows and one remove per contiguous block of removed rows.
// SortRole carries raw values (numbers, times) so the proxy sorts numerically; FilterRole
// carries the text Ctrl+F matches (name, namespace, status, reason).
// A CronJob and its runs (Jobs it controls) form a group. The CronJob's own row (JobSummary::cron,
// from the store's CronJob informer) heads it: "nightly · 4 runs", its schedule in the Mode
// column, when it was last scheduled (or that it is suspended) in the Status column and the
// tooltip; a CronJob with no runs yet has its row too. Where the CronJob itself is not listed
// (the user may not list CronJobs, or the label selector leaves it out), the newest run heads
// the group and reads as the CronJob. JobListProxy keeps a group together, its runs newest first
// under the head, shown when the group is expanded.
#include "store/JobSnapshot.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QHash>
#include <QMap>
#include <QTimer>
#include <array>
#include <functional>
#include <vector>

namespace tessera::ui {

class JobListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Name,
        Namespace,
        Mode,
        Completions,
        Parallelism,
        Active,
        Succeeded,
        Failed,
        Progress,
        Age,
        Duration,
        Status,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1,
        FilterRole,
        KeyRole,
        ProgressRole,  // succeeded / completions in [0, 1]; -1 when unknown
        GroupRole,     // "namespace/cronjob" of a CronJob's run; "" for a Job on its own
        GroupHeadRole, // true for the row a group shows: its CronJob's, else its newest run
        CreatedRole,   // the Job's creation time (runs of a group are ordered by it)
    };

    explicit JobListModel(QObject* parent = nullptr);

    // "Now" for ages and durations (tests pin it); defaults to the system clock.
    void setClock(std::function<QDateTime()> now);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    int rowOf(const QString& key) const { return m_rowByKey.value(key, -1); }
    const store::JobSummary& job(int row) const { return m_jobs[static_cast<size_t>(row)]; }

    // Human status: "Running", "Failed: BackoffLimitExceeded", "Suspended".
    static QString statusText(const store::JobSummary& job);
    // A typical widest value of a column, for its first width ("" where the title decides).
    static QString widestText(int column);
    // A status value ("Running", "Complete", ...) in the user's language; unknown ones as they are.
    static QString statusWord(engine::JobState status);

    // Every label of the listed jobs: key → its values, sorted (the scope's selector completes
    // from them).
    QMap<QString, QStringList> labelValues() const;
    // The number of runs of a group (0 when there is no such group).
    int groupRuns(const QString& group) const { return m_groups.value(group).runs; }
    // The row heading a group: its CronJob's, else its newest run's (-1 when there is no such
    // group).
    int groupHeadRow(const QString& group) const {
        return m_rowByKey.value(m_groups.value(group).head, -1);
    }

signals:
    // Which run heads a group, or how many runs it has, changed (the proxy sorts again).
    void groupsChanged();

public slots:
    void applyDiff(const tessera::store::JobListDiff& diff);
    void clear();

private:
    // One column of the list (JobListColumns.cpp holds the table, one row per column).
    using Cell = QVariant (*)(const JobListModel&, const store::JobSummary&);
    struct ColumnSpec {
        const char* title = nullptr;         // translated where it is shown
        const char* headerToolTip = nullptr; // nullptr: none
        bool alignRight = false;
        Cell show = nullptr;            // what a Job's row shows
        Cell sortKey = nullptr;         // nullptr: it sorts by what it shows
        Cell showCronJob = nullptr;     // what a CronJob's row shows; nullptr: nothing
        bool cronJobSortsByKey = false; // a CronJob's row sorts by sortKey too
        QString (*widest)() = nullptr;  // nullptr: the title decides the first width
    };
    static const std::array<ColumnSpec, ColumnCount> kColumns;

    QVariant display(const store::JobSummary& job, int column) const;
    QVariant sortValue(const store::JobSummary& job, int column) const;
    void rebuildMap();
    // Recomputes every group's head and size; emits groupsChanged when they changed.
    void rebuildGroups();
    static QString groupOf(const store::JobSummary& job);
    bool isGroupHead(int row) const;
    // The key a row opens: its own, or a CronJob's newest run's ("" when it has none yet).
    QString openKey(const store::JobSummary& job) const;
    QString cronJobToolTip(const store::JobSummary& cronJob) const;
    void tick();

    std::vector<store::JobSummary> m_jobs;
    QHash<QString, int> m_rowByKey;
    struct Group {
        QString head;      // key of the CronJob's row, else of the newest run
        QString newestRun; // key of the newest run ("" when none)
        int runs = 0;
        bool operator==(const Group&) const = default;
    };
    QHash<QString, Group> m_groups;
    std::function<QDateTime()> m_now;
    QTimer m_ageTimer; // ages and running durations move on their own
};

} // namespace tessera::ui
