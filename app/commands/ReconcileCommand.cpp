// tessera reconcile [--now TIME] [--pretty] [FILE|-]: one stateless engine::reconcile, as JSON.
#include "../CliArgs.h"
#include "../Commands.h"
#include "codec/Decode.h"
#include "codec/Encode.h"
#include "codec/LabelSelectorMatch.h"
#include "codec/ManifestValidation.h"
#include "codec/Manifests.h"
#include "codec/Rfc3339.h"
#include "codec/TextFile.h"
#include "engine/ControllerRef.h"
#include "engine/Reconciler.h"

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
batch.kubernetes.io/job-tracking finalizer counts as already accounted for. Only the job's
pods count, as the controller claims them: those whose controlling ownerReference names the
job's uid, and orphans (no controller) that match spec.selector and are not being deleted.
Pods of another owner (a deleted Job of the same name included) are named on stderr and left
out.

Options:
  --now TIME   use TIME (RFC 3339, e.g. 2026-11-22T10:00:00Z) as the current time,
               overriding "now" in the input
  --pretty     indent the output
  -h, --help   show this help

Exit status: 0 plan printed, 1 unreadable or malformed input, 2 usage error or a Job spec the
API server would reject (each problem named by its field, e.g. job.spec.completions).
)";

// Keeps the input's pods the job claims, in place (a big input's pods are not copied); the
// others are named on stderr (never dropped silently).
void keepClaimedPods(codec::ReconcileInput& input, const std::string& source) {
    const engine::Job& job = input.job;
    // A manifest that never met an API server has no selector yet: the generated one.
    const std::string selector = !input.selectorJson.empty() || input.manualSelector
                                     ? input.selectorJson
                                     : std::string(R"({"matchLabels":{")") +
                                           engine::kControllerUidLabel + R"(":")" +
                                           job.metadata.uid + R"("}})";
    const codec::LabelSelectorMatch matcher(selector);
    std::size_t kept = 0, adopted = 0, ignored = 0;
    for (std::size_t i = 0; i < input.pods.size(); ++i) {
        engine::PodClaimFacts facts;
        facts.controllerUid = input.owners[i].controllerUid;
        facts.matchesSelector = matcher.matches(input.owners[i].labels);
        facts.podDeleting = input.pods[i].metadata.deletionTimestamp.has_value();
        const engine::PodClaim claim =
            engine::claimPod(job.metadata.uid, job.metadata.deletionTimestamp.has_value(), facts);
        if (claim == engine::PodClaim::NotOurs) {
            ++ignored;
            continue;
        }
        adopted += claim == engine::PodClaim::Adopt ? 1 : 0;
        if (kept != i)
            input.pods[kept] = std::move(input.pods[i]);
        ++kept;
    }
    input.pods.resize(kept);
    if (ignored > 0)
        std::fprintf(stderr,
                     "tessera reconcile: %s: %zu pod(s) are not job uid %s's (another "
                     "controller's, or not matching its selector) and are left out\n",
                     source.c_str(), ignored, job.metadata.uid.c_str());
    if (adopted > 0)
        std::fprintf(stderr,
                     "tessera reconcile: %s: %zu orphan pod(s) match the selector and are "
                     "adopted (the controller would set their ownerReference)\n",
                     source.c_str(), adopted);
}

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
    auto input = codec::decodeReconcileInput(file->json());
    if (!input.ok())
        return failure(kName, codec::formatError(source, input.error()));
    // A job the API server would never have stored (completions: -3, a pod template it
    // refuses, ...) has no plan: planning one anyway printed "Complete" for it. The gate is the
    // API server's, as for every path that accepts a Job (codec/ManifestValidation.h).
    if (const auto problems = codec::validateJobManifest(input->jobJson); !problems.empty()) {
        std::string message = source + ": the API server would reject this Job:";
        for (const engine::Error& e : problems)
            message += "\n  job." + e.describe(); // job.field: Invalid value: V: message
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

    // The pods the controller would claim (controller_ref_manager.go): its own by controller
    // uid, and orphans its selector matches; a recreated Job's predecessor's pods are not its.
    keepClaimedPods(*input, source);
    const engine::Plan plan = engine::reconcile(input->job, input->pods, now);
    codec::JsonWriter w(args.has("pretty") ? 2 : 0);
    w.reserve(4096 + 256 * plan.createPods.size());
    codec::writePlan(w, plan);
    std::string out = w.take();
    out.push_back('\n');
    return writeStdout(kName, out) ? kExitOk : kExitFailure;
}

} // namespace tessera::app
