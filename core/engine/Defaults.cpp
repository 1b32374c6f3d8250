#include "Defaults.h"

#include <limits>

namespace tessera::engine {

int32_t defaultBackoffLimit(bool hasBackoffLimitPerIndex) {
    return hasBackoffLimitPerIndex ? std::numeric_limits<int32_t>::max() : 6;
}

void applyDefaults(JobSpec& spec) {
    if (!spec.completions && !spec.parallelism) {
        spec.completions = 1;
        spec.parallelism = 1;
    }
    if (!spec.parallelism)
        spec.parallelism = 1;
    if (!spec.backoffLimit)
        spec.backoffLimit = defaultBackoffLimit(spec.backoffLimitPerIndex.has_value());
    if (!spec.suspend)
        spec.suspend = false;
    if (!spec.podReplacementPolicy)
        spec.podReplacementPolicy = spec.podFailurePolicy
                                        ? PodReplacementPolicy::Failed
                                        : PodReplacementPolicy::TerminatingOrFailed;
}

} // namespace tessera::engine
