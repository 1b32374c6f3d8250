#include "FailurePatterns.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace tessera::store {

FailurePatterns failurePatternsOf(const JobSnapshot& snapshot) {
    using Key = std::tuple<int, int, QString, QString, QString>; // exit, signal, reason, node, zone
    struct Group {
        FailurePattern pattern;
        std::vector<int32_t> indexes; // ascending with repeats: attempts come sorted by index
    };
    std::map<Key, Group> groups;
    FailurePatterns result;
    for (const IndexAttempt& a : snapshot.attempts) {
        if (!engine::countsAsFailed(a.outcome))
            continue;
        ++result.failedAttempts;
        const QString zone = snapshot.zoneOf(a.node);
        Group& g = groups[{a.exitCode, a.signal.value_or(-1), a.reason, a.node, zone}];
        if (g.pattern.attempts == 0)
            g.pattern = {a.exitCode, a.signal, a.reason, a.node, zone, 0, 0, {}, {}};
        ++g.pattern.attempts;
        g.pattern.pods.append(a.pod);
        if (a.index >= 0)
            g.indexes.push_back(a.index);
    }
    result.groups.reserve(groups.size());
    for (auto& [key, g] : groups) {
        g.pattern.share = static_cast<double>(g.pattern.attempts) / result.failedAttempts;
        g.pattern.indexes = engine::IndexSet::fromSortedIndexes(g.indexes);
        result.groups.push_back(std::move(g.pattern));
    }
    // The map ordered equal counts by key already: a stable sort keeps that order.
    std::stable_sort(
        result.groups.begin(), result.groups.end(),
        [](const FailurePattern& a, const FailurePattern& b) { return a.attempts > b.attempts; });
    return result;
}

} // namespace tessera::store
