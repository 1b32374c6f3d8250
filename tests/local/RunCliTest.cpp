// `tessera run` and `tessera ctl` as real subprocesses: SIGKILL of the runner and an immediate
// --resume, control from another process, cancel, exit codes and work-list errors.
#include "TestSupport.h"
#include "local/Journal.h"

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <fstream>
#include <gtest/gtest.h>
#include <iterator>
#include <map>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>

extern char** environ;

using namespace tessera::local;
using tessera::testing::readAll;
using tessera::testing::readLines;
using tessera::testing::TempDir;

namespace {

struct Child {
    pid_t pid = -1;
    std::string outPath, errPath;
};

// Starts tessera with stdout and stderr going to files (no terminal: plain progress lines).
Child spawnTessera(const std::vector<std::string>& args, const TempDir& dir,
                   const std::string& tag) {
    Child c;
    c.outPath = dir.file(tag + ".out");
    c.errPath = dir.file(tag + ".err");
    std::vector<std::string> all = {TESSERA_BINARY};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : all)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, c.outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&fa, 2, c.errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    EXPECT_EQ(posix_spawn(&c.pid, argv[0], &fa, nullptr, argv.data(), environ), 0);
    posix_spawn_file_actions_destroy(&fa);
    return c;
}

int waitExit(const Child& c) {
    int status = 0;
    while (::waitpid(c.pid, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
}

struct Ran {
    int exitCode = -1;
    std::string out, err;
};

Ran runTessera(const std::vector<std::string>& args, const TempDir& dir,
               const std::string& tag = "cmd") {
    const Child c = spawnTessera(args, dir, tag);
    Ran r;
    r.exitCode = waitExit(c);
    r.out = readAll(c.outPath);
    r.err = readAll(c.errPath);
    return r;
}

template <typename F> bool waitFor(F condition, int timeoutMs = 60000) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    while (std::chrono::steady_clock::now() < deadline) {
        if (condition())
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return condition();
}

// Item i records "S <ns>" and "E <ns>" in out/<i> around a sleep and prints one line.
std::string timedItems(const TempDir& dir, int items, const char* sleep) {
    const std::string out = dir.file("out");
    std::filesystem::create_directory(out);
    std::string list;
    for (int i = 0; i < items; ++i)
        list += "f=" + out + "/" + std::to_string(i) + "; echo S $(date +%s%N) >> $f; sleep " +
                sleep + "; echo E $(date +%s%N) >> $f; echo done-" + std::to_string(i) + "\n";
    return dir.write("items.txt", list);
}

} // namespace

TEST(RunCli, SigkillOfTheRunnerThenResumeRunsEachIndexExactlyOnceAndLosesNothing) {
    TempDir dir;
    const int items = 24;
    // Items outlast the start of the resuming runner (an ASan binary on a loaded CI machine), so
    // some are still running from the killed one when it looks.
    const std::string list = timedItems(dir, items, "1.5");
    const std::string run = dir.file("run");
    const Child runner =
        spawnTessera({"run", list, "-j", "4", "--run-dir", run, "--name", "crash"}, dir, "first");
    // Kill it while items are in flight: some finished, some running.
    ASSERT_TRUE(waitFor([&] {
        int started = 0, ended = 0;
        for (int i = 0; i < items; ++i)
            for (const std::string& l : readLines(dir.file("out/" + std::to_string(i)))) {
                started += l[0] == 'S';
                ended += l[0] == 'E';
            }
        return ended >= 4 && started - ended >= 3;
    }));
    ASSERT_EQ(::kill(runner.pid, SIGKILL), 0);
    ASSERT_EQ(waitExit(runner), -SIGKILL);

    const Ran resumed = runTessera({"run", "--resume", run}, dir, "resume");
    ASSERT_EQ(resumed.exitCode, 0) << resumed.err << resumed.out;
    EXPECT_NE(resumed.err.find("still running from the previous runner"), std::string::npos)
        << resumed.err;
    EXPECT_NE(resumed.out.find("Complete"), std::string::npos);

    // The items' own records: every index started once and ended once, so it never ran twice
    // (and a fortiori never twice at the same moment), and no finished work was redone.
    for (int i = 0; i < items; ++i) {
        const auto lines = readLines(dir.file("out/" + std::to_string(i)));
        ASSERT_EQ(lines.size(), 2u) << "index " << i;
        EXPECT_EQ(lines[0][0], 'S');
        EXPECT_EQ(lines[1][0], 'E');
        // Nothing lost: the output of every attempt, the crashed runner's ones too.
        EXPECT_EQ(readAll(run + "/logs/" + std::to_string(i) + ".1.log"),
                  "done-" + std::to_string(i) + "\n");
    }
    // The journal accounts for every attempt: each start has its end, one success per index.
    auto records = Journal::read(run + "/journal");
    ASSERT_TRUE(records.ok());
    std::map<int, int> starts, successes;
    int runners = 0;
    for (const JournalRecord& r : *records) {
        starts[r.index] += r.kind == 'S';
        successes[r.index] += r.kind == 'E' && r.exitCode == 0;
        runners += r.kind == 'R';
    }
    EXPECT_EQ(runners, 2);
    for (int i = 0; i < items; ++i) {
        EXPECT_EQ(starts[i], 1) << "index " << i;
        EXPECT_EQ(successes[i], 1) << "index " << i;
    }
}

TEST(RunCli, CtlChangesParallelismAndCancelsWithoutLeavingProcesses) {
    TempDir dir;
    const std::string list = timedItems(dir, 40, "5");
    const std::string run = dir.file("run");
    const Child runner =
        spawnTessera({"run", list, "-j", "2", "--run-dir", run, "--grace", "300"}, dir, "run");
    ASSERT_TRUE(waitFor([&] { return Journal::isLocked(run + "/journal"); }));

    const Ran ctl = runTessera({"ctl", run, "parallelism", "5"}, dir, "ctl");
    EXPECT_EQ(ctl.exitCode, 0) << ctl.err;
    EXPECT_EQ(ctl.out, run + ": parallelism 5\n");
    ASSERT_TRUE(waitFor([&] { return tessera::testing::processesWithEnv(run).size() >= 10; }));

    const Ran status = runTessera({"ctl", run, "status"}, dir, "status");
    EXPECT_EQ(status.exitCode, 0);
    EXPECT_NE(status.out.find("Running, 0/40 succeeded"), std::string::npos) << status.out;
    EXPECT_NE(status.out.find("parallelism 5"), std::string::npos) << status.out;

    const Ran cancel = runTessera({"ctl", run, "cancel"}, dir, "cancel");
    EXPECT_EQ(cancel.exitCode, 0) << cancel.err;
    EXPECT_EQ(waitExit(runner), 3);
    EXPECT_NE(readAll(runner.outPath).find("Cancelled"), std::string::npos);
    std::vector<int> left;
    waitFor(
        [&] {
            left = tessera::testing::processesWithEnv(run);
            return left.empty();
        },
        5000);
    EXPECT_TRUE(left.empty()) << left.size() << " processes left";

    const Ran noRunner = runTessera({"ctl", run, "parallelism", "3"}, dir, "none");
    EXPECT_EQ(noRunner.exitCode, 1);
    EXPECT_NE(noRunner.err.find("no runner is running this run"), std::string::npos);
}

TEST(RunCli, ExitsZeroOnlyWhenCompleteAndPrintsTheSummary) {
    TempDir dir;
    const Ran ok = runTessera(
        {"run", dir.write("ok.txt", "true\ntrue\n"), "--run-dir", dir.file("r1")}, dir, "ok");
    EXPECT_EQ(ok.exitCode, 0) << ok.err;
    EXPECT_NE(ok.out.find("Complete (CompletionsReached)"), std::string::npos) << ok.out;
    EXPECT_NE(ok.out.find("completed indexes: 0,1"), std::string::npos) << ok.out;
    EXPECT_NE(ok.err.find("run directory " + dir.file("r1")), std::string::npos) << ok.err;

    const Ran bad = runTessera({"run", dir.write("bad.txt", "true\nexit 4\n"), "--run-dir",
                                dir.file("r2"), "--backoff-limit", "0"},
                               dir, "bad");
    EXPECT_EQ(bad.exitCode, 3);
    EXPECT_NE(bad.out.find("Failed (BackoffLimitExceeded)"), std::string::npos) << bad.out;
    EXPECT_NE(bad.out.find("failed: index 1 (exit 4, 1 attempt"), std::string::npos) << bad.out;
}

TEST(RunCli, BadWorkListsAreReportedWithFileLineColumnAndReason) {
    TempDir dir;
    struct Case {
        std::string file, text, expected;
    } cases[] = {
        {"bad.csv", "A,B\n1,2,3\n",
         "bad.csv: row has 3 fields, the header has 2 (at line 2, column 5)"},
        {"bad.yaml", "withCount: 2\nwithKeys: [a]\n",
         "bad.yaml: give exactly one of withCount, withKeys, withMatrix (at line 1, column 1)"},
        {"bad.yaml", "withMatrix:\n  os: linux\n",
         "bad.yaml: withMatrix.os: expected a non-empty list (at line 2, column 7)"},
        {"empty.txt", "# nothing\n\n",
         "empty.txt: no items: the file has only blank lines and # comments"},
    };
    for (const Case& c : cases) {
        const std::string path = dir.write(c.file, c.text);
        const Ran r = runTessera({"run", path, "--run-dir", dir.file("never")}, dir, "badlist");
        EXPECT_EQ(r.exitCode, 1) << c.text;
        EXPECT_EQ(r.err, "tessera run: " + dir.path() + "/" + c.expected + "\n");
    }
    const Ran mismatch = runTessera({"run", "--per-completion-env", "A=\"x y\"",
                                     "--per-completion-env", "B=\"1 2 3\"", "--command", "true"},
                                    dir, "mismatch");
    EXPECT_EQ(mismatch.exitCode, 1);
    EXPECT_EQ(mismatch.err, "tessera run: --per-completion-env B=\"1 2 3\": B has 3 values, "
                            "but A has 2\n");
    const Ran noCommand = runTessera({"run", dir.write("v.csv", "X\n1\n")}, dir, "nocmd");
    EXPECT_EQ(noCommand.exitCode, 1);
    EXPECT_NE(noCommand.err.find("give a template with --command"), std::string::npos);
}

TEST(RunCli, JobManifestBringsPodFailurePolicyAndName) {
    TempDir dir;
    const std::string job = dir.write("job.yaml", R"(apiVersion: batch/v1
kind: Job
metadata:
  name: policy
spec:
  completionMode: Indexed
  completions: 3
  parallelism: 1
  backoffLimit: 5
  podFailurePolicy:
    rules:
    - action: FailJob
      onExitCodes:
        containerName: work
        operator: In
        values: [42]
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: work
        image: busybox
)");
    const std::string out = dir.file("ran");
    const std::string list = dir.write("items.txt", "echo 0 >> " + out + "\necho 1 >> " + out +
                                                        "; exit 42\necho 2 >> " + out + "\n");
    const Ran r = runTessera({"run", list, "--job", job, "--run-dir", dir.file("run")}, dir);
    EXPECT_EQ(r.exitCode, 3) << r.err;
    EXPECT_NE(r.out.find("Failed (PodFailurePolicy)"), std::string::npos) << r.out;
    EXPECT_NE(r.err.find("starting policy, 3 items"), std::string::npos) << r.err;
    // One at a time (the manifest's parallelism): the FailJob exit code stops the job at index 1,
    // without the retries backoffLimit would otherwise allow.
    EXPECT_EQ(readLines(out), (std::vector<std::string>{"0", "1"}));

    const std::string broken = dir.write("broken.yaml", "kind: Job\nspec:\n  parallelism: many\n");
    const Ran bad = runTessera({"run", list, "--job", broken, "--run-dir", dir.file("run2")}, dir);
    EXPECT_EQ(bad.exitCode, 1);
    EXPECT_NE(bad.err.find("broken.yaml:3:"), std::string::npos) << bad.err;
}

// A command line too long to start (E2BIG) was retried forever, silently. It is now a
// failed attempt with exit code 127 and the reason, counted by --backoff-limit, in the summary,
// the journal, the item's log and the report.
TEST(RunCli, AnItemThatCannotStartFailsItsAttemptWithExitCode127AndTheReason) {
    TempDir dir;
    const std::string list = dir.write("long.txt", "echo " + std::string(200 * 1024, 'x') + "\n");
    const std::string run = dir.file("run");
    const Ran r =
        runTessera({"run", list, "-j", "1", "--backoff-limit", "0", "--run-dir", run}, dir, "long");
    EXPECT_EQ(r.exitCode, 3) << r.out << r.err;
    EXPECT_NE(r.out.find("Failed (BackoffLimitExceeded)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("failed: index 0 (exit 127: cannot start "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Argument list too long (the command is 204805 bytes"), std::string::npos)
        << r.out;

    auto records = Journal::read(run + "/journal");
    ASSERT_TRUE(records.ok());
    int ended = 0;
    for (const JournalRecord& e : *records)
        if (e.kind == 'E') {
            ++ended;
            EXPECT_EQ(e.exitCode, 127);
            EXPECT_EQ(e.text, "StartError");
            EXPECT_NE(e.text2.find("Argument list too long"), std::string::npos) << e.text2;
        }
    EXPECT_EQ(ended, 1);
    EXPECT_NE(readAll(run + "/logs/0.1.log").find("tessera: cannot start "), std::string::npos);

    const Ran report = runTessera(
        {"report", "--source", "local", run, "--format", "json", "-o", dir.file("r.json")}, dir,
        "report");
    EXPECT_EQ(report.exitCode, 0) << report.err;
    const std::string json = readAll(dir.file("r.json"));
    EXPECT_NE(json.find("StartError"), std::string::npos) << json.substr(0, 2000);
    EXPECT_NE(json.find("Argument list too long"), std::string::npos);
}

// "a 200-line list with every 17th line failing ended after 2 s as Failed:
// BackoffLimitExceeded, 14 done and 186 never run". Given no limit, a work list now retries per
// item (the Launch dialog's default): the bad lines end as failed indexes, every other line runs.
TEST(RunCli, AWorkListWithFailingLinesRunsEveryOtherLineByDefault) {
    TempDir dir;
    const std::string out = dir.file("ran");
    std::filesystem::create_directory(out);
    const int items = 60;
    std::string list;
    for (int i = 0; i < items; ++i)
        list += "touch " + out + "/" + std::to_string(i) + (i % 17 == 16 ? "; exit 3" : "") + "\n";
    const Ran r = runTessera({"run", dir.write("items.txt", list), "-j", "4", "--backoff-scale",
                              "0.01", "--run-dir", dir.file("run")},
                             dir);
    EXPECT_EQ(r.exitCode, 3) << r.err << r.out;
    EXPECT_NE(r.out.find("Failed (FailedIndexes)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("failed indexes: 16,33,50"), std::string::npos) << r.out;
    for (int i = 0; i < items; ++i)
        EXPECT_TRUE(std::filesystem::exists(out + "/" + std::to_string(i))) << "line " << i;
    // Each bad line had its own retries (2 per index), none of the good lines a second attempt.
    auto records = Journal::read(dir.file("run") + "/journal");
    ASSERT_TRUE(records.ok());
    std::map<int, int> starts;
    for (const JournalRecord& e : *records)
        if (e.kind == 'S')
            ++starts[e.index];
    for (int i = 0; i < items; ++i)
        EXPECT_EQ(starts[i], i % 17 == 16 ? 3 : 1) << "index " << i;
}

// A JSON Lines work list was run as shell lines (`sh: 1: {cmd:: not found`): each line is an item
// whose keys are its variables, and --format takes the same names in `run` as in `launch`.
TEST(RunCli, RunsAJsonLinesWorkListItemByItem) {
    TempDir dir;
    const std::string out = dir.file("out");
    const std::string list = dir.write("items.jsonl", "{\"WHO\": \"ada\"}\n{\"WHO\": \"grace\"}\n");
    const Ran ran = runTessera({"run", list, "--command", "echo \"$WHO\" >> " + out, "--run-dir",
                                dir.file("r"), "--quiet"},
                               dir);
    EXPECT_EQ(ran.exitCode, 0) << ran.err;
    std::ifstream in(out);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("ada\n"), std::string::npos) << text;
    EXPECT_NE(text.find("grace\n"), std::string::npos) << text;

    const Ran unknown = runTessera({"run", list, "--format", "xml"}, dir, "unknown");
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_NE(
        unknown.err.find("--format: expected lines, csv, furiko (or yaml) or jsonl, got 'xml'"),
        std::string::npos)
        << unknown.err;
}
