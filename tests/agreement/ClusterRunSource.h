#pragma once
// The cluster source: the plan as an Indexed Job on an in-process `tessera serve` (simulated
// pods: the plan's always-failing indexes fail with their exit code, other retries come from
// the server's seeded fail rate), watched by a ClusterSource through the API as the window
// watches a cluster (restarted mid-run when the plan says so, its History kept), steered through
// the store's actions (parallelism, suspend/resume) and a pod deleted through the API as
// `kubectl delete pod` does; then read again by a fresh ClusterSource over the same History (a
// reload) and by `tessera report` from the command line.
#include "Observations.h"
#include "RunPlan.h"

namespace tessera::agreement {

bool observeClusterRun(const RunPlan& plan, Observations& out);

} // namespace tessera::agreement
