#pragma once
// The rules every JSON and YAML reader of Tessera applies, whatever the input is (manifests, work
// lists, kubeconfigs, API documents, request bodies of `tessera serve`): one nesting limit and one
// rule for duplicate keys, each with one message.
//
// Nesting: kMaxNestingDepth levels of arrays/objects (sequences/mappings), the same for JSON and
// YAML. The Kubernetes API server's JSON limit is 10,000 (Go's encoding/json stack bound), but
// our readers cannot all go that deep: yaml-cpp 0.7 throws "bad file" past 500 levels
// (DepthGuard<500> in its SingleDocParser), Qt's QJsonDocument refuses more than 1,024. One
// limit below all of them makes every entry point refuse the same documents with the same error.
// Kubernetes objects nest about 20 levels (a Pod spec with managedFields about 30), so 400 leaves
// room for any real object and for CRD schemas.
//
// Duplicate keys: refused, as kubectl's strict decoding does (`duplicate field "spec.parallelism"`,
// sigs.k8s.io/json), not resolved to the last (encoding/json) or the first value.
#include "engine/Result.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace tessera::codec {

inline constexpr std::size_t kMaxNestingDepth = 400;

// "nested more than 400 levels deep", the reason every reader gives.
std::string nestingMessage(std::size_t maxDepth = kMaxNestingDepth);

// `duplicate field "PATH"`, PATH the JSON path of the repeated key (its key when at the top).
std::string duplicateFieldMessage(std::string_view path);

// nullopt when no array or object of the JSON text opens deeper than maxDepth. Otherwise the
// error at the first bracket past the limit: message nestingMessage(), field the JSON path of the
// value it opens, position (byte offset), line and column (1-based). Malformed JSON is not
// reported here (the reader that follows does that); strings are skipped, brackets in them do
// not count. Linear and allocation-free until a document is too deep.
std::optional<engine::Error> checkJsonNesting(std::string_view json,
                                              std::size_t maxDepth = kMaxNestingDepth);

} // namespace tessera::codec
