#pragma once
// One data source for one main window: the JobStore on its worker thread and whatever it needs
// (the in-process `tessera serve` for the Demo). Only wiring: the stores live in core/store.
//
//   QString error;
//   auto host = SourceHost::open(SourceHost::demoId(), &error);   // or contextId("prod"),
//   localId() host->store();   // connect its signals; call it through QMetaObject::invokeMethod
#include "engine/Result.h"
#include "kube/ClusterConnection.h"

#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

namespace tessera::serve {
class Server;
}
namespace tessera::store {
class JobStore;
class StoreThread;
} // namespace tessera::store

namespace tessera::ui {

// What the kubeconfig offers the source picker.
struct KubeconfigContexts {
    QStringList names;
    QString current;
    // Why the kubeconfig gives no contexts: its load error as the CLI prints it
    // ("/home/u/.kube/config:12:5: users[1].user.client-key-data: not valid base64"). Empty when
    // it loaded, and when there is no kubeconfig at all (nothing to fix).
    QString problem;
};

class SourceHost {
public:
    ~SourceHost();
    SourceHost(const SourceHost&) = delete;
    SourceHost& operator=(const SourceHost&) = delete;

    static QString demoId() { return QStringLiteral("demo"); }
    static QString localId() { return QStringLiteral("local"); }
    static QString contextId(const QString& context) {
        return QStringLiteral("context:") + context;
    }
    // Reads the kubeconfig files (KUBECONFIG, else ~/.kube/config). Blocking: files can be large,
    // on a slow disk or a network mount, so the window calls it through KubeconfigLoader, on a
    // worker thread.
    static KubeconfigContexts readContexts();
    // Reads the kubeconfig and resolves `context` (reading the certificate files it names).
    // Blocking, like readContexts().
    static engine::Result<kube::ClusterConnection> resolveContext(const QString& context);

    // Opens a source by id; nullptr and `error` set when it cannot be opened. For a context this
    // reads the kubeconfig (blocking); the window resolves on a worker and calls openContext.
    static std::unique_ptr<SourceHost> open(const QString& id, QString* error);
    // Opens the context whose connection is resolved already: no file is read.
    static std::unique_ptr<SourceHost> openContext(const QString& context,
                                                   kube::ClusterConnection connection);
    // Wraps a store owned elsewhere (tests, previews), with the cluster behind it if any.
    static std::unique_ptr<SourceHost>
    borrow(store::JobStore* store, QString id,
           std::optional<kube::ClusterConnection> connection = std::nullopt);

    store::JobStore* store() const { return m_store; }
    const QString& id() const { return m_id; }
    // The in-process endpoint of the Demo (nullptr for other sources); tests check actions there.
    serve::Server* server() const { return m_server.get(); }
    QString displayName() const;
    // How to reach the cluster behind this source (the Demo endpoint or a context); nullopt for
    // local runs. The Launch dialog creates jobs there.
    const std::optional<kube::ClusterConnection>& connection() const { return m_connection; }

private:
    SourceHost() = default;
    QString m_id;
    std::shared_ptr<serve::Server> m_server;
    std::optional<kube::ClusterConnection> m_connection;
    std::unique_ptr<store::StoreThread> m_thread;
    store::JobStore* m_store = nullptr;
};

} // namespace tessera::ui
