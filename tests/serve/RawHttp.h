#pragma once
// One HTTP/1.1 request to the in-process server over a plain socket (Connection: close), and
// the answer as sent: status, content type and body, for tests that check bytes on the wire.
#include "serve/Server.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpSocket>
#include <gtest/gtest.h>

namespace tessera::serve::test {

struct Answer {
    int status = 0;
    QByteArray contentType;
    QByteArray body;
};

inline Answer request(const Server& server, const QByteArray& method, const QByteArray& target,
                      const QByteArray& contentType, const QByteArray& body,
                      const QByteArray& extraHeaders = {}) {
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, server.port());
    EXPECT_TRUE(socket.waitForConnected(5000));
    socket.write(method + ' ' + target +
                 " HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(server.port()) +
                 "\r\nConnection: close\r\n" + "Content-Type: " + contentType +
                 "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n" + extraHeaders +
                 "\r\n" + body);
    QByteArray received;
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < 5000 && socket.state() == QAbstractSocket::ConnectedState) {
        socket.waitForReadyRead(100);
        received += socket.readAll();
    }
    received += socket.readAll();
    Answer a;
    const qsizetype end = received.indexOf("\r\n\r\n");
    EXPECT_GT(end, 0) << received.toStdString();
    const QByteArray head = received.left(end);
    a.status = head.mid(9, 3).toInt();
    for (const QByteArray& line : head.split('\n'))
        if (line.toLower().startsWith("content-type:"))
            a.contentType = line.mid(13).trimmed();
    a.body = received.mid(end + 4);
    return a;
}

inline QJsonObject jsonOf(const Answer& a) {
    return QJsonDocument::fromJson(a.body).object();
}

} // namespace tessera::serve::test
