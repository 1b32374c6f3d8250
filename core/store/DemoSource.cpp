#include "DemoSource.h"

#include "serve/Server.h"

namespace tessera::store {

engine::Result<std::unique_ptr<StoreThread>> startDemo(DemoOptions options) {
    auto server = std::make_shared<serve::Server>(options.serve);
    const auto fail = [](const QString& what) {
        engine::Error e;
        e.message = what.toStdString();
        return e;
    };
    if (!server->listen(QHostAddress::LocalHost, 0))
        return fail(QStringLiteral("demo server: %1").arg(server->errorString()));
    if (options.demoJobs)
        if (auto created = server->createDemoJobs(); !created)
            return fail(QStringLiteral("demo jobs: %1").arg(created.error().message));
    if (!options.manifest.isEmpty())
        if (auto created = server->createFromManifest(options.manifest); !created)
            return fail(QStringLiteral("demo manifest: %1").arg(created.error().message));
    kube::ClusterConnection c;
    c.contextName = options.sourceName;
    c.clusterName = options.sourceName;
    c.userName = options.sourceName;
    c.namespace_ = QStringLiteral("default");
    c.server = server->url();
    c.token = options.serve.token;
    c.caPem = options.serve.tlsCaPem.isEmpty() ? options.serve.tlsCertPem : options.serve.tlsCaPem;
    auto thread = StoreThread::cluster(c, options.sourceName, options.store);
    thread->keepAlive(server); // the store stops before the server it talks to
    return thread;
}

} // namespace tessera::store
