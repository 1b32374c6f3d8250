// The Pods tab and the failure patterns on a big job: 200,000 attempts over 100,000 indexes on
// 50 nodes in 3 zones (one failed and one succeeded attempt per index, as in the soak of
// docs/RELIABILITY.md). Filtering by text, by node and by exit code, a new snapshot under a
// filter (what each refresh of the tab costs), and the failure groups of the snapshot.
#include "store/FailurePatterns.h"
#include "store/JobSnapshot.h"
#include "ui/PodsFilterProxy.h"
#include "ui/PodsModel.h"

#include <QCoreApplication>
#include <benchmark/benchmark.h>
#include <memory>

using tessera::store::IndexAttempt;
using tessera::store::JobSnapshot;
using tessera::ui::PodsFilterProxy;
using tessera::ui::PodsModel;

namespace {

constexpr int kIndexes = 100000;

std::shared_ptr<const JobSnapshot> bigSnapshot(int attempts) {
    const QDateTime now = QDateTime::currentDateTimeUtc();
    auto s = std::make_shared<JobSnapshot>();
    for (int n = 0; n < 50; ++n)
        s->nodeZones.insert(QStringLiteral("node-%1").arg(n), QStringLiteral("zone-%1").arg(n % 3));
    s->attempts.reserve(static_cast<size_t>(attempts));
    for (int k = 0; k < attempts; ++k) {
        IndexAttempt a;
        a.index = (k / 2) % kIndexes;
        a.attempt = k % 2;
        a.pod = QStringLiteral("soak-%1-%2").arg(a.index).arg(k, 5, 36, QLatin1Char('x'));
        a.node = QStringLiteral("node-%1").arg(k % 50);
        const bool failed = a.attempt == 0;
        a.outcome = failed ? tessera::engine::AttemptOutcome::Failed
                           : tessera::engine::AttemptOutcome::Succeeded;
        a.reason = failed ? (k % 7 == 0 ? QStringLiteral("OOMKilled") : QStringLiteral("Error"))
                          : QStringLiteral("Completed");
        a.exitCode = failed ? (k % 7 == 0 ? 137 : 1) : 0;
        a.created = now.addMSecs(-600000 + static_cast<qint64>(k) * 600000 / attempts);
        a.started = a.created.addMSecs(500);
        a.finished = a.started.addSecs(4);
        s->attempts.push_back(std::move(a));
    }
    return s;
}

void filterBench(benchmark::State& state, const PodsFilterProxy::Filter& filter) {
    PodsModel model;
    model.setSnapshot(bigSnapshot(static_cast<int>(state.range(0))));
    PodsFilterProxy proxy(&model);
    int shown = 0;
    for (auto _ : state) {
        proxy.setFilter(filter);
        shown = proxy.rowCount();
        state.PauseTiming();
        proxy.setFilter({});
        state.ResumeTiming();
    }
    state.counters["shown"] = shown;
}

void BM_PodsFilterByText(benchmark::State& state) {
    PodsFilterProxy::Filter f;
    f.text = QStringLiteral("oomkilled");
    filterBench(state, f);
}
BENCHMARK(BM_PodsFilterByText)->Arg(200000)->Unit(benchmark::kMillisecond);

void BM_PodsFilterByNodeAndExitCode(benchmark::State& state) {
    PodsFilterProxy::Filter f;
    f.nodes = {QStringLiteral("node-8")};
    f.exitCodes = {1};
    filterBench(state, f);
}
BENCHMARK(BM_PodsFilterByNodeAndExitCode)->Arg(200000)->Unit(benchmark::kMillisecond);

void BM_PodsFilterByZone(benchmark::State& state) {
    PodsFilterProxy::Filter f;
    f.zones = {QStringLiteral("zone-1")};
    filterBench(state, f);
}
BENCHMARK(BM_PodsFilterByZone)->Arg(200000)->Unit(benchmark::kMillisecond);

// A new snapshot of as many attempts under a node filter and a sort by duration: the
// Pods tab's work per refresh (at most one a second at this size).
void BM_PodsNewSnapshotFilteredAndSorted(benchmark::State& state) {
    const auto a = bigSnapshot(static_cast<int>(state.range(0)));
    const auto b = std::make_shared<const JobSnapshot>(*a);
    PodsModel model;
    model.setSnapshot(a);
    PodsFilterProxy proxy(&model);
    PodsFilterProxy::Filter f;
    f.nodes = {QStringLiteral("node-7")};
    proxy.setFilter(f);
    proxy.sort(PodsModel::DurationColumn);
    bool flip = false;
    for (auto _ : state) {
        model.setSnapshot(flip ? a : b);
        flip = !flip;
        benchmark::DoNotOptimize(proxy.rowCount());
    }
}
BENCHMARK(BM_PodsNewSnapshotFilteredAndSorted)->Arg(200000)->Unit(benchmark::kMillisecond);

void BM_FailurePatterns(benchmark::State& state) {
    const auto s = bigSnapshot(static_cast<int>(state.range(0)));
    size_t groups = 0;
    for (auto _ : state)
        groups = tessera::store::failurePatternsOf(*s).groups.size();
    state.counters["groups"] = static_cast<double>(groups);
}
BENCHMARK(BM_FailurePatterns)->Arg(200000)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
