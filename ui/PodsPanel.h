#pragma once
// The Pods tab of the job view: every pod (attempt) of the job in a sortable table with a text
// filter, a value menu per column (phase, node, zone, exit code) and a scope line when the pods
// are narrowed to some indexes (a grid selection) or to a failure group's pods. It shows the
// snapshot it is given; the actions on the selected pods are the job view's context menu.
#include "PodsFilterProxy.h"
#include "store/JobSnapshot.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QTableView;
class QToolButton;

namespace tessera::ui {

class PodsModel;

class PodsPanel : public QWidget {
    Q_OBJECT
public:
    explicit PodsPanel(QWidget* parent = nullptr);

    // Shows `snapshot`; returns the one shown before (for the caller to release).
    store::JobSnapshotPtr setSnapshot(store::JobSnapshotPtr snapshot);

    PodsModel* podsModel() const { return m_model; }
    PodsFilterProxy* proxy() const { return m_proxy; }
    QTableView* table() const { return m_table; }
    QLineEdit* filterEdit() const { return m_text; }
    QString scopeText() const;
    // The pods shown, in the view's order (tests, "copy names").
    QStringList shownPods() const;
    // The selected rows' attempts (source rows of the model).
    std::vector<int> selectedRows() const;

public slots:
    // Narrow to one node / zone / phase / exit code (replacing that column's choice).
    void showNode(const QString& node);
    void showZone(const QString& zone);
    void showExitCode(int exitCode);
    // Narrow to some indexes (`label` says which: "indexes 3-5"); an empty set: all indexes.
    void showIndexes(const engine::IndexSet& indexes);
    // Narrow to these pods (a failure group's), `label` naming them.
    void showPods(const QSet<QString>& pods, const QString& label);
    void clearFilters();

signals:
    // A pod's row was activated (double click, Enter): show its index.
    void indexActivated(int index);
    void contextMenuRequested(const QPoint& globalPos);

private:
    enum class ValueColumn { Phase, Node, Zone, ExitCode };
    QToolButton* valueButton(ValueColumn column, const QString& text);
    void openValueMenu(ValueColumn column, QToolButton* button);
    void setFilter(PodsFilterProxy::Filter filter);
    void refreshLabels();

    PodsModel* m_model;
    PodsFilterProxy* m_proxy;
    QTableView* m_table;
    QLineEdit* m_text;
    QToolButton* m_phase;
    QToolButton* m_node;
    QToolButton* m_zone;
    QToolButton* m_exitCode;
    QLabel* m_scope;
    QToolButton* m_clear;
    QLabel* m_count;
    QString m_podsLabel;
    QStringList m_keptSelection; // pod names, across a reset
};

} // namespace tessera::ui
