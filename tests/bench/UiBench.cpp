// The scoreboard grid's figures (docs/PERFORMANCE.md): a full repaint of 100,000 indexes, and the
// frame time while 2,000 pod updates per second arrive in the store's 10 batches per second.
// Offscreen QApplication; each iteration renders into the widget's cache and paints the widget.
#include "ui/IndexGridWidget.h"

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <benchmark/benchmark.h>
#include <random>

using tessera::engine::IndexState;
using tessera::engine::IndexStateMap;
using tessera::ui::IndexGridWidget;

namespace {

std::vector<IndexState> mixedStates(int n, std::mt19937& rng) {
    std::vector<IndexState> states(static_cast<size_t>(n));
    std::uniform_int_distribution<int> pick(0, 5);
    for (auto& s : states)
        s = static_cast<IndexState>(pick(rng));
    return states;
}

// Full repaint: the cache re-rendered from scratch plus one paint of the whole widget.
void BM_GridFullRepaint(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    std::mt19937 rng(7);
    IndexGridWidget grid;
    grid.resize(1200, 700);
    grid.setStates(mixedStates(n, rng));
    QImage target(grid.size(), QImage::Format_RGB32);
    for (auto _ : state) {
        grid.renderNow();
        QPainter painter(&target);
        grid.render(&painter);
        painter.end();
        benchmark::DoNotOptimize(target.constBits());
    }
    state.counters["cell_px"] = grid.effectiveCellSize();
    state.counters["indexes_per_cell"] = grid.indexesPerCell();
}
BENCHMARK(BM_GridFullRepaint)->Arg(100000)->Arg(20000)->Unit(benchmark::kMillisecond);

// Full repaint of a valid Job of 2,000,000,000 indexes: half done, 1,000 running, 100 failed,
// each pixel standing for ~2,400 indexes (the worst state of its range, read from the runs).
void BM_GridFullRepaintTwoBillionIndexes(benchmark::State& state) {
    const int n = 2'000'000'000;
    IndexStateMap states(n);
    states.paint(0, n / 2 - 1, IndexState::Succeeded);
    std::vector<std::pair<int32_t, IndexState>> points;
    for (int i = 0; i < 1000; ++i)
        points.emplace_back(n / 2 + i, IndexState::Running);
    for (int i = 0; i < 100; ++i)
        points.emplace_back(i * (n / 100), IndexState::FailedTerminal);
    states.paintPoints(std::move(points));
    IndexGridWidget grid;
    grid.resize(1200, 700);
    grid.setStates(states);
    QImage target(grid.size(), QImage::Format_RGB32);
    for (auto _ : state) {
        grid.renderNow();
        QPainter painter(&target);
        grid.render(&painter);
        painter.end();
        benchmark::DoNotOptimize(target.constBits());
    }
    state.counters["indexes_per_cell"] = grid.indexesPerCell();
}
BENCHMARK(BM_GridFullRepaintTwoBillionIndexes)->Unit(benchmark::kMillisecond);
// One paint of 100,000 indexes with straggler marks over the cached image (the cache stays
// valid: marks are an overlay). Arg: the number of marked indexes (a job has at most as many
// stragglers as attempts running).
void BM_GridPaintWithStragglerMarks(benchmark::State& state) {
    const int n = 100000;
    std::mt19937 rng(13);
    IndexGridWidget grid;
    grid.resize(1200, 700);
    grid.setStates(mixedStates(n, rng));
    std::uniform_int_distribution<int> index(0, n - 1);
    std::vector<int> marks;
    for (int k = 0; k < state.range(0); ++k)
        marks.push_back(index(rng));
    grid.setMarks(marks);
    grid.renderNow();
    QImage target(grid.size(), QImage::Format_RGB32);
    for (auto _ : state) {
        QPainter painter(&target);
        grid.render(&painter);
        painter.end();
        benchmark::DoNotOptimize(target.constBits());
    }
}
BENCHMARK(BM_GridPaintWithStragglerMarks)
    ->Arg(0)
    ->Arg(100)
    ->Arg(1000)
    ->Unit(benchmark::kMillisecond);

// One frame at 2,000 updates/s: the store coalesces to 10 batches/s, so each frame brings 200
// state changes at random indexes (a dirty range spanning most of the job: the worst case),
// applied and painted.
void BM_GridFrameAt2000UpdatesPerSecond(benchmark::State& state) {
    const int n = 100000;
    std::mt19937 rng(11);
    IndexGridWidget grid;
    grid.resize(1200, 700);
    // Random states: 100,000 indexes in ~83,000 runs, the worst case for the run-based states.
    IndexStateMap states = IndexStateMap::fromStates(mixedStates(n, rng));
    grid.setStates(states);
    grid.renderNow();
    QImage target(grid.size(), QImage::Format_RGB32);
    std::uniform_int_distribution<int> index(0, n - 1);
    std::uniform_int_distribution<int> pick(0, 5);
    for (auto _ : state) {
        // The store builds the next snapshot's states in its own thread: not the GUI's time.
        state.PauseTiming();
        int first = n, last = -1;
        std::vector<std::pair<int32_t, IndexState>> changes;
        for (int k = 0; k < 200; ++k) {
            const int i = index(rng);
            changes.emplace_back(i, static_cast<IndexState>(pick(rng)));
            first = std::min(first, i);
            last = std::max(last, i);
        }
        states.paintPoints(std::move(changes));
        state.ResumeTiming();
        grid.updateStates(states, first, last);
        QPainter painter(&target);
        grid.render(&painter);
        painter.end();
        benchmark::DoNotOptimize(target.constBits());
    }
    state.SetItemsProcessed(state.iterations() * 200);
}
BENCHMARK(BM_GridFrameAt2000UpdatesPerSecond)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
