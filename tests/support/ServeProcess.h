#pragma once
// `tessera serve` as a subprocess for the tests that drive it with other programs (kubectl, the
// Python client, `tessera launch`), and the one rule for a program such a test needs.
#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <string>

namespace tessera::test {

// A program the test drives (kubectl, python3-kubernetes): when it is missing the test fails on CI
// (CI is set: scripts/deps.sh installs it there) and is skipped elsewhere, visibly. Returns
// whether the test can go on; call it from SetUp or the test body and return when false.
bool requireProgram(bool available, const std::string& what);

class ServeProcess {
public:
    struct Options {
        QString token;    // a bearer token to require ("": none)
        bool tls = false; // HTTPS with a test CA (kubectl sends a token over TLS only)
        QString podDuration = QStringLiteral("0.5"); // seconds a simulated pod runs
        QStringList extraArguments;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    };

    // Files (kubeconfig, certificates) go to `directory`, which must outlive the server.
    explicit ServeProcess(QString directory);
    ~ServeProcess(); // terminate, wait, kill
    ServeProcess(const ServeProcess&) = delete;
    ServeProcess& operator=(const ServeProcess&) = delete;

    // Starts `tessera serve --port 0 --write-kubeconfig DIR/kubeconfig ...` and waits until it
    // listens. Returns "" or what went wrong (with what the server printed).
    QString start(const Options& options);
    // Terminates the server; returns whether it exited normally.
    bool stop();

    QString kubeconfig() const { return m_directory + QStringLiteral("/kubeconfig"); }
    QByteArray startupOutput() const { return m_startupOutput; } // its stdout up to "listening on"
    QProcess& process() { return m_process; }

private:
    QString writeFile(const char* name, const QByteArray& content) const;

    QString m_directory;
    QProcess m_process;
    QByteArray m_startupOutput;
};

} // namespace tessera::test
