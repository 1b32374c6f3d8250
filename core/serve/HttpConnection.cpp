#include "HttpConnection.h"

#include "HttpRequestParser.h"

#include <QTcpSocket>
#include <QTimer>

namespace tessera::serve {

HttpConnection::HttpConnection(QTcpSocket* socket, HeadGate gate, HttpTimeouts timeouts,
                               QObject* parent)
    : QObject(parent)
    , m_socket(socket)
    , m_gate(std::move(gate))
    , m_timeouts(timeouts) {
    socket->setParent(this);
    connect(socket, &QTcpSocket::readyRead, this, &HttpConnection::onReadyRead);
    connect(socket, &QTcpSocket::disconnected, this, [this] {
        if (m_closed)
            return;
        m_closed = true;
        emit closed();
        deleteLater();
    });
    // A connection that sends nothing, or trickles a request, is closed: it would otherwise hold
    // one of the server's connections for ever.
    m_deadline.setSingleShot(true);
    connect(&m_deadline, &QTimer::timeout, this, [this] {
        if (!m_busy && !m_streaming)
            abort();
    });
    armDeadline();
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
    case 421:
        return "Misdirected Request";
    case 422:
        return "Unprocessable Entity";
    case 429:
        return "Too Many Requests";
    case 500:
        return "Internal Server Error";
    case 501:
        return "Not Implemented";
    case 503:
        return "Service Unavailable";
    default:
        return "Status";
    }
}

void HttpConnection::onReadyRead() {
    if (!m_socket)
        return;
    if (m_closing) {
        m_socket->readAll(); // the answer that ends this connection is on its way
        return;
    }
    m_buffer.append(m_socket->readAll());
    if (!m_busy)
        processBuffer();
}

void HttpConnection::armDeadline() {
    if (m_busy || m_streaming || m_closing) {
        m_deadline.stop();
        return;
    }
    // Waiting for a request's first byte: the idle limit; for the rest of one: the request's,
    // counted from when its first byte arrived (not restarted by each trickled byte).
    if (m_buffer.isEmpty())
        m_deadline.start(m_timeouts.idle);
    else if (!m_deadline.isActive() || m_deadline.interval() != m_timeouts.request.count())
        m_deadline.start(m_timeouts.request);
}

void HttpConnection::refuseMalformed(int status, const QByteArray& message) {
    // Close after this answer; nothing after a malformed request can be framed. (Set before
    // reply(), whose end would otherwise parse the same bytes again and answer twice.)
    m_closeAfter = true;
    m_buffer.clear();
    m_head.reset();
    reply(status, "text/plain", message);
}

bool HttpConnection::takeHead() {
    HttpHeadResult parsed = parseHttpHead(m_buffer);
    switch (parsed.status) {
    case HttpParseResult::Status::Incomplete:
        return false;
    case HttpParseResult::Status::HeaderTooLarge:
        abort();
        return false;
    case HttpParseResult::Status::Bad:
        refuseMalformed(parsed.errorStatus, parsed.errorMessage);
        return false;
    case HttpParseResult::Status::Complete:
        break;
    }
    // A refusal from the gate is the last answer on this connection: its body is never read.
    m_closeAfter = true;
    m_busy = true;
    if (m_gate && !m_gate(this, parsed.head)) {
        m_buffer.clear();
        return false;
    }
    m_busy = false;
    m_closeAfter = parsed.head.headers.value("connection").toLower() == "close";
    m_headBytes = parsed.headBytes;
    m_chunked = parsed.framing.chunked;
    m_contentLength = parsed.framing.contentLength;
    // A client that asked to wait (curl does past 1 KiB) sends its body only now: a refused
    // request's body never leaves it.
    if (parsed.head.header("expect").toLower() == "100-continue" &&
        m_buffer.size() == m_headBytes && (m_chunked || m_contentLength > 0) && m_socket)
        m_socket->write("HTTP/1.1 100 Continue\r\n\r\n");
    m_head = std::move(parsed.head);
    return true;
}

void HttpConnection::processBuffer() {
    if (m_busy || m_closed || m_closing || !m_socket)
        return;
    if (!m_head && !takeHead()) {
        armDeadline();
        return;
    }
    HttpBodyResult body = parseHttpBody(m_buffer, m_headBytes, {m_chunked, m_contentLength});
    switch (body.status) {
    case HttpParseResult::Status::Incomplete:
    case HttpParseResult::Status::HeaderTooLarge:
        armDeadline();
        return;
    case HttpParseResult::Status::Bad:
        refuseMalformed(body.errorStatus, body.errorMessage);
        return;
    case HttpParseResult::Status::Complete:
        break;
    }
    HttpRequest request = std::move(*m_head);
    m_head.reset();
    request.body = std::move(body.body);
    m_buffer.remove(0, body.consumed);
    m_busy = true;
    m_deadline.stop();
    emit requestReceived(request);
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
        m_closing = true;
        m_deadline.stop();
        if (m_socket)
            m_socket->disconnectFromHost();
        return;
    }
    armDeadline();
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
