#include "RunComparison.h"

#include <algorithm>
#include <map>

namespace tessera::report {

const char* toString(IndexOutcome o) {
    switch (o) {
    case IndexOutcome::Absent:
        return "Absent";
    case IndexOutcome::NotStarted:
        return "NotStarted";
    case IndexOutcome::Unfinished:
        return "Unfinished";
    case IndexOutcome::Succeeded:
        return "Succeeded";
    case IndexOutcome::Failed:
        return "Failed";
    }
    return "Absent";
}

IndexOutcome indexOutcomeOf(engine::IndexState state) {
    switch (state) {
    case engine::IndexState::NotStarted:
        return IndexOutcome::NotStarted;
    case engine::IndexState::Pending:
    case engine::IndexState::Running:
        return IndexOutcome::Unfinished;
    case engine::IndexState::Succeeded:
        return IndexOutcome::Succeeded;
    case engine::IndexState::FailedWillRetry:
    case engine::IndexState::FailedTerminal:
        return IndexOutcome::Failed;
    case engine::IndexState::OutOfRange:
        return IndexOutcome::Absent;
    }
    return IndexOutcome::Absent;
}

namespace {

struct Side {
    IndexOutcome outcome = IndexOutcome::Absent;
    std::optional<engine::Duration> duration;
};

Side sideOf(const Report& report, const std::map<int32_t, const IndexRow*>& rows, int32_t index) {
    Side side;
    if (index >= 0 && index < report.states.size())
        side.outcome = indexOutcomeOf(report.states.at(index));
    if (const auto it = rows.find(index); it != rows.end())
        side.duration = it->second->duration;
    return side;
}

std::map<int32_t, const IndexRow*> rowsByIndex(const Report& report) {
    std::map<int32_t, const IndexRow*> rows;
    for (const IndexRow& row : report.rows)
        rows.emplace(row.index, &row);
    return rows;
}

} // namespace

std::vector<IndexComparison> RunComparison::changed() const {
    std::vector<IndexComparison> out;
    std::copy_if(indexes.begin(), indexes.end(), std::back_inserter(out),
                 [](const IndexComparison& c) { return c.outcomeChanged(); });
    return out;
}

RunComparison compareRuns(const Report& earlier, const Report& later) {
    const auto earlierRows = rowsByIndex(earlier);
    const auto laterRows = rowsByIndex(later);
    // later index → earlier index: the re-run's map, else the same index.
    std::map<int32_t, int32_t> pairs;
    bool mapped = false;
    for (const IndexRow& row : later.rows)
        if (row.originalIndex) {
            pairs.emplace(row.index, *row.originalIndex);
            mapped = true;
        }
    if (!mapped) {
        const int32_t size = std::max(earlier.states.size(), later.states.size());
        for (int32_t i = 0; i < size; ++i)
            pairs.emplace(i, i);
    }
    RunComparison result;
    std::vector<engine::Duration> changes;
    for (const auto& [laterIndex, index] : pairs) {
        IndexComparison c;
        c.index = index;
        c.laterIndex = laterIndex;
        const Side before = sideOf(earlier, earlierRows, index);
        const Side after = sideOf(later, laterRows, laterIndex);
        c.before = before.outcome;
        c.after = after.outcome;
        c.beforeDuration = before.duration;
        c.afterDuration = after.duration;
        if (c.before == IndexOutcome::Failed && c.after == IndexOutcome::Succeeded)
            ++result.fixed;
        else if (c.before == IndexOutcome::Succeeded && c.after == IndexOutcome::Failed)
            ++result.broken;
        else if (c.outcomeChanged())
            ++result.otherChanges;
        if (const auto change = c.durationChange())
            changes.push_back(*change);
        result.indexes.push_back(c);
    }
    std::sort(result.indexes.begin(), result.indexes.end(),
              [](const IndexComparison& a, const IndexComparison& b) { return a.index < b.index; });
    if (!changes.empty()) {
        const auto middle = changes.begin() + static_cast<std::ptrdiff_t>(changes.size() / 2);
        std::nth_element(changes.begin(), middle, changes.end());
        result.medianDurationChange = *middle;
    }
    return result;
}

} // namespace tessera::report
