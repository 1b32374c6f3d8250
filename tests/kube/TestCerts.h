#pragma once
// Test-only certificates, generated at test time with openssl: a CA, a server certificate
// (for 127.0.0.1 and/or a DNS name) and a client certificate, all signed by the CA.
#include <QByteArray>
#include <QProcess>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace tessera::kube::test {

struct TestCerts {
    QByteArray caPem;
    QByteArray serverCertPem;
    QByteArray serverKeyPem;
    QByteArray clientCertPem;
    QByteArray clientKeyPem;
    QByteArray otherCaPem; // an unrelated CA
    bool ok = false;

    // subjectAltName of the server certificate, e.g. "IP:127.0.0.1" or "DNS:api.internal".
    static TestCerts make(const QString& serverSan) {
        TestCerts c;
        QTemporaryDir dir;
        const QString ec = QStringLiteral("ec:") + dir.filePath(QStringLiteral("params.pem"));
        auto run = [&](std::initializer_list<const char*> list) {
            QStringList args;
            for (const char* a : list)
                args << (qstrcmp(a, "@EC") == 0 ? ec : QString::fromLatin1(a));
            QProcess p;
            p.setWorkingDirectory(dir.path());
            p.start(QStringLiteral("openssl"), args);
            if (!p.waitForFinished(30000) || p.exitCode() != 0) {
                ADD_FAILURE() << "openssl " << args.join(QLatin1Char(' ')).toStdString() << ": "
                              << p.readAllStandardError().toStdString();
                return false;
            }
            return true;
        };
        auto file = [&](const char* name) {
            QFile f(dir.filePath(QLatin1String(name)));
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        };
        auto ext = [&](const char* name, const QString& text) {
            QFile f(dir.filePath(QLatin1String(name)));
            if (f.open(QIODevice::WriteOnly))
                f.write(text.toUtf8());
        };
        ext("server.ext",
            QStringLiteral("subjectAltName=%1\nextendedKeyUsage=serverAuth\n").arg(serverSan));
        ext("client.ext", QStringLiteral("extendedKeyUsage=clientAuth\n"));
        c.ok =
            run({"ecparam", "-name", "prime256v1", "-out", "params.pem"}) &&
            run({"req", "-x509", "-newkey", "@EC", "-nodes", "-keyout", "ca.key", "-out", "ca.pem",
                 "-days", "2", "-subj", "/CN=tessera-test-ca"}) &&
            run({"req", "-x509", "-newkey", "@EC", "-nodes", "-keyout", "other.key", "-out",
                 "other.pem", "-days", "2", "-subj", "/CN=unrelated-ca"}) &&
            run({"req", "-newkey", "@EC", "-nodes", "-keyout", "server.key", "-out", "server.csr",
                 "-subj", "/CN=tessera-test-server"}) &&
            run({"x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
                 "-CAcreateserial", "-out", "server.pem", "-days", "2", "-extfile",
                 "server.ext"}) &&
            run({"req", "-newkey", "@EC", "-nodes", "-keyout", "client.key", "-out", "client.csr",
                 "-subj", "/CN=alice/O=tessera-testers"}) &&
            run({"x509", "-req", "-in", "client.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
                 "-CAcreateserial", "-out", "client.pem", "-days", "2", "-extfile", "client.ext"});
        c.caPem = file("ca.pem");
        c.otherCaPem = file("other.pem");
        c.serverCertPem = file("server.pem");
        c.serverKeyPem = file("server.key");
        c.clientCertPem = file("client.pem");
        c.clientKeyPem = file("client.key");
        return c;
    }

    // The server side; with `requireClientCert`, only clients with a certificate from our CA.
    QSslConfiguration serverConfig(bool requireClientCert = false) const {
        QSslConfiguration cfg = QSslConfiguration::defaultConfiguration();
        cfg.setLocalCertificate(QSslCertificate(serverCertPem, QSsl::Pem));
        cfg.setPrivateKey(QSslKey(serverKeyPem, QSsl::Ec, QSsl::Pem));
        if (requireClientCert) {
            cfg.setCaCertificates(QSslCertificate::fromData(caPem, QSsl::Pem));
            cfg.setPeerVerifyMode(QSslSocket::VerifyPeer);
        } else {
            cfg.setPeerVerifyMode(QSslSocket::VerifyNone);
        }
        return cfg;
    }
};

} // namespace tessera::kube::test
