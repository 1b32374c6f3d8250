#pragma once
// Runs a JobStore (and the objects it uses: an ApiClient, an in-process server) on a worker
// thread of its own, as the dashboard needs: the GUI thread only receives batched diffs.
//
//   auto host = StoreThread::cluster(connection, QStringLiteral("prod"), {});
//   connect(host->store(), &JobStore::jobsChanged, model, &JobListModel::applyDiff);
//   QMetaObject::invokeMethod(host->store(), [s = host->store()] { s->watchJob(key); });
//
// Destroying the StoreThread deletes the store and its companions in their thread, then
// stops the thread.
#include "ClusterSource.h"
#include "JobStore.h"
#include "kube/ClusterConnection.h"

#include <QThread>
#include <functional>
#include <memory>
#include <vector>

namespace tessera::store {

class StoreThread {
public:
    // A ClusterSource over a new ApiClient for `connection`, started.
    static std::unique_ptr<StoreThread> cluster(kube::ClusterConnection connection,
                                                QString sourceName, ClusterSource::Options options);

    // Builds the store (and companions) inside the new thread, then calls start() there.
    // `make` runs in the worker thread; companions are deleted after the store.
    using Factory = std::function<JobStore*(std::vector<QObject*>& companions)>;
    explicit StoreThread(const Factory& make, const QString& threadName = QStringLiteral("store"));
    ~StoreThread();
    StoreThread(const StoreThread&) = delete;
    StoreThread& operator=(const StoreThread&) = delete;

    JobStore* store() const { return m_store; }
    QThread* thread() { return &m_thread; }
    // Something the store talks to (an in-process server): destroyed after the store stopped.
    void keepAlive(std::shared_ptr<void> object) { m_keep.push_back(std::move(object)); }

private:
    QThread m_thread;
    QObject* m_context = nullptr;
    JobStore* m_store = nullptr;
    std::vector<QObject*> m_companions;
    std::vector<std::shared_ptr<void>> m_keep;
};

} // namespace tessera::store
