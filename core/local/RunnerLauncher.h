#pragma once
// Starts the runner of a run directory, `tessera run --resume RUN_DIR --quiet`, as a process of
// its own: detached (a session and process group of its own, reparented away from the caller by
// a double fork, so closing the window or its terminal neither stops nor waits for it), in the
// run directory, stdin from /dev/null, stdout and stderr appended to <run>/runner.out and
// <run>/runner.err. It is the window's one way to run work locally: a new run's directory is
// written first (createRun), then continued by this runner, exactly as `tessera run --resume`
// continues an interrupted one.
//
//   RunnerLauncher launcher(RunnerLauncher::defaultProgram(qApp->applicationFilePath()));
//   auto pid = launcher.start(runDir);   // or start(runDir, /*killSurvivors=*/true)
#include "engine/Result.h"

#include <QString>
#include <cstdint>

namespace tessera::local {

class RunnerLauncher {
public:
    // `program`: the tessera executable (it must understand `run --resume`).
    explicit RunnerLauncher(QString program)
        : m_program(std::move(program)) {}
    const QString& program() const { return m_program; }

    // The tessera executable to start runners with: $TESSERA_RUNNER when set (tests that run
    // from a test binary), else `self` (the running executable) when its file is named
    // "tessera", else "tessera" on the PATH; "" when there is none.
    static QString defaultProgram(const QString& self);

    // Starts the runner on `runDir` and returns its pid; an error names the program or the file
    // that could not be opened (the exec itself is checked: a missing program is an error here).
    engine::Result<int64_t> start(const QString& runDir, bool killSurvivors = false) const;

    // The last lines the runner of `runDir` wrote to its stderr, on one line ("" when none): why
    // it stopped, when it did before taking over its run.
    static QString lastWords(const QString& runDir);

    static QString stdoutPath(const QString& runDir) {
        return runDir + QStringLiteral("/runner.out");
    }
    static QString stderrPath(const QString& runDir) {
        return runDir + QStringLiteral("/runner.err");
    }

private:
    QString m_program;
};

} // namespace tessera::local
