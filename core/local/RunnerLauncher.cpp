#include "RunnerLauncher.h"

#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QStringList>
#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace tessera::local {

namespace {

engine::Error failure(const QString& field, const std::string& message) {
    engine::Error e;
    e.field = field.toStdString();
    e.message = message;
    return e;
}

// Reads exactly `size` bytes unless the pipe ends first; returns how many arrived.
std::size_t readFully(int fd, void* data, std::size_t size) {
    std::size_t got = 0;
    while (got < size) {
        const ssize_t n = ::read(fd, static_cast<char*>(data) + got, size - got);
        if (n > 0)
            got += static_cast<std::size_t>(n);
        else if (n == 0 || errno != EINTR)
            break;
    }
    return got;
}

// What the children tell the caller through the pipe; one write() each, so they never mix.
struct Message {
    int32_t kind = 0; // kPid, kForkError or kExecError
    int32_t value = 0;
};
constexpr int32_t kPid = 1, kForkError = 2, kExecError = 3;

void tell(int pipeFd, int32_t kind, int32_t value) {
    const Message m{kind, value};
    [[maybe_unused]] const ssize_t n = ::write(pipeFd, &m, sizeof m);
}

// In the runner's process before exec: only async-signal-safe calls. Reports the errno, exits.
[[noreturn]] void childFailed(int pipeFd, int err) {
    tell(pipeFd, kExecError, err);
    ::_exit(127);
}

} // namespace

QString RunnerLauncher::defaultProgram(const QString& self) {
    const QByteArray env = qgetenv("TESSERA_RUNNER");
    if (!env.isEmpty())
        return QString::fromLocal8Bit(env);
    if (!self.isEmpty() && QFileInfo(self).fileName() == QLatin1String("tessera"))
        return self;
    return QStandardPaths::findExecutable(QStringLiteral("tessera"));
}

QString RunnerLauncher::lastWords(const QString& runDir) {
    QFile err(stderrPath(runDir));
    if (!err.open(QIODevice::ReadOnly))
        return {};
    err.seek(std::max<qint64>(0, err.size() - 2048));
    const QStringList lines =
        QString::fromUtf8(err.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    return lines.mid(std::max<qsizetype>(0, lines.size() - 3)).join(QLatin1Char(' '));
}

engine::Result<int64_t> RunnerLauncher::start(const QString& runDir, bool killSurvivors) const {
    if (m_program.isEmpty())
        return failure(runDir, "no tessera executable to run it with (set TESSERA_RUNNER)");
    // Everything the child needs is built before fork(): between fork and exec only
    // async-signal-safe calls are allowed (the caller has other threads).
    const std::string program = QFile::encodeName(m_program).toStdString();
    const std::string dir = QFile::encodeName(runDir).toStdString();
    const std::string out = QFile::encodeName(stdoutPath(runDir)).toStdString();
    const std::string err = QFile::encodeName(stderrPath(runDir)).toStdString();
    std::vector<std::string> args = {program, "run", "--resume", dir, "--quiet"};
    if (killSurvivors)
        args.emplace_back("--kill-survivors");
    std::vector<char*> argv;
    argv.reserve(args.size() + 1);
    for (std::string& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    const long maxFd = std::min(::sysconf(_SC_OPEN_MAX), 65536L);

    // pipe: the grandchild's pid (from the middle child), then an errno if exec fails; the
    // write end is close-on-exec, so a successful exec ends the pipe.
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        return failure(runDir, std::string("cannot create a pipe: ") + std::strerror(errno));
    const pid_t middle = ::fork();
    if (middle < 0) {
        const int e = errno;
        ::close(fds[0]);
        ::close(fds[1]);
        return failure(runDir, std::string("cannot fork: ") + std::strerror(e));
    }
    if (middle == 0) {
        ::close(fds[0]);
        ::setsid(); // a session and process group of its own: no terminal, no group signals
        const pid_t runner = ::fork();
        if (runner != 0) {
            // The middle child only reports the pid and exits, so the runner is reparented to
            // init (or the nearest subreaper) and never becomes the caller's zombie.
            if (runner < 0)
                tell(fds[1], kForkError, errno);
            else
                tell(fds[1], kPid, runner);
            ::_exit(0);
        }
        sigset_t none;
        sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        for (int s = 1; s < NSIG; ++s)
            if (s != SIGKILL && s != SIGSTOP)
                ::signal(s, SIG_DFL);
        if (::chdir(dir.c_str()) != 0)
            childFailed(fds[1], errno);
        const int in = ::open("/dev/null", O_RDONLY);
        const int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (in < 0 || o < 0 || e < 0)
            childFailed(fds[1], errno);
        if (::dup2(in, 0) < 0 || ::dup2(o, 1) < 0 || ::dup2(e, 2) < 0)
            childFailed(fds[1], errno);
        // Nothing else of the caller's (sockets, other runs' files) reaches the runner.
        for (long fd = 3; fd < maxFd; ++fd)
            if (fd != fds[1])
                ::close(static_cast<int>(fd));
        ::execve(program.c_str(), argv.data(), environ);
        childFailed(fds[1], errno);
    }
    ::close(fds[1]);
    int status = 0;
    while (::waitpid(middle, &status, 0) < 0 && errno == EINTR) {
    }
    pid_t runner = 0;
    int forkError = 0, execError = 0;
    Message m;
    while (readFully(fds[0], &m, sizeof m) == sizeof m) {
        if (m.kind == kPid)
            runner = m.value;
        else if (m.kind == kForkError)
            forkError = m.value;
        else if (m.kind == kExecError)
            execError = m.value;
    }
    ::close(fds[0]);
    if (forkError != 0)
        return failure(runDir, std::string("cannot fork: ") + std::strerror(forkError));
    if (execError != 0)
        return failure(m_program, std::string("cannot start the runner in ") + dir + ": " +
                                      std::strerror(execError));
    if (runner <= 0)
        return failure(runDir, "cannot start the runner: the launching process died");
    return int64_t{runner};
}

} // namespace tessera::local
