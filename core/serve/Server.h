#pragma once
// `tessera serve` in-process: a Kubernetes-compatible API server with simulated pods, on its own
// thread. The GUI's Demo source and the tests start it like this:
//
//   serve::Server server(options);               // options: ServeOptions.h
//   if (!server.listen(QHostAddress::LocalHost, 0)) fail(server.errorString());
//   server.port(); server.url();                 // where clients connect
//   server.createFromManifest(yaml);             // Jobs, ConfigMaps, ... as `kubectl create -f`
//   server.kubeconfig();                         // a kubeconfig that reaches it (token, CA)
//
// Every member function may be called from any thread; calls that touch the server's state
// block until the server thread has answered (they are quick). The destructor stops the thread.
#include "Fault.h"
#include "ServeOptions.h"
#include "ServeTypes.h"

#include <QHostAddress>
#include <QStringList>
#include <QThread>
#include <QUrl>
#include <functional>

namespace tessera::serve {

class ObjectStore;
class ApiServer;
class JobRunner;

class Server {
public:
    explicit Server(ServeOptions options = {});
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    bool listen(const QHostAddress& address = QHostAddress::LocalHost, quint16 port = 0);
    QString errorString() const { return m_error; }
    quint16 port() const { return m_port; }
    QUrl url() const; // https://127.0.0.1:PORT (http:// without TLS)
    const ServeOptions& options() const { return m_options; }

    // A kubeconfig with one cluster/user/context named `name`: the server URL, the CA (TLS) and
    // the token (when set). writeKubeconfig writes it with mode 0600 through a temporary file;
    // returns "" or an error naming the file.
    QByteArray kubeconfig(const QString& name = QStringLiteral("tessera")) const;
    QString writeKubeconfig(const QString& path,
                            const QString& name = QStringLiteral("tessera")) const;

    // Creates every document of a YAML/JSON manifest (Job, ConfigMap, Pod, Namespace), as
    // `kubectl create -f` would. Returns "job.batch/NAME"-style names, or the first error.
    ApiOutcome<QStringList>
    createFromManifest(const QByteArray& text,
                       const QString& defaultNamespace = QStringLiteral("default"));
    // The built-in demo: a 20,000-index job, one with failing indexes, a quick one, a suspended
    // one.
    ApiOutcome<QStringList> createDemoJobs();
    static QByteArray demoManifest();

    // ---- Tests and diagnostics ----
    void addFault(const Fault& fault);
    void clearFaults();
    void dropWatches();
    // Forgets the watch history: a watch from an older resourceVersion now gets 410 Expired.
    void compactHistory();
    int watchCount() const;
    // Runs fn in the server thread and waits for it.
    void run(const std::function<void(ObjectStore& store, ApiServer& api)>& fn) const;

private:
    struct Core;
    ServeOptions m_options;
    QThread m_thread;
    QObject* m_anchor = nullptr; // lives in m_thread: the target of blocking calls
    Core* m_core = nullptr;
    quint16 m_port = 0;
    QHostAddress m_address;
    QString m_error;
};

} // namespace tessera::serve
