#include "RunStatus.h"

namespace tessera::local {

RunStatus runStatusOf(const engine::Job& job, const std::string& outcome, bool runnerAlive,
                      std::optional<int64_t> lastRecordMs) {
    RunStatus s;
    if (!outcome.empty()) {
        s.end = job.status.completionTime;
        for (const char* type : {"Complete", "Failed"})
            if (const engine::Condition* c = engine::findCondition(job.status.conditions, type);
                c != nullptr && c->status == engine::ConditionStatus::True) {
                s.status = type;
                s.reason = c->reason;
                return s;
            }
        // Cancelled or halted: no condition of the controller says what ended it.
        s.status = "Failed";
        s.reason = outcome;
        return s;
    }
    if (runnerAlive) {
        s.status = "Running";
        return s;
    }
    s.status = RunStatus::kInterrupted;
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
