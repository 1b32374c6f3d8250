#pragma once
// One attempt (pod) described, as `kubectl describe pod` would: its phase, node, conditions,
// container states with their last termination, and its own events (scheduling, image pulls,
// OOM kills, evictions: the events whose involvedObject.name is the pod), beside the job's events
// from the store's snapshot. The pod and its events are watched (two kube::Informers in the
// client's thread) while the dialog is open: a change shows when it happens, and the watches end
// with the dialog. A pod the API no longer has is described from what the History recorded of
// it, and says it is gone.
#include "ObjectRef.h"
#include "kube/Informer.h"
#include "store/JobSnapshot.h"

#include <QDialog>
#include <QHash>
#include <QJsonObject>
#include <QPointer>

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
    ~PodDescribeDialog() override;
    // Closing ends the watches (a dialog kept after closing shows what it last saw).
    void done(int result) override;

    QString summaryText() const;
    TableRowsModel* conditionsModel() const { return m_conditions; }
    TableRowsModel* containersModel() const { return m_containers; }
    TableRowsModel* podEventsModel() const { return m_podEvents; }
    TableRowsModel* jobEventsModel() const { return m_jobEvents; }
    // True once the pod was found gone (404) and the History's record is shown.
    bool podGone() const { return m_gone; }

signals:
    // The pod (or its record) and its events were shown (tests wait for it).
    void refreshed();

private:
    void startWatches();
    void stopWatches();
    void onPodBatch(const kube::InformerBatchPtr& batch);
    void onEventsBatch(const kube::InformerBatchPtr& batch);
    void onWatchState(const kube::WatchState& state, bool events);
    void showPod(const QJsonObject& pod);
    void showRecorded();
    void setJobSnapshot(const store::JobSnapshotPtr& snapshot);

    QPointer<kube::ApiClient> m_client;
    ObjectRef m_pod;
    store::JobSnapshotPtr m_snapshot;
    QLabel* m_summary;
    TableRowsModel* m_conditions;
    TableRowsModel* m_containers;
    TableRowsModel* m_podEvents;
    TableRowsModel* m_jobEvents;
    QGroupBox* m_podEventsGroup;
    QPointer<kube::Informer> m_podWatch, m_eventsWatch; // living in the client's thread
    QHash<QString, store::Event> m_podEventsByName;
    bool m_gone = false;
};

} // namespace tessera::ui
