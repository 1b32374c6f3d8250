// The official Kubernetes Python client (Debian's python3-kubernetes, run by /usr/bin/python3)
// and Ruby's kubeclient (Debian's ruby-kubeclient) against `tessera serve` as a subprocess, over
// TLS with a token: tests/serve/python_client.py creates, watches, JSON-patches and deletes a
// Job; tests/serve/ruby_watch.rb watches through the legacy watch paths. Fails when a client is
// missing: scripts/deps.sh installs them.
#include "../kube/TestCerts.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

namespace {

// Runs `interpreter script kubeconfig` against a fresh `tessera serve`; `run` gets the script's
// outcome (a void function, so the fixture's steps can ASSERT).
struct ClientRun {
    bool finished = false;
    int exitCode = -1;
    QString output;
};

void runAgainstServe(const QString& interpreter, const QString& script, ClientRun& run) {
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
                         QStringLiteral("--token"), QStringLiteral("client-test-token"),
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
    client.start(interpreter, {script, kubeconfig});
    EXPECT_TRUE(client.waitForStarted(10000));
    run.finished = client.waitForFinished(120000);
    run.output = QString::fromUtf8(client.readAll());
    if (!run.finished)
        client.kill();
    run.exitCode = client.exitCode();

    server.terminate();
    if (!server.waitForFinished(10000))
        server.kill();
}

// The interpreter can load the client (probeArgs: the interpreter's arguments that load it).
void expectClientInstalled(const QString& interpreter, const QStringList& probeArgs,
                           const char* package) {
    QProcess probe;
    probe.start(interpreter, probeArgs);
    ASSERT_TRUE(probe.waitForFinished(30000));
    ASSERT_EQ(probe.exitCode(), 0)
        << "the client is missing (apt-get install " << package
        << "; scripts/deps.sh): " << probe.readAllStandardError().toStdString();
}

} // namespace

TEST(PythonClient, CreatesWatchesJsonPatchesAndDeletesAJob) {
    const QString python = QStringLiteral("/usr/bin/python3");
    expectClientInstalled(python, {QStringLiteral("-c"), QStringLiteral("import kubernetes")},
                          "python3-kubernetes");
    if (HasFatalFailure())
        return;
    ClientRun run;
    runAgainstServe(python, QStringLiteral(TESSERA_PYTHON_CLIENT_SCRIPT), run);
    EXPECT_TRUE(run.finished) << run.output.toStdString();
    EXPECT_EQ(run.exitCode, 0) << run.output.toStdString();
    EXPECT_TRUE(run.output.contains(QStringLiteral("create, watch, json-patch, delete: ok")))
        << run.output.toStdString();
}

TEST(RubyClient, KubeclientWatchesThroughTheLegacyWatchPaths) {
    const QString ruby = QStringLiteral("/usr/bin/ruby");
    expectClientInstalled(ruby, {QStringLiteral("-e"), QStringLiteral("require 'kubeclient'")},
                          "ruby-kubeclient");
    if (HasFatalFailure())
        return;
    ClientRun run;
    runAgainstServe(ruby, QStringLiteral(TESSERA_RUBY_CLIENT_SCRIPT), run);
    EXPECT_TRUE(run.finished) << run.output.toStdString();
    EXPECT_EQ(run.exitCode, 0) << run.output.toStdString();
    EXPECT_TRUE(run.output.contains(QStringLiteral("kubeclient watch: ok")))
        << run.output.toStdString();
}
