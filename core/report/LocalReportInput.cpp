#include "LocalReportInput.h"

#include "local/RunStatus.h"

namespace tessera::report {

ReportInput localReportInput(local::RunSnapshot run, const std::string& runDir) {
    ReportInput input;
    // Cancelled, halted or interrupted as the window says it; decided before the job and its
    // attempts are moved out of the run it reads them from.
    const local::RunStatus status = local::runStatusOf(run);
    input.status = {status.status, status.reason, status.end};
    input.originalIndexes = run.config.originalIndexMap();
    input.job = std::move(run.job);
    input.attempts = std::move(run.attempts);
    input.source = "local:" + runDir;
    return input;
}

engine::Result<ReportInput> localReportInput(const std::string& runDir) {
    auto run = local::RunDirectory::load(runDir);
    if (!run.ok())
        return run.error();
    return localReportInput(std::move(run).value(), runDir);
}

} // namespace tessera::report
