#pragma once
// The one way Tessera reads YAML into yaml-cpp nodes (manifests, work lists, kubeconfigs).
//
// Why not YAML::Load/LoadAll directly: yaml-cpp 0.7 (Debian 12) has two faults no text check
// can fully rule out:
//   - LoadAll() loops forever when the parser stops on a token it cannot use: HandleNode()
//     then emits a null node without consuming the token, HandleNextDocument() reports one more
//     document, and LoadAll() appends null documents until memory runs out (jbeder/yaml-cpp#1318,
//     #1319, fixed upstream in 2024). Valid YAML gets there too: yaml-cpp ends an anchor name
//     only at a blank or a flow indicator (YAML 1.2), libyaml and go-yaml (kubectl) at any
//     character that is not a letter, digit, '-' or '_' (YAML 1.1), so in
//     `&if:tag:yaml.org,2002:str` yaml-cpp reads the anchor `if:tag:yaml.org`, then a `,` that
//     a block node cannot start with.
//   - Where the two grammars differ, yaml-cpp quietly reads another document than kubectl:
//     `&a:b c` is the string ":b c" to kubectl and "c" to yaml-cpp, and Load() returns only
//     what comes before the `,` above.
// So libyaml (checkYaml(), then its events) decides the document boundaries and the structure;
// yaml-cpp parses one document at a time (a single HandleNextDocument() call is bounded: every
// loop in it consumes a token or throws, and its depth guard stops recursion), and its events
// must match libyaml's, node for node (kind, scalar text, tag, anchors and what each alias
// refers to), before its nodes are used. A difference is an error at that node, never a
// different reading. Each document is handed to yaml-cpp with an explicit end (`...`): read
// alone, yaml-cpp drops the tag of an empty node at the end of its input. Text in UTF-16 (with a
// byte order mark, as libyaml and yaml-cpp accept it) is read as UTF-8: lines and columns are
// unchanged, byte positions are those of the UTF-8 text.
#include "YamlGuard.h"
#include "engine/Result.h"

#include <string_view>
#include <vector>
#include <yaml-cpp/yaml.h>

namespace tessera::codec {

struct YamlDocument {
    YAML::Node root; // Null for an empty document
    int index = 0;   // 0-based number of the document in the stream (`---` separated)
    // yaml-cpp read the document on its own: add these to its nodes' marks (0-based line,
    // byte position) to place them in the whole text. The column needs no change: every
    // document after the first starts at the beginning of a line.
    long firstLine = 0;
    long firstByte = 0;
};

// Every document of a YAML stream. Errors: message (the reason, without a file name), line and
// column (1-based) and the byte offset in `position`, as checkYaml().
engine::Result<std::vector<YamlDocument>> readYamlDocuments(std::string_view text,
                                                            const YamlLimits& limits = {});

// The first document only (as go-yaml's Unmarshal, which kubectl's readers use); the whole text
// is still checked. A Null node when the text has no document. Its marks need no offset.
engine::Result<YAML::Node> readYamlDocument(std::string_view text, const YamlLimits& limits = {});

// A yaml-cpp mark of a document's node placed in the whole text.
YAML::Mark markInText(const YamlDocument& document, const YAML::Mark& mark);

} // namespace tessera::codec
