#pragma once
// What every work-list reader shares: errors that name the file and position, the bounded file
// read, UTF-8 and whitespace rules. Internal to tessera_worklist.
#include "engine/Result.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::worklist::detail {

engine::Error makeError(const std::string& source, std::string message, long line = -1,
                        long column = -1);
// Work lists and value files are read as every text file is (codec::readBoundedFile: a leading
// byte order mark is not part of the first item); the error carries the path in `field`.
engine::Result<std::string> readFile(const std::string& path);
bool endsWith(std::string_view s, std::string_view suffix);
std::string_view trim(std::string_view s); // spaces, tabs and carriage returns at both ends
engine::Error tooMany(const std::string& source, std::size_t maxItems, long line);
std::vector<std::string> splitWhitespace(std::string_view s);
// Work lists become ConfigMap data and environment values, which must be UTF-8 text: the first
// invalid sequence (overlong forms, surrogates and values above U+10FFFF included), with its
// line and column, or nullopt.
std::optional<engine::Error> checkUtf8(std::string_view text, const std::string& source);

// Whether `line` is one item of a JSON Lines work list: a whole JSON object with no top-level
// "kind" (a one-line Kubernetes manifest has one).
bool isJsonLinesItem(std::string_view line);

} // namespace tessera::worklist::detail
