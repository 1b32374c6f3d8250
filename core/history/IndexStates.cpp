#include "IndexStates.h"

#include <utility>

namespace tessera::history {

using engine::IndexState;

engine::IndexStateMap indexStatesOf(int32_t size, const std::vector<NewestAttempt>& newest,
                                    const engine::IndexSet& completedIndexes,
                                    const engine::IndexSet& failedIndexes, bool jobFailed) {
    std::vector<std::pair<int32_t, IndexState>> points;
    points.reserve(newest.size());
    for (const NewestAttempt& a : newest) {
        switch (a.outcome) {
        case BarOutcome::Pending:
            points.emplace_back(a.index, IndexState::Pending);
            break;
        case BarOutcome::Running:
            points.emplace_back(a.index, IndexState::Running);
            break;
        case BarOutcome::Succeeded:
            points.emplace_back(a.index, IndexState::Succeeded);
            break;
        case BarOutcome::Failed:
        case BarOutcome::Unknown:
            if (a.failures || a.outcome == BarOutcome::Failed)
                points.emplace_back(a.index, jobFailed ? IndexState::FailedTerminal
                                                       : IndexState::FailedWillRetry);
            break;
        }
    }
    engine::IndexStateMap states(size);
    states.paintPoints(std::move(points));
    states.paint(completedIndexes, IndexState::Succeeded);
    states.paint(failedIndexes, IndexState::FailedTerminal);
    return states;
}

} // namespace tessera::history
