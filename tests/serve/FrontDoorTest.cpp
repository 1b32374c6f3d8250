// The front door of tessera serve (FrontDoor.h): what a web page, a rebound DNS name, a client
// without the token or a client that never finishes can do to a server that runs commands
// (`--local`). Each case goes over a real socket; the cross-site request is sent by curl with
// exactly a browser's headers.
#include "serve/FrontDoor.h"

#include "RawHttp.h"
#include "serve/ApiServer.h"
#include "serve/ObjectStore.h"
#include "serve/Server.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace tessera::serve;
using tessera::serve::test::request;

namespace {

// A Job whose only container writes a file: if it ever runs, the file says so.
QByteArray pwnJob(const QString& marker) {
    return QStringLiteral(
               R"({"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"pwn"},"spec":{)"
               R"("template":{"spec":{"restartPolicy":"Never","containers":[{"name":"c",)"
               R"("image":"busybox","command":["sh","-c","id > %1"]}]}}}})")
        .arg(marker)
        .toUtf8();
}

ServeOptions localOptions(const QString& token = {}) {
    ServeOptions o;
    o.localProcesses = true;
    o.token = token;
    o.syncPeriod = std::chrono::milliseconds(50);
    o.tick = std::chrono::milliseconds(20);
    return o;
}

struct Curl {
    int exitCode = -1;
    int status = 0;
    QByteArray body;
};

// curl, as another program would send it: `headers` verbatim, `body` as the data.
Curl curl(const QString& url, const QByteArray& method, const QStringList& headers,
          const QByteArray& body) {
    QStringList args{QStringLiteral("-sS"),
                     QStringLiteral("-o"),
                     QStringLiteral("-"),
                     QStringLiteral("-w"),
                     QStringLiteral("\n%{http_code}"),
                     QStringLiteral("-X"),
                     QString::fromLatin1(method)};
    for (const QString& h : headers)
        args << QStringLiteral("-H") << h;
    args << QStringLiteral("--data-binary") << QStringLiteral("@-") << url;
    QProcess p;
    p.start(QStringLiteral("curl"), args);
    Curl c;
    if (!p.waitForStarted(5000))
        return c;
    p.write(body);
    p.closeWriteChannel();
    if (!p.waitForFinished(20000))
        p.kill();
    c.exitCode = p.exitCode();
    const QByteArray out = p.readAllStandardOutput();
    const qsizetype nl = out.lastIndexOf('\n');
    c.status = out.mid(nl + 1).trimmed().toInt();
    c.body = out.left(nl);
    return c;
}

bool jobExists(Server& server) {
    bool exists = false;
    server.run([&](ObjectStore& store, ApiServer&) {
        exists = store.get(QStringLiteral("jobs"), QStringLiteral("default"),
                           QStringLiteral("pwn")) != nullptr;
    });
    return exists;
}

// Sends `bytes` on a fresh connection and returns everything received until the server closes
// it (or 5 s pass).
QByteArray exchange(quint16 port, const QByteArray& bytes, int waitMs = 5000) {
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    EXPECT_TRUE(socket.waitForConnected(5000));
    socket.write(bytes);
    socket.waitForBytesWritten(5000);
    QByteArray received;
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < waitMs && socket.state() == QAbstractSocket::ConnectedState) {
        socket.waitForReadyRead(100);
        received += socket.readAll();
    }
    return received + socket.readAll();
}

} // namespace

TEST(FrontDoor, ACrossSiteSimpleRequestCannotRunACommand) {
    if (QStandardPaths::findExecutable(QStringLiteral("curl")).isEmpty())
        GTEST_SKIP() << "curl is not installed: the test did not run";
    QTemporaryDir dir;
    const QString marker = dir.filePath(QStringLiteral("pwned.txt"));
    Server server(localOptions());
    ASSERT_TRUE(server.listen()) << server.errorString().toStdString();
    const QString url =
        server.url().toString() + QStringLiteral("/apis/batch/v1/namespaces/default/jobs");
    // Exactly what `fetch(url, {method: "POST", mode: "no-cors", body})` sends from a page.
    const Curl fromPage = curl(url, "POST",
                               {QStringLiteral("Content-Type: text/plain;charset=UTF-8"),
                                QStringLiteral("Origin: https://evil.example"),
                                QStringLiteral("Sec-Fetch-Site: cross-site"),
                                QStringLiteral("Sec-Fetch-Mode: no-cors")},
                               pwnJob(marker));
    ASSERT_EQ(fromPage.exitCode, 0);
    EXPECT_EQ(fromPage.status, 403) << fromPage.body.toStdString();
    EXPECT_TRUE(fromPage.body.contains("web pages are refused")) << fromPage.body.toStdString();
    // The same without the browser's headers: a form's media type is still not an API's.
    const Curl plain = curl(url, "POST", {QStringLiteral("Content-Type: text/plain;charset=UTF-8")},
                            pwnJob(marker));
    EXPECT_EQ(plain.status, 415) << plain.body.toStdString();
    EXPECT_TRUE(plain.body.contains("UnsupportedMediaType")) << plain.body.toStdString();
    // And from a name pointed at 127.0.0.1 by someone else (DNS rebinding).
    const Curl rebound = curl(url, "POST",
                              {QStringLiteral("Content-Type: application/json"),
                               QStringLiteral("Host: evil.example:%1").arg(server.port())},
                              pwnJob(marker));
    EXPECT_EQ(rebound.status, 421) << rebound.body.toStdString();
    EXPECT_FALSE(jobExists(server));
    // Give a job that was wrongly created the time to run before concluding it did not.
    QTest::qWait(300);
    EXPECT_FALSE(QFile::exists(marker));
}

TEST(FrontDoor, AnAPIClientWithTheRightHeadersGetsIn) {
    Server server(localOptions(QStringLiteral("s3cret")));
    ASSERT_TRUE(server.listen()) << server.errorString().toStdString();
    QTemporaryDir dir;
    const QString marker = dir.filePath(QStringLiteral("ran.txt"));
    const auto refused = request(server, "POST", "/apis/batch/v1/namespaces/default/jobs",
                                 "application/json", pwnJob(marker));
    EXPECT_EQ(refused.status, 401);
    const auto admitted =
        request(server, "POST", "/apis/batch/v1/namespaces/default/jobs", "application/json",
                pwnJob(marker), "Authorization: Bearer s3cret\r\n");
    EXPECT_EQ(admitted.status, 201) << admitted.body.toStdString();
    EXPECT_TRUE(QTest::qWaitFor([&] { return QFile::exists(marker); }, 20000));
}

TEST(FrontDoor, RefusesOnTheHeadBeforeReadingTheBody) {
    Server server(localOptions(QStringLiteral("s3cret")));
    ASSERT_TRUE(server.listen()) << server.errorString().toStdString();
    // A 3 MiB body is announced but never sent: the answer comes on the head alone.
    const QByteArray head =
        "POST /apis/batch/v1/namespaces/default/jobs HTTP/1.1\r\nHost: 127.0.0.1:" +
        QByteArray::number(server.port()) +
        "\r\nContent-Type: application/json\r\nContent-Length: 3000000\r\n\r\n";
    const QByteArray answer = exchange(server.port(), head);
    EXPECT_TRUE(answer.startsWith("HTTP/1.1 401 ")) << answer.left(200).toStdString();
    // Past the API server's 3 MiB limit, even with the token: 413 before any byte of it.
    const QByteArray big =
        "PUT /api/v1/namespaces/default/configmaps/x HTTP/1.1\r\nHost: localhost:" +
        QByteArray::number(server.port()) +
        "\r\nAuthorization: Bearer s3cret\r\nContent-Length: 3145729\r\n\r\n";
    EXPECT_TRUE(exchange(server.port(), big).startsWith("HTTP/1.1 413 "));
}

TEST(FrontDoor, RefusesRequestsThatCouldBeSmuggled) {
    Server server;
    ASSERT_TRUE(server.listen()) << server.errorString().toStdString();
    const QByteArray host = "Host: 127.0.0.1:" + QByteArray::number(server.port()) + "\r\n";
    const QByteArray twoLengths =
        "POST /api/v1/namespaces HTTP/1.1\r\n" + host +
        "Content-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 40\r\n\r\n{}";
    QByteArray answer = exchange(server.port(), twoLengths);
    EXPECT_TRUE(answer.startsWith("HTTP/1.1 400 ")) << answer.left(200).toStdString();
    EXPECT_TRUE(answer.contains("conflicting Content-Length"));
    const QByteArray both = "POST /api/v1/namespaces HTTP/1.1\r\n" + host +
                            "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n";
    answer = exchange(server.port(), both);
    EXPECT_TRUE(answer.startsWith("HTTP/1.1 400 ")) << answer.left(200).toStdString();
    const QByteArray twoHosts = "GET /api HTTP/1.1\r\n" + host + host + "\r\n";
    EXPECT_TRUE(exchange(server.port(), twoHosts).startsWith("HTTP/1.1 400 "));
    const QByteArray noHost = "GET /api HTTP/1.1\r\n\r\n";
    EXPECT_TRUE(exchange(server.port(), noHost).startsWith("HTTP/1.1 421 "));
    // A chunk-size line that never ends is refused once it passes 1 KiB, not kept growing.
    const QByteArray endless =
        "POST /api/v1/namespaces HTTP/1.1\r\n" + host +
        "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" +
        QByteArray(4096, '1');
    answer = exchange(server.port(), endless);
    EXPECT_TRUE(answer.startsWith("HTTP/1.1 400 ")) << answer.left(200).toStdString();
}

TEST(FrontDoor, ClosesConnectionsThatSendNothingOrTrickle) {
    ServeOptions options;
    options.idleTimeout = std::chrono::milliseconds(200);
    options.requestTimeout = std::chrono::milliseconds(300);
    Server server(options);
    ASSERT_TRUE(server.listen()) << server.errorString().toStdString();
    QTcpSocket idle;
    idle.connectToHost(QHostAddress::LocalHost, server.port());
    ASSERT_TRUE(idle.waitForConnected(5000));
    EXPECT_TRUE(idle.waitForDisconnected(5000)) << "an idle connection was kept";
    QTcpSocket trickle;
    trickle.connectToHost(QHostAddress::LocalHost, server.port());
    ASSERT_TRUE(trickle.waitForConnected(5000));
    trickle.write("GET /api HTTP/1.1\r\n");
    EXPECT_TRUE(trickle.waitForDisconnected(5000)) << "a request that never ends was kept";
}

TEST(FrontDoor, PastItsConnectionLimitTheServerStillAnswersHealthChecks) {
    ServeOptions options;
    options.maxConnections = 3;
    Server server(options);
    ASSERT_TRUE(server.listen()) << server.errorString().toStdString();
    std::vector<std::unique_ptr<QTcpSocket>> held;
    for (int i = 0; i < 3; ++i) {
        held.push_back(std::make_unique<QTcpSocket>());
        held.back()->connectToHost(QHostAddress::LocalHost, server.port());
        ASSERT_TRUE(held.back()->waitForConnected(5000));
    }
    // The server counts a connection once its thread accepted it.
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            int n = 0;
            server.run([&](ObjectStore&, ApiServer& api) { n = api.connectionCount(); });
            return n == 3;
        },
        5000));
    const QByteArray host = "Host: 127.0.0.1:" + QByteArray::number(server.port()) + "\r\n";
    const QByteArray health =
        exchange(server.port(), "GET /healthz HTTP/1.1\r\n" + host + "\r\n", 1000);
    EXPECT_TRUE(health.startsWith("HTTP/1.1 200 ")) << health.left(200).toStdString();
    const QByteArray api =
        exchange(server.port(), "GET /api HTTP/1.1\r\n" + host + "Connection: close\r\n\r\n");
    EXPECT_TRUE(api.startsWith("HTTP/1.1 503 ")) << api.left(200).toStdString();
    EXPECT_TRUE(api.contains("Retry-After: 1"));
}

TEST(FrontDoor, AcceptsTheHostNamesOfTheAddressServed) {
    HttpRequest head;
    head.method = "GET";
    head.path = QStringLiteral("/api");
    FrontDoor door(FrontDoorRules{{}, FrontDoor::hostNamesFor(QHostAddress::LocalHost), 6443});
    struct Case {
        const char* host;
        bool admitted;
    };
    for (const Case& c :
         {Case{"127.0.0.1:6443", true}, Case{"localhost:6443", true}, Case{"[::1]:6443", true},
          Case{"127.0.0.1", true}, Case{"LOCALHOST:6443", true}, Case{"127.0.0.1:6444", false},
          Case{"evil.example:6443", false}, Case{"127.0.0.1.evil.example", false},
          Case{"[::1", false}, Case{"", false}}) {
        head.headers.insert("host", c.host);
        EXPECT_EQ(!door.refusalOf(head, false).has_value(), c.admitted) << c.host;
    }
    // Health checks answer whatever the Host, Origin or load: probes must see the server alive.
    head.path = QStringLiteral("/healthz");
    head.headers.insert("host", "evil.example");
    head.headers.insert("origin", "https://evil.example");
    EXPECT_FALSE(door.refusalOf(head, true).has_value());
}

TEST(FrontDoor, TakesTheMediaTypesTheAPIServerDecodes) {
    FrontDoor door(FrontDoorRules{{}, {QStringLiteral("localhost")}, 0});
    HttpRequest head;
    head.path = QStringLiteral("/api/v1/namespaces");
    head.headers.insert("host", "localhost");
    struct Case {
        const char* method;
        const char* type;
        bool admitted;
    };
    for (const Case& c :
         {Case{"POST", "application/json", true},
          Case{"POST", "application/json; charset=utf-8", true},
          Case{"PUT", "application/yaml", true},
          Case{"POST", "application/vnd.kubernetes.protobuf", true},
          Case{"POST", "", true}, // the API server reads JSON
          Case{"PATCH", "application/merge-patch+json", true},
          Case{"PATCH", "application/strategic-merge-patch+json", true},
          Case{"PATCH", "application/json-patch+json", true},
          Case{"PATCH", "application/apply-patch+yaml", true},
          Case{"PATCH", "application/json", false}, Case{"POST", "text/plain;charset=UTF-8", false},
          Case{"POST", "application/x-www-form-urlencoded", false},
          Case{"PUT", "multipart/form-data; boundary=x", false}, Case{"GET", "text/plain", true}}) {
        head.method = c.method;
        head.headers.insert("content-type", c.type);
        const auto refusal = door.refusalOf(head, false);
        EXPECT_EQ(!refusal.has_value(), c.admitted) << c.method << ' ' << c.type;
        if (refusal) {
            EXPECT_EQ(refusal->code, 415);
        }
    }
}
