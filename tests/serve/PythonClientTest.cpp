// The official Kubernetes Python client (Debian's python3-kubernetes, run by /usr/bin/python3)
// against `tessera serve` as a subprocess, over TLS with a token: tests/serve/python_client.py
// creates, watches, JSON-patches and deletes a Job. A missing client fails on CI (scripts/deps.sh
// installs it) and skips elsewhere (test::requireProgram).
#include "support/ServeProcess.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

TEST(PythonClient, CreatesWatchesJsonPatchesAndDeletesAJob) {
    const QString python = QStringLiteral("/usr/bin/python3");
    QProcess probe;
    probe.start(python, {QStringLiteral("-c"), QStringLiteral("import kubernetes")});
    ASSERT_TRUE(probe.waitForFinished(30000));
    if (!tessera::test::requireProgram(probe.exitStatus() == QProcess::NormalExit &&
                                           probe.exitCode() == 0,
                                       "the Python client (python3-kubernetes)"))
        return;

    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    tessera::test::ServeProcess serve(dir.path());
    tessera::test::ServeProcess::Options options;
    options.token = QStringLiteral("python-test-token");
    options.tls = true;
    const QString started = serve.start(options);
    ASSERT_TRUE(started.isEmpty()) << started.toStdString();
    const QString kubeconfig = serve.kubeconfig();

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
}
