#pragma once
// The readers behind parseManifests (Manifests.h), one file each: YAML scalar typing as kubectl
// does it (YamlScalars.cpp), YAML documents to JSON (YamlManifests.cpp) and JSON documents
// (JsonManifests.cpp). Internal to tessera_codec.
#include "Manifests.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tessera::codec::manifest_detail {

struct Null {};
using Scalar = std::variant<Null, bool, int64_t, uint64_t, double, std::string>;

// A YAML 1.1 plain scalar typed as go-yaml v2 (sigs.k8s.io/yaml, kubectl) types it.
Scalar resolvePlain(std::string_view in);
// encoding/json's float format: plain decimals in [1e-6, 1e21), exponents without leading zeros.
std::string formatGoFloat(double d);

// "source:line:column: reason".
std::string located(std::string_view source, long line, long column, std::string_view reason);
// `List` or any `*List` kind, whose items are expanded into manifests of their own.
bool isListKind(std::string_view kind);

engine::Result<std::vector<Manifest>> parseYaml(std::string_view text, std::string_view source);
engine::Result<std::vector<Manifest>> parseJson(std::string_view text, std::string_view source);

} // namespace tessera::codec::manifest_detail
