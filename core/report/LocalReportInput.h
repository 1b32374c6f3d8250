#pragma once
// The report input of a local run: the one builder `tessera report --source local` and the
// window's export (store::LocalSource) both use. The run is read by local::RunDirectory::load, as
// every reader of a run reads it, and its status is local::runStatusOf, the rule the window's job
// list follows: a run the window calls Complete is reported Complete.
#include "ReportBuilder.h"
#include "engine/Result.h"
#include "local/RunDirectory.h"

#include <string>

namespace tessera::report {

// A run as loaded from `runDir`.
ReportInput localReportInput(local::RunSnapshot run, const std::string& runDir);
// Loads the run first; errors name the file (and line) that could not be read.
engine::Result<ReportInput> localReportInput(const std::string& runDir);

} // namespace tessera::report
