#pragma once
// The API server's checks on a Job (pkg/apis/batch/validation, spec §22-§24), so a manifest that
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

// An update: immutable fields (§24.8) and the elastic-completions rule (§23.1), plus validateJob.
std::vector<Error> validateJobUpdate(const Job& previous, const Job& updated);

// The status rules of §22 (what the API would refuse from a controller) and §4.6 index formats.
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
