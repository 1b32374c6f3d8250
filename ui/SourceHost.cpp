#include "SourceHost.h"

#include "kube/Kubeconfig.h"
#include "serve/Server.h"
#include "store/DemoSource.h"
#include "store/History.h"
#include "store/LocalSource.h"
#include "store/StoreThread.h"

#include <QCoreApplication>

namespace tessera::ui {

SourceHost::~SourceHost() {
    // The store (and its client) stop before the server they talk to.
    m_thread.reset();
    m_server.reset();
}

KubeconfigContexts SourceHost::readContexts() {
    KubeconfigContexts out;
    if (!kube::Kubeconfig::anyFileExists())
        return out;
    auto config = kube::Kubeconfig::load();
    if (!config) {
        out.problem = QString::fromStdString(config.error().message);
        return out;
    }
    for (const auto& c : config->contexts())
        out.names << c.name;
    out.current = config->currentContext();
    return out;
}

engine::Result<kube::ClusterConnection> SourceHost::resolveContext(const QString& context) {
    auto config = kube::Kubeconfig::load();
    if (!config)
        return config.error();
    return config->resolve(context);
}

QString SourceHost::displayName() const {
    if (m_id == demoId())
        return QCoreApplication::translate("SourceHost", "Demo");
    if (m_id == localId())
        return QCoreApplication::translate("SourceHost", "Local runs");
    return m_id.section(QLatin1Char(':'), 1);
}

std::unique_ptr<SourceHost> SourceHost::borrow(store::JobStore* store, QString id,
                                               std::optional<kube::ClusterConnection> connection) {
    std::unique_ptr<SourceHost> host(new SourceHost);
    host->m_id = std::move(id);
    host->m_store = store;
    host->m_connection = std::move(connection);
    return host;
}

std::unique_ptr<SourceHost> SourceHost::open(const QString& id, QString* error) {
    std::unique_ptr<SourceHost> host(new SourceHost);
    host->m_id = id;
    if (id == demoId()) {
        // The built-in endpoint: `tessera serve --demo` in-process, watched through the same
        // client as a real cluster.
        store::DemoOptions options;
        options.serve.failRate = 0.03;
        auto demo = store::startDemo(options);
        if (!demo) {
            const QString detail = demo.error().detail;
            *error = demo.error().step == store::DemoFailure::Step::Listen
                         ? QCoreApplication::translate("SourceHost", "Demo server: %1").arg(detail)
                         : QCoreApplication::translate("SourceHost", "Demo jobs: %1").arg(detail);
            return nullptr;
        }
        host->m_server = std::move(demo->server);
        host->m_connection = demo->connection;
        host->m_thread = std::move(demo->thread);
    } else if (id == localId()) {
        host->m_thread = std::make_unique<store::StoreThread>(
            [](std::vector<QObject*>&) -> store::JobStore* {
                return new store::LocalSource(store::LocalSource::Options{});
            },
            QStringLiteral("store-local"));
    } else if (id.startsWith(QLatin1String("context:"))) {
        const QString context = id.mid(8);
        auto connection = resolveContext(context);
        if (!connection) {
            *error = QString::fromStdString(connection.error().message);
            return nullptr;
        }
        return openContext(context, std::move(*connection));
    } else {
        *error = QCoreApplication::translate("SourceHost", "Unknown source \"%1\"").arg(id);
        return nullptr;
    }
    host->m_store = host->m_thread->store();
    return host;
}

std::unique_ptr<SourceHost> SourceHost::openContext(const QString& context,
                                                    kube::ClusterConnection connection) {
    std::unique_ptr<SourceHost> host(new SourceHost);
    host->m_id = contextId(context);
    store::ClusterSource::Options storeOptions;
    storeOptions.historyPath = store::History::defaultPath();
    host->m_connection = connection;
    host->m_thread = store::StoreThread::cluster(std::move(connection), context, storeOptions);
    host->m_store = host->m_thread->store();
    return host;
}

} // namespace tessera::ui
