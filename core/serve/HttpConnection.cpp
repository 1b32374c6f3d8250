#include "HttpConnection.h"

#include "HttpRequestParser.h"

#include <QTcpSocket>
#include <QTimer>

namespace tessera::serve {

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
    HttpParseResult parsed = parseHttpRequest(m_buffer);
    switch (parsed.status) {
    case HttpParseResult::Status::Incomplete:
        return;
    case HttpParseResult::Status::HeaderTooLarge:
        abort();
        return;
    case HttpParseResult::Status::Bad:
        // Close after this answer; nothing after a malformed request can be framed. (Set before
        // reply(), whose end would otherwise parse the same bytes again and answer twice.)
        m_closeAfter = true;
        m_buffer.clear();
        reply(parsed.errorStatus, "text/plain", parsed.errorMessage);
        return;
    case HttpParseResult::Status::Complete:
        break;
    }
    m_buffer.remove(0, parsed.consumed);
    m_closeAfter = parsed.request.headers.value("connection").toLower() == "close";
    m_busy = true;
    emit requestReceived(parsed.request);
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
