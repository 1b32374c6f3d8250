#pragma once
// Runs a program to completion with the given standard input and collects what it printed.
#include <string>
#include <vector>

namespace tessera::testing {

struct ProcessResult {
    int exitCode = -1; // -1 when it did not exit normally (killed by a signal)
    std::string out;
    std::string err;
};

ProcessResult runProcess(const std::vector<std::string>& argv, const std::string& stdinText = {});
// The same with exactly this environment ("NAME=value" entries) instead of the test's own.
ProcessResult runProcessWithEnvironment(const std::vector<std::string>& argv,
                                        const std::vector<std::string>& environment);

// Runs the tessera binary under test with the given arguments.
ProcessResult runTessera(const std::vector<std::string>& args, const std::string& stdinText = {});

} // namespace tessera::testing
