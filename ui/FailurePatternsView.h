#pragma once
// The failure patterns of a job (store::failurePatternsOf): one row per group of failed attempts
// sharing exit code, reason, node and zone, largest first, with its share of all failures, and a
// headline for the largest ("83 % of failures on tessera-node-2, exit 137 OOMKilled"). Each group
// is one click from its pods (the Pods tab), its indexes (selected on the grid) and a re-run of
// just those indexes; the job view carries these out.
#include "store/FailurePatterns.h"

#include <QGroupBox>

class QLabel;
class QPushButton;
class QTableView;

namespace tessera::ui {

class TableRowsModel;

class FailurePatternsView : public QGroupBox {
    Q_OBJECT
public:
    explicit FailurePatternsView(QWidget* parent = nullptr);

    void setPatterns(store::FailurePatterns patterns);
    const store::FailurePatterns& patterns() const { return m_patterns; }
    TableRowsModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    QString headline() const;
    // "exit 137 OOMKilled on tessera-node-2 (zone-b)": what the group's attempts share.
    static QString describe(const store::FailurePattern& group);
    // The group in the table's `viewRow` (the view sorts); nullptr when there is none.
    const store::FailurePattern* groupAtViewRow(int viewRow) const;
    const store::FailurePattern* currentGroup() const;

public slots:
    // The actions on one group (by its place in patterns().groups).
    void showPodsOf(int group);
    void showIndexesOf(int group);
    void rerunIndexesOf(int group);

signals:
    void podsRequested(const QSet<QString>& pods, const QString& label);
    void indexesRequested(const engine::IndexSet& indexes);
    void rerunRequested(const engine::IndexSet& indexes);

private:
    int currentGroupNumber() const;

    store::FailurePatterns m_patterns;
    TableRowsModel* m_model;
    QTableView* m_table;
    QLabel* m_headline;
    QPushButton* m_pods;
    QPushButton* m_indexes;
    QPushButton* m_rerun;
};

} // namespace tessera::ui
