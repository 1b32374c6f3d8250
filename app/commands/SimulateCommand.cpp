// tessera simulate JOB.yaml: a dry-run of a Job manifest on a virtual clock (engine::simulate).
#include "../CliArgs.h"
#include "../Commands.h"
#include "codec/Decode.h"
#include "codec/Encode.h"
#include "codec/JsonWriter.h"
#include "codec/ManifestValidation.h"
#include "codec/Manifests.h"
#include "codec/SingleJob.h"
#include "engine/Defaults.h"
#include "engine/Simulator.h"
#include "engine/Validation.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>

namespace tessera::app {

namespace {

constexpr const char* kName = "simulate";

constexpr const char* kHelp =
    R"(Usage: tessera simulate [OPTIONS] JOB.yaml|-

Dry-runs a batch/v1 Job manifest (YAML or JSON): simulated pods on a virtual clock, driven by
the same job-controller rules as a real cluster (completions, parallelism, backoffLimit,
backoffLimitPerIndex, maxFailedIndexes, podFailurePolicy, successPolicy, activeDeadlineSeconds).
Prints a summary, or JSON with --json. The same options and seed always give the same result.

Options:
  --duration SPEC        how long each pod runs: 30s (fixed, the default), uniform:10s..60s,
                         lognormal:30s,0.5 (median, sigma); units ms, s, m, h
  --fail-rate P          probability that an attempt fails (0..1, default 0)
  --exit-code N          exit code of those failures (default 1)
  --oom-share P          share of the failures that are OOM kills (SIGKILL) instead (0..1)
  --fail-indexes LIST    indexes that fail: "3,7:2" = index 3 always, index 7 its first 2 attempts
  --start-latency SPEC   from creation to running: 1s (default) or 1s..5s
  --parallelism N        override spec.parallelism
  --subsets SPEC         capacity subsets (WorkloadSpread-like), in order:
                         "zone-a:max=20:cap=5,zone-b:cap=10" (max: pods given to the subset,
                         cap: pods running at once; both optional)
  --adaptive             pods Pending longer than --reschedule-after move to a subset with room
  --reschedule-after D   default 30s
  --max-time D           stop an unfinished job after this much virtual time (default 720h)
  --seed N               random seed (default 1)
  --json                 print JSON instead of the summary
  -h, --help             show this help

Exit status: 0 the job completed, 3 it failed or did not finish, 1 bad input, 2 usage error.
)";

constexpr int kExitJobFailed = 3;

std::vector<std::string_view> split(std::string_view text, char sep) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (true) {
        const std::size_t at = text.find(sep, start);
        parts.push_back(
            text.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
        if (at == std::string_view::npos)
            return parts;
        start = at + 1;
    }
}

// Returns an error message, or "" when the option was applied.
std::string applyDuration(const std::string& spec, engine::DurationModel& model) {
    std::string bad = // returned by value from several branches (moved, not copied)
        "--duration: expected 30s, uniform:10s..60s or lognormal:30s,0.5, got '" + spec + "'";
    std::string_view s = spec;
    if (s.starts_with("uniform:")) {
        const auto range = split(s.substr(8), '.');
        // "10s..60s" splits into "10s", "", "60s"
        if (range.size() != 3 || !range[1].empty())
            return bad;
        const auto lo = parseDuration(range[0]), hi = parseDuration(range[2]);
        if (!lo || !hi || *hi < *lo)
            return bad;
        model.kind = engine::DurationModel::Kind::Uniform;
        model.min = *lo;
        model.max = *hi;
        return {};
    }
    if (s.starts_with("lognormal:")) {
        const auto parts = split(s.substr(10), ',');
        if (parts.size() != 2)
            return bad;
        const auto median = parseDuration(parts[0]);
        const auto sigma = parseNumber(parts[1]);
        if (!median || !sigma || *sigma < 0)
            return bad;
        model.kind = engine::DurationModel::Kind::LogNormal;
        model.median = *median;
        model.sigma = *sigma;
        return {};
    }
    const auto fixed = parseDuration(s);
    if (!fixed)
        return bad;
    model.kind = engine::DurationModel::Kind::Fixed;
    model.fixed = *fixed;
    return {};
}

std::string applySubsets(const std::string& spec, std::vector<engine::CapacitySubset>& out) {
    for (std::string_view item : split(spec, ',')) {
        const auto fields = split(item, ':');
        engine::CapacitySubset subset;
        subset.name = std::string(fields[0]);
        if (subset.name.empty())
            return "--subsets: a subset needs a name, in '" + spec + "'";
        for (std::size_t i = 1; i < fields.size(); ++i) {
            const auto kv = split(fields[i], '=');
            const auto n = kv.size() == 2 ? parseInteger(kv[1], 0, INT32_MAX) : std::nullopt;
            if (!n || *n < 0)
                return "--subsets: expected max=N or cap=N, got '" + std::string(fields[i]) + "'";
            if (kv[0] == "max")
                subset.maxReplicas = static_cast<int32_t>(*n);
            else if (kv[0] == "cap")
                subset.capacity = static_cast<int32_t>(*n);
            else if (kv[0] == "zone")
                subset.zone = std::string(kv[1]);
            else
                return "--subsets: unknown field '" + std::string(kv[0]) + "' (max, cap)";
        }
        out.push_back(std::move(subset));
    }
    return {};
}

std::string humanDuration(engine::Duration d) {
    int64_t s = d.count() / 1000;
    const int64_t h = s / 3600, m = (s / 60) % 60;
    s %= 60;
    char buf[64];
    if (h > 0)
        std::snprintf(buf, sizeof buf, "%lldh %02lldm %02llds", static_cast<long long>(h),
                      static_cast<long long>(m), static_cast<long long>(s));
    else if (m > 0)
        std::snprintf(buf, sizeof buf, "%lldm %02llds", static_cast<long long>(m),
                      static_cast<long long>(s));
    else
        std::snprintf(buf, sizeof buf, "%.1fs", static_cast<double>(d.count()) / 1000.0);
    return buf;
}

// "0-99" cut to fit a summary line; the JSON output always has the full string.
std::string shortIndexes(const std::string& s) {
    return s.size() <= 60 ? (s.empty() ? std::string("(none)") : s) : s.substr(0, 57) + "...";
}

std::string summary(const engine::Job& job, const engine::SimulationResult& r, uint64_t seed) {
    std::string out;
    char line[256];
    const int32_t completions = job.spec.completions.value_or(0);
    std::snprintf(line, sizeof line,
                  "Dry-run of job %s (%s, completions %d, parallelism %d), seed %llu\n",
                  job.metadata.name.c_str(), engine::toString(job.spec.completionMode), completions,
                  job.spec.parallelism.value_or(1), static_cast<unsigned long long>(seed));
    out += line;
    out += std::string("  Outcome:    ") + engine::outcomeText(r);
    if (!r.reason.empty())
        out += " (" + r.reason + ": " + r.message + ")";
    if (!r.finished)
        out += " - " + r.stopReason;
    out += "\n  Makespan:   " + humanDuration(r.makespan) + " of virtual time\n";
    const auto attempts = static_cast<int64_t>(r.attempts.size());
    const bool indexed = job.spec.completionMode == engine::CompletionMode::Indexed;
    // Every index (or pod slot) that ended took one attempt; the rest were retries.
    const int64_t settled = indexed ? r.completed.count() + r.failed.count() : r.status.succeeded;
    std::snprintf(line, sizeof line, "  Attempts:   %lld (%lld retries), %lld syncs\n",
                  static_cast<long long>(attempts),
                  static_cast<long long>(std::max<int64_t>(attempts - settled, 0)),
                  static_cast<long long>(r.syncs));
    out += line;
    if (indexed) {
        std::snprintf(line, sizeof line, "  Succeeded:  %lld indexes  %s\n",
                      static_cast<long long>(r.completed.count()),
                      shortIndexes(r.status.completedIndexes).c_str());
        out += line;
        std::snprintf(line, sizeof line, "  Failed:     %lld indexes  %s (%d failed pods)\n",
                      static_cast<long long>(r.failed.count()),
                      shortIndexes(r.status.failedIndexes.value_or("")).c_str(), r.status.failed);
    } else {
        std::snprintf(line, sizeof line, "  Pods:       %d succeeded, %d failed\n",
                      r.status.succeeded, r.status.failed);
    }
    out += line;

    // The slowest successful attempts: where the makespan went.
    std::vector<const engine::Attempt*> done;
    for (const engine::Attempt& a : r.attempts)
        if (a.outcome == engine::AttemptOutcome::Succeeded && a.duration())
            done.push_back(&a);
    std::partial_sort(
        done.begin(),
        done.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(5, done.size())),
        done.end(), [](const auto* a, const auto* b) { return *a->duration() > *b->duration(); });
    if (!done.empty()) {
        out += "  Slowest:   ";
        for (std::size_t i = 0; i < std::min<std::size_t>(5, done.size()); ++i)
            out += (done[i]->index >= 0 ? " #" + std::to_string(done[i]->index)
                                        : " " + done[i]->podName) +
                   " " + humanDuration(*done[i]->duration());
        out += "\n";
    }
    for (const engine::SubsetUsage& s : r.subsets) {
        std::snprintf(line, sizeof line, "  Subset %-12s %d pods, at most %d running\n",
                      s.name.c_str(), s.podsAssigned, s.peakRunning);
        out += line;
    }

    // Progress chart: succeeded indexes over time, 50 columns.
    if (!r.timeline.empty() && completions > 0 && r.makespan.count() > 0) {
        static const char* kBlocks[] = {" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
        out += "  Progress:   |";
        std::size_t at = 0;
        for (int col = 1; col <= 50; ++col) {
            const auto t = r.makespan * col / 50;
            while (at + 1 < r.timeline.size() && r.timeline[at + 1].at <= t)
                ++at;
            const double share = static_cast<double>(r.timeline[at].succeeded) / completions;
            out += kBlocks[std::clamp(static_cast<int>(std::lround(share * 8)), 0, 8)];
        }
        out += "| succeeded over time\n";
    }
    return out;
}

std::string json(const engine::Job& job, const engine::SimulationResult& r, uint64_t seed) {
    codec::JsonWriter w(2);
    w.beginObject();
    w.field("job", job.metadata.name);
    w.field("seed", seed);
    w.field("finished", r.finished);
    w.field("outcome", engine::outcomeText(r));
    w.field("reason", r.reason);
    w.field("message", r.message);
    w.nonEmptyField("stopReason", r.stopReason);
    w.field("makespanSeconds", engine::toSeconds(r.makespan));
    w.field("attempts", static_cast<int64_t>(r.attempts.size()));
    w.field("syncs", r.syncs);
    w.key("status");
    codec::writeJobStatus(w, r.status);
    w.key("indexes").beginArray();
    // Per index: attempts, the last outcome and exit code, the last attempt's duration.
    std::map<int32_t, const engine::Attempt*> last;
    std::map<int32_t, int32_t> count;
    for (const engine::Attempt& a : r.attempts) {
        last[a.index] = &a;
        ++count[a.index];
    }
    for (const auto& [index, a] : last) {
        w.beginObject();
        w.field("index", index);
        w.field("attempts", count[index]);
        w.field("outcome", engine::toString(a->outcome));
        w.key("exitCode");
        if (a->exitCode)
            w.value(*a->exitCode);
        else
            w.null();
        w.key("durationSeconds");
        if (a->duration())
            w.value(engine::toSeconds(*a->duration()));
        else
            w.null();
        w.endObject();
    }
    w.endArray();
    w.key("timeline").beginArray();
    for (const engine::TimelineSample& s : r.timeline) {
        w.beginObject();
        w.field("seconds", engine::toSeconds(s.at));
        w.field("pending", s.pending);
        w.field("running", s.running);
        w.field("succeeded", s.succeeded);
        w.field("failed", s.failed);
        w.field("failedIndexes", s.failedIndexes);
        w.endObject();
    }
    w.endArray();
    w.key("subsets").beginArray();
    for (const engine::SubsetUsage& s : r.subsets) {
        w.beginObject();
        w.field("name", s.name);
        w.field("podsAssigned", s.podsAssigned);
        w.field("peakRunning", s.peakRunning);
        w.endObject();
    }
    w.endArray();
    w.endObject();
    std::string out = w.take();
    out.push_back('\n');
    return out;
}

} // namespace

int runSimulate(int argc, char** argv) {
    const ParsedArgs args = parseArgs(argc, argv,
                                      {{"duration", true},
                                       {"fail-rate", true},
                                       {"exit-code", true},
                                       {"oom-share", true},
                                       {"fail-indexes", true},
                                       {"start-latency", true},
                                       {"parallelism", true},
                                       {"subsets", true},
                                       {"adaptive", false},
                                       {"reschedule-after", true},
                                       {"max-time", true},
                                       {"seed", true},
                                       {"json", false}});
    if (!args.error.empty())
        return usageError(kName, args.error);
    if (args.help) {
        std::fputs(kHelp, stdout);
        return kExitOk;
    }
    if (args.positionals.size() != 1)
        return usageError(kName, "expected one Job manifest (a file, or - for standard input)");

    engine::SimulationConfig cfg;
    if (const auto v = args.value("duration"))
        if (std::string e = applyDuration(*v, cfg.duration); !e.empty())
            return usageError(kName, e);
    if (const auto v = args.value("fail-rate")) {
        const auto p = parseNumber(*v);
        if (!p || *p < 0 || *p > 1)
            return usageError(kName, "--fail-rate: expected a probability between 0 and 1, got '" +
                                         *v + "'");
        cfg.failures.probability = *p;
    }
    if (const auto v = args.value("exit-code")) {
        const auto n = parseInteger(*v);
        if (!n || *n < 1 || *n > 255)
            return usageError(kName, "--exit-code: expected 1..255, got '" + *v + "'");
        cfg.failures.exitCodes = {{static_cast<int32_t>(*n), 1.0}};
    }
    if (const auto v = args.value("oom-share")) {
        const auto p = parseNumber(*v);
        if (!p || *p < 0 || *p > 1)
            return usageError(kName, "--oom-share: expected 0..1, got '" + *v + "'");
        cfg.failures.signalShare = *p;
    }
    if (const auto v = args.value("fail-indexes")) {
        for (std::string_view item : split(*v, ',')) {
            const auto parts = split(item, ':');
            const auto index = parseInteger(parts[0], 0, INT32_MAX);
            const auto times = parts.size() == 2 ? parseInteger(parts[1], 0, INT32_MAX)
                                                 : std::optional<int64_t>(-1);
            if (!index || *index < 0 || !times || parts.size() > 2)
                return usageError(kName, "--fail-indexes: expected INDEX or INDEX:TIMES, got '" +
                                             std::string(item) + "'");
            cfg.failures.failingIndexes[static_cast<int32_t>(*index)] =
                static_cast<int32_t>(*times);
        }
    }
    if (const auto v = args.value("start-latency")) {
        const auto range = split(*v, '.');
        const auto lo = parseDuration(range[0]);
        const auto hi = range.size() == 3 ? parseDuration(range[2]) : lo;
        if (!lo || !hi || (range.size() != 1 && range.size() != 3) || *hi < *lo)
            return usageError(kName, "--start-latency: expected 1s or 1s..5s, got '" + *v + "'");
        cfg.startLatencyMin = *lo;
        cfg.startLatencyMax = *hi;
    }
    if (const auto v = args.value("subsets"))
        if (std::string e = applySubsets(*v, cfg.subsets); !e.empty())
            return usageError(kName, e);
    cfg.adaptive = args.has("adaptive");
    if (const auto v = args.value("reschedule-after")) {
        const auto d = parseDuration(*v);
        if (!d)
            return usageError(kName,
                              "--reschedule-after: expected a duration like 30s, got '" + *v + "'");
        cfg.rescheduleCritical = *d;
    }
    if (const auto v = args.value("max-time")) {
        const auto d = parseDuration(*v);
        if (!d || d->count() == 0)
            return usageError(kName, "--max-time: expected a duration like 24h, got '" + *v + "'");
        cfg.maxVirtualTime = *d;
    }
    if (const auto v = args.value("seed")) {
        const auto n = parseInteger(*v);
        if (!n || *n < 0)
            return usageError(kName, "--seed: expected a non-negative integer, got '" + *v + "'");
        cfg.seed = static_cast<uint64_t>(*n);
    }

    const std::string& path = args.positionals[0];
    const auto manifests = codec::loadManifests(path);
    if (!manifests.ok())
        return failure(kName, manifests.error().message);
    const auto single = codec::singleJobManifest(*manifests, path);
    if (!single.ok())
        return failure(kName, single.error().message);
    const codec::Manifest* jobManifest = *single;
    // The API server's gate, as every path that accepts a Job (codec/ManifestValidation.h).
    if (const auto problems = codec::validateJobManifest(jobManifest->json); !problems.empty())
        return failure(kName, codec::describeRefusal(*jobManifest, problems));
    const auto decoded = codec::decodeJob(jobManifest->json);
    if (!decoded.ok())
        return failure(kName, jobManifest->describe(jobManifest->locate(decoded.error())));
    cfg.job = decoded->job;
    if (cfg.job.metadata.name.empty())
        cfg.job.metadata.name = "job";
    if (cfg.job.metadata.uid.empty())
        cfg.job.metadata.uid = "dry-run-" + cfg.job.metadata.name;
    if (const auto v = args.value("parallelism")) {
        const auto n = parseInteger(*v);
        if (!n || *n < 0 || *n > 100000)
            return usageError(kName, "--parallelism: expected 0..100000, got '" + *v + "'");
        cfg.job.spec.parallelism = static_cast<int32_t>(*n);
    }
    engine::applyDefaults(cfg.job.spec);
    // Valid, but a dry-run keeps a record per index: refuse what would not fit (exit 2).
    if (const auto tooLarge = engine::checkDryRunLimits(cfg.job)) {
        failure(kName, jobManifest->describe(jobManifest->locate(*tooLarge)));
        return kExitUsage;
    }
    // A dry-run starts from a fresh job: whatever status the manifest carried is not ours.
    cfg.job.status = engine::JobStatus{};

    const engine::SimulationResult result = engine::simulate(cfg);
    const std::string out =
        args.has("json") ? json(cfg.job, result, cfg.seed) : summary(cfg.job, result, cfg.seed);
    if (!writeStdout(kName, out))
        return kExitFailure;
    return result.state == engine::JobState::Complete ? kExitOk : kExitJobFailed;
}

} // namespace tessera::app
