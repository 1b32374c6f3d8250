#include "Cli.h"

#include <QProcess>
#include <QTest>

namespace tessera::agreement {

CliResult runTessera(const QStringList& arguments, int timeoutMs) {
    QProcess p;
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
