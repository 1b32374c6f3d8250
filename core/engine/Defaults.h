#pragma once
// The API server's defaulting of a batch/v1 Job (pkg/apis/batch/v1/defaults.go, spec §24.1).
// Manifests a user writes go through this before validation and the reconciler.
#include "Model.h"

namespace tessera::engine {

void applyDefaults(JobSpec& spec);

} // namespace tessera::engine
