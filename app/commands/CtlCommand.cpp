// tessera ctl RUN_DIR parallelism N | cancel | status: control a local run from another terminal.
#include "../CliArgs.h"
#include "../Commands.h"
#include "local/Journal.h"
#include "local/RunDirectory.h"
#include "local/RunStatus.h"

#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <thread>
#include <unistd.h>

namespace tessera::app {

namespace {

constexpr const char* kName = "ctl";

constexpr const char* kHelp =
    R"(Usage: tessera ctl RUN_DIR parallelism N [--kill]
       tessera ctl RUN_DIR cancel
       tessera ctl RUN_DIR status

Controls the local run (tessera run) using RUN_DIR while it runs:
  parallelism N   run N items at once from now on; lowering it lets running items finish
                  unless --kill is given (then the excess items are stopped and run again later)
  cancel          SIGTERM to every running item's process group, SIGKILL after the grace period;
                  the run ends Cancelled (continue it later with tessera run --resume RUN_DIR)
  status          print the run's state from its journal (works with or without a runner)

The runner picks commands up within a fraction of a second; ctl waits until it has.
Exit status: 0 done, 1 no runner or it did not answer, 2 usage error.
)";

} // namespace

int runCtl(int argc, char** argv) {
    const ParsedArgs parsed = parseArgs(argc, argv, {{"kill", false}, {"timeout", true}});
    if (!parsed.error.empty())
        return usageError(kName, parsed.error);
    if (parsed.help) {
        std::fputs(kHelp, stdout);
        return kExitOk;
    }
    if (parsed.positionals.size() < 2)
        return usageError(kName, "expected RUN_DIR and a command");
    std::chrono::milliseconds timeout = std::chrono::seconds(10);
    if (const auto t = parsed.value("timeout")) {
        const auto parsedTimeout = parseDuration(*t);
        if (!parsedTimeout)
            return usageError(kName, "--timeout: expected a number of seconds, got '" + *t + "'");
        timeout = *parsedTimeout;
    }
    const local::RunDirectory dir(parsed.positionals[0]);
    const std::string& verb = parsed.positionals[1];

    if (verb == "status") {
        auto run = local::RunDirectory::load(dir.path());
        if (!run.ok())
            return failure(kName, run.error().describe());
        const engine::JobStatus& s = run->job.status;
        int active = 0;
        for (const engine::Attempt& a : run->attempts)
            active += a.outcome == engine::AttemptOutcome::Running ? 1 : 0;
        // What the window and the run's reports say it is (local/RunStatus.h).
        const local::RunStatus status = local::runStatusOf(*run);
        const std::string state =
            !status.finished() ? std::string("running")
            : status.status == local::RunStatus::kInterrupted
                ? std::string("interrupted (resumable: tessera run --resume)")
                : status.status + (status.reason.empty() ? "" : " (" + status.reason + ")");
        std::printf("job %s: %s, %d/%d succeeded, %d failed attempts, %d running, parallelism "
                    "%d\ncompleted indexes: %s\n",
                    run->config.name.c_str(), state.c_str(), s.succeeded, run->workList.size(),
                    s.failed, active, run->job.spec.parallelism.value_or(0),
                    s.completedIndexes.empty() ? "-" : s.completedIndexes.c_str());
        if (s.failedIndexes && !s.failedIndexes->empty())
            std::printf("failed indexes: %s\n", s.failedIndexes->c_str());
        return kExitOk;
    }

    std::string command;
    if (verb == "parallelism") {
        if (parsed.positionals.size() != 3)
            return usageError(kName, "parallelism needs a number");
        const std::string& v = parsed.positionals[2];
        const std::optional<int64_t> n = parseInteger(v, 0, std::numeric_limits<int32_t>::max());
        if (!n)
            return usageError(kName, "parallelism: expected an integer from 0 to " +
                                         std::to_string(std::numeric_limits<int32_t>::max()) +
                                         ", got '" + v + "'");
        command = "parallelism " + std::to_string(*n) + (parsed.has("kill") ? " kill" : "");
    } else if (verb == "cancel") {
        if (parsed.positionals.size() != 2)
            return usageError(kName, "cancel takes no argument");
        command = "cancel";
    } else {
        return usageError(kName, "unknown command '" + verb + "' (parallelism, cancel, status)");
    }
    if (::access(dir.configPath().c_str(), F_OK) != 0)
        return failure(kName, dir.path() + ": not a tessera run directory (no run.conf)");
    if (!local::Journal::isLocked(dir.journalPath()))
        return failure(kName, dir.path() +
                                  ": no runner is running this run (continue it with "
                                  "tessera run --resume " +
                                  dir.path() + ")");

    // One file per command, written under a temporary name and renamed: the runner never reads
    // half a command, and two quick commands are both seen, in order.
    const auto stamp = std::chrono::duration_cast<std::chrono::nanoseconds>(
                           std::chrono::system_clock::now().time_since_epoch())
                           .count();
    const std::string base =
        dir.controlDir() + "/" + std::to_string(stamp) + "-" + std::to_string(::getpid());
    {
        std::ofstream out(base + ".tmp");
        out << command << "\n";
        out.flush(); // the write happens here: a full disk must fail now, not in the destructor
        if (!out) {
            const std::string why = std::strerror(errno);
            ::unlink((base + ".tmp").c_str());
            return failure(kName, base + ".tmp: cannot write: " + why);
        }
    }
    if (std::rename((base + ".tmp").c_str(), (base + ".cmd").c_str()) != 0)
        return failure(kName, base + ".cmd: " + std::strerror(errno));
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (::access((base + ".cmd").c_str(), F_OK) == 0) {
        if (std::chrono::steady_clock::now() > deadline) {
            ::unlink((base + ".cmd").c_str());
            return failure(kName, "the runner did not pick up the command");
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    std::printf("%s: %s\n", dir.path().c_str(), command.c_str());
    return kExitOk;
}

} // namespace tessera::app
