#include "Server.h"

#include "ApiKinds.h"
#include "ApiServer.h"
#include "CronJobController.h"
#include "GarbageCollector.h"
#include "JobRunner.h"
#include "Metrics.h"
#include "ObjectStore.h"
#include "TtlAfterFinishedController.h"
#include "codec/Manifests.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace tessera::serve {

struct Server::Core {
    explicit Core(const ServeOptions& options)
        : store(options.historyLimit) {
        // What every cluster has: namespaces and a few nodes over three zones.
        for (const char* ns : {"default", "kube-system", "kube-public", "kube-node-lease"})
            store.create(
                QStringLiteral("namespaces"), QString(),
                QJsonObject{{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                            {QStringLiteral("kind"), QStringLiteral("Namespace")},
                            {QStringLiteral("metadata"),
                             QJsonObject{{QStringLiteral("name"), QLatin1String(ns)}}},
                            {QStringLiteral("status"),
                             QJsonObject{{QStringLiteral("phase"), QStringLiteral("Active")}}}});
        static const char* zones[] = {"zone-a", "zone-b", "zone-c"};
        for (int i = 1; i <= std::max(1, options.nodeCount); ++i) {
            const QString name = QStringLiteral("tessera-node-%1").arg(i);
            const QString zone = QLatin1String(zones[(i - 1) % 3]);
            store.create(
                QStringLiteral("nodes"), QString(),
                QJsonObject{
                    {QStringLiteral("apiVersion"), QStringLiteral("v1")},
                    {QStringLiteral("kind"), QStringLiteral("Node")},
                    {QStringLiteral("metadata"),
                     QJsonObject{
                         {QStringLiteral("name"), name},
                         {QStringLiteral("labels"),
                          QJsonObject{{QStringLiteral("kubernetes.io/hostname"), name},
                                      {QStringLiteral("kubernetes.io/os"), QStringLiteral("linux")},
                                      {QStringLiteral("topology.kubernetes.io/zone"), zone},
                                      {QStringLiteral("topology.kubernetes.io/region"),
                                       QStringLiteral("tessera-local")}}}}},
                    {QStringLiteral("status"),
                     QJsonObject{{QStringLiteral("nodeInfo"), // the VERSION of `kubectl get nodes`
                                  QJsonObject{{QStringLiteral("kubeletVersion"),
                                               QStringLiteral("v1.32.0-tessera")}}},
                                 {QStringLiteral("capacity"),
                                  QJsonObject{{QStringLiteral("cpu"), QStringLiteral("16")},
                                              {QStringLiteral("memory"), QStringLiteral("64Gi")},
                                              {QStringLiteral("pods"), QStringLiteral("110")}}},
                                 {QStringLiteral("conditions"),
                                  QJsonArray{QJsonObject{
                                      {QStringLiteral("type"), QStringLiteral("Ready")},
                                      {QStringLiteral("status"), QStringLiteral("True")},
                                      {QStringLiteral("reason"), QStringLiteral("KubeletReady")}}}},
                                 {QStringLiteral("addresses"),
                                  QJsonArray{QJsonObject{
                                      {QStringLiteral("type"), QStringLiteral("InternalIP")},
                                      {QStringLiteral("address"),
                                       QStringLiteral("192.168.49.%1").arg(i + 1)}}}}}}});
        }
        // The `kubernetes` Service (port 443 to the API server's, 6443 by convention) and the
        // `default` ServiceAccounts, as a cluster's controllers create them.
        createBuiltinObjects(store, 6443);
        if (options.runJobs) {
            runner = std::make_unique<JobRunner>(store, metrics, options);
            runner->start();
        }
        api = std::make_unique<ApiServer>(store, metrics, runner.get(), options);
        if (options.runJobs) {
            cronJobs = std::make_unique<CronJobController>(
                store,
                CronJobController::JobActions{
                    [this](const QString& ns, const QJsonObject& job) {
                        return api->createObject(QStringLiteral("jobs"), ns, job);
                    },
                    [this](const QString& ns, const QString& name) {
                        return api->deleteObject(QStringLiteral("jobs"), ns, name,
                                                 Propagation::Background);
                    }},
                options);
            cronJobs->start();
        }
        garbageCollector.start();
        ttlAfterFinished.start();
    }

    ObjectStore store;
    Metrics metrics;
    std::unique_ptr<JobRunner> runner;
    std::unique_ptr<ApiServer> api;
    GarbageCollector garbageCollector{store};
    TtlAfterFinishedController ttlAfterFinished{store};
    std::unique_ptr<CronJobController> cronJobs; // after api: it creates Jobs through it
};

namespace {

template <typename F> void blocking(QObject* anchor, F&& f) {
    if (QThread::currentThread() == anchor->thread())
        f();
    else
        QMetaObject::invokeMethod(anchor, std::forward<F>(f), Qt::BlockingQueuedConnection);
}

QString resourceForKind(const std::string& kind) {
    for (const ResourceInfo* r : servedResources())
        if (!r->createOnly && kind == r->kind)
            return QLatin1String(r->name);
    return {};
}

} // namespace

Server::Server(ServeOptions options)
    : m_options(std::move(options)) {
    m_thread.setObjectName(QStringLiteral("tessera-serve"));
    m_anchor = new QObject;
    m_anchor->moveToThread(&m_thread);
    m_thread.start();
    blocking(m_anchor, [this] { m_core = new Core(m_options); });
}

Server::~Server() {
    blocking(m_anchor, [this] {
        delete m_core;
        m_core = nullptr;
    });
    m_thread.quit();
    m_thread.wait();
    delete m_anchor;
}

bool Server::listen(const QHostAddress& address, quint16 port) {
    bool ok = false;
    blocking(m_anchor, [&] {
        if (!m_core->api->tlsError().isEmpty()) {
            m_error = m_core->api->tlsError();
            return;
        }
        ok = m_core->api->listen(address, port);
        if (!ok) {
            m_error =
                QStringLiteral("cannot listen on %1:%2: %3")
                    .arg(address.toString(), QString::number(port), m_core->api->errorString());
            return;
        }
        m_port = m_core->api->serverPort();
        m_address = m_core->api->serverAddress();
    });
    return ok;
}

QUrl Server::url() const {
    QUrl u;
    u.setScheme(m_options.tlsCertPem.isEmpty() ? QStringLiteral("http") : QStringLiteral("https"));
    QHostAddress host = m_address;
    if (host == QHostAddress::Any || host == QHostAddress::AnyIPv4 || host.isNull())
        host = QHostAddress::LocalHost;
    else if (host == QHostAddress::AnyIPv6)
        host = QHostAddress::LocalHostIPv6;
    u.setHost(host.toString());
    u.setPort(m_port);
    return u;
}

QByteArray Server::kubeconfig(const QString& name) const {
    const QByteArray n = name.toUtf8();
    QByteArray out = "apiVersion: v1\nkind: Config\nclusters:\n- name: " + n +
                     "\n  cluster:\n    server: " + url().toString().toUtf8() + '\n';
    if (!m_options.tlsCertPem.isEmpty()) {
        const QByteArray ca =
            m_options.tlsCaPem.isEmpty() ? m_options.tlsCertPem : m_options.tlsCaPem;
        out += "    certificate-authority-data: " + ca.toBase64() + '\n';
    }
    out += "users:\n- name: " + n + "\n  user:";
    if (!m_options.token.isEmpty())
        out += "\n    token: " + m_options.token.toUtf8() + '\n';
    else
        out += " {}\n";
    out += "contexts:\n- name: " + n + "\n  context:\n    cluster: " + n + "\n    user: " + n +
           "\n    namespace: default\ncurrent-context: " + n + '\n';
    return out;
}

QString Server::writeKubeconfig(const QString& path, const QString& name) const {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QStringLiteral("%1: %2").arg(path, file.errorString());
    // The file may hold a token: readable by its owner only.
    file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    file.write(kubeconfig(name));
    if (!file.commit())
        return QStringLiteral("%1: %2").arg(path, file.errorString());
    return {};
}

ApiOutcome<QStringList> Server::createFromManifest(const QByteArray& text,
                                                   const QString& defaultNamespace) {
    auto manifests = codec::parseManifests(
        std::string_view(text.constData(), static_cast<size_t>(text.size())), "manifest");
    if (!manifests)
        return apiFailure(400, "BadRequest", QString::fromStdString(manifests.error().message));
    QStringList created;
    std::optional<ApiFailure> failure;
    blocking(m_anchor, [&] {
        for (const codec::Manifest& m : *manifests) {
            const QString resource = resourceForKind(m.kind);
            if (resource.isEmpty()) {
                failure = ApiFailure{
                    400, QStringLiteral("BadRequest"),
                    QStringLiteral("%1: kind %2 is not served")
                        .arg(QString::fromStdString(m.source), QString::fromStdString(m.kind))};
                return;
            }
            const QJsonObject object =
                QJsonDocument::fromJson(QByteArray::fromStdString(m.json)).object();
            const QString ns = object.value(QStringLiteral("metadata"))
                                   .toObject()
                                   .value(QStringLiteral("namespace"))
                                   .toString(defaultNamespace);
            auto stored = m_core->api->createObject(resource, ns, object);
            if (!stored) {
                failure = stored.error();
                return;
            }
            created << (resource == QLatin1String("jobs")
                            ? QStringLiteral("job.batch/")
                            : resource.chopped(1) + QLatin1Char('/')) +
                           (*stored)->name;
        }
    });
    if (failure)
        return tl::unexpected(*failure);
    return created;
}

ApiOutcome<QStringList> Server::createDemoJobs() {
    return createFromManifest(demoManifest());
}

void Server::addFault(const Fault& fault) {
    blocking(m_anchor, [&] { m_core->api->addFault(fault); });
}

void Server::clearFaults() {
    blocking(m_anchor, [&] { m_core->api->clearFaults(); });
}

void Server::dropWatches() {
    blocking(m_anchor, [&] { m_core->api->dropWatches(); });
}

void Server::compactHistory() {
    blocking(m_anchor, [&] { m_core->store.compact(); });
}

int Server::watchCount() const {
    int n = 0;
    blocking(m_anchor, [&] { n = m_core->api->watchCount(); });
    return n;
}

void Server::run(const std::function<void(ObjectStore&, ApiServer&)>& fn) const {
    blocking(m_anchor, [&] { fn(m_core->store, *m_core->api); });
}

} // namespace tessera::serve
