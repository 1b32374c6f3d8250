#pragma once
// The job list's context menu and multi-selection: open (here or in a window), logs, YAML, copy
// names, suspend, resume, set parallelism, re-run failed indexes, delete. Suspend, resume and
// delete act on every selected job, with one confirmation naming them (JobActions). What the
// list cannot do itself (open a window, logs, YAML, a re-run) it asks for by signal; the main
// window connects them.
#include <QObject>
#include <QPointer>
#include <QStringList>
#include <functional>

class QMenu;
class QTableView;
class QWidget;

namespace tessera::store {
class JobStore;
}

namespace tessera::ui {

class JobListMenu : public QObject {
    Q_OBJECT
public:
    using StoreGetter = std::function<store::JobStore*()>;

    // Makes `table` (a JobListModel behind a proxy) multi-selecting, with this context menu.
    JobListMenu(QTableView* table, StoreGetter store, QWidget* window);

    // The selected jobs' keys, in the list's order.
    QStringList selectedKeys() const;
    // The menu for the current selection (a new object; the caller shows or deletes it).
    QMenu* buildMenu();

signals:
    void openRequested(const QString& key);
    void openInWindowRequested(const QString& key);
    void logsRequested(const QString& key);
    // The YAML of the job (pod empty).
    void yamlRequested(const QString& key, const QString& pod);
    void rerunFailedRequested(const QString& key);

private:
    QTableView* m_table;
    StoreGetter m_store;
    QPointer<QWidget> m_window;
};

} // namespace tessera::ui
