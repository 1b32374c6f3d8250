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
        case AttemptOutcome::Pending:
            points.emplace_back(a.index, IndexState::Pending);
            break;
        case AttemptOutcome::Running:
            points.emplace_back(a.index, IndexState::Running);
            break;
        case AttemptOutcome::Succeeded:
            points.emplace_back(a.index, IndexState::Succeeded);
            break;
        case AttemptOutcome::Failed:
        case AttemptOutcome::Deleted:
        case AttemptOutcome::Removed:
        case AttemptOutcome::Lost:
            if (a.failures || engine::countsAsFailed(a.outcome))
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
