#pragma once
// Turns a work list and the launch settings into the two objects a cluster launch creates: a
// ConfigMap holding the items and an Indexed Job whose pods pick their item from it (see
// ItemWrapper.h). Pure generation, no I/O; ClusterLauncher creates them.
//
//   auto m = launch::LaunchGenerator::generate(spec, workList);
//   if (m) std::cout << m->yaml();
#include "LaunchSpec.h"
#include "ManifestNode.h"
#include "engine/Attempt.h"
#include "engine/Result.h"
#include "worklist/WorkList.h"

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::launch {

struct LaunchManifests {
    std::string jobName;
    std::string configMapName;
    int32_t completions = 0;
    int64_t configMapDataBytes = 0;
    std::map<int32_t, int32_t> originalIndexes; // re-runs: new index -> original index
    ManifestNode configMap; // without ownerReferences (the Job's UID is unknown)
    ManifestNode job;

    // Both as one multi-document YAML stream (ConfigMap first, then the Job).
    std::string yaml() const;
    // A JSON merge patch adding an ownerReference to the created Job to the ConfigMap (deleting
    // the Job deletes it).
    std::string ownerReferencePatch(const std::string& jobUid) const;
};

class LaunchGenerator {
public:
    // The API server's limit on a ConfigMap's data (core.MaxSecretSize).
    static constexpr int64_t kMaxConfigMapBytes = int64_t{1024} * 1024;
    static constexpr const char* kManagedByLabel = "app.kubernetes.io/managed-by";
    static constexpr const char* kManagedByValue = "tessera";
    // Same key as report::ReportBuilder::kOriginalIndexesAnnotation (checked by a test).
    static constexpr const char* kOriginalIndexesAnnotation = "tessera.io/original-indexes";
    static constexpr const char* kItemsConfigMapAnnotation = "tessera.io/items-configmap";
    static constexpr std::size_t kMaxNameLength = 63; // a DNS label

    // "" when `name` is a valid RFC 1123 DNS label (what a Job name must be), else the reason.
    static std::string checkName(std::string_view name);

    // A DNS label made from a file name ("Render Frames.txt" -> "render-frames"); "job" if none.
    static std::string nameFromFile(std::string_view path);
    // The name of a re-run of `original`: "<base>-rerun", or "<base>-rerun-2", -3, ... when that is
    // in `taken`, where <base> is `original` without a re-run suffix of its own (a re-run of
    // "x-rerun" is "x-rerun-2", not "x-rerun-rerun"). Shortened to stay a DNS label.
    static std::string rerunName(std::string_view original, const std::set<std::string>& taken);

    // "Re-run failed indexes": the indexes of a finished job to run again, ascending. Failed:
    // status.failedIndexes, or (without backoffLimitPerIndex) every index whose last attempt
    // failed; NotSucceeded: every index not in status.completedIndexes.
    enum class Rerun { Failed, NotSucceeded };
    static std::vector<int32_t>
    rerunIndexes(const engine::Job& job, const std::vector<engine::Attempt>& attempts, Rerun which);

    // Errors name the field (spec.name, spec.parallelism, ...) or the item and size.
    // A re-run's original indexes (new index i -> result[i]): subset[i] mapped through
    // itemOrigins. Kept unmapped if the mapped ones are not ascending (hand-edited origins).
    static std::vector<int32_t> originalIndexesOf(const LaunchSpec& spec);

    static engine::Result<LaunchManifests> generate(const LaunchSpec& spec,
                                                    const worklist::WorkList& list);
};

} // namespace tessera::launch
