#pragma once
// The "Failures & events" tab of the job view: one row per index that failed (an attempt that
// failed, or an index the job's status counts as failed even when none of its attempts was
// recorded), its attempts, last exit code, reason and message; and the job's events. The group's
// title counts the rows it lists, from the same snapshot as the grid and the header.
#include "TableRowsModel.h"
#include "store/JobSnapshot.h"

#include <QWidget>

class QGroupBox;

namespace tessera::ui {

class FailurePatternsView;
class TableRowsModel;

class FailuresPanel : public QWidget {
    Q_OBJECT
public:
    explicit FailuresPanel(QWidget* parent = nullptr);

    void setSnapshot(const store::JobSnapshot& snapshot);
    TableRowsModel* failuresModel() const { return m_failuresModel; }
    QString failuresTitle() const;
    // The events table's columns and rows (newest first): the job's here, a pod's in its
    // describe view.
    static QStringList eventHeaders();
    static std::vector<TableRowsModel::Row> eventRows(const std::vector<store::Event>& events);
    FailurePatternsView* patternsView() const { return m_patterns; }

signals:
    // The user activated a row: show that index.
    void indexActivated(int index);

private:
    TableRowsModel* m_failuresModel;
    TableRowsModel* m_eventsModel;
    QGroupBox* m_failures;
    FailurePatternsView* m_patterns;
};

} // namespace tessera::ui
