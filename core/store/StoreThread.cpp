#include "StoreThread.h"

#include <QObject>

namespace tessera::store {

StoreThread::StoreThread(const Factory& make, const QString& threadName) {
    m_thread.setObjectName(threadName);
    // The context for calls into the worker thread (moved before the thread runs).
    m_context = new QObject;
    m_context->moveToThread(&m_thread);
    m_thread.start();
    // Built in the worker thread, so every QObject (and QTimer, socket, SQLite connection) has
    // its affinity there from the start.
    QMetaObject::invokeMethod(
        m_context,
        [this, &make] {
            m_store = make(m_companions);
            if (m_store)
                m_store->start();
        },
        Qt::BlockingQueuedConnection);
}

StoreThread::~StoreThread() {
    QMetaObject::invokeMethod(
        m_context,
        [this] {
            delete m_store;
            m_store = nullptr;
            for (auto it = m_companions.rbegin(); it != m_companions.rend(); ++it)
                delete *it;
            m_companions.clear();
        },
        Qt::BlockingQueuedConnection);
    m_context->deleteLater(); // deleted in its thread as the thread finishes
    m_thread.quit();
    m_thread.wait();
    while (!m_keep.empty())
        m_keep.pop_back(); // newest first
}

std::unique_ptr<StoreThread> StoreThread::cluster(kube::ClusterConnection connection,
                                                  QString sourceName,
                                                  ClusterSource::Options options) {
    return std::make_unique<StoreThread>(
        [&](std::vector<QObject*>& companions) -> JobStore* {
            auto* client = new kube::ApiClient(connection);
            companions.push_back(client);
            return new ClusterSource(sourceName, client, options);
        },
        QStringLiteral("store-%1").arg(sourceName));
}

} // namespace tessera::store
