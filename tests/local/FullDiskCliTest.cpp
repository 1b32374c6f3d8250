// `tessera run` when its run directory cannot be written: a real full disk (a 2 MB tmpfs, when
// this process may mount one) and a kernel file-size limit (RLIMIT_FSIZE: every write past it
// fails, on any machine). The run must stop starting items, name the file and the errno text,
// exit non-zero, and a --resume once there is room must run no finished item again; each item
// counts its executions in a marker file outside the run directory. Also: damaged journals
// (tests/data/broken_journal_*) refuse a resume and name the line.
#include "TestSupport.h"
#include "local/Journal.h"

#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <gtest/gtest.h>
#include <map>
#include <optional>
#include <poll.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace tessera::local;
using tessera::testing::readAll;
using tessera::testing::readLines;
using tessera::testing::TempDir;

namespace {

struct Ran {
    int exitCode = -1;
    std::string out, err;
};

struct Started {
    pid_t pid = -1;
    int out = -1, err = -1; // pipes from its stdout and stderr (with a file-size limit)
};

// Starts tessera, stdout and stderr to files `tag`.out and .err; with `fileSizeLimit`, every
// file it (and what it starts) writes stops growing there: writes past it fail with EFBIG. Its
// own output, a file too under the limit, then goes to pipes instead.
Started startTessera(std::vector<std::string> args, const TempDir& dir, const std::string& tag,
                     std::optional<rlim_t> fileSizeLimit = std::nullopt) {
    args.insert(args.begin(), TESSERA_BINARY);
    std::vector<char*> argv;
    for (std::string& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    int outPipe[2] = {-1, -1}, errPipe[2] = {-1, -1};
    if (fileSizeLimit && (::pipe(outPipe) != 0 || ::pipe(errPipe) != 0))
        return {};
    const std::string outPath = dir.file(tag + ".out"), errPath = dir.file(tag + ".err");
    Started started;
    started.pid = ::fork();
    if (started.pid == 0) {
        const int out = fileSizeLimit ? outPipe[1]
                                      : ::open(outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        const int err = fileSizeLimit ? errPipe[1]
                                      : ::open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(out, 1);
        ::dup2(err, 2);
        if (fileSizeLimit) {
            // Ignored, SIGXFSZ does not kill the writer: the write fails with EFBIG instead.
            ::signal(SIGXFSZ, SIG_IGN);
            const rlimit limit{*fileSizeLimit, *fileSizeLimit};
            ::setrlimit(RLIMIT_FSIZE, &limit);
        }
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    if (fileSizeLimit) {
        ::close(outPipe[1]);
        ::close(errPipe[1]);
        started.out = outPipe[0];
        started.err = errPipe[0];
    }
    return started;
}

// Runs tessera to its end (see startTessera).
Ran runTessera(std::vector<std::string> args, const TempDir& dir, const std::string& tag,
               std::optional<rlim_t> fileSizeLimit = std::nullopt) {
    const Started started = startTessera(std::move(args), dir, tag, fileSizeLimit);
    Ran r;
    // Both pipes at once until both end, so neither fills up while the other is read.
    pollfd fds[2] = {{started.out, POLLIN, 0}, {started.err, POLLIN, 0}};
    std::string* into[2] = {&r.out, &r.err};
    while (fds[0].fd >= 0 || fds[1].fd >= 0) {
        if (::poll(fds, 2, -1) < 0 && errno != EINTR)
            break;
        for (int k = 0; k < 2; ++k) {
            if (fds[k].fd < 0 || fds[k].revents == 0)
                continue;
            char buffer[4096];
            const ssize_t n = ::read(fds[k].fd, buffer, sizeof buffer);
            if (n > 0) {
                into[k]->append(buffer, static_cast<std::size_t>(n));
            } else {
                ::close(fds[k].fd);
                fds[k].fd = -1;
            }
        }
    }
    int status = 0;
    while (::waitpid(started.pid, &status, 0) < 0 && errno == EINTR) {
    }
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
    if (!fileSizeLimit) {
        r.out = readAll(dir.file(tag + ".out"));
        r.err = readAll(dir.file(tag + ".err"));
    }
    return r;
}

// `items` items, each appending a line to markers/<index> (outside the run directory) and
// printing `outputBytes` bytes; the run's arguments for them.
std::vector<std::string> countedItems(const TempDir& dir, int items, int outputBytes) {
    std::filesystem::create_directory(dir.file("markers"));
    const std::string script = dir.write(
        "item.sh", "echo ran >> " + dir.file("markers") + "/$JOB_COMPLETION_INDEX\nhead -c " +
                       std::to_string(outputBytes) + " /dev/zero | tr '\\0' x\n");
    std::string indexes;
    for (int i = 0; i < items; ++i)
        indexes += (i ? " " : "") + std::to_string(i);
    return {"run", "--per-completion-env", "N=" + indexes, "--command", "sh " + script};
}

// How often each index ran (index -> count), from the markers.
std::map<int, int> executions(const TempDir& dir, int items) {
    std::map<int, int> out;
    for (int i = 0; i < items; ++i) {
        const auto lines = readLines(dir.file("markers/" + std::to_string(i)));
        if (!lines.empty())
            out[i] = static_cast<int>(lines.size());
    }
    return out;
}

void expectEachIndexRanOnce(const TempDir& dir, int items) {
    const std::map<int, int> ran = executions(dir, items);
    EXPECT_EQ(ran.size(), static_cast<std::size_t>(items));
    for (const auto& [index, count] : ran)
        EXPECT_EQ(count, 1) << "index " << index << " ran " << count << " times";
}

// Every attempt that ended either left its output or says it is lost.
void expectNoSilentlyEmptyLog(const std::string& run) {
    const auto records = Journal::read(run + "/journal");
    ASSERT_TRUE(records.ok()) << records.error().describe();
    int lost = 0;
    for (const JournalRecord& r : *records) {
        if (r.kind != 'E' || r.text != "Completed")
            continue;
        const std::string log =
            run + "/logs/" + std::to_string(r.index) + "." + std::to_string(r.attempt) + ".log";
        if (r.text2.find("its output is lost: " + log) != std::string::npos)
            ++lost;
        else
            EXPECT_GT(std::filesystem::file_size(log), 0u) << log << " is empty, silently";
    }
    std::fprintf(stderr, "logs recorded as lost: %d\n", lost);
}

} // namespace

TEST(FullDiskCli, AWriteLimitStopsTheRunNamingFileAndErrnoAndResumeRedoesNothingFinished) {
    TempDir dir;
    const int items = 400;
    const std::string run = dir.file("run");
    std::vector<std::string> args = countedItems(dir, items, 100);
    args.insert(args.end(), {"-j", "4", "--run-dir", run, "--name", "limited"});
    // The journal reaches 20,000 bytes about half-way; the work list and the ledger stay below.
    const Ran first = runTessera(args, dir, "first", 20000);
    ASSERT_EQ(first.exitCode, 1) << first.err << first.out;
    EXPECT_NE(first.err.find(run + "/journal: cannot write: File too large"), std::string::npos)
        << first.err;
    EXPECT_NE(first.err.find("tessera run --resume " + run), std::string::npos) << first.err;
    const std::size_t ranBefore = executions(dir, items).size();
    EXPECT_GT(ranBefore, 0u);
    EXPECT_LT(ranBefore, static_cast<std::size_t>(items)) << "it stopped starting items";

    const Ran resumed = runTessera({"run", "--resume", run}, dir, "resume");
    ASSERT_EQ(resumed.exitCode, 0) << resumed.err << resumed.out;
    EXPECT_NE(resumed.out.find(std::to_string(items) + "/" + std::to_string(items) +
                               " indexes succeeded"),
              std::string::npos)
        << resumed.out;
    expectEachIndexRanOnce(dir, items);
}

TEST(FullDiskCli, ALogThatCannotBeWrittenIsARecordedFactAndStopsTheRun) {
    TempDir dir;
    const std::string run = dir.file("run");
    std::filesystem::create_directory(dir.file("markers"));
    // Index 1 prints more than a file may hold; the others a line.
    const std::string list =
        dir.write("items.txt", "echo a\nhead -c 300000 /dev/zero | tr '\\0' x\nsleep 0.2\n"
                               "echo d\necho e\necho f\n");
    const Ran first = runTessera({"run", list, "-j", "1", "--run-dir", run}, dir, "first", 100000);
    ASSERT_EQ(first.exitCode, 1) << first.err << first.out;
    const std::string log = run + "/logs/1.1.log";
    EXPECT_NE(first.err.find(log + ": cannot write: File too large"), std::string::npos)
        << first.err;
    const auto records = Journal::read(run + "/journal");
    ASSERT_TRUE(records.ok()) << records.error().describe();
    bool recorded = false;
    int started = 0;
    for (const JournalRecord& r : *records) {
        started += r.kind == 'S' ? 1 : 0;
        if (r.kind == 'E' && r.index == 1)
            recorded = r.text == "Completed" &&
                       r.text2 == "its output is lost: " + log + ": cannot write: File too large";
    }
    EXPECT_TRUE(recorded) << readAll(run + "/journal");
    EXPECT_EQ(started, 2) << "nothing started after the log failed";
}

TEST(FullDiskCli, ARealFullDiskStopsTheRunAndResumeAfterMakingRoomRedoesNothingFinished) {
    TempDir dir;
    const std::string disk = dir.file("disk");
    std::filesystem::create_directory(disk);
    if (::mount("tmpfs", disk.c_str(), "tmpfs", 0, "size=2m") != 0)
        GTEST_SKIP() << "mounting a 2 MB tmpfs is not permitted here (" << std::strerror(errno)
                     << "); FullDiskCli.AWriteLimitStops... covers the write path everywhere";
    struct Unmount {
        std::string path;
        ~Unmount() { ::umount2(path.c_str(), MNT_DETACH); }
    } unmount{disk};

    const int items = 500;
    const std::string run = disk + "/run";
    std::vector<std::string> args = countedItems(dir, items, 6000); // two 4 KiB pages per log
    args.insert(args.end(), {"-j", "4", "--run-dir", run, "--name", "full"});
    const Ran first = runTessera(args, dir, "first");
    ASSERT_EQ(first.exitCode, 1) << first.err << first.out;
    EXPECT_NE(first.err.find(": No space left on device"), std::string::npos) << first.err;
    EXPECT_NE(first.err.find("tessera run: " + run + "/"), std::string::npos)
        << "names the file: " << first.err;
    EXPECT_LT(executions(dir, items).size(), static_cast<std::size_t>(items));
    expectNoSilentlyEmptyLog(run);

    // Make room, as a user would by deleting something.
    ASSERT_EQ(::mount("tmpfs", disk.c_str(), "tmpfs", MS_REMOUNT, "size=64m"), 0)
        << std::strerror(errno);
    const Ran resumed = runTessera({"run", "--resume", run}, dir, "resume");
    ASSERT_EQ(resumed.exitCode, 0) << resumed.err << resumed.out;
    expectEachIndexRanOnce(dir, items);
    expectNoSilentlyEmptyLog(run);
}

TEST(FullDiskCli, ACtlCommandThatCannotBeWrittenFailsAndNamesTheFile) {
    TempDir dir;
    const std::string run = dir.file("run");
    const std::string list = dir.write("items.txt", "sleep 30\n");
    const pid_t runner = startTessera({"run", list, "--run-dir", run}, dir, "runner").pid;
    // The runner holds its journal's lock once it runs (polled, as RunCli's tests do).
    while (!Journal::isLocked(run + "/journal")) {
        ASSERT_EQ(::waitpid(runner, nullptr, WNOHANG), 0) << readAll(dir.file("runner.err"));
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    // "cancel\n" does not fit in 4 bytes: the command file cannot be written.
    const Ran refused = runTessera({"ctl", run, "cancel"}, dir, "ctl", 4);
    EXPECT_EQ(refused.exitCode, 1) << refused.out;
    EXPECT_NE(refused.err.find(run + "/control.d/"), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find(".tmp: cannot write: File too large"), std::string::npos)
        << refused.err;
    const Ran cancelled = runTessera({"ctl", run, "cancel"}, dir, "ctl2");
    EXPECT_EQ(cancelled.exitCode, 0) << cancelled.err;
    int status = 0;
    ASSERT_EQ(::waitpid(runner, &status, 0), runner);
    EXPECT_EQ(WEXITSTATUS(status), 3); // cancelled
}

// The damaged journals of tests/data: `ctl status` and `run --resume` name the file and line,
// exit 1, and the resume starts nothing.
TEST(FullDiskCli, ADamagedJournalIsNamedWithItsLineAndResumeRefusesToGuess) {
    const std::pair<const char*, int> fixtures[] = {
        {"broken_journal_negative_index", 5},    {"broken_journal_index_out_of_range", 4},
        {"broken_journal_negative_time", 4},     {"broken_journal_garbage", 3},
        {"broken_journal_end_without_start", 3}, {"broken_journal_short_record", 4}};
    for (const auto& [fixture, line] : fixtures) {
        SCOPED_TRACE(fixture);
        TempDir dir;
        const std::string run = dir.file("run");
        std::filesystem::copy(std::string(TESSERA_TEST_DATA_DIR) + "/" + fixture, run);
        const std::string where = run + "/journal: corrupt record: ";
        const std::string at = "(at line " + std::to_string(line) + ")";

        const Ran status = runTessera({"ctl", run, "status"}, dir, "status");
        EXPECT_EQ(status.exitCode, 1) << status.out;
        EXPECT_NE(status.err.find(where), std::string::npos) << status.err;
        EXPECT_NE(status.err.find(at), std::string::npos) << status.err;

        const Ran resumed = runTessera({"run", "--resume", run}, dir, "resume");
        EXPECT_EQ(resumed.exitCode, 1) << resumed.out;
        EXPECT_NE(resumed.err.find(where), std::string::npos) << resumed.err;
        EXPECT_NE(resumed.err.find(at), std::string::npos) << resumed.err;
        EXPECT_NE(resumed.err.find("not resuming"), std::string::npos) << resumed.err;
        EXPECT_FALSE(std::filesystem::exists(run + "/spawns")) << "something was started";
    }
}
