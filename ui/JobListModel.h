#pragma once
// The job list: one row per Job of the current source, fed by the store's batched JobListDiff.
// An id→row map keeps upserts O(1); each batch ends in at most one dataChanged over the rows it
// touched, one insert of the new rows and one remove per contiguous block of removed rows.
// SortRole carries raw values (numbers, times) so the proxy sorts numerically; FilterRole
// carries the text Ctrl+F matches (name, namespace, status, reason).
#include "store/JobSnapshot.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QHash>
#include <QTimer>
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
        ProgressRole, // succeeded / completions in [0, 1]; -1 when unknown
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
    // A status value ("Running", "Complete", ...) in the user's language; unknown ones as they are.
    static QString statusWord(engine::JobState status);

public slots:
    void applyDiff(const tessera::store::JobListDiff& diff);
    void clear();

private:
    QVariant display(const store::JobSummary& job, int column) const;
    QVariant sortValue(const store::JobSummary& job, int column) const;
    void rebuildMap();
    void tick();

    std::vector<store::JobSummary> m_jobs;
    QHash<QString, int> m_rowByKey;
    std::function<QDateTime()> m_now;
    QTimer m_ageTimer; // ages and running durations move on their own
};

} // namespace tessera::ui
