// `tessera serve` as users start it: who it lets in. A server that runs commands (`--local`)
// never answers without a token, and a server reachable from other machines needs TLS and one.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

namespace {

struct Finished {
    int exitCode = -1;
    QByteArray out, err;
};

Finished runServe(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(TESSERA_BINARY), QStringList{QStringLiteral("serve")} + args);
    Finished f;
    if (!p.waitForStarted(10000) || !p.waitForFinished(20000)) {
        p.kill();
        p.waitForFinished();
        return f;
    }
    f.exitCode = p.exitCode();
    f.out = p.readAllStandardOutput();
    f.err = p.readAllStandardError();
    return f;
}

int getStatus(QNetworkAccessManager& net, const QUrl& url, const QByteArray& token,
              const QByteArray& caPem) {
    QNetworkRequest request(url);
    QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
    tls.setCaCertificates(QSslCertificate::fromData(caPem, QSsl::Pem));
    request.setSslConfiguration(tls); // verified against the kubeconfig's CA, as kubectl does
    if (!token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + token);
    QNetworkReply* reply = net.get(request);
    EXPECT_TRUE(QTest::qWaitFor([&] { return reply->isFinished(); }, 10000));
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    reply->deleteLater();
    return status;
}

} // namespace

TEST(ServeCommand, LocalWithoutATokenOrAPlaceToWriteOneIsRefused) {
    const Finished f =
        runServe({QStringLiteral("--local"), QStringLiteral("--port"), QStringLiteral("0")});
    EXPECT_EQ(f.exitCode, 2) << f.out.toStdString() << f.err.toStdString();
    EXPECT_TRUE(f.err.contains("--local runs commands, so it needs a token"))
        << f.err.toStdString();
}

TEST(ServeCommand, LocalGeneratesATokenWritesItOwnerOnlyAndRequiresIt) {
    QTemporaryDir dir;
    const QString kubeconfig = dir.filePath(QStringLiteral("kubeconfig"));
    QProcess server;
    server.setProgram(QStringLiteral(TESSERA_BINARY));
    server.setArguments({QStringLiteral("serve"), QStringLiteral("--local"),
                         QStringLiteral("--port"), QStringLiteral("0"),
                         QStringLiteral("--write-kubeconfig"), kubeconfig});
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("TESSERA_SERVE_TOKEN"));
    server.setProcessEnvironment(env);
    server.start();
    ASSERT_TRUE(server.waitForStarted(10000));
    QByteArray out;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            out += server.readAllStandardOutput();
            return out.contains("listening on") || server.state() != QProcess::Running;
        },
        20000));
    ASSERT_EQ(server.state(), QProcess::Running) << server.readAllStandardError().toStdString();
    EXPECT_TRUE(out.contains("generated a bearer token; it is in " + kubeconfig.toUtf8()))
        << out.toStdString();
    EXPECT_TRUE(out.contains("(bearer token required)")) << out.toStdString();
    EXPECT_EQ(QFileInfo(kubeconfig).permissions() &
                  (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther),
              QFile::Permissions{});
    QFile file(kubeconfig);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    const auto token = QRegularExpression(QStringLiteral("token: (\\S+)")).match(text);
    ASSERT_TRUE(token.hasMatch()) << text.toStdString();
    EXPECT_GE(token.captured(1).size(), 40); // 32 random bytes
    EXPECT_FALSE(out.contains(token.captured(1).toUtf8())) << "the token was printed";
    // kubectl sends a token over HTTPS only: the server made a certificate the kubeconfig trusts.
    EXPECT_TRUE(out.contains("serving HTTPS with a certificate made for this run"))
        << out.toStdString();
    const QUrl url(QRegularExpression(QStringLiteral("server: (\\S+)")).match(text).captured(1) +
                   QStringLiteral("/api/v1/namespaces/default/pods"));
    EXPECT_EQ(url.scheme(), QStringLiteral("https"));
    const QByteArray ca = QByteArray::fromBase64(
        QRegularExpression(QStringLiteral("certificate-authority-data: (\\S+)"))
            .match(text)
            .captured(1)
            .toLatin1());
    QNetworkAccessManager net;
    EXPECT_EQ(getStatus(net, url, {}, ca), 401);
    EXPECT_EQ(getStatus(net, url, token.captured(1).toUtf8(), ca), 200);
    server.terminate();
    EXPECT_TRUE(server.waitForFinished(10000));
}

TEST(ServeCommand, AnAddressOtherMachinesReachNeedsTLSAndAToken) {
    const Finished plain = runServe({QStringLiteral("--address"), QStringLiteral("0.0.0.0"),
                                     QStringLiteral("--port"), QStringLiteral("0")});
    EXPECT_EQ(plain.exitCode, 2);
    EXPECT_TRUE(plain.err.contains("is reachable from other machines")) << plain.err.toStdString();
}

TEST(ServeCommand, RefusesACronClockThatIsNotANumberOrStopped) {
    for (const QStringList& args :
         {QStringList{QStringLiteral("--cron-clock-rate"), QStringLiteral("0")},
          QStringList{QStringLiteral("--cron-clock-offset"), QStringLiteral("soon")}}) {
        const Finished f =
            runServe(args + QStringList{QStringLiteral("--port"), QStringLiteral("0")});
        EXPECT_EQ(f.exitCode, 2) << f.out.toStdString() << f.err.toStdString();
        EXPECT_TRUE(f.err.contains(args.front().toUtf8())) << f.err.toStdString();
    }
}
