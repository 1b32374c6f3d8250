#include "DemoSource.h"

#include "serve/Server.h"

namespace tessera::store {

QString DemoFailure::describe() const {
    switch (step) {
    case Step::Listen:
        return QStringLiteral("demo server: ") + detail;
    case Step::DemoJobs:
        return QStringLiteral("demo jobs: ") + detail;
    case Step::Manifest:
        return QStringLiteral("demo manifest: ") + detail;
    }
    return detail;
}

tl::expected<Demo, DemoFailure> startDemo(const DemoOptions& options) {
    Demo demo;
    demo.server = std::make_shared<serve::Server>(options.serve);
    if (!demo.server->listen(QHostAddress::LocalHost, 0))
        return tl::unexpected(DemoFailure{DemoFailure::Step::Listen, demo.server->errorString()});
    if (options.demoJobs)
        if (auto created = demo.server->createDemoJobs(); !created)
            return tl::unexpected(
                DemoFailure{DemoFailure::Step::DemoJobs, created.error().message});
    if (!options.manifest.isEmpty())
        if (auto created = demo.server->createFromManifest(options.manifest); !created)
            return tl::unexpected(
                DemoFailure{DemoFailure::Step::Manifest, created.error().message});
    kube::ClusterConnection& c = demo.connection;
    c.contextName = options.sourceName;
    c.clusterName = options.sourceName;
    c.userName = options.sourceName;
    c.namespace_ = QStringLiteral("default");
    c.server = demo.server->url();
    c.token = options.serve.token;
    c.caPem = options.serve.tlsCaPem.isEmpty() ? options.serve.tlsCertPem : options.serve.tlsCaPem;
    demo.thread = StoreThread::cluster(c, options.sourceName, options.store);
    demo.thread->keepAlive(demo.server); // the store stops before the server it talks to
    return demo;
}

} // namespace tessera::store
