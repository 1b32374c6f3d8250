#include "Supervisor.h"

#include "AppendFile.h"
#include "ItemLog.h"
#include "ProcStat.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <unordered_map>

extern char** environ;

namespace tessera::local {

namespace {

enum : int32_t { kStarted = 1, kEnded = 2 };

// Supervisor -> runner. Fixed size, one per SOCK_SEQPACKET message.
struct Reply {
    int32_t kind = 0;
    int32_t pid = -1;
    int64_t startTicks = 0;
    int32_t status = 0;
    int32_t logError = 0;     // kEnded: errno of the log's first failed write
    int32_t cannotRecord = 0; // kStarted: refused, the supervisor cannot record (error says why)
    char error[484] = {};
};

constexpr std::size_t kMaxRequest = 1 << 20;

bool plainWord(std::string_view w) {
    if (w.empty())
        return false;
    for (const char c : w)
        if (!std::isalnum(static_cast<unsigned char>(c)) && std::strchr("_./:=,+@%-", c) == nullptr)
            return false;
    return true;
}

// The words of a command line that needs no shell, or nothing.
std::vector<std::string> simpleWords(const std::string& command) {
    std::vector<std::string> words;
    std::size_t pos = 0;
    while (pos < command.size()) {
        if (command[pos] == ' ') {
            ++pos;
            continue;
        }
        const std::size_t end = std::min(command.find(' ', pos), command.size());
        const std::string_view w(command.data() + pos, end - pos);
        if (!plainWord(w))
            return {};
        words.emplace_back(w);
        pos = end;
    }
    // `A=b cmd` is an assignment for the shell, not a program name.
    if (words.empty() || words[0].find('=') != std::string::npos)
        return {};
    return words;
}

struct RunningItem {
    int32_t index = -1;
    int32_t attempt = 0;
    ItemLog log;
};

class SupervisorLoop {
public:
    SupervisorLoop(int sock, int ledger, const std::string& ledgerPath)
        : m_sock(sock) {
        m_ledger.attach(ledger, ledgerPath);
    }
    [[noreturn]] void run();

private:
    void handleRequest(const char* data, std::size_t size);
    void reapChildren();
    // The executable `program` names, looked up on `path` (a PATH value) if it has no slash.
    std::string resolve(const std::string& program, const char* path);
    void send(const Reply& r) {
        if (m_sock >= 0)
            ::send(m_sock, &r, sizeof r, MSG_NOSIGNAL);
    }
    // What keeps this supervisor from starting more: its ledger's or a log's problem, or "".
    const std::string& recordingProblem() const {
        return m_ledger.problem().empty() ? m_logProblem : m_ledger.problem();
    }

    int m_sock;
    AppendFile m_ledger; // one write() per line, never interleaved with another writer's
    std::string m_logProblem;
    int m_children = 0;
    std::unordered_map<pid_t, RunningItem> m_items;
    std::unordered_map<std::string, std::string> m_resolved;
};

std::string SupervisorLoop::resolve(const std::string& program, const char* path) {
    if (program.find('/') != std::string::npos)
        return ::access(program.c_str(), X_OK) == 0 ? program : std::string();
    const std::string dirList = path ? path : "/usr/local/bin:/usr/bin:/bin";
    const std::string cacheKey = dirList + '\0' + program;
    if (const auto it = m_resolved.find(cacheKey); it != m_resolved.end())
        return it->second;
    std::string found;
    std::string_view dirs = dirList;
    while (!dirs.empty() && found.empty()) {
        const std::size_t colon = std::min(dirs.find(':'), dirs.size());
        const std::string candidate =
            std::string(dirs.substr(0, colon).empty() ? "." : dirs.substr(0, colon)) + "/" +
            program;
        struct stat st {};
        if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
            ::access(candidate.c_str(), X_OK) == 0)
            found = candidate;
        dirs.remove_prefix(std::min(colon + 1, dirs.size()));
    }
    m_resolved[cacheKey] = found;
    return found;
}

void SupervisorLoop::handleRequest(const char* data, std::size_t size) {
    // command \0 logPath \0 index \0 attempt \0 N \0 env... \0 M \0 unset... \0
    // inheritEnv \0 A \0 argv... \0
    std::vector<std::string> fields;
    const char* p = data;
    const char* const last = data + size;
    while (p < last) {
        const auto* z =
            static_cast<const char*>(std::memchr(p, 0, static_cast<std::size_t>(last - p)));
        if (!z)
            z = last;
        fields.emplace_back(p, static_cast<std::size_t>(z - p));
        p = z + 1;
    }
    Reply reply;
    reply.kind = kStarted;
    auto fail = [&](const std::string& why) {
        std::strncpy(reply.error, why.c_str(), sizeof reply.error - 1);
        send(reply);
    };
    if (!recordingProblem().empty()) {
        reply.cannotRecord = 1;
        return fail(recordingProblem());
    }
    auto count = [&](std::size_t at) {
        return at < fields.size() ? std::strtoul(fields[at].c_str(), nullptr, 10) : 0UL;
    };
    if (fields.size() < 9)
        return fail("malformed request");
    const std::string& command = fields[0];
    const std::string& logPath = fields[1];
    const int64_t logCap = std::strtoll(fields[2].c_str(), nullptr, 10);
    const auto index = static_cast<int32_t>(std::strtol(fields[3].c_str(), nullptr, 10));
    const auto attempt = static_cast<int32_t>(std::strtol(fields[4].c_str(), nullptr, 10));
    const std::size_t firstEnv = 6;
    const std::size_t nEnv = count(5);
    const std::size_t unsetAt = firstEnv + nEnv;
    const std::size_t nUnset = count(unsetAt);
    const std::size_t inheritAt = unsetAt + 1 + nUnset;
    const std::size_t nArgv = count(inheritAt + 1);
    const std::size_t firstArg = inheritAt + 2;
    if (firstArg + nArgv != fields.size())
        return fail("malformed request");
    const bool inheritEnv = fields[inheritAt] == "1";

    std::vector<char*> envp;
    const char* pathValue = inheritEnv ? std::getenv("PATH") : nullptr;
    if (inheritEnv) {
        std::vector<std::string_view> replaced;
        for (std::size_t e = firstEnv; e < unsetAt; ++e)
            replaced.push_back(std::string_view(fields[e]).substr(0, fields[e].find('=')));
        for (std::size_t u = unsetAt + 1; u < inheritAt; ++u)
            replaced.push_back(fields[u]);
        for (char** e = environ; e && *e; ++e) {
            const std::string_view entry(*e);
            const std::string_view key = entry.substr(0, entry.find('='));
            bool gone = false;
            for (const std::string_view r : replaced)
                gone = gone || r == key;
            if (!gone)
                envp.push_back(*e);
        }
    }
    for (std::size_t e = firstEnv; e < unsetAt; ++e) {
        envp.push_back(fields[e].data());
        if (!inheritEnv && fields[e].rfind("PATH=", 0) == 0)
            pathValue = fields[e].c_str() + 5;
    }
    envp.push_back(nullptr);

    std::string program;
    std::vector<std::string> args;
    if (nArgv > 0) {
        args.assign(fields.begin() + static_cast<std::ptrdiff_t>(firstArg), fields.end());
        program = resolve(args[0], pathValue);
        if (program.empty())
            return fail("cannot start " + args[0] + ": no such executable" +
                        (args[0].find('/') == std::string::npos ? " on PATH" : ""));
    } else {
        std::vector<std::string> words = simpleWords(command);
        if (!words.empty())
            program = resolve(words[0], pathValue);
        if (!program.empty()) {
            args = std::move(words);
        } else {
            program = "/bin/sh";
            args = {"sh", "-c", command};
        }
    }
    std::vector<char*> argv;
    argv.reserve(args.size() + 1);
    for (std::string& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);

    RunningItem item;
    item.index = index;
    item.attempt = attempt;
    if (const std::string error = item.log.open(logPath, logCap); !error.empty())
        return fail("cannot start " + program + ": " + error);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    // stdin is the supervisor's own /dev/null (set up at fork), inherited as is.
    posix_spawn_file_actions_adddup2(&actions, item.log.writeEnd(), 1);
    posix_spawn_file_actions_adddup2(&actions, item.log.writeEnd(), 2);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setpgroup(&attr, 0); // its own group: signals reach everything it starts
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigmask(&attr, &none);
    sigset_t defaults;
    sigemptyset(&defaults);
    for (const int s : {SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGCHLD, SIGUSR1, SIGUSR2})
        sigaddset(&defaults, s);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK |
                                        POSIX_SPAWN_SETSIGDEF);
    pid_t pid = -1;
    const int rc = ::posix_spawn(&pid, program.c_str(), &actions, &attr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    if (rc == E2BIG) {
        std::size_t longest = 0;
        for (const std::string& a : args)
            longest = std::max(longest, a.size());
        return fail("cannot start " + program + ": " + std::strerror(rc) +
                    (nArgv > 0 ? " (an argument is " + std::to_string(longest)
                               : " (the command is " + std::to_string(command.size())) +
                    " bytes; Linux takes at most 131072 in one argument)");
    }
    if (rc != 0)
        return fail("cannot start " + program + ": " + std::strerror(rc));
    ++m_children;
    m_items.emplace(pid, std::move(item));
    reply.pid = pid;
    if (const auto st = readProcStat(pid))
        reply.startTicks = st->startTicks;
    // In the ledger before the runner hears of it: the runner may die before journaling it.
    m_ledger.append("S " + std::to_string(index) + ' ' + std::to_string(attempt) + ' ' +
                    std::to_string(pid) + ' ' + std::to_string(reply.startTicks) + '\n');
    send(reply);
}

void SupervisorLoop::reapChildren() {
    int status = 0;
    pid_t pid = 0;
    while ((pid = ::waitpid(-1, &status, WNOHANG)) > 0) {
        --m_children;
        Reply r;
        r.kind = kEnded;
        r.pid = pid;
        r.status = status;
        // The status goes to the ledger first: it must be there even if nobody listens.
        const auto it = m_items.find(pid);
        if (it != m_items.end()) {
            RunningItem& item = it->second;
            item.log.finish();
            r.logError = item.log.error();
            if (r.logError != 0 && m_logProblem.empty())
                m_logProblem = item.log.path() + ": cannot write: " + std::strerror(r.logError);
            const int code = WIFEXITED(status)     ? WEXITSTATUS(status)
                             : WIFSIGNALED(status) ? 128 + WTERMSIG(status)
                                                   : 255;
            m_ledger.append("E " + std::to_string(item.index) + ' ' + std::to_string(item.attempt) +
                            ' ' + std::to_string(code) +
                            (r.logError != 0 ? ' ' + std::to_string(r.logError) : std::string()) +
                            '\n');
            m_items.erase(it);
        }
        send(r);
    }
}

void SupervisorLoop::run() {
    sigset_t chld;
    sigemptyset(&chld);
    sigaddset(&chld, SIGCHLD);
    ::sigprocmask(SIG_BLOCK, &chld, nullptr);
    const int sfd = ::signalfd(-1, &chld, SFD_CLOEXEC | SFD_NONBLOCK);
    std::vector<char> buffer(kMaxRequest);
    bool closing = false;
    std::vector<pollfd> fds;
    std::vector<pid_t> fdItems; // the item of fds[2 + k]
    while (true) {
        if (closing && m_children == 0) {
            m_ledger.close();
            ::_exit(0);
        }
        fds.assign({{sfd, POLLIN, 0}, {closing ? -1 : m_sock, POLLIN, 0}});
        fdItems.clear();
        for (const auto& [pid, item] : m_items)
            if (item.log.readEnd() >= 0) {
                fds.push_back({item.log.readEnd(), POLLIN, 0});
                fdItems.push_back(pid);
            }
        // Without a signalfd, poll now and then.
        if (::poll(fds.data(), fds.size(), sfd < 0 ? 50 : -1) < 0 && errno != EINTR)
            ::_exit(1);
        if (sfd >= 0 && (fds[0].revents & POLLIN)) {
            signalfd_siginfo info;
            while (::read(sfd, &info, sizeof info) > 0) {
            }
        }
        // Output before exits: an item's last words are in its log when its end is recorded.
        for (std::size_t k = 0; k < fdItems.size(); ++k)
            if (fds[2 + k].revents)
                m_items.at(fdItems[k]).log.drain();
        reapChildren();
        if (!closing && fds[1].revents) {
            const ssize_t n = ::recv(m_sock, buffer.data(), buffer.size(), MSG_DONTWAIT);
            if (n > 0) {
                handleRequest(buffer.data(), static_cast<std::size_t>(n));
            } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
                // The runner is gone (or done): start nothing new, see the running items out.
                closing = true;
                ::close(m_sock);
                m_sock = -1;
            }
        }
    }
}

} // namespace

Supervisor::~Supervisor() {
    stop();
}

std::string Supervisor::start(const std::string& ledgerPath) {
    const int ledgerFd = ::open(ledgerPath.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (ledgerFd < 0)
        return ledgerPath + ": " + std::strerror(errno);
    // Every earlier supervisor of this run has exited (Recovery waited for them): nobody else
    // writes the ledger now, so a line torn by a crash or a full disk can be cut off.
    AppendFile ledgerFile;
    if (!ledgerFile.attach(ledgerFd, ledgerPath) || !ledgerFile.cutTornRecord())
        return ledgerFile.problem();
    const int ledger = ledgerFile.fd();
    int sv[2];
    if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0)
        return std::string("socketpair: ") + std::strerror(errno);
    const pid_t pid = ::fork();
    if (pid < 0) {
        const int e = errno;
        ::close(sv[0]);
        ::close(sv[1]);
        return std::string("fork: ") + std::strerror(e);
    }
    if (pid == 0) {
        // Only async-signal-safe calls until the loop; no Qt at all in here.
        ::setsid(); // no terminal signals, not in the runner's process group
        // Socket to fd 3, ledger to fd 4 (via high numbers: either may already be 3 or 4), both
        // close-on-exec so the items inherit neither.
        const int sock = ::fcntl(sv[1], F_DUPFD_CLOEXEC, 10);
        const int ledgerCopy = ::fcntl(ledger, F_DUPFD_CLOEXEC, 10);
        ::dup3(sock, 3, O_CLOEXEC);
        ::dup3(ledgerCopy, 4, O_CLOEXEC);
        ::syscall(SYS_close_range, 5U, ~0U, 0U); // nothing of the runner's (the journal lock!)
        const int null = ::open("/dev/null", O_RDWR);
        for (int fd = 0; fd < 3; ++fd)
            ::dup2(null, fd);
        if (null > 2)
            ::close(null);
        struct sigaction ign {};
        ign.sa_handler = SIG_IGN;
        for (const int s : {SIGINT, SIGHUP, SIGPIPE, SIGQUIT})
            ::sigaction(s, &ign, nullptr);
        struct sigaction dfl {};
        dfl.sa_handler = SIG_DFL;
        for (const int s : {SIGTERM, SIGCHLD, SIGUSR1, SIGUSR2})
            ::sigaction(s, &dfl, nullptr);
        sigset_t none;
        sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        SupervisorLoop(3, 4, ledgerPath).run();
    }
    ::close(sv[1]);
    m_fd = sv[0];
    m_pid = pid;
    if (const auto st = readProcStat(pid))
        m_startTicks = st->startTicks;
    // Before any request, so it precedes this supervisor's S lines.
    if (!ledgerFile.append("H " + std::to_string(pid) + ' ' + std::to_string(m_startTicks) +
                           '\n')) {
        stop();
        return ledgerFile.problem();
    }
    return {};
}

bool Supervisor::readMessage(bool block) {
    Reply r;
    const ssize_t n = ::recv(m_fd, &r, sizeof r, block ? 0 : MSG_DONTWAIT);
    if (n != static_cast<ssize_t>(sizeof r))
        return false;
    if (r.kind == kEnded) {
        m_ended.push_back(EndedItem{r.pid, r.status, r.logError});
    } else if (r.kind == kStarted) {
        m_haveStarted = true;
        m_started.pid = r.pid;
        m_started.startTicks = r.startTicks;
        r.error[sizeof r.error - 1] = '\0';
        m_started.error = r.error;
        m_started.cannotRecord = r.cannotRecord != 0;
    }
    return true;
}

SpawnResult Supervisor::spawn(const SpawnRequest& request) {
    if (m_fd < 0)
        return SpawnResult{-1, 0, "the supervisor is not running", false};
    std::string msg;
    msg.reserve(request.command.size() + request.logPath.size() * 2 + 256);
    auto field = [&msg](std::string_view s) {
        msg.append(s);
        msg.push_back('\0');
    };
    field(request.command);
    field(request.logPath);
    field(std::to_string(request.logCapBytes));
    field(std::to_string(request.index));
    field(std::to_string(request.attempt));
    field(std::to_string(request.env.size()));
    for (const std::string& e : request.env)
        field(e);
    field(std::to_string(request.unset.size()));
    for (const std::string& u : request.unset)
        field(u);
    field(request.inheritEnv ? "1" : "0");
    field(std::to_string(request.argv.size()));
    for (const std::string& a : request.argv)
        field(a);
    if (msg.size() > kMaxRequest)
        return SpawnResult{-1, 0, "command line and variables exceed 1 MiB", false};
    if (::send(m_fd, msg.data(), msg.size(), MSG_NOSIGNAL) < 0)
        return SpawnResult{-1, 0, std::string("supervisor: ") + std::strerror(errno), false};
    m_haveStarted = false;
    while (!m_haveStarted)
        if (!readMessage(true))
            return SpawnResult{-1, 0, "the supervisor exited", false};
    SpawnResult out = m_started;
    if (!out.error.empty())
        out.pid = -1;
    return out;
}

std::vector<EndedItem> Supervisor::collectEnded() {
    if (m_fd >= 0)
        while (readMessage(false)) {
        }
    std::vector<EndedItem> out(m_ended.begin(), m_ended.end());
    m_ended.clear();
    return out;
}

void Supervisor::stop() {
    if (m_fd >= 0) {
        ::close(m_fd);
        m_fd = -1;
    }
    if (m_pid > 0) {
        int status = 0;
        while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) {
        }
        m_pid = -1;
    }
}

} // namespace tessera::local
