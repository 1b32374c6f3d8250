#include "DryRunSource.h"

#include "engine/Defaults.h"
#include "engine/JobState.h"
#include "engine/Simulator.h"
#include "history/JobTimeline.h"

namespace tessera::agreement {

DryRun runDryRun(const RunPlan& plan) {
    DryRun run;
    engine::SimulationConfig& cfg = run.config;
    engine::Job& job = cfg.job;
    job.metadata.name = "dry-run-" + std::to_string(plan.seed);
    job.metadata.namespace_ = "default";
    job.metadata.uid = "dry-run-uid-" + std::to_string(plan.seed);
    job.spec.completions = plan.completions;
    job.spec.parallelism = plan.parallelism;
    job.spec.completionMode = engine::CompletionMode::Indexed;
    job.spec.backoffLimitPerIndex = plan.backoffLimitPerIndex;
    engine::applyDefaults(job.spec);
    cfg.seed = plan.seed;
    cfg.duration.fixed = std::chrono::milliseconds(plan.itemMillis);
    cfg.failures.probability = plan.failRate;
    cfg.failures.exitCodes = {{1, 1.0}, {42, 1.0}};
    cfg.failures.signalShare = plan.failRate > 0 ? 0.25 : 0.0; // some failures are SIGKILLs
    for (int i = 0; i < plan.completions; ++i) {
        const int failures = plan.failuresOf(i);
        if (failures > 0)
            cfg.failures.failingIndexes[i] = plan.indexSucceeds(i) ? failures : -1;
    }
    run.result = engine::simulate(cfg);
    report::ReportInput& input = run.reportInput;
    input.job = job;
    input.job.status = run.result.status;
    input.attempts = run.result.attempts;
    input.source = "simulate:agreement";
    input.generatedAt = cfg.start;
    return run;
}

void observeDryRun(const DryRun& run, Observations& out) {
    namespace q = quantity;
    const engine::SimulationResult& r = run.result;
    const QString engine = QStringLiteral("simulation result");
    out.add(engine, q::state, QString::fromLatin1(engine::outcomeText(r)));
    out.add(engine, q::reason, QString::fromStdString(r.reason));
    out.add(engine, q::succeededIndexes, static_cast<long long>(r.completed.count()));
    out.add(engine, q::failedIndexes, static_cast<long long>(r.failed.count()));
    out.add(engine, q::completedIndexSet, QString::fromStdString(r.status.completedIndexes));
    out.add(engine, q::failedIndexSet,
            QString::fromStdString(r.status.failedIndexes.value_or(std::string())));
    out.add(engine, q::statusFailed, r.status.failed);
    out.add(engine, q::active, r.status.active);
    out.add(engine, q::attempts, static_cast<long long>(r.attempts.size()));
    long long failedAttempts = 0;
    for (const engine::Attempt& a : r.attempts)
        failedAttempts += engine::countsAsFailed(a.outcome) ? 1 : 0;
    out.add(engine, q::failedAttempts, failedAttempts);

    const int32_t completions = run.config.job.spec.completions.value_or(0);
    const history::JobTimeline forecast =
        history::historyOfSimulation(r, completions, run.config.start);
    const QString dialog = QStringLiteral("Launch dialog forecast");
    out.add(dialog, q::succeededIndexes,
            forecast.succeeded.empty() ? 0 : forecast.succeeded.back().value);
    out.add(dialog, q::failedIndexes,
            forecast.failedIndexes.empty() ? 0 : forecast.failedIndexes.back().value);
    out.add(dialog, q::failedAttempts,
            forecast.failures.empty() ? 0 : forecast.failures.back().value);
    out.add(dialog, q::attempts, static_cast<long long>(forecast.bars.size()));
}

} // namespace tessera::agreement
