#include "ClusterLauncher.h"

#include "codec/Decode.h"
#include "kube/ApiClient.h"

#include <QCoreApplication>
#include <memory>

namespace tessera::launch {

namespace {

engine::Error error(const QString& message) {
    engine::Error e;
    e.message = message.toStdString();
    return e;
}

QString configMapPath(const QString& ns, const std::string& name) {
    return QStringLiteral("/api/v1/namespaces/%1/configmaps/%2")
        .arg(ns, QString::fromStdString(name));
}

} // namespace

void ClusterLauncher::launch(kube::ApiClient& client, const QString& namespace_,
                             const LaunchManifests& manifests, QObject* context, Done done) {
    auto m = std::make_shared<LaunchManifests>(manifests);
    auto finish = std::make_shared<Done>(std::move(done));
    kube::ApiClient* c = &client;
    const QByteArray cmJson = QByteArray::fromStdString(m->configMap.toJson());
    c->createConfigMap(
        namespace_, cmJson, context, [=](const kube::ApiResult<kube::ApiResponse>& r) {
            if (!r) {
                (*finish)(error(
                    QCoreApplication::translate("ClusterLauncher", "creating ConfigMap %1: %2")
                        .arg(QString::fromStdString(m->configMapName), r.error().message)));
                return;
            }
            const QByteArray jobJson = QByteArray::fromStdString(m->job.toJson());
            c->createJob(
                namespace_, jobJson, context, [=](const kube::ApiResult<kube::ApiResponse>& jr) {
                    if (!jr) {
                        // Leave nothing behind: the items are useless without their Job.
                        kube::ApiClient::Request del;
                        del.verb = "DELETE";
                        del.path = configMapPath(namespace_, m->configMapName);
                        const QString why = jr.error().message;
                        c->send(del, context, [=](const kube::ApiResult<kube::ApiResponse>&) {
                            (*finish)(error(QCoreApplication::translate("ClusterLauncher",
                                                                        "creating Job %1: %2")
                                                .arg(QString::fromStdString(m->jobName), why)));
                        });
                        return;
                    }
                    const auto created = codec::decodeJob(std::string_view(
                        jr->body.constData(), static_cast<std::size_t>(jr->body.size())));
                    if (!created || created->job.metadata.uid.empty()) {
                        (*finish)(error(QCoreApplication::translate(
                                            "ClusterLauncher",
                                            "Job %1 was created but the server's answer has no UID")
                                            .arg(QString::fromStdString(m->jobName))));
                        return;
                    }
                    LaunchedJob job{namespace_.toStdString(), created->job.metadata.name,
                                    created->job.metadata.uid};
                    kube::ApiClient::Request patch;
                    patch.verb = "PATCH";
                    patch.path = configMapPath(namespace_, m->configMapName);
                    patch.contentType = "application/merge-patch+json";
                    patch.body = QByteArray::fromStdString(m->ownerReferencePatch(job.uid));
                    c->send(patch, context, [=](const kube::ApiResult<kube::ApiResponse>& pr) {
                        if (!pr) {
                            (*finish)(error(
                                QCoreApplication::translate(
                                    "ClusterLauncher",
                                    "Job %1 was created, but ConfigMap %2 could not be tied to it "
                                    "(delete it with the Job): %3")
                                    .arg(QString::fromStdString(m->jobName),
                                         QString::fromStdString(m->configMapName),
                                         pr.error().message)));
                            return;
                        }
                        (*finish)(job);
                    });
                });
        });
}

} // namespace tessera::launch
