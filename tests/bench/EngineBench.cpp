// Engine benchmarks. Figures and the command that reproduces them: docs/PERFORMANCE.md.
#include "engine/IndexSet.h"

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

} // namespace

BENCHMARK_MAIN();
