#pragma once
// What one sync of the reconciler reads its pods into, and what it keeps for the next sync: the
// data layout and the speed-ups (a radix sort of the pod keys, prefetching, hashing for pod names,
// the index-set memos) kept apart from Reconciler.cpp, so the sync reads beside upstream's
// syncJob. Internal to tessera_engine.
#include "IndexSet.h"
#include "Indexes.h"
#include "Model.h"
#include "Reconciler.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tessera::engine {

namespace sync_detail {

// The hashes behind the names of created pods (podNameSuffix): FNV-1a over text, and a mix step.
inline uint64_t fnv1a(std::string_view text, uint64_t hash = 1469598103934665603ULL) {
    for (const char c : text) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 1099511628211ULL;
    }
    return hash;
}

inline uint64_t mix(uint64_t hash, uint64_t value) {
    return (hash ^ value) * 1099511628211ULL + 0x9e37;
}

// A pod as every pass of one sync sees it: its index and its classification, read from the
// Pod once. The passes below walk all pods five or six times per sync; reading these few bytes
// instead of the Pod structs (~500 bytes each, a thousand or more per sync) keeps them in cache.
struct SyncPod {
    const Pod* pod = nullptr;
    int32_t index = kUnknownCompletionIndex;
    bool active = false;      // isActive
    bool terminating = false; // isTerminating
    bool ready = false;       // active and isPodReady
    bool succeeded = false;   // phase Succeeded
    bool failed = false;      // isPodFailed
    bool tracked = false;     // holds the tracking finalizer
    bool countable = false;   // tracked, not in uncountedTerminatedPods, and validForCounting
    IndexedPod indexed() const { return {pod, index}; }
};

// One index-set field of the status (completedIndexes or failedIndexes) as last read and written.
// A driver hands back the status the previous sync wrote, so the text a sync reads is usually the
// text the one before formatted: remembering both directions saves parsing and formatting the
// field's intervals (hundreds in a large job) in every sync.
class IndexSetMemo {
public:
    // IndexSet::parseLenient(text, completions).
    const IndexSet& parse(std::string_view text, int32_t completions);
    // set.toString().
    const std::string& format(const IndexSet& set, int32_t completions);

private:
    bool m_parsedKnown = false;
    std::string m_parsedText;
    int32_t m_parsedCompletions = 0;
    IndexSet m_parsed;
    bool m_formattedKnown = false;
    IndexSet m_formatted;
    std::string m_formattedText;
};

// Each pod's conditions live in their own allocation, so reading its Ready condition is a cache
// miss for nearly every pod of a large job (a tenth of a simulation's time): fetching them a few
// pods ahead overlaps those misses.
constexpr std::size_t kPrefetchDistance = 8;
inline void prefetchConditions(std::span<const Pod> pods, std::size_t at) {
    if (at < pods.size() && !pods[at].conditions.empty())
        __builtin_prefetch(pods[at].conditions.data());
}

// Puts `inInputOrder` (pods with their index, read in input order; `lowestIndex` the least index)
// in index order, ties in input order, into `out`: one integer key per pod (the index above, the
// input position below), sorted by sortPodKeys.
void orderByIndex(std::span<const SyncPod> inInputOrder, int32_t lowestIndex,
                  Reconciler::Scratch& scratch, std::vector<SyncPod>& out);

} // namespace sync_detail

// What a sync keeps for the next: buffers (cleared, not freed) and the index-set memos.
struct Reconciler::Scratch {
    std::vector<sync_detail::SyncPod> podsInInputOrder;
    std::vector<sync_detail::SyncPod> pods;
    std::vector<uint64_t> podKeys, podKeysSorting;
    std::vector<uint32_t> radixCounts;
    std::vector<IndexedPod> active;
    std::vector<const Pod*> newSucceeded, newFailed;
    std::vector<int32_t> indexes;
    std::unordered_map<int32_t, const Pod*> delayedPerIndex;
    sync_detail::IndexSetMemo completedIndexes, failedIndexes;
};

} // namespace tessera::engine
