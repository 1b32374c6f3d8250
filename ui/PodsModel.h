#pragma once
// The pods of one job, one row per attempt of its snapshot (JobSnapshot::attempts: live pods and
// the ones the History remembers): name, index, attempt, phase, node, zone, exit code, reason,
// started, duration, restarts. The model holds the snapshot it shows and reads each cell from
// its attempt record, so a snapshot of 200,000 attempts costs no copy: a new snapshot of as many
// attempts is one dataChanged, another count one reset (the view keeps its selection by pod
// name, PodsPanel). Display text is formatted here; SortRole gives the raw value.
#include "store/JobSnapshot.h"

#include <QAbstractTableModel>
#include <QDateTime>

namespace tessera::ui {

class PodsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int SortRole = Qt::UserRole + 1;
    enum Column {
        NameColumn,
        IndexColumn,
        AttemptColumn,
        PhaseColumn,
        NodeColumn,
        ZoneColumn,
        ExitCodeColumn,
        ReasonColumn,
        StartedColumn,
        DurationColumn,
        RestartsColumn,
        ColumnCount
    };

    explicit PodsModel(QObject* parent = nullptr);

    // Shows `snapshot`'s attempts; returns the snapshot shown before (for the caller to release
    // where it should: the job view hands it back to the store's thread).
    store::JobSnapshotPtr setSnapshot(store::JobSnapshotPtr snapshot);
    const store::JobSnapshotPtr& snapshot() const { return m_snapshot; }

    const store::IndexAttempt& attemptAt(int row) const { return m_snapshot->attempts[row]; }
    // The attempt's node's zone ("" unknown).
    QString zoneAt(int row) const { return m_snapshot->zoneOf(attemptAt(row).node); }
    // Seconds from start to end (or to the snapshot's arrival while under way); -1 unknown.
    qint64 durationAt(int row) const;
    // The row of a pod by name; -1 when it is not shown.
    int rowOfPod(const QString& pod) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    store::JobSnapshotPtr m_snapshot;
    QDateTime m_now; // when the snapshot arrived: the running pods' durations end here
};

} // namespace tessera::ui
