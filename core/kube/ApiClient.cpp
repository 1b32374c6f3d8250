#include "ApiClient.h"

#include "ApiClientSupport.h"
#include "CredentialProvider.h"
#include "codec/Decode.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QSslCertificate>
#include <QSslKey>
#include <QThread>
#include <QTimer>
#include <algorithm>

namespace tessera::kube {

using api_client_detail::deliver;
using api_client_detail::makeError;

namespace {

// The key in PEM: RSA, EC, or PKCS#8 holding either.
QSslKey parseKey(const QByteArray& pem) {
    for (QSsl::KeyAlgorithm alg : {QSsl::Rsa, QSsl::Ec, QSsl::Dsa}) {
        QSslKey k(pem, alg, QSsl::Pem, QSsl::PrivateKey);
        if (!k.isNull())
            return k;
    }
    return {};
}

std::optional<int> retryAfter(QNetworkReply* reply) {
    const QByteArray v = reply->rawHeader("Retry-After").trimmed();
    bool ok = false;
    const int s = v.toInt(&ok);
    if (!ok || s < 0)
        return std::nullopt;
    return s;
}

} // namespace

QString WatchState::text() const {
    switch (phase) {
    case Phase::Connecting:
        return detail.isEmpty() ? QStringLiteral("connecting")
                                : QStringLiteral("connecting: %1").arg(detail);
    case Phase::Connected:
        return QStringLiteral("connected");
    case Phase::Retrying:
        return QStringLiteral("retrying in %1 s: %2").arg(QString::number(retryInSeconds), detail);
    case Phase::Unauthorized:
        return QStringLiteral("unauthorized: %1").arg(detail);
    case Phase::Forbidden:
        return QStringLiteral("forbidden: %1").arg(detail);
    case Phase::Failed:
        return QStringLiteral("failed: %1").arg(detail);
    case Phase::Stopped:
        return QStringLiteral("stopped");
    }
    return {};
}

struct ApiClient::Pending {
    Request request;
    QPointer<QObject> context;
    bool hasContext = false;
    Callback<ApiResponse> done;
    int retryAfterCount = 0;
    bool authRetried = false;
    QString credentialSource;
    QStringList sslErrors;
};

struct ApiClient::Stream {
    Request request;
    QPointer<QObject> context;
    bool hasContext = false;
    StreamData onData;
    StreamEnd onEnd;
    QPointer<QNetworkReply> reply;
    bool cancelled = false;
    bool authRetried = false;
    bool ended = false;
    QString credentialSource;
    QStringList sslErrors;
    QByteArray errorBody;

    void end(const std::optional<ApiError>& e) {
        if (ended || cancelled)
            return;
        ended = true;
        if (!onEnd)
            return;
        if (!hasContext) {
            onEnd(e);
        } else if (context) {
            QMetaObject::invokeMethod(context.data(), [cb = onEnd, e] { cb(e); });
        }
    }
};

ApiClient::ApiClient(ClusterConnection connection, Options options, const engine::Clock* clock,
                     QObject* parent)
    : QObject(parent)
    , m_connection(std::move(connection))
    , m_options(std::move(options))
    , m_credentials(new CredentialProvider(m_connection, clock, this))
    , m_nam(new QNetworkAccessManager(this))
    , m_streamNam(new QNetworkAccessManager(this)) {
    qRegisterMetaType<ApiError>();
    qRegisterMetaType<WatchState>();
    buildTls();
    if (!m_connection.proxyUrl.isEmpty()) {
        const QUrl& u = m_connection.proxyUrl;
        // Qt speaks plain HTTP to an https:// proxy (CONNECT is tunnelled either way).
        const auto type = u.scheme() == QLatin1String("socks5") ? QNetworkProxy::Socks5Proxy
                                                                : QNetworkProxy::HttpProxy;
        const int defaultPort = u.scheme() == QLatin1String("socks5")  ? 1080
                                : u.scheme() == QLatin1String("https") ? 443
                                                                       : 80;
        const QNetworkProxy proxy(type, u.host(), quint16(u.port(defaultPort)), u.userName(),
                                  u.password());
        m_nam->setProxy(proxy);
        m_streamNam->setProxy(proxy);
    } else {
        m_nam->setProxy(QNetworkProxy::NoProxy);
        m_streamNam->setProxy(QNetworkProxy::NoProxy);
    }
    for (auto* nam : {m_nam, m_streamNam}) {
        // The API never redirects; following one could hand our token to another host.
        nam->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
        nam->setAutoDeleteReplies(false);
    }
}

ApiClient::~ApiClient() {
    for (const auto& s : std::as_const(m_streams)) {
        s->cancelled = true;
        if (s->reply)
            s->reply->abort();
    }
}

void ApiClient::buildTls() {
    m_tls = QSslConfiguration::defaultConfiguration();
    m_tls.setProtocol(QSsl::TlsV1_2OrLater);
    if (!m_connection.caPem.isEmpty()) {
        const QList<QSslCertificate> cas = QSslCertificate::fromData(m_connection.caPem, QSsl::Pem);
        if (cas.isEmpty())
            m_setupError = makeError(
                ApiError::Kind::Tls,
                QStringLiteral("%1: the certificate authority of cluster \"%2\" holds no PEM "
                               "certificate")
                    .arg(m_connection.kubeconfigFile, m_connection.clusterName));
        // As kubectl does: a cluster CA replaces the system roots instead of adding to them.
        m_tls.setCaCertificates(cas);
    }
    if (m_connection.insecureSkipTlsVerify)
        m_tls.setPeerVerifyMode(QSslSocket::VerifyNone);
    else
        m_tls.setPeerVerifyMode(QSslSocket::VerifyPeer);
}

template <typename F> void ApiClient::onClientThread(F&& f) {
    if (QThread::currentThread() == thread())
        f();
    else
        QMetaObject::invokeMethod(this, std::forward<F>(f), Qt::QueuedConnection);
}

QString ApiClient::jobsPath(const QString& ns) {
    return ns.isEmpty() ? QStringLiteral("/apis/batch/v1/jobs")
                        : QStringLiteral("/apis/batch/v1/namespaces/%1/jobs").arg(ns);
}

QString ApiClient::podsPath(const QString& ns) {
    return ns.isEmpty() ? QStringLiteral("/api/v1/pods")
                        : QStringLiteral("/api/v1/namespaces/%1/pods").arg(ns);
}

QString ApiClient::cronJobsPath(const QString& ns) {
    return ns.isEmpty() ? QStringLiteral("/apis/batch/v1/cronjobs")
                        : QStringLiteral("/apis/batch/v1/namespaces/%1/cronjobs").arg(ns);
}

QString ApiClient::eventsPath(const QString& ns) {
    return ns.isEmpty() ? QStringLiteral("/api/v1/events")
                        : QStringLiteral("/api/v1/namespaces/%1/events").arg(ns);
}

QUrl ApiClient::urlFor(const Request& r) const {
    QUrl url = m_connection.server;
    // Servers behind a proxy path (Rancher's https://host/k8s/clusters/c-xyz) keep their prefix.
    QString base = url.path();
    if (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    url.setPath(base + r.path);
    url.setQuery(r.query);
    return url;
}

QNetworkRequest ApiClient::makeRequest(const Request& r, const Credentials& c, bool stream) const {
    QNetworkRequest req(urlFor(r));
    req.setRawHeader("Accept", "application/json");
    req.setRawHeader("User-Agent", m_options.userAgent);
    if (!c.authorization.isEmpty())
        req.setRawHeader("Authorization", c.authorization);
    if (!r.contentType.isEmpty())
        req.setRawHeader("Content-Type", r.contentType);
    req.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    req.setAttribute(QNetworkRequest::CacheSaveControlAttribute, false);
    if (stream)
        req.setTransferTimeout(int(r.idleTimeout.count()));
    else
        req.setTransferTimeout(int(m_options.requestTimeout.count()));
    if (req.url().scheme() == QLatin1String("https")) {
        QSslConfiguration tls = m_tls;
        if (!c.clientCertPem.isEmpty()) {
            const QList<QSslCertificate> chain =
                QSslCertificate::fromData(c.clientCertPem, QSsl::Pem);
            if (!chain.isEmpty())
                tls.setLocalCertificateChain(chain);
            tls.setPrivateKey(parseKey(c.clientKeyPem));
        }
        req.setSslConfiguration(tls);
        if (!m_connection.tlsServerName.isEmpty())
            req.setPeerVerifyName(m_connection.tlsServerName);
    }
    return req;
}

ApiError ApiClient::networkError(int qtError, const QString& qtMessage, const QUrl& url) const {
    const auto code = QNetworkReply::NetworkError(qtError);
    const QString where = url.toString(QUrl::RemoveUserInfo);
    switch (code) {
    case QNetworkReply::SslHandshakeFailedError:
        return makeError(ApiError::Kind::Tls, QStringLiteral("TLS with %1 failed (%2): %3")
                                                  .arg(where, m_connection.describe(), qtMessage));
    case QNetworkReply::OperationCanceledError:
    case QNetworkReply::TimeoutError:
        return makeError(
            ApiError::Kind::Timeout,
            QStringLiteral("%1 did not answer in time (%2)").arg(where, m_connection.describe()));
    default:
        return makeError(ApiError::Kind::Network,
                         QStringLiteral("cannot reach %1 (%2): %3")
                             .arg(where, m_connection.describe(), qtMessage));
    }
}

ApiError ApiClient::httpError(int status, const QByteArray& body, const QByteArray& verb,
                              const QUrl& url) const {
    ApiError e;
    e.httpStatus = status;
    QString detail;
    if (auto st = codec::decodeStatus(std::string_view(body.constData(), size_t(body.size())))) {
        detail = QString::fromStdString(st->message);
        e.reason = QString::fromStdString(st->reason);
        for (const auto& c : st->causes)
            e.causes.push_back({QString::fromStdString(c.field), QString::fromStdString(c.message),
                                QString::fromStdString(c.type)});
    }
    if (detail.isEmpty()) {
        detail = QString::fromUtf8(body.left(300)).trimmed();
        if (detail.isEmpty())
            detail = QStringLiteral("HTTP %1").arg(status);
    }
    const QString where =
        QStringLiteral("%1 %2").arg(QString::fromLatin1(verb), url.toString(QUrl::RemoveUserInfo));
    const QString who = QStringLiteral("user \"%1\" in context \"%2\"")
                            .arg(m_connection.userName, m_connection.contextName);
    switch (status) {
    case 401:
        e.kind = ApiError::Kind::Unauthorized;
        e.message = QStringLiteral("%1 rejected the credentials of %2: %3")
                        .arg(m_connection.server.toString(QUrl::RemoveUserInfo), who, detail);
        break;
    case 403:
        e.kind = ApiError::Kind::Forbidden;
        e.message = QStringLiteral("%1 may not %2: %3").arg(who, where, detail);
        break;
    case 404:
        e.kind = ApiError::Kind::NotFound;
        e.message = QStringLiteral("%1: not found: %2").arg(where, detail);
        break;
    case 409:
        e.kind = ApiError::Kind::Conflict;
        e.message = QStringLiteral("%1: conflict: %2").arg(where, detail);
        break;
    case 410:
        e.kind = ApiError::Kind::Gone;
        e.message = QStringLiteral("%1: gone: %2").arg(where, detail);
        break;
    case 429:
        e.kind = ApiError::Kind::TooManyRequests;
        e.message = QStringLiteral("%1: too many requests: %2").arg(where, detail);
        break;
    case 400:
    case 422:
        e.kind = ApiError::Kind::Invalid;
        e.message = QStringLiteral("%1: refused as invalid: %2").arg(where, detail);
        break;
    default:
        e.kind = status >= 500 ? ApiError::Kind::Server : ApiError::Kind::BadResponse;
        // One arg() call: a chained arg() would replace a "%2x" escape in the URL.
        e.message = QStringLiteral("%1: HTTP %2: %3").arg(where, QString::number(status), detail);
        break;
    }
    return e;
}

// ---- Requests ----

void ApiClient::send(const Request& request, QObject* context, Callback<ApiResponse> done) {
    auto p = std::make_shared<Pending>();
    p->request = request;
    p->context = context;
    p->hasContext = context != nullptr;
    p->done = std::move(done);
    onClientThread([this, p] { start(p); });
}

void ApiClient::start(const std::shared_ptr<Pending>& p) {
    if (m_setupError) {
        deliver<ApiResponse>(p->context, p->hasContext, p->done, tl::unexpected(*m_setupError));
        return;
    }
    m_credentials->get([this, p](const engine::Result<Credentials>& cr) {
        if (!cr) {
            deliver<ApiResponse>(
                p->context, p->hasContext, p->done,
                tl::unexpected(makeError(ApiError::Kind::Credentials,
                                         QString::fromStdString(cr.error().message))));
            return;
        }
        p->credentialSource = cr->source;
        p->sslErrors.clear();
        const QNetworkRequest req = makeRequest(p->request, *cr, false);
        QNetworkReply* reply =
            p->request.body.isEmpty() && p->request.verb == "GET"
                ? m_nam->get(req)
                : m_nam->sendCustomRequest(req, p->request.verb, p->request.body);
        connect(reply, &QNetworkReply::sslErrors, this, [p](const QList<QSslError>& errors) {
            for (const QSslError& e : errors)
                p->sslErrors << e.errorString();
        });
        connect(reply, &QNetworkReply::finished, this,
                [this, p, reply] { finishRequest(p, reply); });
    });
}

void ApiClient::finishRequest(const std::shared_ptr<Pending>& p, QNetworkReply* reply) {
    reply->deleteLater();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();
    const QUrl url = reply->url();
    if (status == 0) {
        QString why = reply->errorString();
        if (!p->sslErrors.isEmpty())
            why = p->sslErrors.join(QStringLiteral("; "));
        deliver<ApiResponse>(p->context, p->hasContext, p->done,
                             tl::unexpected(networkError(reply->error(), why, url)));
        return;
    }
    if (status == 401 && !p->authRetried &&
        (m_connection.exec || !m_connection.tokenFile.isEmpty())) {
        // The server may have rotated or expired what we cached: fetch fresh credentials once.
        p->authRetried = true;
        m_credentials->invalidate();
        start(p);
        return;
    }
    if ((status == 429 || status == 503) && p->retryAfterCount < m_options.maxRetryAfter) {
        if (const auto after = retryAfter(reply)) {
            ++p->retryAfterCount;
            const int seconds = std::min(*after, m_options.maxRetryAfterSeconds);
            QTimer::singleShot(std::chrono::seconds(seconds), this, [this, p] { start(p); });
            return;
        }
    }
    if (status >= 300) {
        ApiError e = httpError(status, body, p->request.verb, url);
        if (e.kind == ApiError::Kind::Unauthorized && !p->credentialSource.isEmpty())
            e.message += QStringLiteral(" (credentials: %1)").arg(p->credentialSource);
        e.retryAfterSeconds = retryAfter(reply);
        deliver<ApiResponse>(p->context, p->hasContext, p->done, tl::unexpected(e));
        return;
    }
    ApiResponse r;
    r.httpStatus = status;
    r.body = body;
    r.contentType = reply->header(QNetworkRequest::ContentTypeHeader).toByteArray();
    deliver<ApiResponse>(p->context, p->hasContext, p->done, std::move(r));
}

// ---- Streams ----

quint64 ApiClient::openStream(const Request& request, QObject* context, StreamData onData,
                              StreamEnd onEnd) {
    const quint64 id = m_nextStreamId++;
    auto s = std::make_shared<Stream>();
    s->request = request;
    s->context = context;
    s->hasContext = context != nullptr;
    s->onData = std::move(onData);
    s->onEnd = std::move(onEnd);
    onClientThread([this, id, s] {
        m_streams.insert(id, s);
        startStream(id);
    });
    return id;
}

void ApiClient::cancelStream(quint64 id) {
    onClientThread([this, id] {
        const auto s = m_streams.take(id);
        if (!s)
            return;
        s->cancelled = true;
        if (s->reply)
            s->reply->abort();
    });
}

void ApiClient::startStream(quint64 id) {
    const auto s = m_streams.value(id);
    if (!s || s->cancelled)
        return;
    if (m_setupError) {
        m_streams.remove(id);
        s->end(*m_setupError);
        return;
    }
    m_credentials->get([this, id, s](const engine::Result<Credentials>& cr) {
        if (s->cancelled)
            return;
        if (!cr) {
            m_streams.remove(id);
            s->end(
                makeError(ApiError::Kind::Credentials, QString::fromStdString(cr.error().message)));
            return;
        }
        s->credentialSource = cr->source;
        s->sslErrors.clear();
        s->errorBody.clear();
        QNetworkReply* reply = m_streamNam->sendCustomRequest(makeRequest(s->request, *cr, true),
                                                              s->request.verb, s->request.body);
        s->reply = reply;
        connect(reply, &QNetworkReply::sslErrors, this, [s](const QList<QSslError>& errors) {
            for (const QSslError& e : errors)
                s->sslErrors << e.errorString();
        });
        connect(reply, &QNetworkReply::metaDataChanged, this, [s, reply] {
            // Headers with a 2xx status: tell the reader the stream is open (an empty chunk).
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            if (status < 200 || status >= 300 || s->cancelled || !s->onData)
                return;
            if (!s->hasContext)
                s->onData(QByteArray());
            else if (s->context)
                QMetaObject::invokeMethod(s->context.data(),
                                          [cb = s->onData] { cb(QByteArray()); });
        });
        connect(reply, &QNetworkReply::readyRead, this, [s, reply] {
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            if (status >= 300) {
                s->errorBody += reply->readAll(); // a Status object, read at the end
                return;
            }
            const QByteArray chunk = reply->readAll();
            if (chunk.isEmpty() || s->cancelled || !s->onData)
                return;
            if (!s->hasContext)
                s->onData(chunk);
            else if (s->context)
                QMetaObject::invokeMethod(s->context.data(),
                                          [cb = s->onData, chunk] { cb(chunk); });
        });
        connect(reply, &QNetworkReply::finished, this, [this, id, s, reply] {
            reply->deleteLater();
            if (s->cancelled)
                return;
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            const QUrl url = reply->url();
            if (status == 401 && !s->authRetried &&
                (m_connection.exec || !m_connection.tokenFile.isEmpty())) {
                s->authRetried = true;
                m_credentials->invalidate();
                startStream(id);
                return;
            }
            m_streams.remove(id);
            if (status < 300 && reply->isOpen() && reply->bytesAvailable() > 0 && s->onData) {
                // The last bytes can arrive together with the end of the stream: hand them over
                // before the end, so a final event (or garbage) is never skipped.
                const QByteArray rest = reply->readAll();
                if (!s->hasContext)
                    s->onData(rest);
                else if (s->context)
                    QMetaObject::invokeMethod(s->context.data(),
                                              [cb = s->onData, rest] { cb(rest); });
            }
            if (status >= 300) {
                ApiError e = httpError(
                    status, s->errorBody + (reply->isOpen() ? reply->readAll() : QByteArray()),
                    s->request.verb, url);
                e.retryAfterSeconds = retryAfter(reply);
                if (e.kind == ApiError::Kind::Unauthorized)
                    e.message += QStringLiteral(" (credentials: %1)").arg(s->credentialSource);
                s->end(e);
            } else if (reply->error() != QNetworkReply::NoError) {
                // A dropped connection mid-stream ends the stream with an error, even after a 200.
                QString why = reply->errorString();
                if (!s->sslErrors.isEmpty())
                    why = s->sslErrors.join(QStringLiteral("; "));
                s->end(networkError(reply->error(), why, url));
            } else {
                s->end(std::nullopt);
            }
        });
    });
}

} // namespace tessera::kube
