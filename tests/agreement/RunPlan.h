#pragma once
// A run drawn at random from a seed: how many indexes, how they end (an exit code per attempt),
// the limits, and what happens to the run while it runs (a parallelism change, a scale-down
// that kills running items, a running pod deleted, suspend and resume, the store restarted in
// the middle). The same seed always gives the same plan; each source plays what it can.
#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <vector>

namespace tessera::agreement {

enum class Source { Cluster, Local, DryRun };

// The exit code a plan gives an attempt that a SIGKILL ends (128 + 9), as Kubernetes and the
// local runner report it.
inline constexpr int kKilled = 137;
QString nameOf(Source source);

struct RunPlan {
    Source source = Source::DryRun;
    uint64_t seed = 0;
    int completions = 1;
    int parallelism = 1;
    int backoffLimitPerIndex = 0;
    // Exit code of each attempt of each index; past the list's end an attempt exits as the list's
    // last entry does. {0}: succeeds at once; {1, 0}: fails once, then succeeds; {2}: always fails;
    // kKilled: the attempt is killed by SIGKILL.
    std::vector<std::vector<int>> exitCodes;
    // Each attempt runs this long (milliseconds).
    int itemMillis = 0;
    std::optional<int> newParallelism; // set while the run runs
    bool scaleDownKill = false;        // parallelism 1 with --kill while items run (local)
    bool deleteRunningPod = false;     // a running pod deleted, as kubectl delete pod (cluster)
    bool suspendResume = false;        // suspended while it runs, then resumed (cluster)
    bool restartStore = false;         // the window's store restarted while it runs
    double failRate = 0;               // dry-run: share of attempts that fail at random

    // The exit code of attempt `attempt` (0-based) of `index`.
    int exitCodeOf(int index, int attempt) const;
    // Whether the plan alone decides every index's end (no kill, no deletion, no random failure).
    bool deterministic() const;
    // The indexes that succeed and fail when deterministic() (by backoffLimitPerIndex).
    bool indexSucceeds(int index) const;
    int failuresOf(int index) const;
    QString describe() const;
};

RunPlan planFor(Source source, uint64_t seed);

// What a plan exercises ("completes", "recovered index", "scale-down kill", ...), so a small set
// of seeds can be checked to reach every defect the test exists to catch.
QStringList featuresOf(const RunPlan& plan);
// The seeds first .. first+count-1, then the fewest further seeds (in order, the first that
// brings one) that give every feature some plan of this source can have.
std::vector<uint64_t> seedsCoveringEveryFeature(Source source, uint64_t first, int count);

} // namespace tessera::agreement
