#include "RunStatus.h"

namespace tessera::local {

RunStatus runStatusOf(const engine::Job& job, const std::string& outcome, bool runnerAlive,
                      std::optional<int64_t> lastRecordMs) {
    RunStatus s;
    const engine::JobStateInfo state = engine::jobStateOf(job);
    if (!outcome.empty()) {
        s.end = job.status.completionTime;
        if (engine::isFinished(state.state)) {
            s.state = state.state;
            s.reason = state.reason;
            return s;
        }
        // Cancelled or halted: no condition of the controller says what ended it.
        s.state = engine::JobState::Failed;
        s.reason = outcome;
        return s;
    }
    if (runnerAlive) {
        s.state = state.state;
        s.reason = state.reason;
        return s;
    }
    s.state = engine::JobState::Interrupted;
    if (lastRecordMs)
        s.end = engine::fromUnixMillis(*lastRecordMs);
    return s;
}

RunStatus runStatusOf(const RunSnapshot& run) {
    return runStatusOf(run.job, run.outcome, run.runnerAlive,
                       run.records.empty() ? std::nullopt
                                           : std::optional<int64_t>(run.records.back().ms));
}

} // namespace tessera::local
