#include "ServeProcess.h"

#include "../kube/TestCerts.h"

#include <QFile>
#include <QTest>
#include <gtest/gtest.h>
#include <utility>

namespace tessera::test {

bool requireProgram(bool available, const std::string& what) {
    if (available)
        return true;
    // FAIL and GTEST_SKIP return from the function they are in: a lambda, so this one can answer.
    // Either one, recorded in SetUp, keeps the test body from running.
    if (qEnvironmentVariableIsSet("CI"))
        [&] {
            FAIL() << what << " is missing on CI (scripts/deps.sh installs it)";
        }();
    else
        [&] {
            GTEST_SKIP() << what << " is not installed on this machine: the test did not run";
        }();
    return false;
}

ServeProcess::ServeProcess(QString directory)
    : m_directory(std::move(directory)) {}

ServeProcess::~ServeProcess() {
    stop();
}

bool ServeProcess::stop() {
    if (m_process.state() == QProcess::NotRunning)
        return m_process.exitStatus() == QProcess::NormalExit;
    m_process.terminate();
    if (!m_process.waitForFinished(10000)) {
        m_process.kill();
        m_process.waitForFinished();
        return false;
    }
    return m_process.exitStatus() == QProcess::NormalExit;
}

QString ServeProcess::writeFile(const char* name, const QByteArray& content) const {
    QFile f(m_directory + QLatin1Char('/') + QLatin1String(name));
    if (!f.open(QIODevice::WriteOnly) || f.write(content) != content.size())
        return {};
    return f.fileName();
}

QString ServeProcess::start(const Options& options) {
    QStringList args{QStringLiteral("serve"),
                     QStringLiteral("--port"),
                     QStringLiteral("0"),
                     QStringLiteral("--pod-duration"),
                     options.podDuration,
                     QStringLiteral("--write-kubeconfig"),
                     kubeconfig()};
    if (!options.token.isEmpty())
        args << QStringLiteral("--token") << options.token;
    if (options.tls) {
        const kube::test::TestCerts certs =
            kube::test::TestCerts::make(QStringLiteral("IP:127.0.0.1"));
        if (!certs.ok)
            return QStringLiteral("could not make the test certificates (openssl)");
        const QString cert = writeFile("server.pem", certs.serverCertPem);
        const QString key = writeFile("server.key", certs.serverKeyPem);
        const QString ca = writeFile("ca.pem", certs.caPem);
        if (cert.isEmpty() || key.isEmpty() || ca.isEmpty())
            return QStringLiteral("could not write the certificates to ") + m_directory;
        args << QStringLiteral("--tls-cert") << cert << QStringLiteral("--tls-key") << key
             << QStringLiteral("--tls-ca") << ca;
    }
    args << options.extraArguments;
    m_process.setProgram(QStringLiteral(TESSERA_BINARY));
    m_process.setArguments(args);
    m_process.setProcessEnvironment(options.environment);
    m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_process.start();
    if (!m_process.waitForStarted(10000))
        return QStringLiteral(TESSERA_BINARY " did not start: ") + m_process.errorString();
    const bool listening = QTest::qWaitFor(
        [&] {
            m_startupOutput += m_process.readAllStandardOutput();
            return m_startupOutput.contains("listening on") ||
                   m_process.state() != QProcess::Running;
        },
        30000);
    if (!listening || m_process.state() != QProcess::Running)
        return QStringLiteral("`tessera serve %1` did not listen: %2")
            .arg(args.join(QLatin1Char(' ')), QString::fromUtf8(m_startupOutput));
    if (!QFile::exists(kubeconfig()))
        return QStringLiteral("`tessera serve` listens but wrote no ") + kubeconfig();
    return {};
}

} // namespace tessera::test
