#include "Defaults.h"

#include <limits>

namespace tessera::engine {

void applyDefaults(JobSpec& spec) {
    if (!spec.completions && !spec.parallelism) {
        spec.completions = 1;
        spec.parallelism = 1;
    }
    if (!spec.parallelism)
        spec.parallelism = 1;
    if (!spec.backoffLimit)
        spec.backoffLimit = spec.backoffLimitPerIndex ? std::numeric_limits<int32_t>::max() : 6;
    if (!spec.suspend)
        spec.suspend = false;
    if (!spec.podReplacementPolicy)
        spec.podReplacementPolicy = spec.podFailurePolicy
                                        ? PodReplacementPolicy::Failed
                                        : PodReplacementPolicy::TerminatingOrFailed;
}

} // namespace tessera::engine
