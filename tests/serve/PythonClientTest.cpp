// The official Kubernetes Python client (Debian's python3-kubernetes, run by /usr/bin/python3)
// against `tessera serve` as a subprocess, over TLS with a token: tests/serve/python_client.py
// creates, watches, JSON-patches and deletes a Job. Fails when the client is missing:
// scripts/deps.sh installs it.
#include "../kube/TestCerts.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

TEST(PythonClient, CreatesWatchesJsonPatchesAndDeletesAJob) {
    const QString python = QStringLiteral("/usr/bin/python3");
    QProcess probe;
    probe.start(python, {QStringLiteral("-c"), QStringLiteral("import kubernetes")});
    ASSERT_TRUE(probe.waitForFinished(30000));
    ASSERT_EQ(probe.exitCode(), 0)
        << "the Python client is missing (apt-get install python3-kubernetes; scripts/deps.sh): "
        << probe.readAllStandardError().toStdString();

    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const tessera::kube::test::TestCerts certs =
        tessera::kube::test::TestCerts::make(QStringLiteral("IP:127.0.0.1"));
    ASSERT_TRUE(certs.ok);
    const auto write = [&](const char* name, const QByteArray& content) {
        QFile f(dir.filePath(QLatin1String(name)));
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(content);
        return f.fileName();
    };
    const QString kubeconfig = dir.filePath(QStringLiteral("kubeconfig"));
    QProcess server;
    server.setProgram(QStringLiteral(TESSERA_BINARY));
    server.setArguments({QStringLiteral("serve"), QStringLiteral("--port"), QStringLiteral("0"),
                         QStringLiteral("--token"), QStringLiteral("python-test-token"),
                         QStringLiteral("--pod-duration"), QStringLiteral("0.5"),
                         QStringLiteral("--tls-cert"), write("server.pem", certs.serverCertPem),
                         QStringLiteral("--tls-key"), write("server.key", certs.serverKeyPem),
                         QStringLiteral("--tls-ca"), write("ca.pem", certs.caPem),
                         QStringLiteral("--write-kubeconfig"), kubeconfig});
    server.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    server.start();
    ASSERT_TRUE(server.waitForStarted(10000));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return server.readAllStandardOutput().contains("listening on") ||
                   server.state() != QProcess::Running;
        },
        20000));
    ASSERT_EQ(server.state(), QProcess::Running);

    QProcess client;
    client.setProcessChannelMode(QProcess::MergedChannels);
    client.start(python, {QStringLiteral(TESSERA_PYTHON_CLIENT_SCRIPT), kubeconfig});
    ASSERT_TRUE(client.waitForStarted(10000));
    const bool finished = client.waitForFinished(120000);
    const QString output = QString::fromUtf8(client.readAll());
    if (!finished)
        client.kill();
    EXPECT_TRUE(finished) << output.toStdString();
    EXPECT_EQ(client.exitCode(), 0) << output.toStdString();
    EXPECT_TRUE(output.contains(QStringLiteral("create, watch, json-patch, delete: ok")))
        << output.toStdString();

    server.terminate();
    if (!server.waitForFinished(10000))
        server.kill();
}
