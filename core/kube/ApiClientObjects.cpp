// ApiClient: single objects (GET), logs with all their options, and server-side apply (split
// from ApiClient.cpp by concern).
#include "ApiClient.h"

namespace tessera::kube {

QString ApiClient::jobPath(const QString& ns, const QString& name) {
    return jobsPath(ns) + QLatin1Char('/') + name;
}

QString ApiClient::podPath(const QString& ns, const QString& name) {
    return podsPath(ns) + QLatin1Char('/') + name;
}

void ApiClient::getObject(const QString& path, QObject* context, Callback<ApiResponse> done) {
    Request r;
    r.path = path;
    send(r, context, std::move(done));
}

quint64 ApiClient::streamPodLog(const QString& ns, const QString& pod, const LogRequest& request,
                                QObject* context, StreamData onData, StreamEnd onEnd) {
    Request r;
    r.path = podPath(ns, pod) + QStringLiteral("/log");
    if (!request.container.isEmpty())
        r.query.addQueryItem(QStringLiteral("container"), request.container);
    if (request.tailLines >= 0)
        r.query.addQueryItem(QStringLiteral("tailLines"), QString::number(request.tailLines));
    if (request.follow)
        r.query.addQueryItem(QStringLiteral("follow"), QStringLiteral("true"));
    if (request.timestamps)
        r.query.addQueryItem(QStringLiteral("timestamps"), QStringLiteral("true"));
    if (request.previous)
        r.query.addQueryItem(QStringLiteral("previous"), QStringLiteral("true"));
    if (request.limitBytes > 0)
        r.query.addQueryItem(QStringLiteral("limitBytes"), QString::number(request.limitBytes));
    return openStream(r, context, std::move(onData), std::move(onEnd));
}

void ApiClient::applyJob(const QString& ns, const QString& name, const QByteArray& manifest,
                         bool force, QObject* context, Callback<ApiResponse> done) {
    Request r;
    r.verb = "PATCH";
    r.path = jobPath(ns, name);
    r.body = manifest;
    r.contentType = "application/apply-patch+yaml";
    r.query.addQueryItem(QStringLiteral("fieldManager"), QLatin1String(kFieldManager));
    if (force)
        r.query.addQueryItem(QStringLiteral("force"), QStringLiteral("true"));
    send(r, context, std::move(done));
}

} // namespace tessera::kube
