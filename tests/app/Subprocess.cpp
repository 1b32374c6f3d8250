#include "Subprocess.h"

#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace tessera::testing {

namespace {

// Files rather than pipes: nothing can dead-lock on a full pipe, whatever the size of the output.
struct TempFile {
    std::string path;
    TempFile() {
        char name[] = "/tmp/tessera-cli-XXXXXX";
        const int fd = mkstemp(name);
        if (fd >= 0)
            close(fd);
        path = name;
    }
    ~TempFile() { std::remove(path.c_str()); }
    std::string read() const {
        std::ifstream in(path, std::ios::binary);
        std::stringstream ss;
        ss << in.rdbuf();
        return ss.str();
    }
};

} // namespace

namespace {

ProcessResult spawnAndWait(const std::vector<std::string>& argv, const std::string& stdinText,
                           char* const* environment) {
    TempFile in, out, err;
    {
        std::ofstream f(in.path, std::ios::binary);
        f << stdinText;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, in.path.c_str(), O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, out.path.c_str(), O_WRONLY | O_TRUNC, 0);
    posix_spawn_file_actions_addopen(&actions, 2, err.path.c_str(), O_WRONLY | O_TRUNC, 0);
    std::vector<char*> args;
    for (const std::string& a : argv)
        args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    const int rc = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environment);
    posix_spawn_file_actions_destroy(&actions);
    ProcessResult result;
    if (rc != 0) {
        ADD_FAILURE() << "cannot start " << argv[0] << ": " << rc;
        return result;
    }
    int status = 0;
    waitpid(pid, &status, 0);
    if (WIFEXITED(status))
        result.exitCode = WEXITSTATUS(status);
    result.out = out.read();
    result.err = err.read();
    return result;
}

} // namespace

ProcessResult runProcess(const std::vector<std::string>& argv, const std::string& stdinText) {
    return spawnAndWait(argv, stdinText, environ);
}

ProcessResult runProcessWithEnvironment(const std::vector<std::string>& argv,
                                        const std::vector<std::string>& environment) {
    std::vector<char*> entries;
    for (const std::string& e : environment)
        entries.push_back(const_cast<char*>(e.c_str()));
    entries.push_back(nullptr);
    return spawnAndWait(argv, {}, entries.data());
}

ProcessResult runTessera(const std::vector<std::string>& args, const std::string& stdinText) {
    std::vector<std::string> argv{TESSERA_BINARY};
    argv.insert(argv.end(), args.begin(), args.end());
    return runProcess(argv, stdinText);
}

} // namespace tessera::testing
