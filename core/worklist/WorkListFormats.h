#pragma once
// Reading and writing work lists. Every error names the file, the line and column (1-based) and
// the reason: Error::field is the file (or the option), Error::line/column the position.
//
//   auto list = worklist::loadWorkList("items.txt", {});
//   for (int32_t i = 0; i < list->size(); ++i) run(list->command(i), list->item(i).env);
#include "WorkList.h"
#include "engine/Result.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::worklist {

enum class Format {
    Auto,      // by extension, then by content (detectFormat)
    Lines,     // one shell command per line; blank lines and '#' comments skipped
    Csv,       // header row of variable names; a TESSERA_COMMAND column is the item's command
    Furiko,    // YAML: withCount / withKeys / withMatrix, optional command
    JsonLines, // one JSON object per line: keys are variables, TESSERA_COMMAND the command
};

using Parser = engine::Result<WorkList> (*)(std::string_view text, const std::string& source,
                                            std::size_t maxItems);

// The table of formats: one row each, read by the CLI's --format, detection, loading and the
// Launch dialog. A new format is a reader file and a row in WorkListFormats.cpp.
struct FormatInfo {
    Format format;
    std::string_view name;                        // the --format value and WorkList::format()
    std::span<const std::string_view> aliases;    // other --format values accepted
    std::span<const std::string_view> extensions; // file name endings that choose it (lower case)
    Parser parse;
};
std::span<const FormatInfo> formats();
const FormatInfo& formatInfo(Format format); // Auto: the Lines row
// The one reader of a --format value (a name or an alias); nullopt when there is no such format.
std::optional<Format> formatFromName(std::string_view name);
// "lines, csv, furiko (or yaml) or jsonl": what --format accepts, for usage errors and help.
std::string formatNames();

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
engine::Result<WorkList> parseJsonLines(std::string_view text, const std::string& source,
                                        std::size_t maxItems = 1'000'000);
// One --per-completion-env spec: the variable name and its values.
engine::Result<std::pair<std::string, std::vector<std::string>>>
parsePerCompletionEnv(std::string_view spec, const std::string& baseDir);

// The format of a file: by its name's ending (the table's extensions, any case), else by content:
// a Furiko key on the first line, a first line that is a whole JSON object (JSON Lines), else
// Lines.
Format detectFormat(const std::string& path, std::string_view text);
const char* toString(Format);

// Whether a file is a Kubernetes manifest rather than a work list, the one rule for the CLI and the
// Launch dialog: JSON that is not JSON Lines (an array, an object over several lines, or a
// one-line object with a top-level "kind"), or a .yaml/.yml file with a top-level `kind:` in
// any document (work-list YAML has withCount/withKeys/withMatrix instead). A .jsonl file never is.
bool looksLikeManifest(const std::string& path, std::string_view text);

// Writes the list as CSV (TESSERA_COMMAND first when items carry commands, the template is not
// written) to a temporary name, then renames it. Returns "" or the error.
std::string saveWorkListCsv(const WorkList& list, const std::string& path);

// True for names a shell can export: [A-Za-z_][A-Za-z0-9_]*.
bool isValidEnvName(std::string_view name);

} // namespace tessera::worklist
