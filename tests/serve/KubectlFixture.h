#pragma once
// The kubectl fixtures of the serve tests: `tessera serve` as a subprocess, and kubectl 1.32 (the
// system's) or kubectl 1.20 (Debian's kubernetes-client, unpacked in the build tree) driving it.
#include "support/ServeProcess.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

namespace tessera::serve::test {

struct KubectlRun {
    int exitCode = -1;
    QString out;
    QString err;
};

// `tessera serve` (TLS, a token) as a subprocess and a kubectl to drive it; a missing kubectl is
// handled by test::requireProgram (fails on CI, skipped elsewhere).
class KubectlFixture : public testing::Test {
protected:
    // The kubectl binary to run ("" when it is missing) and what to call it in messages.
    virtual QString kubectlBinary() const = 0;
    virtual const char* kubectlName() const = 0;
    // More `tessera serve` options for one suite (`--local`, a sped-up CronJob clock).
    virtual QStringList extraServerArguments() const { return {}; }

    void SetUp() override {
        kubectl = kubectlBinary();
        if (!tessera::test::requireProgram(!kubectl.isEmpty() && QFileInfo(kubectl).isExecutable(),
                                           kubectlName()))
            return;
        ASSERT_TRUE(dir.isValid());
        kubeconfig = m_serve.kubeconfig();
        // kubectl sends bearer tokens over TLS only: HTTPS with a test CA, and a token.
        tessera::test::ServeProcess::Options options;
        options.token = QStringLiteral("kubectl-test-token");
        options.tls = true;
        options.extraArguments = extraServerArguments();
        const QString started = m_serve.start(options);
        ASSERT_TRUE(started.isEmpty()) << started.toStdString();
        QFile manifest(dir.filePath(QStringLiteral("job.yaml")));
        ASSERT_TRUE(manifest.open(QIODevice::WriteOnly));
        manifest.write(R"(apiVersion: batch/v1
kind: Job
metadata:
  name: frames
  labels: {app: frames}
spec:
  completionMode: Indexed
  completions: 4
  parallelism: 2
  template:
    metadata:
      labels: {app: frames}
    spec:
      restartPolicy: Never
      containers:
      - name: render
        image: busybox:1.36
        command: ["sh", "-c", "echo $JOB_COMPLETION_INDEX"]
)");
        jobFile = manifest.fileName();
    }
    void TearDown() override {
        if (server.state() == QProcess::Running) {
            EXPECT_TRUE(m_serve.stop()) << "tessera serve did not exit normally";
        }
    }

    KubectlRun kubectlRun(const QStringList& args, int timeoutMs = 60000) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), dir.path()); // a fresh discovery cache
        env.remove(QStringLiteral("KUBECONFIG"));
        p.setProcessEnvironment(env);
        p.start(kubectl, QStringList{QStringLiteral("--kubeconfig"), kubeconfig} + args);
        KubectlRun r;
        if (!p.waitForStarted(10000))
            return r;
        if (!p.waitForFinished(timeoutMs)) {
            p.kill();
            p.waitForFinished();
        }
        r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = QString::fromUtf8(p.readAllStandardOutput());
        r.err = QString::fromUtf8(p.readAllStandardError());
        return r;
    }

    // Writes `text` to a file in the test's directory; returns its path.
    QString writeFile(const char* name, const QByteArray& text) {
        QFile f(dir.filePath(QLatin1String(name)));
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(text);
        return f.fileName();
    }

    QString kubectl;
    QTemporaryDir dir;
    QString kubeconfig;
    QString jobFile;

private:
    tessera::test::ServeProcess m_serve{dir.path()};

protected:
    QProcess& server = m_serve.process();
};

// kubectl 1.32 (or whichever the system has on its PATH).
class Kubectl : public KubectlFixture {
protected:
    QString kubectlBinary() const override {
        return QStandardPaths::findExecutable(QStringLiteral("kubectl"));
    }
    const char* kubectlName() const override { return "kubectl"; }
};

// kubectl 1.20: Debian 12's kubernetes-client, unpacked into the build tree by CMake.
class Kubectl120 : public KubectlFixture {
protected:
    QString kubectlBinary() const override { return QStringLiteral(TESSERA_KUBECTL_120); }
    const char* kubectlName() const override { return "kubectl 1.20 (Debian's kubernetes-client)"; }
};

#define EXPECT_OK(run)                                                                             \
    EXPECT_EQ((run).exitCode, 0) << (run).out.toStdString() << (run).err.toStdString()

} // namespace tessera::serve::test
