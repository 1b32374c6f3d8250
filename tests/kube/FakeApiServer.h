#pragma once
// A small real HTTP/1.1 server (plain or TLS) for the client tests: routes by method and path,
// records every request, answers with Content-Length bodies or chunked streams the test writes
// to at will, and can inject faults (drop the connection, delay, garbage).
#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSslConfiguration>
#include <QTcpServer>
#include <QUrl>
#include <QUrlQuery>
#include <functional>
#include <memory>

class QTcpSocket;

namespace tessera::kube::test {

struct HttpRequest {
    QByteArray method;
    QByteArray target; // as sent: "/api/v1/pods?watch=1" (or an absolute URL through a proxy)
    QString path;
    QUrlQuery query;
    QHash<QByteArray, QByteArray> headers; // lower-case names
    QByteArray body;

    QString param(const char* name) const {
        return query.queryItemValue(QLatin1String(name), QUrl::FullyDecoded);
    }
};

// One response; kept alive by whoever holds it (streams outlive the handler call).
class Responder {
public:
    explicit Responder(QTcpSocket* socket);
    void reply(int status, const QByteArray& body,
               const QList<QPair<QByteArray, QByteArray>>& headers = {});
    void replyJson(int status, const QByteArray& json) {
        reply(status, json, {{"Content-Type", "application/json"}});
    }
    void beginStream(int status = 200, const QByteArray& contentType = "application/json");
    void write(const QByteArray& data); // one chunk
    void end();                         // the last chunk; the connection stays usable
    void drop();                        // close the connection mid-stream
    bool alive() const;

private:
    QPointer<QTcpSocket> m_socket;
    bool m_streaming = false;
};
using ResponderPtr = std::shared_ptr<Responder>;

class FakeApiServer : public QObject {
    Q_OBJECT
public:
    using Handler = std::function<void(const HttpRequest&, const ResponderPtr&)>;

    // tls: a configuration with local certificate and key (and CA + VerifyPeer for client
    // certificates); empty: plain HTTP.
    explicit FakeApiServer(const QSslConfiguration& tls = {}, QObject* parent = nullptr);
    ~FakeApiServer() override;

    quint16 port() const { return m_server->serverPort(); }
    QUrl url(const QString& host = QStringLiteral("127.0.0.1")) const;

    // Exact path; method "*" matches any. Later routes win over earlier ones.
    void route(const QByteArray& method, const QString& path, Handler handler);
    // Any request no route matched.
    void fallback(Handler handler) { m_fallback = std::move(handler); }

    const QList<HttpRequest>& requests() const { return m_requests; }
    QList<HttpRequest> requestsTo(const QString& path) const;
    int connectionsAccepted() const { return m_accepted; }

signals:
    void requestReceived(const tessera::kube::test::HttpRequest& request);

private:
    void onConnection(QTcpSocket* socket);
    void dispatch(const HttpRequest& r, QTcpSocket* socket);

    QTcpServer* m_server;
    QList<std::pair<std::pair<QByteArray, QString>, Handler>> m_routes;
    Handler m_fallback;
    QList<HttpRequest> m_requests;
    int m_accepted = 0;
};

// A Kubernetes Status body.
QByteArray statusJson(int code, const QByteArray& reason, const QByteArray& message);

} // namespace tessera::kube::test
