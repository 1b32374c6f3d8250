#pragma once
// The API server's defaulting of a batch/v1 Job (pkg/apis/batch/v1/defaults.go).
// Manifests a user writes go through this before validation and the reconciler.
#include "Model.h"

#include <cstdint>

namespace tessera::engine {

void applyDefaults(JobSpec& spec);

// The backoffLimit the API server fills in when a Job leaves it out: 6, or MaxInt32 (no job-wide
// limit) when backoffLimitPerIndex is set.
int32_t defaultBackoffLimit(bool hasBackoffLimitPerIndex);

} // namespace tessera::engine
