#pragma once
// The real tessera executable, run to its end.
#include <QByteArray>
#include <QStringList>

namespace tessera::agreement {

struct CliResult {
    int exitCode = -1;
    QByteArray out, err;
};
// `environment`: "NAME=value" entries added to the test's own.
CliResult runTessera(const QStringList& arguments, int timeoutMs = 60000,
                     const QStringList& environment = {});

} // namespace tessera::agreement
