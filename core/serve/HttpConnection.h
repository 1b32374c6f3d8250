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
#include <QUrlQuery>

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
};

class HttpConnection : public QObject {
    Q_OBJECT
public:
    // Takes ownership of the socket (already connected; a QSslSocket may still be handshaking).
    explicit HttpConnection(QTcpSocket* socket, QObject* parent = nullptr);
    ~HttpConnection() override;

    void reply(int status, const QByteArray& contentType, const QByteArray& body,
               const QList<QPair<QByteArray, QByteArray>>& headers = {});
    // Chunked response; write() sends one chunk (empty data is ignored), end() the last one.
    void beginStream(int status, const QByteArray& contentType);
    void write(const QByteArray& data);
    void end();
    // Closes the connection at once (fault injection: a dropped stream).
    void abort();

    bool streaming() const { return m_streaming; }
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
    void finishResponse();

    QPointer<QTcpSocket> m_socket;
    QByteArray m_buffer;
    bool m_busy = false; // a request is being answered; later ones wait in m_buffer
    bool m_streaming = false;
    bool m_closeAfter = false;
    bool m_closed = false;
};

} // namespace tessera::serve
