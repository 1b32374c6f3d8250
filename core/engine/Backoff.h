#pragma once
// The delay before a failed pod is replaced (backoff_utils.go): the job-wide record
// without backoffLimitPerIndex, the per-index delay with it.
#include "Model.h"
#include "Reconciler.h"

#include <span>

namespace tessera::engine {

// base · 2^(failures−1), doubling stopped at the cap; 0 for no failures.
Duration backoffDelay(int32_t failures, Duration base, Duration cap);

// What is left of that delay at `now` (0 once elapsed).
Duration remainingBackoff(int32_t failures, std::optional<TimePoint> lastFailure, TimePoint now,
                          Duration base, Duration cap);

// The record after the newly finished pods of a sync (newBackoffRecord): failures add up;
// a success resets, and only failures strictly after the latest success count.
BackoffRecord updatedBackoffRecord(BackoffRecord record, std::span<const Pod* const> newSucceeded,
                                   std::span<const Pod* const> newFailed);

// Per-index delay: 0 without a previous failed pod; else from that pod's failure counts
// + 1 and its finish time.
Duration remainingBackoffForIndex(const Pod* lastFailedPod, TimePoint now, Duration base,
                                  Duration cap);

} // namespace tessera::engine
