#pragma once
// The report input of a dry-run: the first Job of a manifest file, checked as the API server
// would check it, then simulated as `tessera simulate` runs it (engine::simulate). The builder
// `tessera report --source simulate` uses; pure computation after the file is read.
#include "ReportBuilder.h"
#include "engine/Result.h"
#include "engine/Simulation.h"

#include <string>

namespace tessera::report {

struct DryRunReportInput {
    // The report input, or the error: the file, the line and column of a decoding error, each
    // field the API server would reject.
    engine::Result<ReportInput> input = engine::Error{};
    // The Job is valid but above the dry-run limit (engine::checkDryRunLimits): a refusal, not a
    // broken input (the command exits 2).
    bool refused = false;
};

// `options` says how the attempts behave (seed, durations, failures); its job is replaced by the
// manifest's.
DryRunReportInput dryRunReportInput(const std::string& manifestPath,
                                    engine::SimulationConfig options);

} // namespace tessera::report
