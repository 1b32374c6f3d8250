// The API calls of ApiClient, each a request or a stream over the transport of ApiClient.cpp:
// discovery, reading (events, logs) and the actions on Jobs and ConfigMaps.
#include "ApiClient.h"
#include "ApiClientSupport.h"
#include "codec/Decode.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrlQuery>

namespace tessera::kube {

using api_client_detail::deliver;
using api_client_detail::makeError;

namespace {

QDateTime eventTime(const QJsonObject& o, const char* key) {
    const QString s = o.value(QLatin1String(key)).toString();
    if (s.isEmpty())
        return {};
    QDateTime t = QDateTime::fromString(s, Qt::ISODateWithMs);
    return t.isValid() ? t.toUTC() : QDateTime::fromString(s, Qt::ISODate).toUTC();
}

} // namespace

KubeEvent KubeEvent::fromJson(const QJsonObject& o) {
    KubeEvent e;
    e.type = o.value(QStringLiteral("type")).toString();
    e.reason = o.value(QStringLiteral("reason")).toString();
    e.message = o.value(QStringLiteral("message")).toString();
    e.count = std::max(1, o.value(QStringLiteral("count")).toInt(1));
    e.firstTimestamp = eventTime(o, "firstTimestamp");
    e.lastTimestamp = eventTime(o, "lastTimestamp");
    if (!e.lastTimestamp.isValid())
        e.lastTimestamp = eventTime(o, "eventTime");
    if (!e.firstTimestamp.isValid())
        e.firstTimestamp = e.lastTimestamp;
    e.source =
        o.value(QStringLiteral("source")).toObject().value(QStringLiteral("component")).toString();
    if (e.source.isEmpty())
        e.source = o.value(QStringLiteral("reportingComponent")).toString();
    const QJsonObject inv = o.value(QStringLiteral("involvedObject")).toObject();
    e.involvedName = inv.value(QStringLiteral("name")).toString();
    e.involvedKind = inv.value(QStringLiteral("kind")).toString();
    return e;
}

// ---- Discovery ----

void ApiClient::serverInfo(QObject* context, const Callback<ServerInfo>& done) {
    QPointer<QObject> ctx(context);
    const bool hasCtx = context != nullptr;
    send({.verb = "GET", .path = QStringLiteral("/version")}, nullptr,
         [this, ctx, hasCtx, done](const ApiResult<ApiResponse>& r) {
             if (!r) {
                 deliver<ServerInfo>(ctx, hasCtx, done, tl::unexpected(r.error()));
                 return;
             }
             const QJsonObject v = QJsonDocument::fromJson(r->body).object();
             ServerInfo info;
             info.gitVersion = v.value(QStringLiteral("gitVersion")).toString();
             info.major = v.value(QStringLiteral("major")).toString();
             info.minor = v.value(QStringLiteral("minor")).toString();
             info.platform = v.value(QStringLiteral("platform")).toString();
             if (info.gitVersion.isEmpty()) {
                 deliver<ServerInfo>(ctx, hasCtx, done,
                                     tl::unexpected(makeError(
                                         ApiError::Kind::BadResponse,
                                         QStringLiteral("%1/version: no gitVersion in the answer; "
                                                        "is this a Kubernetes API server?")
                                             .arg(m_connection.server.toString()))));
                 return;
             }
             send({.verb = "GET", .path = QStringLiteral("/apis/batch/v1")}, nullptr,
                  [ctx, hasCtx, done, info](const ApiResult<ApiResponse>& d) mutable {
                      if (!d && d.error().kind != ApiError::Kind::NotFound) {
                          deliver<ServerInfo>(ctx, hasCtx, done, tl::unexpected(d.error()));
                          return;
                      }
                      if (d) {
                          const QJsonArray resources = QJsonDocument::fromJson(d->body)
                                                           .object()
                                                           .value(QStringLiteral("resources"))
                                                           .toArray();
                          for (const QJsonValue& res : resources)
                              if (res.toObject().value(QStringLiteral("name")).toString() ==
                                  QLatin1String("jobs"))
                                  info.batchV1Jobs = true;
                      }
                      deliver<ServerInfo>(ctx, hasCtx, done, info);
                  });
         });
}

// ---- Reading ----

QString ApiClient::eventsAboutSelector(const QString& uid, const QString& name) {
    return uid.isEmpty() ? QStringLiteral("involvedObject.name=") + name
                         : QStringLiteral("involvedObject.uid=") + uid;
}

void ApiClient::listEvents(const QString& ns, const QString& uid, const QString& name,
                           QObject* context, const Callback<QList<KubeEvent>>& done) {
    Request r;
    r.path = eventsPath(ns);
    r.query.addQueryItem(QStringLiteral("fieldSelector"), eventsAboutSelector(uid, name));
    QPointer<QObject> ctx(context);
    const bool hasCtx = context != nullptr;
    send(r, nullptr, [ctx, hasCtx, done](const ApiResult<ApiResponse>& resp) {
        if (!resp) {
            deliver<QList<KubeEvent>>(ctx, hasCtx, done, tl::unexpected(resp.error()));
            return;
        }
        QJsonParseError pe{};
        const QJsonDocument doc = QJsonDocument::fromJson(resp->body, &pe);
        if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
            deliver<QList<KubeEvent>>(
                ctx, hasCtx, done,
                tl::unexpected(makeError(
                    ApiError::Kind::BadResponse,
                    QStringLiteral("events: not a JSON EventList: %1").arg(pe.errorString()))));
            return;
        }
        QList<KubeEvent> events;
        for (const QJsonValue& item : doc.object().value(QStringLiteral("items")).toArray()) {
            events << KubeEvent::fromJson(item.toObject());
        }
        std::stable_sort(events.begin(), events.end(), [](const KubeEvent& a, const KubeEvent& b) {
            return a.lastTimestamp < b.lastTimestamp;
        });
        deliver<QList<KubeEvent>>(ctx, hasCtx, done, events);
    });
}

quint64 ApiClient::streamLogs(const QString& ns, const QString& pod, const QString& container,
                              int tailLines, bool follow, QObject* context, StreamData onData,
                              StreamEnd onEnd) {
    return streamPodLog(ns, pod, {.container = container, .tailLines = tailLines, .follow = follow},
                        context, std::move(onData), std::move(onEnd));
}

// ---- Actions ----

void ApiClient::patchJob(const QString& ns, const QString& name, const QByteArray& mergePatch,
                         QObject* context, Callback<ApiResponse> done) {
    send({.verb = "PATCH",
          .path = jobsPath(ns) + QLatin1Char('/') + name,
          .body = mergePatch,
          .contentType = "application/merge-patch+json"},
         context, std::move(done));
}

void ApiClient::setParallelism(const QString& ns, const QString& name, int parallelism,
                               QObject* context, Callback<ApiResponse> done) {
    patchJob(ns, name, "{\"spec\":{\"parallelism\":" + QByteArray::number(parallelism) + "}}",
             context, std::move(done));
}

void ApiClient::setSuspended(const QString& ns, const QString& name, bool suspend, QObject* context,
                             Callback<ApiResponse> done) {
    patchJob(ns, name,
             suspend ? QByteArray("{\"spec\":{\"suspend\":true}}")
                     : QByteArray("{\"spec\":{\"suspend\":false}}"),
             context, std::move(done));
}

void ApiClient::setCompletions(const QString& ns, const QString& name, int completions,
                               int parallelism, QObject* context, Callback<ApiResponse> done) {
    patchJob(ns, name,
             "{\"spec\":{\"completions\":" + QByteArray::number(completions) +
                 ",\"parallelism\":" + QByteArray::number(parallelism) + "}}",
             context, std::move(done));
}

void ApiClient::createJob(const QString& ns, const QByteArray& json, QObject* context,
                          Callback<ApiResponse> done) {
    send({.verb = "POST", .path = jobsPath(ns), .body = json, .contentType = "application/json"},
         context, std::move(done));
}

void ApiClient::createConfigMap(const QString& ns, const QByteArray& json, QObject* context,
                                Callback<ApiResponse> done) {
    send({.verb = "POST",
          .path = QStringLiteral("/api/v1/namespaces/%1/configmaps").arg(ns),
          .body = json,
          .contentType = "application/json"},
         context, std::move(done));
}

void ApiClient::deleteJob(const QString& ns, const QString& name, QObject* context,
                          Callback<ApiResponse> done) {
    Request r;
    r.verb = "DELETE";
    r.path = jobsPath(ns) + QLatin1Char('/') + name;
    r.query.addQueryItem(QStringLiteral("propagationPolicy"), QStringLiteral("Background"));
    send(r, context, std::move(done));
}

void ApiClient::deletePod(const QString& ns, const QString& name, QObject* context,
                          Callback<ApiResponse> done) {
    Request r;
    r.verb = "DELETE";
    r.path = podsPath(ns) + QLatin1Char('/') + name;
    send(r, context, std::move(done));
}

} // namespace tessera::kube
