// Engine benchmarks. Figures and the command that reproduces them: docs/PERFORMANCE.md.
#include "engine/Defaults.h"
#include "engine/IndexSet.h"
#include "engine/Reconciler.h"
#include "engine/Simulator.h"

#include <benchmark/benchmark.h>

using tessera::engine::IndexSet;
using tessera::engine::Interval;

namespace {

// The worst case the issue names: 50,000 intervals (singles, pairs and triples), ~600 KB of text.
IndexSet worstCaseSet(int32_t& universe) {
    std::vector<Interval> intervals;
    int32_t at = 0;
    for (int i = 0; i < 50000; ++i) {
        int32_t len = i % 3;
        intervals.push_back({at, at + len});
        at += len + 2;
    }
    universe = at + 1;
    return IndexSet::fromIntervals(std::move(intervals));
}

void BM_IndexSetFormatWorstCase(benchmark::State& state) {
    int32_t universe = 0;
    IndexSet s = worstCaseSet(universe);
    for (auto _ : state)
        benchmark::DoNotOptimize(s.toString());
    state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(s.toString().size()));
}
BENCHMARK(BM_IndexSetFormatWorstCase)->Unit(benchmark::kMillisecond);

void BM_IndexSetParseLenientWorstCase(benchmark::State& state) {
    int32_t universe = 0;
    std::string text = worstCaseSet(universe).toString();
    for (auto _ : state)
        benchmark::DoNotOptimize(IndexSet::parseLenient(text, universe));
    state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(text.size()));
}
BENCHMARK(BM_IndexSetParseLenientWorstCase)->Unit(benchmark::kMillisecond);

void BM_IndexSetParseStrictWorstCase(benchmark::State& state) {
    int32_t universe = 0;
    std::string text = worstCaseSet(universe).toString();
    for (auto _ : state)
        benchmark::DoNotOptimize(IndexSet::parseStrict(text, universe));
    state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(text.size()));
}
BENCHMARK(BM_IndexSetParseStrictWorstCase)->Unit(benchmark::kMillisecond);

// The sync the issue sizes: completions 100,000, parallelism 10,000, 10,000 running pods spread
// over the range and 70,000 succeeded indexes in 10,000 intervals between them. Arg: how many of
// the running pods are missing (their indexes pending), so the sync also creates that many pods.
void BM_ReconcileLargeIndexedJob(benchmark::State& state) {
    using namespace tessera::engine;
    const auto missing = static_cast<int32_t>(state.range(0));
    const TimePoint now = fromUnixMillis(1795341600000);
    Job job;
    job.metadata.name = "render";
    job.metadata.uid = "uid";
    job.spec.completionMode = CompletionMode::Indexed;
    job.spec.completions = 100000;
    job.spec.parallelism = 10000;
    job.spec.backoffLimit = 6;
    job.spec.podTemplate.containers.push_back({"main", false});
    job.status.startTime = now - std::chrono::hours(1);
    std::vector<Interval> done;
    for (int32_t base = 0; base < 100000; base += 10)
        done.push_back({base + 2, base + 8});
    const IndexSet completed = IndexSet::fromIntervals(done);
    job.status.completedIndexes = completed.toString();
    job.status.succeeded = static_cast<int32_t>(completed.count());
    std::vector<Pod> pods;
    for (int32_t i = missing; i < 10000; ++i) {
        Pod p;
        p.metadata.name = "render-" + std::to_string(i * 10) + "-abcde";
        p.metadata.uid = "uid-" + std::to_string(i);
        p.metadata.creationTimestamp = now - std::chrono::minutes(5);
        p.completionIndexAnnotation = std::to_string(i * 10);
        p.nodeName = "node-" + std::to_string(i % 50);
        p.phase = PodPhase::Running;
        p.conditions.push_back(
            {"Ready", ConditionStatus::True, "", "", {}, now - std::chrono::minutes(4)});
        ContainerStatus c;
        c.name = "main";
        c.state = ContainerStateKind::Running;
        p.containerStatuses.push_back(c);
        pods.push_back(std::move(p));
    }
    std::size_t created = 0;
    for (auto _ : state) {
        Plan plan = reconcile(job, pods, now);
        created = plan.createPods.size();
        benchmark::DoNotOptimize(plan);
    }
    state.counters["pods"] = static_cast<double>(pods.size());
    state.counters["created"] = static_cast<double>(created);
    state.counters["intervals"] = static_cast<double>(completed.intervalCount());
}
BENCHMARK(BM_ReconcileLargeIndexedJob)->Arg(0)->Arg(500)->Unit(benchmark::kMillisecond);

// A full dry-run the issue sizes: 100,000 indexes at parallelism 1,000, log-normal durations,
// 5 % of attempts failing, retried per index (backoffLimitPerIndex 6) so the job can finish.
void BM_Simulate100kIndexes(benchmark::State& state) {
    using namespace tessera::engine;
    SimulationConfig cfg;
    cfg.job.metadata.name = "sim";
    cfg.job.metadata.uid = "uid";
    cfg.job.spec.completionMode = CompletionMode::Indexed;
    cfg.job.spec.completions = 100000;
    cfg.job.spec.parallelism = 1000;
    cfg.job.spec.backoffLimitPerIndex = 6;
    cfg.job.spec.podTemplate.containers.push_back({"main", false});
    applyDefaults(cfg.job.spec);
    cfg.duration.kind = DurationModel::Kind::LogNormal;
    cfg.duration.median = std::chrono::seconds(30);
    cfg.failures.probability = 0.05;
    std::size_t attempts = 0;
    std::string outcome;
    for (auto _ : state) {
        SimulationResult r = simulate(cfg);
        attempts = r.attempts.size();
        outcome = outcomeText(r);
        benchmark::DoNotOptimize(r);
    }
    state.counters["attempts"] = static_cast<double>(attempts);
    state.SetLabel(outcome);
}
BENCHMARK(BM_Simulate100kIndexes)->Unit(benchmark::kMillisecond)->Iterations(3);

} // namespace

BENCHMARK_MAIN();
