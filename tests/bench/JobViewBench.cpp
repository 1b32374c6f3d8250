// The job view's work per snapshot on a big open job (docs/RELIABILITY.md, Load): a job of
// 100,000 indexes whose snapshot carries N recorded attempts (two per index: one failed, one
// succeeded, as in the soak), shown in a JobView on its default tab, offscreen. Each iteration
// hands the view a new snapshot (the store emits up to 10 a second), so the time includes what
// the GUI thread does with the old one. The new snapshot is built outside the timing: the store
// builds it on its own thread.
#include "store/AttemptsByPod.h"
#include "store/JobSnapshot.h"
#include "store/MemoryJobStore.h"
#include "ui/JobView.h"

#include <QApplication>
#include <QThread>
#include <algorithm>
#include <benchmark/benchmark.h>
#include <map>
#include <memory>

using tessera::engine::IndexState;
using tessera::engine::IndexStateMap;
using tessera::store::IndexAttempt;
using tessera::store::JobSnapshot;
using tessera::store::JobSnapshotPtr;

namespace {

constexpr int kIndexes = 100000;

// A running job of kIndexes indexes, started 10 minutes ago, with `attempts` recorded attempts
// (each pod's strings its own, as decoded from the API).
JobSnapshot bigSnapshot(int attempts) {
    const QDateTime now = QDateTime::currentDateTimeUtc();
    JobSnapshot s;
    s.summary.key = QStringLiteral("memory/default/soak");
    s.summary.name = QStringLiteral("soak");
    s.summary.namespace_ = QStringLiteral("default");
    s.summary.completions = kIndexes;
    s.summary.parallelism = 2500;
    s.summary.status = tessera::engine::JobState::Running;
    s.summary.created = s.summary.started = now.addSecs(-600);
    s.states = IndexStateMap(kIndexes);
    const int indexesDone = std::min(kIndexes, attempts / 2);
    if (indexesDone > 0)
        s.states.paint(0, indexesDone - 1, IndexState::Succeeded);
    s.summary.succeeded = indexesDone;
    s.attempts.reserve(static_cast<size_t>(attempts));
    for (int k = 0; k < attempts; ++k) {
        IndexAttempt a;
        a.index = (k / 2) % kIndexes;
        a.attempt = k % 2;
        a.pod = QStringLiteral("soak-%1-%2").arg(a.index).arg(k, 5, 36, QLatin1Char('x'));
        a.node = QStringLiteral("node-%1").arg(k % 50);
        const bool failed = a.attempt == 0;
        a.outcome = failed ? tessera::engine::AttemptOutcome::Failed
                           : tessera::engine::AttemptOutcome::Succeeded;
        a.reason = failed ? QStringLiteral("Error") : QString();
        a.exitCode = failed ? 1 : 0;
        a.created = now.addMSecs(-600000 + static_cast<qint64>(k) * 600000 / attempts);
        a.started = a.created.addMSecs(500);
        a.finished = a.started.addSecs(4);
        if (failed)
            s.failureCount[a.index] = 1;
        s.attempts.push_back(std::move(a));
    }
    return s;
}

void BM_JobViewPerSnapshot(benchmark::State& state) {
    const JobSnapshot base = bigSnapshot(static_cast<int>(state.range(0)));
    // The store on its own thread, as in the window (StoreThread).
    QThread storeThread;
    tessera::store::MemoryJobStore store;
    store.moveToThread(&storeThread);
    storeThread.start();
    auto view = std::make_unique<tessera::ui::JobView>(&store, base.summary.key);
    view->resize(1400, 900);
    view->show();
    quint64 serial = 0;
    for (auto _ : state) {
        state.PauseTiming();
        auto next = std::make_shared<JobSnapshot>(base);
        next->serial = ++serial;
        // 2,000 pod events/s at random indexes: in 100 ms the changed range spans the job.
        next->dirtyFirst = 0;
        next->dirtyLast = kIndexes - 1;
        const JobSnapshotPtr snapshot = std::move(next);
        state.ResumeTiming();
        view->applySnapshot(snapshot);
        QCoreApplication::processEvents();
    }
    view.reset();
    storeThread.quit();
    storeThread.wait();
    state.counters["attempts"] = static_cast<double>(base.attempts.size());
}
BENCHMARK(BM_JobViewPerSnapshot)
    ->Arg(20000)
    ->Arg(100000)
    ->Arg(200000)
    ->Unit(benchmark::kMillisecond);

// The store's side of each snapshot (ClusterSource::buildSnapshot): its attempts, kept by pod
// name, in the snapshot's order. Before: every attempt copied, then the copies sorted.
std::map<QString, IndexAttempt> attemptsByPod(int attempts) {
    std::map<QString, IndexAttempt> byPod;
    for (const IndexAttempt& a : bigSnapshot(attempts).attempts)
        byPod.emplace(a.pod, a);
    return byPod;
}

void BM_StoreAttemptsCopyThenSort(benchmark::State& state) {
    const auto byPod = attemptsByPod(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        std::vector<IndexAttempt> out;
        out.reserve(byPod.size());
        for (const auto& [pod, a] : byPod)
            out.push_back(a);
        std::sort(out.begin(), out.end(), [](const IndexAttempt& a, const IndexAttempt& b) {
            if (a.index != b.index)
                return a.index < b.index;
            if (a.attempt != b.attempt)
                return a.attempt < b.attempt;
            return a.created < b.created;
        });
        benchmark::DoNotOptimize(out.data());
    }
}
BENCHMARK(BM_StoreAttemptsCopyThenSort)->Arg(200000)->Unit(benchmark::kMillisecond);

// Then: the order found on compact keys, the records shared (AttemptsByPod's first inOrder()).
void BM_StoreAttemptsInOrder(benchmark::State& state) {
    const auto byPod = attemptsByPod(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        state.PauseTiming();
        tessera::store::AttemptsByPod index;
        for (const auto& [pod, a] : byPod)
            index.put(a);
        state.ResumeTiming();
        auto out = index.inOrder();
        benchmark::DoNotOptimize(&out);
    }
}
BENCHMARK(BM_StoreAttemptsInOrder)->Arg(200000)->Unit(benchmark::kMillisecond);

// Now: the order kept from one snapshot to the next (AttemptsByPod::inOrder after the 240
// attempts that change in 100 ms at 2,400 pod events/s: a new pod, one that ended).
void BM_StoreAttemptsInOrderKept(benchmark::State& state) {
    const auto byPod = attemptsByPod(static_cast<int>(state.range(0)));
    tessera::store::AttemptsByPod index;
    for (const auto& [pod, a] : byPod)
        index.put(a);
    index.inOrder();
    std::vector<IndexAttempt> all;
    for (const auto& [pod, a] : byPod)
        all.push_back(a);
    std::size_t next = 0;
    int newPods = 0;
    for (auto _ : state) {
        state.PauseTiming();
        for (int k = 0; k < 120; ++k) {
            IndexAttempt ended = all[(next += 7919) % all.size()];
            ended.finished = ended.finished.addMSecs(1);
            index.put(ended);
            IndexAttempt created = ended;
            created.pod = QStringLiteral("new-%1").arg(++newPods);
            created.attempt += 2;
            index.put(created);
        }
        state.ResumeTiming();
        auto out = index.inOrder();
        benchmark::DoNotOptimize(&out);
    }
}
BENCHMARK(BM_StoreAttemptsInOrderKept)->Arg(200000)->Unit(benchmark::kMillisecond);

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
