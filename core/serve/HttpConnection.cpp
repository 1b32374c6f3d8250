#include "HttpConnection.h"

#include <QTcpSocket>
#include <QTimer>
#include <QUrl>

namespace tessera::serve {

namespace {
constexpr qsizetype kMaxHeaderBytes = 64 * 1024;
constexpr qsizetype kMaxBodyBytes = 64 * 1024 * 1024;
} // namespace

HttpConnection::HttpConnection(QTcpSocket* socket, QObject* parent)
    : QObject(parent)
    , m_socket(socket) {
    socket->setParent(this);
    connect(socket, &QTcpSocket::readyRead, this, &HttpConnection::onReadyRead);
    connect(socket, &QTcpSocket::disconnected, this, [this] {
        if (m_closed)
            return;
        m_closed = true;
        emit closed();
        deleteLater();
    });
}

HttpConnection::~HttpConnection() = default;

bool HttpConnection::connected() const {
    return m_socket && m_socket->state() == QAbstractSocket::ConnectedState;
}

qint64 HttpConnection::bytesToWrite() const {
    return m_socket ? m_socket->bytesToWrite() : 0;
}

QString HttpConnection::peer() const {
    return m_socket ? m_socket->peerAddress().toString() : QString();
}

QByteArray HttpConnection::reasonPhrase(int status) {
    switch (status) {
    case 200:
        return "OK";
    case 201:
        return "Created";
    case 202:
        return "Accepted";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 406:
        return "Not Acceptable";
    case 409:
        return "Conflict";
    case 410:
        return "Gone";
    case 413:
        return "Request Entity Too Large";
    case 415:
        return "Unsupported Media Type";
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

void HttpConnection::onReadyRead() {
    if (!m_socket)
        return;
    m_buffer.append(m_socket->readAll());
    if (!m_busy)
        processBuffer();
}

void HttpConnection::processBuffer() {
    if (m_busy || m_closed || !m_socket)
        return;
    const qsizetype headerEnd = m_buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0) {
        if (m_buffer.size() > kMaxHeaderBytes)
            abort();
        return;
    }
    HttpRequest r;
    const QList<QByteArray> lines = m_buffer.left(headerEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    if (requestLine.size() < 3) {
        reply(400, "text/plain", "malformed request line\n");
        m_closeAfter = true;
        return;
    }
    r.method = requestLine[0];
    r.target = requestLine[1];
    for (int i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            r.headers.insert(line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed());
    }
    qsizetype consumed = headerEnd + 4;
    if (r.headers.value("transfer-encoding").toLower().contains("chunked")) {
        // Chunked request body: size line, data, CRLF ... until a zero-size chunk.
        qsizetype at = consumed;
        QByteArray body;
        for (;;) {
            const qsizetype eol = m_buffer.indexOf("\r\n", at);
            if (eol < 0)
                return; // wait for more
            bool ok = false;
            const qsizetype size = m_buffer.mid(at, eol - at).split(';').value(0).trimmed().toLongLong(&ok, 16);
            if (!ok) {
                reply(400, "text/plain", "malformed chunked body\n");
                m_closeAfter = true;
                return;
            }
            if (m_buffer.size() < eol + 2 + size + 2)
                return;
            body.append(m_buffer.mid(eol + 2, size));
            at = eol + 2 + size + 2;
            if (size == 0)
                break;
        }
        r.body = body;
        consumed = at;
    } else {
        const qsizetype length = r.headers.value("content-length", "0").toLongLong();
        if (length > kMaxBodyBytes) {
            reply(413, "text/plain", "request body too large\n");
            m_closeAfter = true;
            return;
        }
        if (m_buffer.size() < consumed + length)
            return; // wait for the rest of the body
        r.body = m_buffer.mid(consumed, length);
        consumed += length;
    }
    m_buffer.remove(0, consumed);
    // Go clients encode spaces in queries as '+' (a literal '+' arrives as %2B).
    QByteArray target = r.target;
    if (const qsizetype q = target.indexOf('?'); q >= 0)
        target = target.left(q) + target.mid(q).replace('+', "%20");
    const QUrl url = QUrl::fromEncoded(target.startsWith('/') ? "http://x" + target : target);
    r.path = url.path(QUrl::FullyDecoded);
    r.query = QUrlQuery(url);
    m_closeAfter = r.headers.value("connection").toLower() == "close";
    m_busy = true;
    emit requestReceived(r);
}

void HttpConnection::reply(int status, const QByteArray& contentType, const QByteArray& body,
                           const QList<QPair<QByteArray, QByteArray>>& headers) {
    if (!m_socket || m_closed)
        return;
    QByteArray head = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) +
                      "\r\nContent-Type: " + contentType +
                      "\r\nContent-Length: " + QByteArray::number(body.size()) +
                      "\r\nCache-Control: no-cache, private\r\n";
    for (const auto& [name, value] : headers)
        head += name + ": " + value + "\r\n";
    if (m_closeAfter)
        head += "Connection: close\r\n";
    head += "\r\n";
    m_socket->write(head);
    m_socket->write(body);
    finishResponse();
}

void HttpConnection::beginStream(int status, const QByteArray& contentType) {
    if (!m_socket || m_closed)
        return;
    m_streaming = true;
    m_socket->write("HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) +
                    "\r\nContent-Type: " + contentType +
                    "\r\nTransfer-Encoding: chunked\r\nCache-Control: no-cache, private\r\n\r\n");
}

void HttpConnection::write(const QByteArray& data) {
    if (!m_socket || m_closed || !m_streaming || data.isEmpty())
        return;
    m_socket->write(QByteArray::number(data.size(), 16) + "\r\n");
    m_socket->write(data);
    m_socket->write("\r\n");
}

void HttpConnection::end() {
    if (!m_streaming)
        return;
    m_streaming = false;
    if (m_socket && !m_closed)
        m_socket->write("0\r\n\r\n");
    finishResponse();
}

void HttpConnection::finishResponse() {
    m_busy = false;
    if (m_closeAfter) {
        if (m_socket)
            m_socket->disconnectFromHost();
        return;
    }
    // A pipelined request may already be waiting.
    if (!m_buffer.isEmpty())
        QTimer::singleShot(0, this, &HttpConnection::processBuffer);
}

void HttpConnection::abort() {
    if (m_socket)
        m_socket->abort();
    if (!m_closed) {
        m_closed = true;
        emit closed();
        deleteLater();
    }
}

} // namespace tessera::serve
