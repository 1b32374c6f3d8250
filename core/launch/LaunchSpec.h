#pragma once
// What the user chose for a cluster launch (the Launch dialog and `tessera launch` fill it).
#include "engine/Model.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tessera::launch {

// What a work list is launched with unless the user says otherwise (the Launch dialog): each item
// gets this many retries of its own, and no job-wide backoffLimit is set, so the API server's
// default for it is MaxInt32 and one bad item never stops the others (with Kubernetes' default of
// 6 failed pods in total, a list with a few bad lines stopped after its first failures, most items
// never run). Job manifests keep the Kubernetes defaults.
inline constexpr int32_t kWorkListBackoffLimitPerIndex = 2;

// The retry limits of a work list (tessera run, tessera launch; the Launch dialog's fields start
// from the same constant). A limit given is kept as given; given none, the list retries per item
// and has no job-wide limit. Giving either limit replaces that default, so `--backoff-limit 6`
// alone means exactly what it means to Kubernetes.
struct RetryLimits {
    std::optional<int32_t> backoffLimit;
    std::optional<int32_t> backoffLimitPerIndex;
};
inline RetryLimits workListRetryLimits(std::optional<int32_t> backoffLimit,
                                       std::optional<int32_t> backoffLimitPerIndex) {
    if (!backoffLimit && !backoffLimitPerIndex)
        backoffLimitPerIndex = kWorkListBackoffLimitPerIndex;
    return {backoffLimit, backoffLimitPerIndex};
}

struct LaunchSpec {
    std::string name;       // the Job name: a DNS label (checked)
    std::string namespace_; // "" leaves metadata.namespace out (the context's namespace applies)
    std::string image;      // must provide /bin/sh (busybox is enough)
    int32_t parallelism = 1;
    std::optional<int32_t> backoffLimit;
    std::optional<int32_t> backoffLimitPerIndex;
    std::optional<int32_t> maxFailedIndexes; // needs backoffLimitPerIndex
    std::optional<engine::SuccessPolicy> successPolicy;
    std::optional<int64_t> activeDeadlineSeconds;
    // Re-run: the indexes of the work list to run, ascending (new index i runs item subset[i]).
    // Empty: every item.
    std::vector<int32_t> subset;
    // The work list is itself a re-run's (Relaunch::originalIndexes): item -> the index it had in
    // the job that re-run came from. A re-run of a re-run records those, so every index maps back
    // to the first job.
    std::map<int32_t, int32_t> itemOrigins;
};

} // namespace tessera::launch
