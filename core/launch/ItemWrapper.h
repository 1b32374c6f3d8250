#pragma once
// The POSIX sh wrapper every pod of a launched Job runs: it picks its item by
// JOB_COMPLETION_INDEX from the mounted ConfigMap and runs it. Items never pass through the
// wrapper's own parsing: values are read from files with `$(cat f; printf x)` (keeping trailing
// newlines) and exported, and the command runs with `sh -c`, so quotes, spaces and `$` in items
// reach the command exactly as written. Works with dash, bash and busybox ash.
//
// ConfigMap keys (all valid ConfigMap keys, [-._a-zA-Z0-9]+):
//   <i>.cmd          the item's command line (lists whose items carry commands)
//   <i>.env.<NAME>   one per-index variable
//   <i>.index        re-runs only: the item's index in the original job
// TESSERA_COMMAND (container env) holds the command template for lists without item commands.
#include <cstdint>
#include <string>

namespace tessera::launch {

class ItemWrapper {
public:
    // Inside the container; under `tessera serve --local`, whose pods have no filesystem of their
    // own, inside $TESSERA_POD_ROOT (core/serve/LocalPodSetup.h).
    static constexpr const char* kMountPath = "/tessera/items";
    static constexpr const char* kCommandEnv = "TESSERA_COMMAND";
    // Overrides kMountPath (tests run the wrapper against a plain directory).
    static constexpr const char* kItemsDirEnv = "TESSERA_ITEMS_DIR";

    static std::string script();
    static std::string commandKey(int32_t index);
    static std::string envKey(int32_t index, const std::string& name);
    static std::string originalIndexKey(int32_t index);
};

} // namespace tessera::launch
