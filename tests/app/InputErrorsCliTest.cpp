// Options and fields that were not checked, and errors that did not say what happened,
// through the real `tessera` binary.
#include "Subprocess.h"

#include <cstdio>
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
        char tmpl[] = "/tmp/tessera-inputs-XXXXXX";
        m_dir = ::mkdtemp(tmpl);
    }
    ~TempFiles() { std::filesystem::remove_all(m_dir); }
    std::string write(const std::string& name, const std::string& text) const {
        const std::string path = m_dir + "/" + name;
        std::ofstream(path, std::ios::binary) << text;
        return path;
    }
    const std::string& dir() const { return m_dir; }

private:
    std::string m_dir;
};

TEST(InputErrorsCli, LaunchRefusesSuccessIndexesTheApiServerWouldRefuse) {
    TempFiles files;
    const std::string list = files.write("items.txt", "true\ntrue\ntrue\ntrue\ntrue\ntrue\n");
    struct Case {
        std::string value, expected;
    };
    const Case cases[] = {
        {"5-3", "--success-indexes: interval \"5-3\" must have its first index below its last (at "
                "character 1) in '5-3' (the job has 6 completions: indexes 0 to 5)"},
        {"-1", "--success-indexes: \"-1\": an index cannot be negative (a range is FIRST-LAST) (at "
               "character 1) in '-1'"},
        {"3:abc", "--success-indexes: cannot parse \"3:abc\" as an index (at character 1)"},
        {"", "--success-indexes: empty; give the indexes that suffice, like 0,5-9"},
        {"2,9", "--success-indexes: index 9 is out of range: must be less than completions (6) "
                "(at character 3)"},
    };
    for (const Case& c : cases) {
        const auto r = runTessera({"launch", list, "--image", "busybox", "--success-indexes",
                                   c.value, "--output", "yaml"});
        EXPECT_EQ(r.exitCode, 2) << c.value << ": " << r.out;
        EXPECT_EQ(r.err.rfind("tessera launch: " + c.expected, 0), 0u) << c.value << ": " << r.err;
        EXPECT_EQ(r.out, "") << c.value;
    }
    const auto fine = runTessera(
        {"launch", list, "--image", "busybox", "--success-indexes", "0,2-5", "--output", "yaml"});
    EXPECT_EQ(fine.exitCode, 0) << fine.err;
    EXPECT_NE(fine.out.find("succeededIndexes: \"0,2-5\""), std::string::npos) << fine.out;

    const auto count = runTessera(
        {"launch", list, "--image", "busybox", "--success-count", "7", "--output", "yaml"});
    EXPECT_EQ(count.exitCode, 2);
    EXPECT_EQ(count.err.rfind("tessera launch: --success-count: 7 is more than the job's 6 "
                              "completions",
                              0),
              0u)
        << count.err;
}

TEST(InputErrorsCli, LaunchIndexesNamesANegativeIndex) {
    TempFiles files;
    const std::string list = files.write("items.txt", "true\ntrue\n");
    const auto r =
        runTessera({"launch", list, "--image", "busybox", "--indexes", "-1", "--output", "yaml"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err.rfind("tessera launch: --indexes: \"-1\": an index cannot be negative", 0), 0u)
        << r.err;
}

TEST(InputErrorsCli, ReconcileValidatesTheJobAsTheApiServerWould) {
    const std::string input = R"({"job": {"apiVersion": "batch/v1", "kind": "Job",
      "metadata": {"name": "render", "namespace": "default", "uid": "job-uid"},
      "spec": {"completions": -3, "parallelism": 3, "completionMode": "Indexed",
               "template": {"spec": {"restartPolicy": "Never",
                                     "containers": [{"name": "main", "image": "busybox"}]}}},
      "status": {}}, "pods": [], "now": "2026-11-22T10:00:00Z"})";
    const auto r = runTessera({"reconcile", "-"}, input);
    EXPECT_EQ(r.exitCode, 2) << r.out;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "tessera reconcile: <stdin>: the API server would reject this Job:\n"
                     "  job.spec.completions: Invalid value: -3: must be greater than or equal "
                     "to 0\n");
}

TEST(InputErrorsCli, AWorkListThatIsADirectoryIsNamedAsOne) {
    TempFiles files;
    const auto r = runTessera({"launch", files.dir(), "--image", "busybox", "--output", "yaml"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "tessera launch: " + files.dir() + ": is a directory, not a work list file\n");
}

TEST(InputErrorsCli, AManifestThatLoopedYamlCppIsAPositionedErrorInEveryReader) {
    TempFiles files;
    const std::string job = files.write("job.yaml", "-\n{},");
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"simulate", job},
          std::vector<std::string>{"report", "--source", "simulate", job, "-o",
                                   files.dir() + "/r.json"}}) {
        const auto r = runTessera(args);
        EXPECT_NE(r.exitCode, 0) << args[0];
        EXPECT_NE(r.err.find(job + ":2:3: YAML: "), std::string::npos) << args[0] << ": " << r.err;
    }
}

TEST(InputErrorsCli, AFileOfTwoJobsIsRefusedByEveryCommandThatTakesOne) {
    TempFiles files;
    const std::string one = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: a}\nspec:\n"
                            "  completionMode: Indexed\n  completions: 2\n  template:\n"
                            "    spec:\n      restartPolicy: Never\n      containers:\n"
                            "      - {name: c, image: busybox, command: [\"true\"]}\n";
    const std::string two = files.write("two.yaml", one + "---\n" + one);
    const std::string expected = two + ": 2 documents of kind Job (lines 1, 13); give one";
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"simulate", two},
          std::vector<std::string>{"report", "--source", "simulate", two, "-o",
                                   files.dir() + "/r.json"},
          std::vector<std::string>{"run", files.write("items.txt", "true\ntrue\n"), "--job", two,
                                   "--run-dir", files.dir() + "/run"}}) {
        const auto r = runTessera(args);
        EXPECT_NE(r.exitCode, 0) << args[0];
        EXPECT_NE(r.err.find(expected), std::string::npos) << args[0] << ": " << r.err;
    }
    EXPECT_FALSE(std::filesystem::exists(files.dir() + "/run/journal"));
}

TEST(InputErrorsCli, ServeSaysToPreferTheEnvironmentForTheTokenAndWarnsAboutTheFlag) {
    const auto help = runTessera({"serve", "--help"});
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_NE(help.out.find("TESSERA_SERVE_TOKEN"), std::string::npos) << help.out;
    // The warning comes before anything else is checked (here: a bad port, so nothing starts).
    const auto r = runTessera({"serve", "--token", "s3cret", "--port", "nope"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("warning: --token shows the token to every user of this machine"),
              std::string::npos)
        << r.err;
}

} // namespace
