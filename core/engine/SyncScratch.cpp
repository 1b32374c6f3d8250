#include "SyncScratch.h"

#include <algorithm>
#include <bit>
#include <utility>

namespace tessera::engine::sync_detail {

namespace {

// Sorts the reconciler's pod keys: (index - lowest index) << positionBits | input position, built
// in input order. Drivers keep their pods roughly in creation order, so the keys are usually far
// from sorted; for the thousands of pods of a large job an LSD radix sort is several times faster
// than std::sort, and the simulator runs one sync per virtual second. The keys arrive ordered by
// position and LSD passes are stable, so only the index part needs passes: one or two small ones
// for a thousand pods over a few thousand indexes.
void sortPodKeys(std::vector<uint64_t>& keys, int positionBits, std::vector<uint64_t>& scratch,
                 std::vector<uint32_t>& counts) {
    if (std::is_sorted(keys.begin(), keys.end()))
        return;
    if (keys.size() < 256) {
        std::sort(keys.begin(), keys.end());
        return;
    }
    // Not sorted, so at least two indexes differ: at least one bit.
    const int indexBits =
        std::bit_width(*std::max_element(keys.begin(), keys.end()) >> positionBits);
    constexpr int kMaxDigitBits = 11;
    const int passes = (indexBits + kMaxDigitBits - 1) / kMaxDigitBits;
    const int digitBits = (indexBits + passes - 1) / passes;
    const std::size_t buckets = std::size_t{1} << digitBits;
    scratch.resize(keys.size());
    counts.resize(buckets);
    for (int shift = positionBits; shift < positionBits + indexBits; shift += digitBits) {
        std::fill(counts.begin(), counts.end(), 0);
        for (const uint64_t k : keys)
            ++counts[(k >> shift) & (buckets - 1)];
        uint32_t offset = 0;
        for (uint32_t& c : counts)
            offset += std::exchange(c, offset);
        for (const uint64_t k : keys)
            scratch[counts[(k >> shift) & (buckets - 1)]++] = k;
        keys.swap(scratch);
    }
}

} // namespace

const IndexSet& IndexSetMemo::parse(std::string_view text, int32_t completions) {
    if (!m_parsedKnown || completions != m_parsedCompletions || text != m_parsedText) {
        m_parsed = IndexSet::parseLenient(text, completions);
        m_parsedText.assign(text);
        m_parsedCompletions = completions;
        m_parsedKnown = true;
    }
    return m_parsed;
}

const std::string& IndexSetMemo::format(const IndexSet& set, int32_t completions) {
    if (!m_formattedKnown || !(set == m_formatted)) {
        m_formatted = set;
        m_formattedText = set.toString();
        m_formattedKnown = true;
    }
    // The text of a set within [0, completions) reads back as that very set (pieces in
    // ascending order, none clipped), so the next sync finds it parsed.
    if (set.empty() || (set.front() >= 0 && set.back() < completions)) {
        m_parsed = set;
        m_parsedText = m_formattedText;
        m_parsedCompletions = completions;
        m_parsedKnown = true;
    }
    return m_formattedText;
}

void orderByIndex(std::span<const SyncPod> inInputOrder, int32_t lowestIndex,
                  Reconciler::Scratch& scratch, std::vector<SyncPod>& out) {
    const int positionBits = std::bit_width(inInputOrder.size());
    const uint64_t positionMask = (uint64_t{1} << positionBits) - 1;
    std::vector<uint64_t>& keys = scratch.podKeys;
    keys.resize(inInputOrder.size());
    for (std::size_t i = 0; i < inInputOrder.size(); ++i)
        keys[i] =
            static_cast<uint64_t>(int64_t{inInputOrder[i].index} - lowestIndex) << positionBits | i;
    sortPodKeys(keys, positionBits, scratch.podKeysSorting, scratch.radixCounts);
    out.resize(inInputOrder.size());
    for (std::size_t i = 0; i < keys.size(); ++i)
        out[i] = inInputOrder[keys[i] & positionMask];
}

} // namespace tessera::engine::sync_detail
