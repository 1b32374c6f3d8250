#pragma once
// The index bookkeeping of an Indexed Job (indexed_job_utils.go): which
// indexes succeeded or failed, which to create next, which active pods to delete. Every function
// is O(pods · log pods + intervals), never O(completions).
#include "IndexSet.h"
#include "Model.h"
#include "Reconciler.h"

#include <span>
#include <vector>

namespace tessera::engine {

// A pod with its completion index read once (-1 when unknown).
struct IndexedPod {
    const Pod* pod = nullptr;
    int32_t index = -1;
};

// The lowest `count` indexes of [0, completions) not in `nonPending`, ascending.
std::vector<int32_t> firstPendingIndexes(const IndexSet& nonPending, int32_t count,
                                         int32_t completions);

// The indexes of `pods` with a known index, as a set (getIndexes).
IndexSet indexesOf(std::span<const IndexedPod> pods);

// Which active pods manageJob deletes (activePodsForRemoval): Indexed jobs always lose pods
// with an unknown index, duplicates of an index (the most advanced one is kept) and indexes
// >= completions; then, for both modes, the most deletable of the rest until `atLeast` are
// removed. The result keeps the controller's order (unknown first, ..., out of range last).
struct PodRemoval {
    IndexedPod pod;
    DeletionReason reason = DeletionReason::ScaleDown;
};
std::vector<PodRemoval> activePodsForRemoval(bool indexed, int32_t completions,
                                             std::span<const IndexedPod> activePods,
                                             int64_t atLeast);

} // namespace tessera::engine
