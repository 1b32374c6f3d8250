// The command-line framework: dispatch, help, version, and the error conventions every command
// follows ("tessera CMD: message", exit 1 for failures, 2 for usage errors).
#include "Subprocess.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

using tessera::testing::runTessera;

namespace {

const std::string kData = TESSERA_TEST_DATA_DIR;

TEST(Cli, PrintsTheVersion) {
    const auto r = runTessera({"--version"});
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_EQ(r.out, std::string("tessera ") + TESSERA_VERSION + "\n");
}

TEST(Cli, ListsTheCommandsInItsHelp) {
    for (const char* flag : {"--help", "-h"}) {
        const auto r = runTessera({flag});
        EXPECT_EQ(r.exitCode, 0) << flag;
        EXPECT_NE(r.out.find("Usage: tessera"), std::string::npos) << r.out;
        EXPECT_NE(r.out.find("  reconcile  "), std::string::npos) << r.out;
        EXPECT_TRUE(r.err.empty()) << r.err;
    }
}

TEST(Cli, ShowsACommandsHelpThroughTheHelpCommand) {
    const auto viaHelp = runTessera({"help", "reconcile"});
    const auto viaFlag = runTessera({"reconcile", "--help"});
    EXPECT_EQ(viaHelp.exitCode, 0);
    EXPECT_EQ(viaFlag.exitCode, 0);
    EXPECT_EQ(viaHelp.out.rfind("Usage: tessera reconcile", 0), 0u) << viaHelp.out;
    EXPECT_EQ(viaHelp.out, viaFlag.out);
}

TEST(Cli, RejectsAnUnknownCommandWithUsageExitCode) {
    const auto r = runTessera({"frobnicate"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err, "tessera: unknown command 'frobnicate'\nTry 'tessera --help'.\n");
    EXPECT_TRUE(r.out.empty());

    const auto help = runTessera({"help", "frobnicate"});
    EXPECT_EQ(help.exitCode, 2);

    const auto option = runTessera({"--frobnicate"});
    EXPECT_EQ(option.exitCode, 2);
    EXPECT_EQ(option.err, "tessera: unknown option '--frobnicate'\nTry 'tessera --help'.\n");
}

#ifdef TESSERA_TEST_WITH_UI
TEST(Cli, WithoutADisplayTheWindowSaysSoAndExitsWithUsageStatus) {
    // No DISPLAY, WAYLAND_DISPLAY or QT_QPA_PLATFORM: Qt would abort (134); tessera explains.
    const std::vector<std::string> environment = {"PATH=/usr/bin:/bin", "HOME=/tmp",
                                                  "ASAN_OPTIONS=detect_leaks=0"};
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{}, std::vector<std::string>{"--demo"}}) {
        std::vector<std::string> argv{TESSERA_BINARY};
        argv.insert(argv.end(), args.begin(), args.end());
        const auto r = tessera::testing::runProcessWithEnvironment(argv, environment);
        EXPECT_EQ(r.exitCode, 2) << r.err;
        EXPECT_NE(r.err.find("tessera: no display"), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("desktop session"), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("'tessera --help'"), std::string::npos) << r.err;
        EXPECT_EQ(r.err.find("Reinstalling"), std::string::npos) << r.err;
        EXPECT_TRUE(r.out.empty()) << r.out;
    }
}
#endif

TEST(Cli, ReportsUsageErrorsOfACommandWithExitCode2) {
    const auto unknown = runTessera({"reconcile", "--frobnicate"});
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_EQ(
        unknown.err,
        "tessera reconcile: unknown option '--frobnicate'\nTry 'tessera reconcile --help'.\n");

    const auto missingValue = runTessera({"reconcile", "--now"});
    EXPECT_EQ(missingValue.exitCode, 2);
    EXPECT_EQ(missingValue.err.rfind("tessera reconcile: option '--now' needs a value\n", 0), 0u)
        << missingValue.err;

    const auto flagWithValue = runTessera({"reconcile", "--pretty=yes"});
    EXPECT_EQ(flagWithValue.exitCode, 2);

    const auto twoFiles = runTessera({"reconcile", "a.json", "b.json"});
    EXPECT_EQ(twoFiles.exitCode, 2);
    EXPECT_NE(twoFiles.err.find("at most one input file"), std::string::npos) << twoFiles.err;

    const auto badNow = runTessera({"reconcile", "--now=yesterday", "-"});
    EXPECT_EQ(badNow.exitCode, 2);
    EXPECT_NE(badNow.err.find("--now: expected an RFC 3339 time"), std::string::npos);
}

TEST(Cli, ReconcileNamesAnUnreadableFile) {
    const auto r = runTessera({"reconcile", "/nonexistent/input.json"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(
        r.err,
        "tessera reconcile: /nonexistent/input.json: cannot open: No such file or directory\n");
    EXPECT_TRUE(r.out.empty());
}

TEST(Cli, ReconcileNamesFileLineColumnAndJsonPathOfBadInput) {
    const std::string file = kData + "/broken_reconcile_exitcode.json";
    const auto r = runTessera({"reconcile", file});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "tessera reconcile: " + file +
                         ":17:375: pods[12].status.containerStatuses[0].state.terminated.exitCode:"
                         " expected an integer, got a string \"1\"\n");
    EXPECT_TRUE(r.out.empty());
}

TEST(Cli, ReconcileNamesStandardInputInErrors) {
    const auto r =
        runTessera({"reconcile", "-"}, "{\n  \"job\": {\"spec\": {\"parallelism\": -}}\n}\n");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err.rfind("tessera reconcile: <stdin>:2:", 0), 0u) << r.err;

    const auto noJob = runTessera({"reconcile"}, R"({"pods": []})");
    EXPECT_EQ(noJob.exitCode, 1);
    EXPECT_EQ(noJob.err,
              "tessera reconcile: <stdin>: job: missing: the input needs a \"job\" object\n");
}

// A work list launched with Kubernetes' default backoffLimit of 6 stopped after its
// first failures. `tessera launch` now retries per item unless a limit is given (as the dialog).
TEST(Cli, LaunchRetriesAWorkListPerItemUnlessALimitIsGiven) {
    char tmpl[] = "/tmp/tessera-cli-launch-XXXXXX";
    const std::string dir = ::mkdtemp(tmpl);
    const std::string list = dir + "/items.txt";
    std::ofstream(list) << "true\nexit 3\ntrue\n";
    const auto byDefault = runTessera({"launch", list, "--image", "busybox", "--output", "yaml"});
    EXPECT_EQ(byDefault.exitCode, 0) << byDefault.err;
    EXPECT_NE(byDefault.out.find("backoffLimitPerIndex: 2\n"), std::string::npos) << byDefault.out;
    EXPECT_EQ(byDefault.out.find("backoffLimit:"), std::string::npos) << byDefault.out;

    const auto jobWide = runTessera(
        {"launch", list, "--image", "busybox", "--backoff-limit", "6", "--output", "yaml"});
    EXPECT_EQ(jobWide.exitCode, 0) << jobWide.err;
    EXPECT_NE(jobWide.out.find("backoffLimit: 6\n"), std::string::npos) << jobWide.out;
    EXPECT_EQ(jobWide.out.find("backoffLimitPerIndex"), std::string::npos) << jobWide.out;

    const auto perIndex = runTessera({"launch", list, "--image", "busybox",
                                      "--backoff-limit-per-index", "5", "--output", "yaml"});
    EXPECT_NE(perIndex.out.find("backoffLimitPerIndex: 5\n"), std::string::npos) << perIndex.out;

    const auto help = runTessera({"launch", "--help"});
    EXPECT_NE(help.out.find("default: 2 when"), std::string::npos) << help.out;
    std::filesystem::remove_all(dir);
}

// `tessera run --format yaml` worked and `tessera launch --format yaml` exited 2: both read
// --format from the one table of formats.
TEST(Cli, LaunchAndRunTakeTheSameFormatNames) {
    char tmpl[] = "/tmp/tessera-cli-format-XXXXXX";
    const std::string dir = ::mkdtemp(tmpl);
    const std::string list = dir + "/items.txt";
    std::ofstream(list) << "withCount: 2\n";
    for (const char* format : {"yaml", "furiko"}) {
        const auto r = runTessera({"launch", list, "--image", "busybox", "--command", "true",
                                   "--format", format, "--output", "yaml"});
        EXPECT_EQ(r.exitCode, 0) << format << ": " << r.err;
        EXPECT_NE(r.out.find("completions: 2\n"), std::string::npos) << r.out;
    }
    const auto jsonl = dir + "/items.jsonl";
    std::ofstream(jsonl) << "{\"N\": 1}\n{\"N\": 2}\n{\"N\": 3}\n";
    const auto r = runTessera(
        {"launch", jsonl, "--image", "busybox", "--command", "echo $N", "--output", "yaml"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("completions: 3\n"), std::string::npos) << r.out;
    std::filesystem::remove_all(dir);
}

} // namespace
