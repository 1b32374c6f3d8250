#pragma once
// The API server's checks on a Job (pkg/apis/batch/validation), so a manifest that
// a cluster would reject is rejected here first, with the field path Kubernetes would name.
#include "Model.h"
#include "Result.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tessera::engine {

// Every problem of a (defaulted) job spec; empty when valid. Error::field is the JSON path,
// e.g. "spec.successPolicy.rules[0].succeededIndexes".
std::vector<Error> validateJob(const Job& job);

// An update: immutable fields and the elastic-completions rule, plus validateJob.
std::vector<Error> validateJobUpdate(const Job& previous, const Job& updated);

// The status rules (validateJobStatusUpdate: what the API refuses from a controller) and the
// index formats (validateIndexesFormat).
std::vector<Error> validateJobStatus(const Job& job);

// Features that keep one record per index refuse jobs above these limits (a cluster accepts up to
// 2^31 - 1 completions; the server, the window and the grid handle any of them). A dry-run keeps
// every index's attempts and simulated pods; a report has one row per index.
inline constexpr int32_t kMaxDryRunCompletions = 1'000'000;
inline constexpr int32_t kMaxReportCompletions = 1'000'000;

// nullopt when a dry-run of the job fits; else an error naming spec.completions (or
// spec.parallelism) and the limit.
std::optional<Error> checkDryRunLimits(const Job& job);

} // namespace tessera::engine
