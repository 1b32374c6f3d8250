#pragma once
// Matching the succeeded indexes against spec.successPolicy (success_policy.go).
#include "IndexSet.h"
#include "Model.h"

#include <optional>
#include <string>

namespace tessera::engine {

// The SuccessCriteriaMet message ("Matched rules at index N") of the first matching rule.
std::optional<std::string> matchSuccessPolicy(const std::optional<SuccessPolicy>& policy,
                                              int32_t completions, const IndexSet& succeeded);

} // namespace tessera::engine
