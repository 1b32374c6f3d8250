// tessera serve's request parsing (serve::parseHttpRequest) on its own, and the lengths that once
// made the server answer one request forever, over a real socket.
#include "serve/HttpRequestParser.h"
#include "serve/Server.h"

#include <QElapsedTimer>
#include <QTcpSocket>
#include <gtest/gtest.h>

using namespace tessera::serve;
using Status = HttpParseResult::Status;

namespace {

HttpParseResult parse(const char* text) {
    return parseHttpRequest(QByteArray(text));
}

// Everything the server sends on one connection until it closes it (or `limit` bytes, or 5 s).
QByteArray exchange(const Server& server, const QByteArray& request, qsizetype limit = 65536) {
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, server.port());
    EXPECT_TRUE(socket.waitForConnected(5000));
    socket.write(request);
    socket.waitForBytesWritten(5000);
    QByteArray received;
    QElapsedTimer clock;
    clock.start();
    while (received.size() < limit && clock.elapsed() < 5000 &&
           socket.state() == QAbstractSocket::ConnectedState) {
        socket.waitForReadyRead(200);
        received += socket.readAll();
    }
    received += socket.readAll();
    return received;
}

} // namespace

TEST(HttpRequestParser, ReadsAPipelinedRequestWithAContentLengthBody) {
    const QByteArray buffer = "POST /apis/batch/v1/namespaces/default/jobs?dryRun=All HTTP/1.1\r\n"
                              "Host: x\r\nContent-Length: 2\r\n\r\n{}GET /api HTTP/1.1\r\n\r\n";
    const HttpParseResult r = parseHttpRequest(buffer);
    ASSERT_EQ(r.status, Status::Complete);
    EXPECT_EQ(r.request.method, "POST");
    EXPECT_EQ(r.request.path, QStringLiteral("/apis/batch/v1/namespaces/default/jobs"));
    EXPECT_EQ(r.request.param("dryRun"), QStringLiteral("All"));
    EXPECT_EQ(r.request.header("host"), "x");
    EXPECT_EQ(r.request.body, "{}");
    EXPECT_EQ(buffer.mid(r.consumed), "GET /api HTTP/1.1\r\n\r\n");
}

TEST(HttpRequestParser, JoinsChunksAndWaitsForTheLastOne) {
    const char* head = "PATCH /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n";
    EXPECT_EQ(parse((QByteArray(head) + "3;ext=1\r\nabc\r\n").constData()).status,
              Status::Incomplete);
    const HttpParseResult r = parse((QByteArray(head) + "3;ext=1\r\nabc\r\nA\r\n0123456789\r\n"
                                                        "0\r\n\r\n")
                                        .constData());
    ASSERT_EQ(r.status, Status::Complete);
    EXPECT_EQ(r.request.body, "abc0123456789");
}

TEST(HttpRequestParser, RejectsLengthsThatAreNotPlainNumbers) {
    for (const char* length : {"-99", "-1", "+5", "1 2", "0x10", "abc", "99999999999999999999"}) {
        const HttpParseResult r = parse(
            (QByteArray("GET / HTTP/1.1\r\nContent-Length: ") + length + "\r\n\r\n").constData());
        EXPECT_EQ(r.status, Status::Bad) << length;
        EXPECT_EQ(r.errorStatus, 400) << length;
    }
    for (const char* size : {"-4", "7fffffffffffffff", "ffffffffffffffffff", "+1", "g"}) {
        const HttpParseResult r =
            parse((QByteArray("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n") + size +
                   "\r\nab\r\n0\r\n\r\n")
                      .constData());
        EXPECT_EQ(r.status, Status::Bad) << size;
        EXPECT_TRUE(r.errorStatus == 400 || r.errorStatus == 413) << size;
    }
}

TEST(HttpRequestParser, RefusesABodyAboveTheLimit) {
    const HttpParseResult r = parse("PUT / HTTP/1.1\r\nContent-Length: 67108865\r\n\r\n");
    EXPECT_EQ(r.status, Status::Bad);
    EXPECT_EQ(r.errorStatus, 413);
}

TEST(HttpRequestParser, ServerAnswersANegativeContentLengthOnceAndCloses) {
    Server server;
    ASSERT_TRUE(server.listen()) << server.errorString().toStdString();
    // Before the fix the request "ended" before its own header, nothing left the buffer, and the
    // same request was answered again and again until the client gave up.
    const QByteArray received =
        exchange(server, "GET /api HTTP/1.1\r\nHost: x\r\nContent-Length: -99\r\n\r\n");
    EXPECT_TRUE(received.startsWith("HTTP/1.1 400 ")) << received.left(200).toStdString();
    EXPECT_EQ(received.count("HTTP/1.1 "), 1) << received.size() << " bytes received";
    EXPECT_TRUE(received.contains("malformed Content-Length"));
}
