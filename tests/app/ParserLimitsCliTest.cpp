// The readers' shared limits through the real `tessera` binary: a manifest nested past the limit is
// an error naming the file, path and position in every command that reads one (it crashed them
// with a stack overflow); numbers on the command line are finite and in range.
#include "Subprocess.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <unistd.h>

using tessera::testing::runTessera;

namespace {

class TempFiles {
public:
    TempFiles() {
        char tmpl[] = "/tmp/tessera-limits-XXXXXX";
        m_dir = ::mkdtemp(tmpl);
    }
    ~TempFiles() { std::filesystem::remove_all(m_dir); }
    std::string write(const std::string& name, const std::string& text) const {
        const std::string path = m_dir + "/" + name;
        std::ofstream(path, std::ios::binary) << text;
        return path;
    }
    std::string path(const std::string& name) const { return m_dir + "/" + name; }

private:
    std::string m_dir;
};

constexpr const char* kJob = "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: small\nspec:\n"
                             "  completions: 2\n  parallelism: 1\n  completionMode: Indexed\n"
                             "  template:\n    spec:\n      restartPolicy: Never\n"
                             "      containers:\n      - name: c\n        image: busybox\n";

TEST(ParserLimitsCli, AJsonManifest33000LevelsDeepIsAnErrorInEveryCommandThatReadsOne) {
    TempFiles files;
    // 33,000 levels: 133 KB, the shape of the manifest that crashed simulate, run --job and report.
    std::string deep = R"({"apiVersion":"batch/v1","kind":"Job","spec":)";
    for (int level = 0; level < 33'000; ++level)
        deep += R"({"a":)";
    deep += "1" + std::string(33'000, '}') + "}";
    const std::string job = files.write("deep.json", deep);
    const std::string list = files.write("items.txt", "true\n");
    // The object is level 1, spec level 2: the 400th {"a": opens level 401, at byte 45 + 5 * 399.
    std::string path = "spec";
    for (int level = 0; level < 399; ++level)
        path += ".a";
    const std::string expected = job + ":1:" + std::to_string(46 + 5 * 399) + ": " + path +
                                 ": nested more than 400 levels deep (the limit of every JSON "
                                 "and YAML reader)";
    const std::vector<std::vector<std::string>> commands = {
        {"simulate", job},
        {"run", list, "--job", job, "--run-dir", files.path("run")},
        {"report", "--source", "simulate", job, "-o", files.path("report.json")},
    };
    for (const std::vector<std::string>& args : commands) {
        const auto r = runTessera(args);
        EXPECT_EQ(r.exitCode, 1) << args[0] << ": " << r.err;
        // Said once, after the command's name.
        const std::size_t at = r.err.find("tessera " + args[0] + ": " + expected);
        EXPECT_NE(at, std::string::npos) << args[0] << ": " << r.err;
        EXPECT_EQ(r.err.find(expected, at + 1 + args[0].size() + 10), std::string::npos)
            << args[0] << ": " << r.err;
    }
}

TEST(ParserLimitsCli, AManifestAtTheLimitIsSimulated) {
    TempFiles files;
    // spec.x nests 398 arrays: with the object and spec, 400 levels.
    std::string yaml = kJob;
    yaml += "  x: " + std::string(398, '[') + std::string(398, ']') + "\n";
    const auto r = runTessera({"simulate", files.write("limit.yaml", yaml)});
    EXPECT_EQ(r.exitCode, 0) << r.err;
}

TEST(ParserLimitsCli, NumbersThatAreNotFiniteOrOutOfRangeAreUsageErrors) {
    TempFiles files;
    const std::string job = files.write("job.yaml", kJob);
    const std::string list = files.write("items.txt", "true\n");
    const std::vector<std::vector<std::string>> refused = {
        {"simulate", job, "--fail-rate", "nan"},
        {"simulate", job, "--duration", "inf"},
        {"simulate", job, "--max-time", "1e300h"},
        {"simulate", job, "--reschedule-after", "nans"},
        {"simulate", job, "--duration", "lognormal:30s,inf"},
        {"simulate", job, "--fail-indexes", "4294967296"},
        {"run", list, "--backoff-scale", "nan"},
        {"run", list, "--backoff-scale", "inf"},
        {"run", list, "--parallelism", "4294967297"},
        {"ctl", files.path("run"), "status", "--timeout", "inf"},
    };
    for (const std::vector<std::string>& args : refused) {
        const auto r = runTessera(args);
        EXPECT_EQ(r.exitCode, 2) << args[args.size() - 2] << " " << args.back() << ": " << r.err;
        EXPECT_NE(r.err.find(args[args.size() - 2]), std::string::npos) << r.err;
    }
    // `report` states its option errors as bad input (exit 1), naming the option.
    const auto report = runTessera(
        {"report", "--source", "simulate", job, "--fail-rate", "nan", "-o", files.path("r.json")});
    EXPECT_EQ(report.exitCode, 1) << report.err;
    EXPECT_NE(report.err.find("--fail-rate: expected a probability between 0 and 1, got 'nan'"),
              std::string::npos)
        << report.err;

    const auto fine = runTessera(
        {"simulate", job, "--fail-rate", "0.25", "--max-time", "1.5h", "--duration", "1e1s"});
    EXPECT_EQ(fine.exitCode, 0) << fine.err;
}

} // namespace
