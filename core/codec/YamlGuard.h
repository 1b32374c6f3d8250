#pragma once
// The one gate every YAML text passes before yaml-cpp reads it (manifests, work lists,
// kubeconfigs): YamlReader.h calls it first.
//
// Why: yaml-cpp 0.7 (Debian 12) loops on some malformed input instead of failing: for `-\n{},`
// its SingleDocParser::HandleNode matches no token, emits a null node without consuming the
// token, and LoadAll() appends null documents until memory runs out (jbeder/yaml-cpp#1318 and
// #1319, fixed upstream in 2024, after every packaged release). Its recursive parser also
// exhausts the stack on deep nesting, and aliases are shared nodes that a reader expands on
// every visit. libyaml is the C parser kubectl's YAML library was ported from, small and fuzzed
// for years; checking the text with it first gives every bad input a bounded, positioned error:
//   - syntax errors, as libyaml reports them, with line and column;
//   - a NUL or other control character, and bytes that are not UTF-8 (libyaml's reader);
//   - nesting deeper than maxDepth, also once aliases are expanded (readers recurse);
//   - a key that a mapping already has (`duplicate field "spec.parallelism"`, InputRules.h);
//   - alias expansion beyond what the Kubernetes API server accepts (go-yaml's rule since
//     CVE-2019-11254: above 100 aliases and 1,000 nodes, at most 99% of the expanded nodes may
//     come from aliases, falling to 10% for documents of 4,000,000 nodes or more), so the
//     expanded size stays proportional to the text.
#include "InputRules.h"
#include "engine/Result.h"

#include <cstddef>
#include <optional>
#include <string_view>

namespace tessera::codec {

struct YamlLimits {
    // Nested sequences and mappings, aliases expanded: the limit of every reader (InputRules.h).
    std::size_t maxDepth = kMaxNestingDepth;
};

// nullopt when yaml-cpp may read the text. Otherwise an error with message (the reason, without
// a file name), line and column (1-based) and, when known, the byte offset in `position`.
std::optional<engine::Error> checkYaml(std::string_view text, const YamlLimits& limits = {});

// go-yaml's allowed share of alias-expanded nodes for a document of `nodes` nodes.
double allowedAliasRatio(unsigned long long nodes);

} // namespace tessera::codec
