#pragma once
// One HTTP/1.1 connection of the API server (plain or TLS): parses requests (Content-Length or
// chunked bodies), answers them one at a time in order (keep-alive; `Connection: close` is
// honoured), and streams chunked responses (watch, log follow) until the handler ends them or the
// client goes away.
#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>
#include <QUrlQuery>
#include <chrono>
#include <functional>
#include <optional>

class QTcpSocket;

namespace tessera::serve {

struct HttpRequest {
    QByteArray method;
    QByteArray target; // as sent
    QString path;      // decoded, without the query
    QUrlQuery query;
    QHash<QByteArray, QByteArray> headers; // lower-case names
    QByteArray body;

    QString param(const char* name) const {
        return query.queryItemValue(QLatin1String(name), QUrl::FullyDecoded);
    }
    bool hasParam(const char* name) const { return query.hasQueryItem(QLatin1String(name)); }
    QByteArray header(const char* name) const { return headers.value(QByteArray(name)); }
    // The body's media type: Content-Type without its parameters, lower-case ("" when none).
    QByteArray mediaType() const {
        return header("content-type").split(';').value(0).trimmed().toLower();
    }
};

// How long a connection may take: to send a request once its first byte arrived (head and body:
// a client that trickles bytes must not hold the connection), and to start the next one.
struct HttpTimeouts {
    std::chrono::milliseconds request{30000};
    std::chrono::milliseconds idle{120000};
};

class HttpConnection : public QObject {
    Q_OBJECT
public:
    // Called with each request's head (no body yet). Returns true to read the body and answer
    // it; false when it has answered (a refusal): the connection then closes without reading
    // the body.
    using HeadGate = std::function<bool(HttpConnection*, const HttpRequest& head)>;

    // Takes ownership of the socket (already connected; a QSslSocket may still be handshaking).
    explicit HttpConnection(QTcpSocket* socket, HeadGate gate, HttpTimeouts timeouts,
                            QObject* parent = nullptr);
    ~HttpConnection() override;

    void reply(int status, const QByteArray& contentType, const QByteArray& body,
               const QList<QPair<QByteArray, QByteArray>>& headers = {});
    // Chunked response; write() sends one chunk (empty data is ignored), end() the last one.
    void beginStream(int status, const QByteArray& contentType);
    void write(const QByteArray& data);
    void end();
    // Closes the connection at once (fault injection: a dropped stream).
    void abort();

    bool connected() const;
    qint64 bytesToWrite() const;
    QString peer() const;

    static QByteArray reasonPhrase(int status);

signals:
    void requestReceived(const tessera::serve::HttpRequest& request);
    // The client went away or the connection was closed; the object deletes itself later.
    void closed();

private:
    void onReadyRead();
    void processBuffer();
    // Reads the head at the front of the buffer and passes it through the gate; false when
    // there is nothing (more) to do now.
    bool takeHead();
    void finishResponse();
    void refuseMalformed(int status, const QByteArray& message);
    // Restarts the deadline for what the connection waits for now (stopped while answering).
    void armDeadline();

    QPointer<QTcpSocket> m_socket;
    HeadGate m_gate;
    HttpTimeouts m_timeouts;
    QTimer m_deadline;
    QByteArray m_buffer;
    // The admitted head of the request whose body is being received.
    std::optional<HttpRequest> m_head;
    qsizetype m_headBytes = 0;
    bool m_chunked = false;
    qint64 m_contentLength = 0;
    bool m_busy = false; // a request is being answered; later ones wait in m_buffer
    bool m_streaming = false;
    bool m_closeAfter = false;
    bool m_closing = false; // the last answer is sent: whatever else arrives is dropped
    bool m_closed = false;
};

} // namespace tessera::serve
