#include "ApiServer.h"

#include "JobRunner.h"
#include "JsonPatch.h"
#include "Metrics.h"
#include "ObjectStore.h"
#include "Tables.h"
#include "codec/Decode.h"
#include "engine/Defaults.h"
#include "engine/Validation.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSslCertificate>
#include <QSslKey>
#include <QSslSocket>

namespace tessera::serve {

namespace {

const QString kMetadata = QStringLiteral("metadata");
const QString kSpec = QStringLiteral("spec");
const QString kStatus = QStringLiteral("status");

QByteArray compact(const QJsonObject& o) {
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QByteArray statusBody(const ApiFailure& f, const QString& kind, const QString& name,
                      const QString& group) {
    QJsonObject details;
    if (!name.isEmpty())
        details.insert(QStringLiteral("name"), name);
    if (!group.isEmpty())
        details.insert(QStringLiteral("group"), group);
    if (!kind.isEmpty())
        details.insert(QStringLiteral("kind"), kind);
    QJsonObject status{{QStringLiteral("kind"), QStringLiteral("Status")},
                       {QStringLiteral("apiVersion"), QStringLiteral("v1")},
                       {kMetadata, QJsonObject()},
                       {kStatus, QStringLiteral("Failure")},
                       {QStringLiteral("message"), f.message},
                       {QStringLiteral("reason"), f.reason},
                       {QStringLiteral("code"), f.code}};
    if (!details.isEmpty())
        status.insert(QStringLiteral("details"), details);
    return compact(status);
}

bool truthy(const QString& v) {
    return v == QLatin1String("1") || v.compare(QLatin1String("true"), Qt::CaseInsensitive) == 0;
}

bool wantsTable(const HttpRequest& r) {
    const QByteArray accept = r.header("accept");
    return accept.contains("as=Table") && accept.contains("g=meta.k8s.io");
}

QString verbOf(const HttpRequest& r, bool item) {
    const QByteArray m = r.method;
    if (m == "GET")
        return truthy(r.param("watch")) ? QStringLiteral("WATCH")
                                        : (item ? QStringLiteral("GET") : QStringLiteral("LIST"));
    return QString::fromLatin1(m);
}

ApiOutcome<QJsonObject> parseBody(const QByteArray& body) {
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return apiFailure(400, "BadRequest",
                          QStringLiteral("the request body is not a JSON object: %1 (at byte %2)")
                              .arg(error.errorString(), QString::number(error.offset)));
    return doc.object();
}

// Job defaulting the API server does before validation (pkg/apis/batch/v1/defaults.go), on the
// JSON so that every field a client reads back is there.
void defaultJob(QJsonObject& job, const QString& uid) {
    QJsonObject spec = job.value(kSpec).toObject();
    const bool manual = spec.value(QStringLiteral("manualSelector")).toBool(false);
    QJsonObject tmpl = spec.value(QStringLiteral("template")).toObject();
    QJsonObject tmeta = tmpl.value(kMetadata).toObject();
    QJsonObject labels = tmeta.value(QStringLiteral("labels")).toObject();
    const QString name = job.value(kMetadata).toObject().value(QStringLiteral("name")).toString();
    if (!manual) {
        labels.insert(QLatin1String(engine::kControllerUidLabel), uid);
        labels.insert(QLatin1String(engine::kJobNameLabel), name);
        labels.insert(QStringLiteral("controller-uid"), uid);
        labels.insert(QStringLiteral("job-name"), name);
        spec.insert(QStringLiteral("selector"),
                    QJsonObject{{QStringLiteral("matchLabels"),
                                 QJsonObject{{QLatin1String(engine::kControllerUidLabel), uid}}}});
    }
    tmeta.insert(QStringLiteral("labels"), labels);
    tmpl.insert(kMetadata, tmeta);
    QJsonObject podSpec = tmpl.value(kSpec).toObject();
    for (const auto& [k, v] :
         {std::pair{"dnsPolicy", QJsonValue(QStringLiteral("ClusterFirst"))},
          std::pair{"schedulerName", QJsonValue(QStringLiteral("default-scheduler"))},
          std::pair{"terminationGracePeriodSeconds", QJsonValue(30)},
          std::pair{"securityContext", QJsonValue(QJsonObject())}})
        if (!podSpec.contains(QLatin1String(k)))
            podSpec.insert(QLatin1String(k), v);
    tmpl.insert(kSpec, podSpec);
    spec.insert(QStringLiteral("template"), tmpl);
    const bool bothUnset = !spec.contains(QStringLiteral("completions")) &&
                           !spec.contains(QStringLiteral("parallelism"));
    if (bothUnset)
        spec.insert(QStringLiteral("completions"), 1);
    if (!spec.contains(QStringLiteral("parallelism")))
        spec.insert(QStringLiteral("parallelism"), 1);
    if (!spec.contains(QStringLiteral("completionMode")))
        spec.insert(QStringLiteral("completionMode"), QStringLiteral("NonIndexed"));
    if (!spec.contains(QStringLiteral("backoffLimit")))
        spec.insert(QStringLiteral("backoffLimit"),
                    spec.contains(QStringLiteral("backoffLimitPerIndex")) ? 2147483647 : 6);
    if (!spec.contains(QStringLiteral("suspend")))
        spec.insert(QStringLiteral("suspend"), false);
    if (!spec.contains(QStringLiteral("podReplacementPolicy")))
        spec.insert(QStringLiteral("podReplacementPolicy"),
                    spec.contains(QStringLiteral("podFailurePolicy"))
                        ? QStringLiteral("Failed")
                        : QStringLiteral("TerminatingOrFailed"));
    if (!manual)
        spec.insert(QStringLiteral("manualSelector"), QJsonValue::Null);
    spec.remove(QStringLiteral("manualSelector"));
    job.insert(kSpec, spec);
}

ApiOutcome<engine::Job> decodeEngineJob(const QJsonObject& job, const QString& name) {
    const std::string text = compact(job).toStdString();
    auto decoded = codec::decodeJob(text);
    if (!decoded)
        return apiFailure(422, "Invalid",
                          QStringLiteral("Job.batch \"%1\" is invalid: %2")
                              .arg(name, QString::fromStdString(decoded.error().describe())));
    engine::Job out = std::move(decoded->job);
    engine::applyDefaults(out.spec);
    return out;
}

tl::unexpected<ApiFailure> invalid(const QString& name, const std::vector<engine::Error>& errors) {
    QStringList parts;
    for (const engine::Error& e : errors)
        parts << QString::fromStdString(e.field.empty() ? e.message : e.field + ": " + e.message);
    return apiFailure(422, "Invalid",
                      QStringLiteral("Job.batch \"%1\" is invalid: %2").arg(name, parts.join(QStringLiteral(", "))));
}

} // namespace

// One watch stream.
struct ApiServer::Watch {
    quint64 id = 0;
    QPointer<HttpConnection> connection;
    const ResourceInfo* resource = nullptr;
    QString namespace_;
    LabelSelector labels;
    FieldSelector fields;
    bool bookmarks = false;
    bool table = false;
    bool tableColumnsSent = false;
    QString includeObject;
    QByteArray pending;
    bool flushScheduled = false;
    QTimer timeout;

    bool matches(const ObjectPtr& o) const {
        if (!o)
            return false;
        if (!namespace_.isEmpty() && o->namespace_ != namespace_)
            return false;
        return labels.matchesObject(o->json) && fields.matches(o->json);
    }
};

ApiServer::ApiServer(ObjectStore& store, Metrics& metrics, JobRunner* runner,
                     const ServeOptions& options, QObject* parent)
    : QTcpServer(parent)
    , m_store(store)
    , m_metrics(metrics)
    , m_runner(runner)
    , m_options(options)
    , m_bookmarkTimer(this) {
    if (!options.tlsCertPem.isEmpty()) {
        m_useTls = true;
        m_tls = QSslConfiguration::defaultConfiguration();
        const QList<QSslCertificate> chain = QSslCertificate::fromData(options.tlsCertPem, QSsl::Pem);
        QSslKey key(options.tlsKeyPem, QSsl::Ec, QSsl::Pem);
        if (key.isNull())
            key = QSslKey(options.tlsKeyPem, QSsl::Rsa, QSsl::Pem);
        if (chain.isEmpty())
            m_tlsError = QStringLiteral("the TLS certificate is not a PEM certificate");
        else if (key.isNull())
            m_tlsError = QStringLiteral("the TLS key is not a PEM EC or RSA private key");
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
    auto* c = new HttpConnection(socket, this);
    ++m_connections;
    connect(c, &HttpConnection::closed, this, [this] { --m_connections; });
    connect(c, &HttpConnection::requestReceived, this,
            [this, c](const HttpRequest& r) { onRequest(c, r); });
}

void ApiServer::sendJson(HttpConnection* c, int status, const QByteArray& body) {
    c->reply(status, "application/json", body);
}

void ApiServer::sendFailure(HttpConnection* c, const ApiFailure& f, const Target* t) {
    QString kind, group;
    if (t && t->resource) {
        kind = QLatin1String(t->resource->name);
        group = QLatin1String(t->resource->group);
    }
    c->reply(f.code, "application/json",
             statusBody(f, kind, t ? t->name : QString(), group));
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
                     statusBody(ApiFailure{fault.status, QLatin1String(reason),
                                           QStringLiteral("injected fault: HTTP %1").arg(fault.status)},
                                QString(), QString(), QString()),
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

void ApiServer::onRequest(HttpConnection* c, const HttpRequest& r) {
    // Authentication first: with a token, nothing but the health checks is public.
    const bool health = r.path == QLatin1String("/healthz") || r.path == QLatin1String("/livez") ||
                        r.path == QLatin1String("/readyz");
    if (!m_options.token.isEmpty() && !health) {
        const QByteArray expected = "Bearer " + m_options.token.toUtf8();
        const QByteArray given = r.header("authorization");
        // Constant-time comparison: the token must not leak through timing.
        bool same = given.size() == expected.size();
        unsigned char diff = 0;
        for (qsizetype i = 0; same && i < given.size(); ++i)
            diff |= static_cast<unsigned char>(given[i] ^ expected[i]);
        if (!same || diff != 0) {
            sendFailure(c, ApiFailure{401, QStringLiteral("Unauthorized"), QStringLiteral("Unauthorized")});
            m_metrics.request(verbOf(r, false), QString(), 401);
            return;
        }
    }
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
    } else if (s.value(0) == QLatin1String("apis") && s.value(1) == QLatin1String("batch") &&
               s.value(2) == QLatin1String("v1")) {
        group = QStringLiteral("batch");
        at = 3;
    } else {
        return std::nullopt;
    }
    const QStringList rest = s.mid(at);
    Target t;
    if (rest.size() >= 3 && rest[0] == QLatin1String("namespaces")) {
        t.namespace_ = rest[1];
        t.resource = findResource(group, rest[2]);
        t.name = rest.value(3);
        t.subresource = rest.value(4);
        if (rest.size() > 5)
            return std::nullopt;
        // /api/v1/namespaces/NAME/status is the namespace's own subresource.
        if (!t.resource && group.isEmpty() && rest.size() == 3 && rest[2] == QLatin1String("status")) {
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
    if (!t.subresource.isEmpty() &&
        !QString::fromLatin1(t.resource->subresources).split(QLatin1Char(',')).contains(t.subresource))
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
            doc = apiVersionsDocument(QStringLiteral("%1:%2").arg(serverAddress().toString()).arg(serverPort()));
        else if (s == QStringList{QStringLiteral("apis")})
            doc = apiGroupListDocument();
        else if (s.size() == 2 && s[0] == QLatin1String("apis"))
            doc = apiGroupDocument(s[1]);
        else if (s.size() == 2 && s[0] == QLatin1String("api"))
            doc = resourceListDocument(QString(), s[1]);
        else if (s.size() == 3 && s[0] == QLatin1String("apis"))
            doc = resourceListDocument(s[1], s[2]);
        else if (s == QStringList{QStringLiteral("openapi"), QStringLiteral("v2")})
            doc = openApiV2Document();
        else if (s == QStringList{QStringLiteral("openapi"), QStringLiteral("v3")})
            doc = openApiV3Root();
        else if (s.size() == 4 && s[0] == QLatin1String("openapi") && s[2] == QLatin1String("api"))
            doc = openApiV3GroupVersion(QString(), s[3]);
        else if (s.size() == 5 && s[0] == QLatin1String("openapi") && s[2] == QLatin1String("apis"))
            doc = openApiV3GroupVersion(s[3], s[4]);
        if (!doc.isEmpty()) {
            sendJson(c, 200, doc);
            return;
        }
        if (s.size() == 1 && (s[0] == QLatin1String("healthz") || s[0] == QLatin1String("livez") ||
                              s[0] == QLatin1String("readyz"))) {
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
        sendFailure(c, ApiFailure{404, QStringLiteral("NotFound"),
                                  QStringLiteral("the server could not find the requested resource")});
        m_metrics.request(QString::fromLatin1(m), QString(), 404);
        return;
    }
    const Target& t = *target;
    const bool item = !t.name.isEmpty();
    m_metrics.request(verbOf(r, item), QLatin1String(t.resource->name), 0);
    if (m == "GET" && t.subresource == QLatin1String("log"))
        logs(c, r, t);
    else if (m == "GET" && !item && truthy(r.param("watch")))
        watch(c, r, t);
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
        sendFailure(c, ApiFailure{405, QStringLiteral("MethodNotAllowed"),
                                  QStringLiteral("%1 is not supported on %2")
                                      .arg(QString::fromLatin1(m), r.path)});
}

void ApiServer::metrics(HttpConnection* c) {
    for (const char* resource : {"pods", "jobs", "events", "configmaps", "namespaces", "nodes"})
        m_metrics.setGauge(QStringLiteral("apiserver_storage_objects"),
                           QStringLiteral("resource=\"%1\"").arg(QLatin1String(resource)),
                           static_cast<double>(m_store.count(QLatin1String(resource))));
    m_metrics.setGauge(QStringLiteral("apiserver_registered_watchers"), QString(),
                       static_cast<double>(m_watches.size()));
    m_metrics.setGauge(QStringLiteral("tessera_serve_jobs_running"), QString(),
                       m_runner ? m_runner->jobsRunning() : 0);
    c->reply(200, "text/plain; version=0.0.4; charset=utf-8", m_metrics.render());
}

void ApiServer::list(HttpConnection* c, const HttpRequest& r, const Target& t) {
    auto labels = LabelSelector::parse(r.param("labelSelector"));
    if (!labels)
        return sendFailure(c, labels.error(), &t);
    auto fields = FieldSelector::parse(r.param("fieldSelector"));
    if (!fields)
        return sendFailure(c, fields.error(), &t);
    const QString exact = fields->exactName();
    std::vector<ObjectPtr> all;
    if (!exact.isEmpty() && !t.namespace_.isEmpty()) {
        if (ObjectPtr o = m_store.get(QLatin1String(t.resource->name), t.namespace_, exact))
            all.push_back(o);
    } else {
        all = m_store.list(QLatin1String(t.resource->name), t.namespace_);
    }
    // Continue tokens are the key of the last object returned ("ns/name"), base64url.
    const QString after = QString::fromUtf8(
        QByteArray::fromBase64(r.param("continue").toLatin1(), QByteArray::Base64UrlEncoding));
    const qint64 limit = r.param("limit").toLongLong();
    std::vector<ObjectPtr> items;
    QString nextToken;
    qint64 remaining = 0;
    for (const ObjectPtr& o : all) {
        if (!after.isEmpty() && o->namespace_ + QLatin1Char('/') + o->name <= after)
            continue;
        if (!labels->matchesObject(o->json) || !fields->matches(o->json))
            continue;
        if (limit > 0 && static_cast<qint64>(items.size()) >= limit) {
            ++remaining;
            continue;
        }
        items.push_back(o);
    }
    if (remaining > 0 && !items.empty())
        nextToken = QString::fromLatin1(
            (items.back()->namespace_ + QLatin1Char('/') + items.back()->name)
                .toUtf8()
                .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
    const QString version = QString::number(m_store.resourceVersion());
    if (wantsTable(r)) {
        QJsonObject table = makeTable(*t.resource, items, r.param("includeObject"), true, version);
        if (!nextToken.isEmpty()) {
            QJsonObject meta = table.value(kMetadata).toObject();
            meta.insert(QStringLiteral("continue"), nextToken);
            table.insert(kMetadata, meta);
        }
        return sendJson(c, 200, compact(table));
    }
    QByteArray body;
    std::size_t size = 256;
    for (const ObjectPtr& o : items)
        size += static_cast<std::size_t>(o->bytes.size()) + 1;
    body.reserve(static_cast<qsizetype>(size));
    body += "{\"kind\":\"" + t.resource->listKind().toUtf8() + "\",\"apiVersion\":\"" +
            t.resource->apiVersion().toUtf8() + "\",\"metadata\":{\"resourceVersion\":\"" +
            version.toUtf8() + '"';
    if (!nextToken.isEmpty())
        body += ",\"continue\":\"" + nextToken.toUtf8() + "\",\"remainingItemCount\":" +
                QByteArray::number(remaining);
    body += "},\"items\":[";
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i)
            body += ',';
        body += items[i]->bytes;
    }
    body += "]}";
    sendJson(c, 200, body);
}

void ApiServer::get(HttpConnection* c, const HttpRequest& r, const Target& t) {
    ObjectPtr o = m_store.get(QLatin1String(t.resource->name), t.namespace_, t.name);
    if (!o)
        return sendFailure(c,
                           ApiFailure{404, QStringLiteral("NotFound"),
                                      QStringLiteral("%1%2 \"%3\" not found")
                                          .arg(QLatin1String(t.resource->name),
                                               *t.resource->group ? QLatin1Char('.') + QLatin1String(t.resource->group) : QString(),
                                               t.name)},
                           &t);
    if (wantsTable(r))
        return sendJson(c, 200,
                        compact(makeTable(*t.resource, {o}, r.param("includeObject"), true,
                                          QString::number(o->resourceVersion))));
    sendJson(c, 200, o->bytes);
}

ApiOutcome<QJsonObject> ApiServer::admit(const ResourceInfo& resource, const QString& namespace_,
                                         QJsonObject object, const ObjectPtr& previous,
                                         const QString& subresource) {
    const QString kind = object.value(QStringLiteral("kind")).toString();
    if (!kind.isEmpty() && kind != QLatin1String(resource.kind))
        return apiFailure(400, "BadRequest",
                          QStringLiteral("the object's kind \"%1\" does not match the resource %2 "
                                         "(kind %3)")
                              .arg(kind, QLatin1String(resource.name), QLatin1String(resource.kind)));
    object.insert(QStringLiteral("apiVersion"), resource.apiVersion());
    object.insert(QStringLiteral("kind"), QLatin1String(resource.kind));
    QJsonObject meta = object.value(kMetadata).toObject();
    const QString ns = meta.value(QStringLiteral("namespace")).toString();
    if (resource.namespaced && !ns.isEmpty() && ns != namespace_)
        return apiFailure(400, "BadRequest",
                          QStringLiteral("the namespace of the object (%1) does not match the "
                                         "namespace on the request (%2)")
                              .arg(ns, namespace_));
    const bool isJob = QLatin1String(resource.name) == QLatin1String("jobs");
    if (!previous) {
        for (const char* serverSet : {"uid", "resourceVersion", "creationTimestamp",
                                      "deletionTimestamp", "generation", "managedFields"})
            meta.remove(QLatin1String(serverSet));
        QString name = meta.value(QStringLiteral("name")).toString();
        if (isJob) {
            const QString uid = ObjectStore::newUid();
            meta.insert(QStringLiteral("uid"), uid);
            object.insert(kMetadata, meta);
            object.remove(kStatus);
            defaultJob(object, uid);
            auto job = decodeEngineJob(object, name);
            if (!job)
                return tl::unexpected(job.error());
            job->metadata.name = name.isEmpty() ? std::string("x") : name.toStdString();
            if (auto errors = engine::validateJob(*job); !errors.empty())
                return invalid(name, errors);
            object.insert(kStatus, QJsonObject());
        } else {
            object.insert(kMetadata, meta);
            if (QLatin1String(resource.name) == QLatin1String("namespaces"))
                object.insert(kStatus, QJsonObject{{QStringLiteral("phase"), QStringLiteral("Active")}});
            if (QLatin1String(resource.name) == QLatin1String("pods") && !object.contains(kStatus))
                object.insert(kStatus, QJsonObject{{QStringLiteral("phase"), QStringLiteral("Pending")}});
        }
        return object;
    }
    // Updates: the main resource keeps the stored status, /status keeps everything else.
    const QString version = meta.value(QStringLiteral("resourceVersion")).toString();
    if (!version.isEmpty() && version.toULongLong() != previous->resourceVersion)
        return apiFailure(409, "Conflict",
                          QStringLiteral("Operation cannot be fulfilled on %1 \"%2\": the object "
                                         "has been modified; please apply your changes to the "
                                         "latest version and try again")
                              .arg(QLatin1String(resource.name), previous->name));
    if (subresource == QLatin1String("status")) {
        QJsonObject out = previous->json;
        out.insert(kStatus, object.value(kStatus));
        return out;
    }
    if (previous->json.contains(kStatus))
        object.insert(kStatus, previous->json.value(kStatus));
    if (isJob) {
        auto before = decodeEngineJob(previous->json, previous->name);
        auto after = decodeEngineJob(object, previous->name);
        if (!after)
            return tl::unexpected(after.error());
        if (before) {
            if (auto errors = engine::validateJobUpdate(*before, *after); !errors.empty())
                return invalid(previous->name, errors);
        }
        const QJsonObject oldMeta = previous->json.value(kMetadata).toObject();
        const qint64 generation = oldMeta.value(QStringLiteral("generation")).toInteger(1);
        meta.insert(QStringLiteral("generation"),
                    previous->json.value(kSpec) == object.value(kSpec) ? generation : generation + 1);
        object.insert(kMetadata, meta);
    }
    return object;
}

ApiOutcome<ObjectPtr> ApiServer::store(const ResourceInfo& resource, const QString& namespace_,
                                       const QString& name, const QString& subresource,
                                       QJsonObject object, const ObjectPtr& previous, bool dryRun) {
    auto admitted = admit(resource, namespace_, std::move(object), previous, subresource);
    if (!admitted)
        return tl::unexpected(admitted.error());
    if (!previous)
        return m_store.create(QLatin1String(resource.name), namespace_, std::move(*admitted), dryRun);
    if (dryRun) {
        auto copy = std::make_shared<StoredObject>(*previous);
        copy->json = *admitted;
        copy->bytes = compact(copy->json);
        return ObjectPtr(copy);
    }
    return m_store.update(QLatin1String(resource.name), namespace_, name, std::move(*admitted));
}

ApiOutcome<ObjectPtr> ApiServer::createObject(const QString& resource, const QString& namespace_,
                                              QJsonObject object, bool dryRun) {
    const ResourceInfo* info = findResource(
        resource == QLatin1String("jobs") ? QStringLiteral("batch") : QString(), resource);
    if (!info)
        return apiFailure(404, "NotFound", QStringLiteral("unknown resource %1").arg(resource));
    return store(*info, info->namespaced ? namespace_ : QString(), QString(), QString(),
                 std::move(object), nullptr, dryRun);
}

void ApiServer::create(HttpConnection* c, const HttpRequest& r, const Target& t) {
    auto body = parseBody(r.body);
    if (!body)
        return sendFailure(c, body.error(), &t);
    const bool dryRun = r.param("dryRun") == QLatin1String("All");
    auto created = store(*t.resource, t.namespace_, QString(), QString(), std::move(*body), nullptr, dryRun);
    if (!created)
        return sendFailure(c, created.error(), &t);
    sendJson(c, 201, (*created)->bytes);
}

void ApiServer::replace(HttpConnection* c, const HttpRequest& r, const Target& t) {
    auto body = parseBody(r.body);
    if (!body)
        return sendFailure(c, body.error(), &t);
    ObjectPtr previous = m_store.get(QLatin1String(t.resource->name), t.namespace_, t.name);
    if (!previous)
        return sendFailure(c, ApiFailure{404, QStringLiteral("NotFound"),
                                         QStringLiteral("%1 \"%2\" not found")
                                             .arg(QLatin1String(t.resource->name), t.name)},
                           &t);
    const QString bodyName = body->value(kMetadata).toObject().value(QStringLiteral("name")).toString();
    if (!bodyName.isEmpty() && bodyName != t.name)
        return sendFailure(c, ApiFailure{400, QStringLiteral("BadRequest"),
                                         QStringLiteral("the name of the object (%1) does not match "
                                                        "the name on the URL (%2)")
                                             .arg(bodyName, t.name)},
                           &t);
    auto stored = store(*t.resource, t.namespace_, t.name, t.subresource, std::move(*body), previous,
                        r.param("dryRun") == QLatin1String("All"));
    if (!stored)
        return sendFailure(c, stored.error(), &t);
    sendJson(c, 200, (*stored)->bytes);
}

void ApiServer::patch(HttpConnection* c, const HttpRequest& r, const Target& t) {
    ObjectPtr previous = m_store.get(QLatin1String(t.resource->name), t.namespace_, t.name);
    if (!previous)
        return sendFailure(c, ApiFailure{404, QStringLiteral("NotFound"),
                                         QStringLiteral("%1 \"%2\" not found")
                                             .arg(QLatin1String(t.resource->name), t.name)},
                           &t);
    auto body = parseBody(r.body);
    if (!body)
        return sendFailure(c, body.error(), &t);
    const QByteArray type = r.header("content-type").split(';').value(0).trimmed();
    QJsonObject patched;
    if (type == "application/merge-patch+json") {
        patched = applyMergePatch(previous->json, *body);
    } else if (type == "application/strategic-merge-patch+json") {
        auto merged = applyStrategicMergePatch(previous->json, *body);
        if (!merged)
            return sendFailure(c, merged.error(), &t);
        patched = std::move(*merged);
    } else {
        return sendFailure(c, ApiFailure{415, QStringLiteral("UnsupportedMediaType"),
                                         QStringLiteral("the patch type %1 is not supported (use "
                                                        "merge or strategic)")
                                             .arg(QString::fromLatin1(type))},
                           &t);
    }
    // A resourceVersion in the patch asks for an optimistic-concurrency check; otherwise none.
    if (!body->value(kMetadata).toObject().contains(QStringLiteral("resourceVersion"))) {
        QJsonObject meta = patched.value(kMetadata).toObject();
        meta.remove(QStringLiteral("resourceVersion"));
        patched.insert(kMetadata, meta);
    }
    auto stored = store(*t.resource, t.namespace_, t.name, t.subresource, std::move(patched), previous,
                        r.param("dryRun") == QLatin1String("All"));
    if (!stored)
        return sendFailure(c, stored.error(), &t);
    sendJson(c, 200, (*stored)->bytes);
}

void ApiServer::deleteDependents(const ObjectPtr& job) {
    // Background propagation: the pods go after the Job, from the event loop.
    const QString uid = job->json.value(kMetadata).toObject().value(QStringLiteral("uid")).toString();
    const QString ns = job->namespace_;
    QTimer::singleShot(0, this, [this, uid, ns] {
        for (const ObjectPtr& pod : m_store.list(QStringLiteral("pods"), ns)) {
            const QJsonArray owners = pod->json.value(kMetadata).toObject()
                                          .value(QStringLiteral("ownerReferences")).toArray();
            for (const QJsonValue& o : owners)
                if (o.toObject().value(QStringLiteral("uid")).toString() == uid) {
                    m_store.remove(QStringLiteral("pods"), ns, pod->name);
                    break;
                }
        }
    });
}

void ApiServer::remove(HttpConnection* c, const HttpRequest& r, const Target& t) {
    const QString resource = QLatin1String(t.resource->name);
    ObjectPtr previous = m_store.get(resource, t.namespace_, t.name);
    if (!previous)
        return sendFailure(c, ApiFailure{404, QStringLiteral("NotFound"),
                                         QStringLiteral("%1 \"%2\" not found").arg(resource, t.name)},
                           &t);
    QString policy = r.param("propagationPolicy");
    bool dryRun = r.param("dryRun") == QLatin1String("All");
    if (!r.body.isEmpty()) {
        const QJsonObject options = QJsonDocument::fromJson(r.body).object();
        if (policy.isEmpty())
            policy = options.value(QStringLiteral("propagationPolicy")).toString();
        for (const QJsonValue& v : options.value(QStringLiteral("dryRun")).toArray())
            dryRun = dryRun || v.toString() == QLatin1String("All");
    }
    if (dryRun)
        return sendJson(c, 200, previous->bytes);
    auto removed = m_store.remove(resource, t.namespace_, t.name);
    if (!removed)
        return sendFailure(c, removed.error(), &t);
    if (resource == QLatin1String("jobs") && policy != QLatin1String("Orphan"))
        deleteDependents(previous);
    if (resource == QLatin1String("namespaces")) {
        for (const char* inner : {"pods", "jobs", "configmaps", "events"})
            for (const ObjectPtr& o : m_store.list(QLatin1String(inner), t.name))
                m_store.remove(QLatin1String(inner), t.name, o->name);
    }
    sendJson(c, 200, (*removed)->bytes);
}

void ApiServer::removeCollection(HttpConnection* c, const HttpRequest& r, const Target& t) {
    auto labels = LabelSelector::parse(r.param("labelSelector"));
    if (!labels)
        return sendFailure(c, labels.error(), &t);
    auto fields = FieldSelector::parse(r.param("fieldSelector"));
    if (!fields)
        return sendFailure(c, fields.error(), &t);
    const QString resource = QLatin1String(t.resource->name);
    QByteArray items;
    for (const ObjectPtr& o : m_store.list(resource, t.namespace_)) {
        if (!labels->matchesObject(o->json) || !fields->matches(o->json))
            continue;
        if (auto removed = m_store.remove(resource, o->namespace_, o->name)) {
            if (!items.isEmpty())
                items += ',';
            items += (*removed)->bytes;
            if (resource == QLatin1String("jobs"))
                deleteDependents(o);
        }
    }
    sendJson(c, 200,
             "{\"kind\":\"" + t.resource->listKind().toUtf8() + "\",\"apiVersion\":\"" +
                 t.resource->apiVersion().toUtf8() + "\",\"metadata\":{\"resourceVersion\":\"" +
                 QByteArray::number(m_store.resourceVersion()) + "\"},\"items\":[" + items + "]}");
}

void ApiServer::watch(HttpConnection* c, const HttpRequest& r, const Target& t) {
    auto labels = LabelSelector::parse(r.param("labelSelector"));
    if (!labels)
        return sendFailure(c, labels.error(), &t);
    auto fields = FieldSelector::parse(r.param("fieldSelector"));
    if (!fields)
        return sendFailure(c, fields.error(), &t);
    auto w = std::make_unique<Watch>();
    w->id = m_nextWatch++;
    w->connection = c;
    w->resource = t.resource;
    w->namespace_ = t.namespace_;
    w->labels = std::move(*labels);
    w->fields = std::move(*fields);
    w->bookmarks = truthy(r.param("allowWatchBookmarks"));
    w->table = wantsTable(r);
    w->includeObject = r.param("includeObject");
    const quint64 id = w->id;
    Watch& watch = *w;
    m_watches.emplace(id, std::move(w));
    c->beginStream(200, "application/json");
    connect(c, &HttpConnection::closed, this, [this, id] { closeWatch(id, false); });
    const QString resource = QLatin1String(t.resource->name);
    const QString since = r.param("resourceVersion");
    if (since.isEmpty() || since == QLatin1String("0")) {
        // No version: synthetic ADDED events for the current state, then the changes.
        for (const ObjectPtr& o : m_store.list(resource, t.namespace_))
            if (watch.matches(o))
                queueEvent(watch, "ADDED", o);
    } else {
        std::vector<Change> changes;
        if (!m_store.changesSince(since.toULongLong(), resource, changes)) {
            const QByteArray status = statusBody(
                ApiFailure{410, QStringLiteral("Expired"),
                           QStringLiteral("too old resource version: %1 (%2)")
                               .arg(since)
                               .arg(m_store.resourceVersion())},
                QString(), QString(), QString());
            c->write("{\"type\":\"ERROR\",\"object\":" + status + "}\n");
            closeWatch(id, false);
            return;
        }
        for (const Change& change : changes)
            deliver(watch, change); // the other watches saw these already
    }
    const int timeout = r.param("timeoutSeconds").toInt();
    if (timeout > 0) {
        watch.timeout.setSingleShot(true);
        connect(&watch.timeout, &QTimer::timeout, this, [this, id] { closeWatch(id, false); });
        watch.timeout.start(timeout * 1000);
    }
    flushWatch(id);
}

void ApiServer::queueEvent(Watch& w, const char* type, const ObjectPtr& object) {
    if (w.table) {
        QJsonObject table = makeTable(*w.resource, {object}, w.includeObject,
                                      !w.tableColumnsSent, QString::number(object->resourceVersion));
        w.tableColumnsSent = true;
        w.pending += "{\"type\":\"" + QByteArray(type) + "\",\"object\":" + compact(table) + "}\n";
    } else {
        w.pending += "{\"type\":\"" + QByteArray(type) + "\",\"object\":" + object->bytes + "}\n";
    }
    if (!w.flushScheduled) {
        w.flushScheduled = true;
        const quint64 id = w.id;
        QTimer::singleShot(0, this, [this, id] { flushWatch(id); });
    }
}

void ApiServer::flushWatch(quint64 id) {
    const auto it = m_watches.find(id);
    if (it == m_watches.end())
        return;
    Watch& w = *it->second;
    w.flushScheduled = false;
    if (!w.connection) {
        closeWatch(id, false);
        return;
    }
    if (w.pending.isEmpty())
        return;
    w.connection->write(w.pending);
    w.pending.clear();
    if (w.connection->bytesToWrite() > m_options.maxWatchBacklogBytes) {
        qWarning("tessera serve: dropping a watch of %s from %s: the client reads too slowly",
                 w.resource->name, qUtf8Printable(w.connection->peer()));
        closeWatch(id, true);
    }
}

void ApiServer::closeWatch(quint64 id, bool abort) {
    const auto it = m_watches.find(id);
    if (it == m_watches.end())
        return;
    std::unique_ptr<Watch> w = std::move(it->second);
    m_watches.erase(it);
    if (!w->connection)
        return;
    disconnect(w->connection, &HttpConnection::closed, this, nullptr);
    if (abort) {
        w->connection->abort();
        return;
    }
    if (!w->pending.isEmpty())
        w->connection->write(w->pending);
    w->connection->end();
}

void ApiServer::onChange(const Change& change) {
    for (auto& [id, w] : m_watches)
        deliver(*w, change);
}

void ApiServer::deliver(Watch& w, const Change& change) {
    if (QLatin1String(w.resource->name) != change.object->resource)
        return;
    const bool now = change.type != ChangeType::Deleted && w.matches(change.object);
    const bool before = change.previous && w.matches(change.previous);
    if (change.type == ChangeType::Deleted) {
        if (before)
            queueEvent(w, "DELETED", change.object);
    } else if (now && before) {
        queueEvent(w, "MODIFIED", change.object);
    } else if (now) {
        queueEvent(w, "ADDED", change.object);
    } else if (before) {
        // It no longer matches the selector: to this watcher it is gone.
        queueEvent(w, "DELETED", change.object);
    }
}

void ApiServer::sendBookmarks() {
    const QByteArray version = QByteArray::number(m_store.resourceVersion());
    for (auto& [id, w] : m_watches) {
        if (!w->bookmarks || w->table)
            continue;
        w->pending += "{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\"" +
                      QByteArray(w->resource->kind) + "\",\"apiVersion\":\"" +
                      w->resource->apiVersion().toUtf8() +
                      "\",\"metadata\":{\"resourceVersion\":\"" + version +
                      "\",\"annotations\":{\"k8s.io/initial-events-end\":\"true\"}}}}\n";
        flushWatch(id);
    }
}

void ApiServer::logs(HttpConnection* c, const HttpRequest& r, const Target& t) {
    if (!m_runner)
        return sendFailure(c, ApiFailure{404, QStringLiteral("NotFound"), QStringLiteral("no logs")}, &t);
    const std::optional<QByteArray> text = m_runner->podLog(t.namespace_, t.name);
    if (!text)
        return sendFailure(c, ApiFailure{404, QStringLiteral("NotFound"),
                                         QStringLiteral("pods \"%1\" not found").arg(t.name)},
                           &t);
    QByteArray out = *text;
    if (r.hasParam("tailLines")) {
        const int tail = r.param("tailLines").toInt();
        QList<QByteArray> lines = out.split('\n');
        if (!lines.isEmpty() && lines.last().isEmpty())
            lines.removeLast();
        if (tail >= 0 && lines.size() > tail)
            lines = lines.mid(lines.size() - tail);
        out = lines.join('\n');
        if (!out.isEmpty())
            out += '\n';
    }
    if (!truthy(r.param("follow")) || m_runner->podLogEnded(t.namespace_, t.name)) {
        c->reply(200, "text/plain", out);
        return;
    }
    c->beginStream(200, "text/plain");
    c->write(out);
    QPointer<HttpConnection> guard(c);
    const int follower = m_runner->followLog(
        t.namespace_, t.name,
        [guard](const QByteArray& data) {
            if (guard)
                guard->write(data);
        },
        [guard] {
            if (guard)
                guard->end();
        });
    connect(c, &HttpConnection::closed, this, [this, follower] { m_runner->unfollowLog(follower); });
}

} // namespace tessera::serve
