#pragma once
// "Compare with…": a job's run against another (its re-run, another run of its CronJob, any job
// of the list): the indexes whose outcome changed, and each index's duration change. Both
// report inputs come from the store (JobStore::loadReportInput, on its thread); the comparison
// is core's (report::compareRuns); this dialog only picks, waits and shows.
#include "report/RunComparison.h"
#include "store/JobStore.h"

#include <QDialog>
#include <QPointer>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace tessera::ui {

class JobListModel;
class TableRowsModel;

class CompareRunsDialog : public QDialog {
    Q_OBJECT
public:
    enum Column { Index, RerunIndex, Before, After, BeforeDuration, AfterDuration, Change };

    // The other runs offered: the same CronJob's first (newest first), then the other jobs.
    CompareRunsDialog(store::JobStore* store, const JobListModel* jobs, QString key,
                      QWidget* parent = nullptr);

    QComboBox* otherPicker() const { return m_other; }
    TableRowsModel* rowsModel() const { return m_rows; }
    QLabel* summary() const { return m_summary; }
    const std::optional<report::RunComparison>& comparison() const { return m_comparison; }

public slots:
    // Loads both runs and compares them; `compared` follows (or the summary says what failed).
    void compareWith(const QString& otherKey);

signals:
    void compared();

private:
    void onReportInput(const QString& key, const store::ReportInputPtr& input,
                       const QString& error);
    void showComparison();
    void fillRows();

    QPointer<store::JobStore> m_store;
    QString m_key, m_otherKey;
    store::ReportInputPtr m_input, m_otherInput;
    std::optional<report::RunComparison> m_comparison;
    bool m_laterIsThis = true;
    QComboBox* m_other;
    QCheckBox* m_changedOnly;
    QLabel* m_summary;
    TableRowsModel* m_rows;
    QSortFilterProxyModel* m_sorted;
    QTableView* m_table;
};

} // namespace tessera::ui
