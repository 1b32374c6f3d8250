#include "Cli.h"

#include <QProcess>
#include <QTest>

namespace tessera::agreement {

CliResult runTessera(const QStringList& arguments, int timeoutMs, const QStringList& environment) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString& entry : environment)
        env.insert(entry.section(QLatin1Char('='), 0, 0), entry.section(QLatin1Char('='), 1));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(TESSERA_BINARY), arguments);
    // The event loop runs while it does (stores on other threads keep sending).
    if (!QTest::qWaitFor([&] { return p.state() == QProcess::NotRunning; }, timeoutMs)) {
        p.kill();
        p.waitForFinished();
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

} // namespace tessera::agreement
