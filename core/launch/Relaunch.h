#pragma once
// Reading a launched job back: the work list and settings of a Job that LaunchGenerator made
// (its items ConfigMap plus the Job itself), so some of its indexes can be launched again
// ("Re-run failed indexes" on a cluster job). The inverse of LaunchGenerator::generate.
//
//   auto cm = launch::itemsConfigMapOf(jobJson);           // "render-items", or why not
//   auto r = launch::relaunchFrom(jobJson, configMapJson); // r->list, r->spec
#include "LaunchSpec.h"
#include "engine/Result.h"
#include "worklist/WorkList.h"

#include <map>
#include <string>
#include <string_view>

namespace tessera::launch {

struct Relaunch {
    worklist::WorkList list; // item i = index i of the job, with its command and variables
    LaunchSpec spec;         // the job's name, namespace, image, parallelism and limits
    // When the job was itself a re-run: its index -> the index in the job before it.
    std::map<int32_t, int32_t> originalIndexes;
};

// The name of the job's items ConfigMap (annotation tessera.io/items-configmap). The error says
// the job was not launched by Tessera when it has none.
engine::Result<std::string> itemsConfigMapOf(std::string_view jobJson);

// Errors name the object and the missing or malformed field (e.g. "ConfigMap render-items:
// data: no command for index 17").
engine::Result<Relaunch> relaunchFrom(std::string_view jobJson, std::string_view configMapJson);

} // namespace tessera::launch
