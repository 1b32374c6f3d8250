#include "Indexes.h"

#include "PodClassification.h"

#include <algorithm>

namespace tessera::engine {

namespace {

bool deletedFirst(const IndexedPod& a, const IndexedPod& b) {
    return isDeletedBefore(*a.pod, *b.pod);
}

// One run of pods sharing an index: unknown ones all go, otherwise all but the most advanced.
void splitSameIndex(std::span<IndexedPod> run, std::vector<PodRemoval>& remove,
                    std::vector<IndexedPod>& keep) {
    if (run.empty())
        return;
    if (run.front().index < 0) {
        for (const IndexedPod& p : run)
            remove.push_back({p, DeletionReason::InvalidIndex});
        return;
    }
    if (run.size() > 1)
        std::stable_sort(run.begin(), run.end(), deletedFirst);
    for (const IndexedPod& p : run.first(run.size() - 1))
        remove.push_back({p, DeletionReason::DuplicateIndex});
    keep.push_back(run.back());
}

} // namespace

std::vector<int32_t> firstPendingIndexes(const IndexSet& nonPending, int32_t count,
                                         int32_t completions) {
    std::vector<int32_t> result;
    if (count <= 0)
        return result;
    result.reserve(static_cast<std::size_t>(count));
    const auto full = [&] {
        return static_cast<int32_t>(result.size()) >= count;
    };
    int32_t candidate = 0;
    for (const Interval& taken : nonPending.intervals()) {
        for (; candidate < completions && !full() && candidate < taken.first; ++candidate)
            result.push_back(candidate);
        if (full() || candidate >= completions)
            return result;
        candidate = std::max(candidate, taken.last + 1);
    }
    for (; candidate < completions && !full(); ++candidate)
        result.push_back(candidate);
    return result;
}

IndexSet indexesOf(std::span<const IndexedPod> pods) {
    std::vector<int32_t> indexes;
    indexes.reserve(pods.size());
    for (const IndexedPod& p : pods)
        if (p.index >= 0)
            indexes.push_back(p.index);
    // The reconciler hands pods over in index order already; only other callers pay the sort.
    if (!std::is_sorted(indexes.begin(), indexes.end()))
        std::sort(indexes.begin(), indexes.end());
    return IndexSet::fromSortedIndexes(indexes);
}

std::vector<PodRemoval> activePodsForRemoval(bool indexed, int32_t completions,
                                             std::span<const IndexedPod> activePods,
                                             int64_t atLeast) {
    std::vector<PodRemoval> remove;
    const auto byIndex = [](const IndexedPod& a, const IndexedPod& b) {
        return a.index < b.index;
    };
    // The common case, every sync of a healthy job: one pod per valid index and nothing to scale
    // down. Checked in one pass, without copying or sorting the active pods.
    const auto sameIndex = [](const IndexedPod& a, const IndexedPod& b) {
        return a.index == b.index;
    };
    if (indexed && atLeast <= 0 && std::is_sorted(activePods.begin(), activePods.end(), byIndex) &&
        (activePods.empty() ||
         (activePods.front().index >= 0 && activePods.back().index < completions)) &&
        std::adjacent_find(activePods.begin(), activePods.end(), sameIndex) == activePods.end())
        return remove;
    std::vector<IndexedPod> keep;
    std::vector<IndexedPod> active(activePods.begin(), activePods.end());
    if (indexed) {
        std::stable_sort(active.begin(), active.end(), byIndex);
        std::size_t runStart = 0;
        std::size_t i = 0;
        for (; i < active.size(); ++i) {
            if (active[i].index >= completions)
                break;
            if (active[i].index != active[runStart].index) {
                splitSameIndex(std::span(active).subspan(runStart, i - runStart), remove, keep);
                runStart = i;
            }
        }
        splitSameIndex(std::span(active).subspan(runStart, i - runStart), remove, keep);
        for (; i < active.size(); ++i)
            remove.push_back({active[i], DeletionReason::InvalidIndex});
    } else {
        keep = std::move(active);
    }
    if (static_cast<int64_t>(remove.size()) < atLeast) {
        const auto more = static_cast<std::size_t>(std::min<int64_t>(
            atLeast - static_cast<int64_t>(remove.size()), static_cast<int64_t>(keep.size())));
        // Only the `more` most deletable pods are needed: a partial sort keeps a scale-down of a
        // few pods from sorting all 10,000 active ones.
        std::partial_sort(keep.begin(), keep.begin() + static_cast<std::ptrdiff_t>(more),
                          keep.end(), deletedFirst);
        for (std::size_t k = 0; k < more; ++k)
            remove.push_back({keep[k], DeletionReason::ScaleDown});
    }
    return remove;
}

} // namespace tessera::engine
