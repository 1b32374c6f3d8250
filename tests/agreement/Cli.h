#pragma once
// The real tessera executable, run to its end.
#include <QByteArray>
#include <QStringList>

namespace tessera::agreement {

struct CliResult {
    int exitCode = -1;
    QByteArray out, err;
};
CliResult runTessera(const QStringList& arguments, int timeoutMs = 60000);

} // namespace tessera::agreement
