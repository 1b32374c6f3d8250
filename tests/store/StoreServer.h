#pragma once
// A small Kubernetes-like API server for the store tests: the real FakeApiServer and
// FakeCollection of tests/kube (list, watch, faults), with jobs, pods, events and nodes rendered
// from plain descriptions, and the actions (PATCH, DELETE) applied to the served job.
#include "../kube/FakeApiServer.h"
#include "../kube/FakeCollection.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <map>
#include <optional>

namespace tessera::store::test {

using kube::test::FakeApiServer;
using kube::test::FakeCollection;
using kube::test::HttpRequest;
using kube::test::ResponderPtr;

struct JobDesc {
    QString name;
    int completions = 10, parallelism = 3;
    QString completedIndexes, failedIndexes;
    int active = 0, succeeded = 0, failed = 0;
    std::optional<int> backoffLimitPerIndex;
    bool suspend = false;
    QString failedReason; // non-empty: a Failed=True condition with this reason
    QString subdomain;
    std::map<QString, QString> annotations; // metadata.annotations
};

struct PodDesc {
    QString name;
    int index = 0;
    QString phase = QStringLiteral("Running");
    QString node = QStringLiteral("node-a");
    int failureCount = 0;
    std::optional<int> exitCode; // terminated container
    QString reason, message;
};

inline QByteArray renderJob(const JobDesc& d, const QString& ns, qint64 rv) {
    QJsonObject spec{{QStringLiteral("completions"), d.completions},
                     {QStringLiteral("parallelism"), d.parallelism},
                     {QStringLiteral("completionMode"), QStringLiteral("Indexed")},
                     {QStringLiteral("suspend"), d.suspend}};
    if (d.backoffLimitPerIndex)
        spec.insert(QStringLiteral("backoffLimitPerIndex"), *d.backoffLimitPerIndex);
    QJsonObject podSpec{
        {QStringLiteral("restartPolicy"), QStringLiteral("Never")},
        {QStringLiteral("containers"),
         QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("main")},
                                {QStringLiteral("image"), QStringLiteral("busybox")}}}}};
    if (!d.subdomain.isEmpty())
        podSpec.insert(QStringLiteral("subdomain"), d.subdomain);
    spec.insert(
        QStringLiteral("template"),
        QJsonObject{
            {QStringLiteral("metadata"),
             QJsonObject{{QStringLiteral("labels"),
                          QJsonObject{{QStringLiteral("batch.kubernetes.io/job-name"), d.name}}}}},
            {QStringLiteral("spec"), podSpec}});
    QJsonObject status{{QStringLiteral("active"), d.active},
                       {QStringLiteral("succeeded"), d.succeeded},
                       {QStringLiteral("failed"), d.failed},
                       {QStringLiteral("completedIndexes"), d.completedIndexes},
                       {QStringLiteral("startTime"), QStringLiteral("2026-11-22T10:00:00Z")}};
    if (d.backoffLimitPerIndex)
        status.insert(QStringLiteral("failedIndexes"), d.failedIndexes);
    if (!d.failedReason.isEmpty())
        status.insert(QStringLiteral("conditions"),
                      QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("Failed")},
                                             {QStringLiteral("status"), QStringLiteral("True")},
                                             {QStringLiteral("reason"), d.failedReason}}});
    QJsonObject o{{QStringLiteral("kind"), QStringLiteral("Job")},
                  {QStringLiteral("apiVersion"), QStringLiteral("batch/v1")},
                  {QStringLiteral("metadata"),
                   QJsonObject{{QStringLiteral("name"), d.name},
                               {QStringLiteral("namespace"), ns},
                               {QStringLiteral("uid"), QStringLiteral("uid-") + d.name},
                               {QStringLiteral("resourceVersion"), QString::number(rv)},
                               {QStringLiteral("creationTimestamp"),
                                QStringLiteral("2026-11-22T09:59:00Z")}}},
                  {QStringLiteral("spec"), spec},
                  {QStringLiteral("status"), status}};
    if (!d.annotations.empty()) {
        QJsonObject meta = o[QStringLiteral("metadata")].toObject();
        QJsonObject annotations;
        for (const auto& [k, v] : d.annotations)
            annotations.insert(k, v);
        meta.insert(QStringLiteral("annotations"), annotations);
        o.insert(QStringLiteral("metadata"), meta);
    }
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

inline QByteArray renderPod(const PodDesc& d, const QString& ns, const QString& job, qint64 rv) {
    const QString index = QString::number(d.index);
    QJsonObject annotations{{QStringLiteral("batch.kubernetes.io/job-completion-index"), index}};
    if (d.failureCount > 0)
        annotations.insert(QStringLiteral("batch.kubernetes.io/job-index-failure-count"),
                           QString::number(d.failureCount));
    QJsonObject state;
    if (d.exitCode)
        state.insert(
            QStringLiteral("terminated"),
            QJsonObject{{QStringLiteral("exitCode"), *d.exitCode},
                        {QStringLiteral("reason"), d.reason},
                        {QStringLiteral("message"), d.message},
                        {QStringLiteral("startedAt"), QStringLiteral("2026-11-22T10:00:05Z")},
                        {QStringLiteral("finishedAt"), QStringLiteral("2026-11-22T10:01:00Z")}});
    else if (d.phase == QLatin1String("Running"))
        state.insert(
            QStringLiteral("running"),
            QJsonObject{{QStringLiteral("startedAt"), QStringLiteral("2026-11-22T10:00:05Z")}});
    else
        state.insert(QStringLiteral("waiting"),
                     QJsonObject{{QStringLiteral("reason"), QStringLiteral("ContainerCreating")}});
    QJsonObject o{
        {QStringLiteral("kind"), QStringLiteral("Pod")},
        {QStringLiteral("apiVersion"), QStringLiteral("v1")},
        {QStringLiteral("metadata"),
         QJsonObject{{QStringLiteral("name"), d.name},
                     {QStringLiteral("namespace"), ns},
                     {QStringLiteral("uid"), QStringLiteral("uid-") + d.name},
                     {QStringLiteral("resourceVersion"), QString::number(rv)},
                     {QStringLiteral("creationTimestamp"), QStringLiteral("2026-11-22T10:00:00Z")},
                     {QStringLiteral("labels"),
                      QJsonObject{{QStringLiteral("batch.kubernetes.io/job-name"), job}}},
                     {QStringLiteral("annotations"), annotations}}},
        {QStringLiteral("spec"),
         QJsonObject{{QStringLiteral("nodeName"), d.node},
                     {QStringLiteral("containers"),
                      QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("main")}}}}}},
        {QStringLiteral("status"),
         QJsonObject{{QStringLiteral("phase"), d.phase},
                     {QStringLiteral("startTime"), QStringLiteral("2026-11-22T10:00:01Z")},
                     {QStringLiteral("containerStatuses"),
                      QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("main")},
                                             {QStringLiteral("state"), state}}}}}}};
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

class StoreServer {
public:
    explicit StoreServer(QString ns = QStringLiteral("default"))
        : m_ns(std::move(ns))
        , jobs(server, QStringLiteral("/apis/batch/v1/namespaces/%1/jobs").arg(m_ns), "JobList")
        , pods(server, QStringLiteral("/api/v1/namespaces/%1/pods").arg(m_ns), "PodList") {
        server.route(
            "GET", QStringLiteral("/api/v1/nodes"),
            [this](const HttpRequest&, const ResponderPtr& r) {
                QJsonArray items;
                for (const auto& [node, zone] : nodeZones)
                    items.append(QJsonObject{
                        {QStringLiteral("metadata"),
                         QJsonObject{{QStringLiteral("name"), node},
                                     {QStringLiteral("labels"),
                                      QJsonObject{{QStringLiteral("topology.kubernetes.io/zone"),
                                                   zone}}}}}});
                r->replyJson(200, QJsonDocument(QJsonObject{{QStringLiteral("kind"),
                                                             QStringLiteral("NodeList")},
                                                            {QStringLiteral("items"), items}})
                                      .toJson(QJsonDocument::Compact));
            });
        server.route(
            "GET", QStringLiteral("/api/v1/namespaces/%1/events").arg(m_ns),
            [this](const HttpRequest&, const ResponderPtr& r) {
                QJsonArray items;
                for (const auto& [reason, message] : events)
                    items.append(QJsonObject{
                        {QStringLiteral("metadata"),
                         QJsonObject{{QStringLiteral("name"), reason},
                                     {QStringLiteral("namespace"), m_ns}}},
                        {QStringLiteral("type"), QStringLiteral("Warning")},
                        {QStringLiteral("reason"), reason},
                        {QStringLiteral("message"), message},
                        {QStringLiteral("count"), 1},
                        {QStringLiteral("lastTimestamp"), QStringLiteral("2026-11-22T10:02:00Z")}});
                r->replyJson(200, QJsonDocument(QJsonObject{{QStringLiteral("kind"),
                                                             QStringLiteral("EventList")},
                                                            {QStringLiteral("items"), items}})
                                      .toJson(QJsonDocument::Compact));
            });
    }

    void putJob(const JobDesc& d) {
        jobDescs[d.name] = d;
        const QString ns = m_ns;
        jobs.upsert(d.name, [d, ns](const QString&, qint64 rv) { return renderJob(d, ns, rv); });
        // Actions on this job: PATCH applies spec.parallelism/suspend, DELETE removes it.
        const QString path =
            QStringLiteral("/apis/batch/v1/namespaces/%1/jobs/%2").arg(m_ns, d.name);
        server.route(
            "PATCH", path, [this, name = d.name](const HttpRequest& q, const ResponderPtr& r) {
                if (!jobDescs.count(name)) {
                    r->replyJson(404, kube::test::statusJson(404, "NotFound",
                                                             "jobs.batch \"" + name.toUtf8() +
                                                                 "\" not found"));
                    return;
                }
                const QJsonObject spec = QJsonDocument::fromJson(q.body)
                                             .object()
                                             .value(QStringLiteral("spec"))
                                             .toObject();
                JobDesc j = jobDescs[name];
                if (spec.contains(QStringLiteral("parallelism")))
                    j.parallelism = spec.value(QStringLiteral("parallelism")).toInt();
                if (spec.contains(QStringLiteral("suspend")))
                    j.suspend = spec.value(QStringLiteral("suspend")).toBool();
                putJob(j);
                r->replyJson(200, renderJob(j, m_ns, jobs.resourceVersion()));
            });
        // GET of the one job (reports read it).
        server.route("GET", path, [this, name = d.name](const HttpRequest&, const ResponderPtr& r) {
            if (!jobDescs.count(name)) {
                r->replyJson(404, kube::test::statusJson(404, "NotFound", "not found"));
                return;
            }
            r->replyJson(200, renderJob(jobDescs[name], m_ns, jobs.resourceVersion()));
        });
        server.route("DELETE", path,
                     [this, name = d.name](const HttpRequest&, const ResponderPtr& r) {
                         jobs.remove(name);
                         jobDescs.erase(name);
                         r->replyJson(200, kube::test::statusJson(200, "", "deleted"));
                     });
    }
    void putPod(const QString& job, const PodDesc& d) {
        const QString ns = m_ns;
        pods.upsert(d.name,
                    [d, ns, job](const QString&, qint64 rv) { return renderPod(d, ns, job, rv); });
    }

    FakeApiServer server;
    std::map<QString, QString> nodeZones;
    std::vector<std::pair<QString, QString>> events; // reason, message
    std::map<QString, JobDesc> jobDescs;

private:
    QString m_ns;

public:
    FakeCollection jobs;
    FakeCollection pods;
};

} // namespace tessera::store::test
