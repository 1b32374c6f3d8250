// tessera reconcile [--now TIME] [--pretty] [FILE|-]: one stateless engine::reconcile, as JSON.
#include "../CliArgs.h"
#include "../Commands.h"
#include "codec/Decode.h"
#include "codec/Encode.h"
#include "codec/Manifests.h"
#include "codec/Rfc3339.h"
#include "codec/TextFile.h"
#include "engine/Defaults.h"
#include "engine/Reconciler.h"
#include "engine/Validation.h"

#include <chrono>
#include <cstdio>

namespace tessera::app {

namespace {

constexpr const char* kName = "reconcile";

constexpr const char* kHelp =
    R"(Usage: tessera reconcile [OPTIONS] [FILE|-]

Runs one sync of the Kubernetes job controller on a job and its pods, and prints what the
controller would do. Reads FILE, or standard input when FILE is "-" or absent:

  {"job": <batch/v1 Job>, "pods": [<v1 Pod>...], "now": "<RFC 3339 time>"}

as `kubectl get job,pods -o json` shapes them ("now" is optional: default the current time).
Prints one JSON object:

  {"createPods": [{"index": 3, "name": "...", "hostname": "...", ...}],
   "deletePods": ["<pod name>"], "status": <batch/v1 JobStatus>,
   "events": [{"type": "...", "reason": "...", "message": "..."}],
   "requeueAfterSeconds": <number or null>, "removeFinalizers": [...], ...}

The sync is stateless: expectations are satisfied, and the retry backoff comes from the finish
times of the failed pods. As in the controller, a finished pod without the
batch.kubernetes.io/job-tracking finalizer counts as already accounted for.

Options:
  --now TIME   use TIME (RFC 3339, e.g. 2026-11-22T10:00:00Z) as the current time,
               overriding "now" in the input
  --pretty     indent the output
  -h, --help   show this help

Exit status: 0 plan printed, 1 unreadable or malformed input, 2 usage error or a Job spec the
API server would reject (each problem named by its field, e.g. job.spec.completions).
)";

} // namespace

int runReconcile(int argc, char** argv) {
    const ParsedArgs args = parseArgs(argc, argv, {{"now", true}, {"pretty", false}});
    if (!args.error.empty())
        return usageError(kName, args.error);
    if (args.help) {
        std::fputs(kHelp, stdout);
        return kExitOk;
    }
    if (args.positionals.size() > 1)
        return usageError(kName, "expected at most one input file, got " +
                                     std::to_string(args.positionals.size()));
    std::optional<engine::TimePoint> nowOverride;
    if (const auto now = args.value("now")) {
        nowOverride = codec::parseRfc3339(*now);
        if (!nowOverride)
            return usageError(kName, "--now: expected an RFC 3339 time like "
                                     "2026-11-22T10:00:00Z, got '" +
                                         *now + "'");
    }

    const std::string path = args.positionals.empty() ? std::string("-") : args.positionals[0];
    const std::string source = path == "-" ? std::string("<stdin>") : path;
    const auto file = codec::TextFile::read(path);
    if (!file.ok())
        return failure(kName, file.error().message);
    const auto input = codec::decodeReconcileInput(file->json());
    if (!input.ok())
        return failure(kName, codec::formatError(source, input.error()));
    // A job the API server would never have stored (completions: -3, ...) has no plan: planning
    // one anyway printed "Complete" for it.
    engine::Job defaulted = input->job;
    engine::applyDefaults(defaulted.spec);
    if (const auto problems = engine::validateJob(defaulted); !problems.empty()) {
        std::string message = source + ": the API server would reject this Job:";
        for (const engine::Error& e : problems)
            message += "\n  job." + e.describe(); // field: Invalid value: V: message
        failure(kName, message);
        return kExitUsage;
    }

    engine::TimePoint now;
    if (nowOverride)
        now = *nowOverride;
    else if (input->now)
        now = *input->now;
    else
        now = std::chrono::time_point_cast<engine::Duration>(std::chrono::system_clock::now());

    const engine::Plan plan = engine::reconcile(input->job, input->pods, now);
    codec::JsonWriter w(args.has("pretty") ? 2 : 0);
    w.reserve(4096 + 256 * plan.createPods.size());
    codec::writePlan(w, plan);
    std::string out = w.take();
    out.push_back('\n');
    return writeStdout(kName, out) ? kExitOk : kExitFailure;
}

} // namespace tessera::app
