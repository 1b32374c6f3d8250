#pragma once
// Inputs for the report tests: a real simulated run and a small hand-made job whose texts need
// escaping and quoting.
#include "engine/Defaults.h"
#include "engine/Simulator.h"
#include "report/ReportBuilder.h"

#include <map>

namespace tessera::reporttest {

// A seeded simulated run of an Indexed Job "render" (backoffLimitPerIndex 1, 10-90 s per
// attempt); `failing` maps an index to how many attempts fail (-1: all of them).
struct SimulatedRun {
    int32_t completions = 40;
    int32_t parallelism = 8;
    std::map<int32_t, int32_t> failing{{7, -1}, {3, 1}};
    uint64_t seed = 3;
};

inline engine::SimulationResult simulateRun(const SimulatedRun& run) {
    engine::SimulationConfig cfg;
    cfg.job.metadata.name = "render";
    cfg.job.metadata.namespace_ = "default";
    cfg.job.metadata.uid = "1234-abcd";
    cfg.job.spec.completionMode = engine::CompletionMode::Indexed;
    cfg.job.spec.completions = run.completions;
    cfg.job.spec.parallelism = run.parallelism;
    cfg.job.spec.backoffLimitPerIndex = 1;
    cfg.job.spec.podTemplate.containers.push_back({"main", false});
    engine::applyDefaults(cfg.job.spec);
    cfg.duration.kind = engine::DurationModel::Kind::Uniform;
    cfg.duration.min = std::chrono::seconds(10);
    cfg.duration.max = std::chrono::seconds(90);
    cfg.failures.failingIndexes = run.failing;
    cfg.seed = run.seed;
    return engine::simulate(cfg);
}

inline engine::SimulationResult simulateRun(int32_t completions, uint64_t seed = 3) {
    return simulateRun(SimulatedRun{.completions = completions, .seed = seed});
}

inline report::ReportInput inputFrom(const engine::SimulationResult& sim) {
    report::ReportInput in;
    in.job.metadata.name = "render";
    in.job.metadata.namespace_ = "default";
    in.job.spec.completionMode = engine::CompletionMode::Indexed;
    in.job.spec.completions = static_cast<int32_t>(sim.completed.count() + sim.failed.count());
    in.job.spec.parallelism = 8;
    in.job.spec.backoffLimitPerIndex = 1;
    in.job.status = sim.status;
    in.attempts = sim.attempts;
    in.source = "simulate";
    in.generatedAt = engine::fromUnixMillis(1767225600000);
    return in;
}

// Four indexes: 0 succeeded on its second attempt, 1 failed (OOM), 2 running, 3 never started.
// The job name and texts carry HTML and CSV special characters.
inline report::ReportInput handMadeInput() {
    using std::chrono::seconds;
    const engine::TimePoint t0 = engine::fromUnixMillis(1767225600000);
    report::ReportInput in;
    in.job.metadata.name = "job-<x>";
    in.job.metadata.namespace_ = "team & co";
    in.job.spec.completionMode = engine::CompletionMode::Indexed;
    in.job.spec.completions = 4;
    in.job.spec.parallelism = 3;
    in.job.spec.backoffLimitPerIndex = 0;
    in.job.status.completedIndexes = "0";
    in.job.status.failedIndexes = "1";
    in.job.status.active = 1;
    in.source = "hand <made>";
    auto attempt = [&](int32_t index, int32_t number, const char* node, int startS, int endS,
                       engine::AttemptOutcome outcome, int32_t exitCode, const char* reason,
                       const char* message) {
        engine::Attempt a;
        a.index = index;
        a.number = number;
        a.podName = "job-x-" + std::to_string(index) + "-" + std::to_string(number);
        a.node = node;
        a.createdAt = t0 + seconds(startS - 1);
        a.startedAt = t0 + seconds(startS);
        if (endS >= 0)
            a.finishedAt = t0 + seconds(endS);
        a.outcome = outcome;
        a.exitCode = exitCode;
        a.reason = reason;
        a.message = message;
        in.attempts.push_back(a);
    };
    attempt(0, 1, "node-a", 1, 11, engine::AttemptOutcome::Failed, 2, "Error",
            "said \"no\", then quit\nsecond line");
    attempt(1, 1, "node-a", 2, 30, engine::AttemptOutcome::Failed, 137, "OOMKilled",
            "<script>alert('x')</script> & more");
    in.attempts.back().signal = 9;
    attempt(0, 2, "node-b", 21, 41, engine::AttemptOutcome::Succeeded, 0, "Completed", "");
    attempt(2, 1, "node-c", 5, -1, engine::AttemptOutcome::Running, 0, "", "");
    return in;
}

} // namespace tessera::reporttest
