#pragma once
// How the controller reads and writes a pod's place in an Indexed Job: the completion index
// annotation, the per-index failure counts, and the names it gives new pods
//.
#include "Model.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace tessera::engine {

inline constexpr int32_t kUnknownCompletionIndex = -1;

// The index from the annotation only; -1 when missing, not a base-10 integer, or negative.
// Values beyond int32 are returned as INT32_MAX, which is >= any completions, so they are
// treated as out of range rather than unknown.
int32_t completionIndexOf(const Pod& pod);
int32_t parseCompletionIndex(std::string_view text);

// The failure-count annotations: missing, non-integer, negative or > MaxInt32 read as 0.
int32_t indexFailureCountOf(const Pod& pod);
int32_t indexIgnoredFailureCountOf(const Pod& pod);
// count + ignored, the "absolute" count that orders a index's failed pods.
int64_t indexAbsoluteFailureCountOf(const Pod& pod);

// "<job>-<index>-", cut so it is at most 58 characters; NonIndexed (index < 0): "<job>-".
std::string podGenerateName(std::string_view jobName, int32_t index);
// "<job>-<index>": the pod hostname of an Indexed Job.
std::string podHostname(std::string_view jobName, int32_t index);
// Five characters from the alphabet Kubernetes uses for generated names, derived from `seed`.
std::string podNameSuffix(uint64_t seed);

} // namespace tessera::engine
