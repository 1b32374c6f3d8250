#pragma once
// After a launch, the new job is selected in the job list and shown as soon as its source lists
// it (a launch returns before the watch delivers the job). The job filter is left as the user
// set it: when it hides the new job, the job is still shown and `notify` says that the filter
// hides it.
#include <QObject>
#include <QString>
#include <functional>

class QSortFilterProxyModel;
class QTableView;

namespace tessera::ui {
class JobListModel;
}

namespace tessera::ui::launch {

class LaunchedJobSelector : public QObject {
    Q_OBJECT
public:
    using Open = std::function<void(const QString& key)>;
    using Notify = std::function<void(const QString& message)>;

    LaunchedJobSelector(JobListModel* model, QSortFilterProxyModel* proxy, QTableView* table,
                        Open open, Notify notify, QObject* parent = nullptr);

    // Selects the job whose key is `key`, or ends in "/<namespace>/<name>" (a cluster launch,
    // whose source part the window does not know), now or when it is listed. A later call
    // replaces an earlier one still waiting.
    void select(const QString& key);
    void selectClusterJob(const QString& namespace_, const QString& name);
    QString pending() const { return m_pending; }

private:
    void trySelect();

    JobListModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    Open m_open;
    Notify m_notify;
    QString m_pending;
    bool m_suffix = false;
};

} // namespace tessera::ui::launch
