#include "FakeApiServer.h"

#include <QSslServer>
#include <QSslSocket>
#include <QTcpSocket>

namespace tessera::kube::test {

namespace {

QByteArray reasonPhrase(int status) {
    switch (status) {
    case 200:
        return "OK";
    case 201:
        return "Created";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 409:
        return "Conflict";
    case 410:
        return "Gone";
    case 422:
        return "Unprocessable Entity";
    case 429:
        return "Too Many Requests";
    case 500:
        return "Internal Server Error";
    case 503:
        return "Service Unavailable";
    default:
        return "Status";
    }
}

} // namespace

QByteArray statusJson(int code, const QByteArray& reason, const QByteArray& message) {
    return R"({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":")" +
           message + R"(","reason":")" + reason + R"(","code":)" + QByteArray::number(code) + "}";
}

Responder::Responder(QTcpSocket* socket)
    : m_socket(socket) {}

bool Responder::alive() const {
    return m_socket && m_socket->state() == QAbstractSocket::ConnectedState;
}

void Responder::reply(int status, const QByteArray& body,
                      const QList<QPair<QByteArray, QByteArray>>& headers) {
    if (!m_socket)
        return;
    QByteArray out = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) + "\r\n";
    bool hasType = false;
    for (const auto& [k, v] : headers) {
        out += k + ": " + v + "\r\n";
        hasType = hasType || k.toLower() == "content-type";
    }
    if (!hasType)
        out += "Content-Type: application/json\r\n";
    out += "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
    m_socket->write(out);
}

void Responder::beginStream(int status, const QByteArray& contentType) {
    if (!m_socket)
        return;
    m_streaming = true;
    m_socket->write("HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) +
                    "\r\nContent-Type: " + contentType + "\r\nTransfer-Encoding: chunked\r\n\r\n");
    m_socket->flush();
}

void Responder::write(const QByteArray& data) {
    if (!m_socket || data.isEmpty())
        return;
    m_socket->write(QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n");
    m_socket->flush();
}

void Responder::end() {
    if (!m_socket || !m_streaming)
        return;
    m_streaming = false;
    m_socket->write("0\r\n\r\n");
    m_socket->flush();
}

void Responder::drop() {
    if (m_socket)
        m_socket->abort();
}

FakeApiServer::FakeApiServer(const QSslConfiguration& tls, QObject* parent)
    : QObject(parent) {
    if (!tls.localCertificate().isNull()) {
        auto* s = new QSslServer(this);
        s->setSslConfiguration(tls);
        s->setHandshakeTimeout(5000);
        m_server = s;
    } else {
        m_server = new QTcpServer(this);
    }
    connect(m_server, &QTcpServer::pendingConnectionAvailable, this, [this] {
        while (QTcpSocket* s = m_server->nextPendingConnection())
            onConnection(s);
    });
    m_server->listen(QHostAddress::LocalHost, 0);
}

FakeApiServer::~FakeApiServer() = default;

QUrl FakeApiServer::url(const QString& host) const {
    QUrl u;
    u.setScheme(qobject_cast<QSslServer*>(m_server) ? QStringLiteral("https")
                                                    : QStringLiteral("http"));
    u.setHost(host);
    u.setPort(port());
    return u;
}

void FakeApiServer::route(const QByteArray& method, const QString& path, Handler handler) {
    m_routes.prepend({{method, path}, std::move(handler)});
}

QList<HttpRequest> FakeApiServer::requestsTo(const QString& path) const {
    QList<HttpRequest> out;
    for (const auto& r : m_requests)
        if (r.path == path)
            out << r;
    return out;
}

void FakeApiServer::onConnection(QTcpSocket* socket) {
    ++m_accepted;
    socket->setParent(this);
    auto buffer = std::make_shared<QByteArray>();
    connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    connect(socket, &QTcpSocket::readyRead, this, [this, socket, buffer] {
        *buffer += socket->readAll();
        for (;;) {
            const qsizetype headerEnd = buffer->indexOf("\r\n\r\n");
            if (headerEnd < 0)
                return;
            const QList<QByteArray> lines = buffer->left(headerEnd).split('\n');
            HttpRequest r;
            const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
            r.method = first.value(0);
            r.target = first.value(1);
            for (qsizetype i = 1; i < lines.size(); ++i) {
                const qsizetype colon = lines[i].indexOf(':');
                if (colon > 0)
                    r.headers.insert(lines[i].left(colon).trimmed().toLower(),
                                     lines[i].mid(colon + 1).trimmed());
            }
            const qsizetype length = r.headers.value("content-length", "0").toLongLong();
            if (buffer->size() < headerEnd + 4 + length)
                return;
            r.body = buffer->mid(headerEnd + 4, length);
            buffer->remove(0, headerEnd + 4 + length);
            const QUrl u = r.target.startsWith('/')
                               ? QUrl(QStringLiteral("http://x") + QString::fromLatin1(r.target))
                               : QUrl(QString::fromLatin1(r.target));
            r.path = u.path();
            r.query = QUrlQuery(u);
            m_requests << r;
            emit requestReceived(r);
            dispatch(r, socket);
        }
    });
}

void FakeApiServer::dispatch(const HttpRequest& r, QTcpSocket* socket) {
    auto responder = std::make_shared<Responder>(socket);
    for (const auto& [key, handler] : m_routes) {
        if ((key.first == "*" || key.first == r.method) && key.second == r.path) {
            handler(r, responder);
            return;
        }
    }
    if (m_fallback) {
        m_fallback(r, responder);
        return;
    }
    responder->replyJson(
        404, statusJson(404, "NotFound", "the server could not find the requested resource"));
}

} // namespace tessera::kube::test
