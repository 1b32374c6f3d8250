#pragma once
// One attempt (pod) described, as `kubectl describe pod` would: its phase, node, conditions,
// container states with their last termination, and its own events (scheduling, image pulls,
// OOM kills, evictions: the events whose involvedObject.name is the pod), asked again every few
// seconds while the dialog is open, beside the job's events from the store's snapshot. A pod
// the API no longer has is described from what the History recorded of it, and says it is gone.
#include "ObjectRef.h"
#include "store/JobSnapshot.h"

#include <QDialog>
#include <QTimer>

class QGroupBox;
class QLabel;

namespace tessera::store {
class JobStore;
}

namespace tessera::ui {

class TableRowsModel;

class PodDescribeDialog : public QDialog {
    Q_OBJECT
public:
    // `snapshot` (may be null) gives the History's record of the pod and the job's events; later
    // snapshots of the job from `jobStore` keep the job's events current.
    PodDescribeDialog(kube::ApiClient* client, ObjectRef pod, store::JobStore* jobStore,
                      store::JobSnapshotPtr snapshot, QWidget* parent = nullptr);

    QString summaryText() const;
    TableRowsModel* conditionsModel() const { return m_conditions; }
    TableRowsModel* containersModel() const { return m_containers; }
    TableRowsModel* podEventsModel() const { return m_podEvents; }
    TableRowsModel* jobEventsModel() const { return m_jobEvents; }
    // True once the pod was found gone (404) and the History's record is shown.
    bool podGone() const { return m_gone; }

public slots:
    void refresh();

signals:
    // The pod (or its record) and its events were shown (tests wait for it).
    void refreshed();

private:
    void showPod(const QByteArray& json);
    void showRecorded();
    void setJobSnapshot(const store::JobSnapshotPtr& snapshot);
    void refreshEvents();

    QPointer<kube::ApiClient> m_client;
    ObjectRef m_pod;
    store::JobSnapshotPtr m_snapshot;
    QLabel* m_summary;
    TableRowsModel* m_conditions;
    TableRowsModel* m_containers;
    TableRowsModel* m_podEvents;
    TableRowsModel* m_jobEvents;
    QGroupBox* m_podEventsGroup;
    QTimer m_poll;
    bool m_gone = false;
};

} // namespace tessera::ui
