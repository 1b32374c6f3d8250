#include "ApiServer.h"

#include "ApiCodec.h"
#include "ApiWatch.h"
#include "JobRunner.h"
#include "Metrics.h"
#include "ObjectStore.h"
#include "OpenApi.h"

#include <QSslCertificate>
#include <QSslKey>
#include <QSslSocket>

// The connection side of the API server: TLS, authentication, injected faults and routing. The
// handlers live by concern: ApiResources.cpp (get, list, create, update, patch, delete, logs),
// ApiAdmission.cpp (defaulting and validation), ApiWatch.cpp (watch streams), ApiCodec.cpp
// (content negotiation and encodings).

namespace tessera::serve {

namespace {

QString verbOf(const HttpRequest& r, bool item) {
    const QByteArray m = r.method;
    if (m == "GET")
        return truthy(r.param("watch")) ? QStringLiteral("WATCH")
                                        : (item ? QStringLiteral("GET") : QStringLiteral("LIST"));
    return QString::fromLatin1(m);
}

} // namespace

ApiServer::ApiServer(ObjectStore& store, Metrics& metrics, JobRunner* runner,
                     const ServeOptions& options, QObject* parent)
    : QTcpServer(parent)
    , m_store(store)
    , m_metrics(metrics)
    , m_runner(runner)
    , m_options(options)
    , m_door(FrontDoorRules{options.token, {}, 0})
    , m_bookmarkTimer(this) {
    if (!options.tlsCertPem.isEmpty()) {
        m_useTls = true;
        m_tls = QSslConfiguration::defaultConfiguration();
        const QList<QSslCertificate> chain =
            QSslCertificate::fromData(options.tlsCertPem, QSsl::Pem);
        QSslKey key(options.tlsKeyPem, QSsl::Ec, QSsl::Pem);
        if (key.isNull())
            key = QSslKey(options.tlsKeyPem, QSsl::Rsa, QSsl::Pem);
        if (chain.isEmpty())
            m_tlsError = QStringLiteral("the TLS certificate is not a PEM certificate");
        else if (key.isNull())
            m_tlsError = QStringLiteral("the TLS key is not a PEM EC or RSA private key");
        // The names the certificate is for are names clients reach this server by.
        if (!chain.isEmpty())
            for (const QString& name : chain.first().subjectAlternativeNames().values())
                m_options.extraHostNames << name.toLower();
        m_tls.setLocalCertificateChain(chain);
        m_tls.setPrivateKey(key);
        m_tls.setPeerVerifyMode(QSslSocket::VerifyNone);
    }
    m_listener = m_store.addListener([this](const Change& c) { onChange(c); });
    connect(&m_bookmarkTimer, &QTimer::timeout, this, &ApiServer::sendBookmarks);
    m_bookmarkTimer.start(options.bookmarkInterval);
}

ApiServer::~ApiServer() {
    m_store.removeListener(m_listener);
    m_watches.clear();
}

void ApiServer::incomingConnection(qintptr descriptor) {
    QTcpSocket* socket = nullptr;
    if (m_useTls) {
        auto* ssl = new QSslSocket;
        ssl->setSslConfiguration(m_tls);
        if (!ssl->setSocketDescriptor(descriptor)) {
            delete ssl;
            return;
        }
        // A client that fails the handshake just goes away.
        connect(ssl, &QSslSocket::sslErrors, ssl, [ssl](const QList<QSslError>&) { ssl->abort(); });
        ssl->startServerEncryption();
        socket = ssl;
    } else {
        socket = new QTcpSocket;
        if (!socket->setSocketDescriptor(descriptor)) {
            delete socket;
            return;
        }
    }
    // Past the limit a connection is still read, so health checks keep being answered; far past
    // it (clients that open connections and never close them) it is closed on arrival.
    const int limit = std::max(1, m_options.maxConnections);
    if (m_connections >= 4 * limit) {
        socket->abort();
        delete socket;
        return;
    }
    if (m_door.rules().port != serverPort()) // the first connection since listen()
        m_door = FrontDoor(FrontDoorRules{
            m_options.token, FrontDoor::hostNamesFor(serverAddress()) + m_options.extraHostNames,
            serverPort()});
    const bool overCapacity = m_connections >= limit;
    HttpTimeouts timeouts{m_options.requestTimeout, m_options.idleTimeout};
    if (overCapacity) // an extra connection answers one request, soon, and closes
        timeouts.idle = timeouts.request =
            std::min(timeouts.request, std::chrono::milliseconds(5000));
    auto* c = new HttpConnection(
        socket,
        [this, overCapacity](HttpConnection* connection, const HttpRequest& head) {
            return admitHead(connection, head, overCapacity);
        },
        timeouts, this);
    ++m_connections;
    connect(c, &HttpConnection::closed, this, [this] { --m_connections; });
    connect(c, &HttpConnection::requestReceived, this,
            [this, c](const HttpRequest& r) { onRequest(c, r); });
}

void ApiServer::sendFailure(HttpConnection* c, const HttpRequest& r, const ApiFailure& f,
                            const Target* t) {
    QString kind, group;
    if (t && t->resource) {
        kind = QLatin1String(t->resource->name);
        group = QLatin1String(t->resource->group);
    }
    if (!f.detailsKind.isEmpty())
        kind = f.detailsKind;
    const QString name = t && !t->name.isEmpty() ? t->name : f.detailsName;
    const QJsonObject status = statusObject(f, kind, name, group);
    auto encoded = encodeObject(responseFormat(r), status);
    if (!encoded)
        encoded = encodeObject(WireFormat::Json, status);
    c->reply(f.code, encoded->contentType, encoded->body);
}

void ApiServer::sendObject(HttpConnection* c, const HttpRequest& r, int status,
                           const QJsonObject& object, const QByteArray& json,
                           const QStringList& warnings) {
    auto encoded = encodeObject(responseFormat(r), object, json);
    if (!encoded)
        return sendFailure(c, r, encoded.error());
    QList<QPair<QByteArray, QByteArray>> headers;
    for (QString w : warnings) // RFC 7234 warn-text: a quoted string
        headers.append({"Warning", "299 - \"" +
                                       w.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
                                           .replace(QLatin1Char('"'), QStringLiteral("\\\""))
                                           .toUtf8() +
                                       '"'});
    c->reply(status, encoded->contentType, encoded->body, headers);
}

void ApiServer::addFault(const Fault& fault) {
    m_faults.push_back(fault);
}

void ApiServer::clearFaults() {
    m_faults.clear();
}

void ApiServer::dropWatches() {
    std::vector<quint64> ids;
    for (const auto& [id, w] : m_watches)
        ids.push_back(id);
    for (const quint64 id : ids)
        closeWatch(id, true);
}

bool ApiServer::applyFault(HttpConnection* c, const HttpRequest& r) {
    const bool isWatch = truthy(r.param("watch"));
    for (auto it = m_faults.begin(); it != m_faults.end(); ++it) {
        Fault& f = *it;
        if (f.scope == Fault::Scope::Watch && !isWatch)
            continue;
        if (f.scope == Fault::Scope::NotWatch && isWatch)
            continue;
        if (!f.pathContains.isEmpty() && !r.path.contains(f.pathContains))
            continue;
        const Fault fault = f;
        if (f.count > 0 && --f.count == 0)
            m_faults.erase(it);
        switch (fault.kind) {
        case Fault::Kind::Status: {
            QList<QPair<QByteArray, QByteArray>> headers;
            if (fault.retryAfterSeconds >= 0)
                headers.append({"Retry-After", QByteArray::number(fault.retryAfterSeconds)});
            const char* reason = fault.status == 410   ? "Expired"
                                 : fault.status == 429 ? "TooManyRequests"
                                 : fault.status == 401 ? "Unauthorized"
                                 : fault.status == 403 ? "Forbidden"
                                                       : "InternalError";
            c->reply(fault.status, "application/json",
                     compactJson(statusObject(
                         ApiFailure{fault.status, QLatin1String(reason),
                                    QStringLiteral("injected fault: HTTP %1").arg(fault.status)},
                         QString(), QString(), QString())),
                     headers);
            m_metrics.request(verbOf(r, false), QStringLiteral("fault"), fault.status);
            return true;
        }
        case Fault::Kind::Delay: {
            QPointer<HttpConnection> guard(c);
            QTimer::singleShot(fault.delayMs, this, [this, guard, r] {
                if (guard)
                    dispatch(guard, r);
            });
            return true;
        }
        case Fault::Kind::Garbage:
            if (isWatch) {
                c->beginStream(200, "application/json");
                c->write("{\"type\":\"MODIFIED\",\"object\":{this is not json\n");
                c->end();
            } else {
                c->reply(200, "application/json", "{\"kind\": \"PodList\", \"items\": [garbage");
            }
            return true;
        case Fault::Kind::Drop:
            if (isWatch)
                c->beginStream(200, "application/json");
            c->abort();
            return true;
        }
    }
    return false;
}

bool ApiServer::admitHead(HttpConnection* c, const HttpRequest& head, bool overCapacity) {
    const std::optional<ApiFailure> refusal = m_door.refusalOf(head, overCapacity);
    if (!refusal)
        return true;
    QList<QPair<QByteArray, QByteArray>> headers;
    if (refusal->code == 503)
        headers.append({QByteArray("Retry-After"), QByteArray("1")});
    const QJsonObject status = statusObject(*refusal, QString(), QString(), QString());
    c->reply(refusal->code, "application/json", compactJson(status), headers);
    m_metrics.request(verbOf(head, false), QString(), refusal->code);
    return false;
}

void ApiServer::onRequest(HttpConnection* c, const HttpRequest& r) {
    // The front door has admitted the request's head (admitHead) before its body was read.
    if (!m_faults.empty() && applyFault(c, r))
        return;
    dispatch(c, r);
}

std::optional<ApiServer::Target> ApiServer::parseTarget(const QStringList& s) const {
    // /api/v1/... or /apis/batch/v1/...
    QString group;
    int at = 0;
    if (s.value(0) == QLatin1String("api") && s.value(1) == QLatin1String("v1")) {
        at = 2;
    } else if (s.value(0) == QLatin1String("apis") && isServedGroup(s.value(1)) &&
               s.value(2) == QLatin1String("v1")) {
        group = s.value(1);
        at = 3;
    } else {
        return std::nullopt;
    }
    QStringList rest = s.mid(at);
    Target t;
    if (rest.value(0) == QLatin1String("watch")) {
        rest.removeFirst();
        t.legacyWatch = true;
    }
    if (rest.size() >= 3 && rest[0] == QLatin1String("namespaces")) {
        t.namespace_ = rest[1];
        t.resource = findResource(group, rest[2]);
        t.name = rest.value(3);
        t.subresource = rest.value(4);
        if (rest.size() > 5)
            return std::nullopt;
        // /api/v1/namespaces/NAME/status is the namespace's own subresource.
        if (!t.resource && group.isEmpty() && rest.size() == 3 &&
            rest[2] == QLatin1String("status")) {
            t.resource = findResource(group, QStringLiteral("namespaces"));
            t.name = rest[1];
            t.subresource = QStringLiteral("status");
            t.namespace_.clear();
        }
    } else if (!rest.isEmpty() && rest.size() <= 3) {
        t.resource = findResource(group, rest[0]);
        t.name = rest.value(1);
        t.subresource = rest.value(2);
    }
    if (!t.resource)
        return std::nullopt;
    if (!t.resource->namespaced && !t.namespace_.isEmpty() &&
        QLatin1String(t.resource->name) != QLatin1String("namespaces"))
        return std::nullopt;
    if (t.legacyWatch && !t.subresource.isEmpty())
        return std::nullopt;
    if (!t.subresource.isEmpty() && !QString::fromLatin1(t.resource->subresources)
                                         .split(QLatin1Char(','))
                                         .contains(t.subresource))
        return std::nullopt;
    return t;
}

void ApiServer::dispatch(HttpConnection* c, const HttpRequest& r) {
    const QStringList s = r.path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    const QByteArray m = r.method;
    if (m == "GET") {
        QByteArray doc;
        if (s.isEmpty())
            doc = rootPathsDocument();
        else if (s == QStringList{QStringLiteral("version")})
            doc = versionDocument();
        else if (s == QStringList{QStringLiteral("api")})
            doc = apiVersionsDocument(
                QStringLiteral("%1:%2").arg(serverAddress().toString()).arg(serverPort()));
        else if (s == QStringList{QStringLiteral("apis")})
            doc = apiGroupListDocument();
        else if (s.size() == 2 && s[0] == QLatin1String("apis"))
            doc = apiGroupDocument(s[1]);
        else if (s.size() == 2 && s[0] == QLatin1String("api"))
            doc = resourceListDocument(QString(), s[1]);
        else if (s.size() == 3 && s[0] == QLatin1String("apis"))
            doc = resourceListDocument(s[1], s[2]);
        else if (s == QStringList{QStringLiteral("openapi"), QStringLiteral("v2")}) {
            // kubectl asks for gnostic's protobuf form (by its media type, which Go's mime parser
            // cannot read back: the answer is labelled application/octet-stream, as upstream's
            // is); other clients for JSON.
            if (r.header("accept").contains("protobuf"))
                return c->reply(200, "application/octet-stream", openApiV2Protobuf());
            doc = openApiV2Json();
        } else if (s == QStringList{QStringLiteral("openapi"), QStringLiteral("v3")})
            doc = compactJson(openApiV3Index());
        else if (s.size() == 4 && s[0] == QLatin1String("openapi") && s[1] == QLatin1String("v3") &&
                 s[2] == QLatin1String("api"))
            doc = openApiV3Json(QString(), s[3]);
        else if (s.size() == 5 && s[0] == QLatin1String("openapi") && s[1] == QLatin1String("v3") &&
                 s[2] == QLatin1String("apis"))
            doc = openApiV3Json(s[3], s[4]);
        if (!doc.isEmpty()) {
            c->reply(200, "application/json", doc);
            return;
        }
        if (FrontDoor::isHealthCheck(r)) {
            c->reply(200, "text/plain", "ok");
            return;
        }
        if (s == QStringList{QStringLiteral("metrics")}) {
            metrics(c);
            return;
        }
    }
    const std::optional<Target> target = parseTarget(s);
    if (!target) {
        sendFailure(c, r,
                    ApiFailure{404, QStringLiteral("NotFound"),
                               QStringLiteral("the server could not find the requested resource")});
        m_metrics.request(QString::fromLatin1(m), QString(), 404);
        return;
    }
    const Target& t = *target;
    const bool item = !t.name.isEmpty();
    m_fieldManager = fieldManagerOf(r);
    m_metrics.request(verbOf(r, item), QLatin1String(t.resource->name), 0);
    if (t.resource->createOnly) {
        if (m == "POST" && !item)
            review(c, r, t);
        else
            sendFailure(c, r,
                        ApiFailure{405, QStringLiteral("MethodNotAllowed"),
                                   QStringLiteral("%1 only accepts create (POST)")
                                       .arg(QLatin1String(t.resource->name))},
                        &t);
        return;
    }
    const QString& sub = t.subresource;
    if (sub == QLatin1String("exec") || sub == QLatin1String("attach") ||
        sub == QLatin1String("portforward") || sub == QLatin1String("ephemeralcontainers"))
        return unsupported(c, r, t);
    if (m == "GET" && t.subresource == QLatin1String("log"))
        logs(c, r, t);
    else if (m == "GET" && (t.legacyWatch || (!item && truthy(r.param("watch")))))
        watch(c, r, t);
    else if (t.legacyWatch)
        sendFailure(
            c, r,
            ApiFailure{
                405, QStringLiteral("MethodNotAllowed"),
                QStringLiteral("%1 is not supported on %2").arg(QString::fromLatin1(m), r.path)},
            &t);
    else if (m == "GET" && !item)
        list(c, r, t);
    else if (m == "GET")
        get(c, r, t);
    else if (m == "POST" && !item)
        create(c, r, t);
    else if (m == "PUT" && item)
        replace(c, r, t);
    else if (m == "PATCH" && item)
        patch(c, r, t);
    else if (m == "DELETE" && item)
        remove(c, r, t);
    else if (m == "DELETE")
        removeCollection(c, r, t);
    else
        sendFailure(
            c, r,
            ApiFailure{
                405, QStringLiteral("MethodNotAllowed"),
                QStringLiteral("%1 is not supported on %2").arg(QString::fromLatin1(m), r.path)});
}

void ApiServer::metrics(HttpConnection* c) {
    for (const ResourceInfo* info : servedResources())
        if (!info->createOnly)
            m_metrics.setGauge(QStringLiteral("apiserver_storage_objects"),
                               QStringLiteral("resource=\"%1\"").arg(QLatin1String(info->name)),
                               static_cast<double>(m_store.count(QLatin1String(info->name))));
    m_metrics.setGauge(QStringLiteral("apiserver_registered_watchers"), QString(),
                       static_cast<double>(m_watches.size()));
    m_metrics.setGauge(QStringLiteral("tessera_serve_jobs_running"), QString(),
                       m_runner ? m_runner->jobsRunning() : 0);
    c->reply(200, "text/plain; version=0.0.4; charset=utf-8", m_metrics.render());
}

} // namespace tessera::serve
