#pragma once
// Reading and writing work lists. Every error names the file, the line and column (1-based) and
// the reason: Error::field is the file (or the option), Error::line/column the position.
//
//   auto list = worklist::loadWorkList("items.txt", {});
//   for (int32_t i = 0; i < list->size(); ++i) run(list->command(i), list->item(i).env);
#include "WorkList.h"
#include "engine/Result.h"

#include <string>
#include <string_view>
#include <vector>

namespace tessera::worklist {

enum class Format {
    Auto,   // by extension (.csv, .yaml/.yml), then by content (a YAML key of ours on line 1)
    Lines,  // one shell command per line; blank lines and '#' comments skipped
    Csv,    // header row of variable names; a TESSERA_COMMAND column is the item's command
    Furiko, // YAML: withCount / withKeys / withMatrix, optional command
};

struct LoadOptions {
    Format format = Format::Auto;
    // Template command line for lists whose items carry none (CSV, YAML, template-only lists).
    std::string command;
    // `KEY=@file` (values one per line, or whitespace-separated on one line) or `KEY="a b c"`,
    // as kubectl's --per-completion-env: each adds a variable; all must have the list's length.
    // With an empty path they alone define the list.
    std::vector<std::string> perCompletionEnv;
    // Relative @file paths are resolved against this directory ("" = the working directory).
    std::string baseDir;
    std::size_t maxItems = 1'000'000;
};

inline constexpr const char* kCommandColumn = "TESSERA_COMMAND";

// Loads `path` ("" when the list is only --per-completion-env values) with the options applied.
engine::Result<WorkList> loadWorkList(const std::string& path, const LoadOptions& options = {});

// The parsers, on text already in memory; `source` names it in errors.
engine::Result<WorkList> parseLines(std::string_view text, const std::string& source,
                                    std::size_t maxItems = 1'000'000);
engine::Result<WorkList> parseCsv(std::string_view text, const std::string& source,
                                  std::size_t maxItems = 1'000'000);
engine::Result<WorkList> parseFuriko(std::string_view text, const std::string& source,
                                     std::size_t maxItems = 1'000'000);
// One --per-completion-env spec: the variable name and its values.
engine::Result<std::pair<std::string, std::vector<std::string>>>
parsePerCompletionEnv(std::string_view spec, const std::string& baseDir);

Format detectFormat(const std::string& path, std::string_view text);
const char* toString(Format);

// Writes the list as CSV (TESSERA_COMMAND first when items carry commands, the template is not
// written) to a temporary name, then renames it. Returns "" or the error.
std::string saveWorkListCsv(const WorkList& list, const std::string& path);

// True for names a shell can export: [A-Za-z_][A-Za-z0-9_]*.
bool isValidEnvName(std::string_view name);

} // namespace tessera::worklist
