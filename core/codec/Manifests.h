#pragma once
// Kubernetes manifests on disk: YAML (one or more `---` documents) or JSON, each document turned
// into a compact JSON string that decodeJob()/decodePod() read.
//
// YAML plain scalars are typed as kubectl types them (sigs.k8s.io/yaml on go-yaml v2, YAML 1.1):
// quoted scalars and block literals are strings; plain `123`, `0x1F`, `0o17`, `1_000` are
// integers; `1.5`, `1e3`, `.5` are floats; true/false/yes/no/on/off/y/n (and their Title/UPPER
// forms) are booleans; `~`, `null`, empty are null; everything else is a string (timestamps
// included). `!!str` forces a string; a number beyond a double (`1e400`, 310 digits) stays a
// string as go-yaml leaves it, so a number field refuses it by name. Anchors, aliases and `<<`
// merge keys are resolved. A non-scalar key and .inf/.nan (no JSON form) are errors.
//
// Both forms follow InputRules.h: nesting deeper than kMaxNestingDepth and a key given twice
// (`duplicate field "spec.parallelism"`) are errors with the file, line, column and JSON path.
//
// Text whose first non-blank character is '{' or '[' is read as one JSON document, as kubectl
// does (a YAML flow mapping there is rejected); JSON manifests keep their text verbatim.
//
// A document of kind `List` (or any `*List`) with `items` is expanded into one Manifest per item.
// Empty documents are skipped.
#include "engine/Result.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tessera::codec {

struct Manifest {
    std::string json;      // the document (or List item) as JSON
    std::string source;    // the file name (or the name given to parseManifests)
    int documentIndex = 0; // 0-based `---` document number in the source
    long line = 1;         // 1-based line and column where the document / item starts
    long column = 1;
    long offset = 0;        // byte offset of the document / item in the source
    std::string apiVersion; // quick look without decoding ("" when absent or not a string)
    std::string kind;
    std::string name; // metadata.name

    // Maps an error from decoding `json` (decodeJob(m.json) ...) back into the source file:
    // the returned error's line/column are those of the offending value in the YAML or JSON text.
    engine::Error locate(engine::Error error) const;
    // "file:line:column: field: message", for printing.
    std::string describe(const engine::Error& error) const;

    // For YAML: JSON path -> (line, column) of every node (used by locate()).
    std::vector<std::pair<std::string, std::pair<long, long>>> positions;
    // For JSON: `json` is a verbatim slice of the source starting at line/column, so positions in
    // it map back directly.
    bool verbatim = false;
};

// Errors: message "<source>:<line>:<column>: <reason>" ready to print; line/column also set.
engine::Result<std::vector<Manifest>> parseManifests(std::string_view text,
                                                     std::string_view sourceName);
// Reads the file ("-" reads standard input) and parses it.
engine::Result<std::vector<Manifest>> loadManifests(const std::string& path);

// Reads a whole text file ("-": standard input), without a leading UTF-8 byte order mark
// (withoutByteOrderMark(), TextFile.h). Error message names the file and the reason. The string
// has kJsonPadding spare capacity, so the decode functions read it without a copy.
engine::Result<std::string> readTextFile(const std::string& path);

// "source:line:column: field: message" (the parts that are known), for any codec error.
std::string formatError(std::string_view source, const engine::Error& error);

} // namespace tessera::codec
