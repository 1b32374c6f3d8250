#include "WorkListFormats.h"

#include "codec/BoundedFile.h"
#include "codec/YamlReader.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

namespace tessera::worklist {

using engine::Error;
using engine::Result;

namespace {

Error makeError(const std::string& source, std::string message, long line = -1, long column = -1) {
    Error e;
    e.field = source;
    e.message = std::move(message);
    e.line = line;
    e.column = column;
    return e;
}

// Work lists and value files are read as every text file is (codec::readTextFile: a leading
// byte order mark is not part of the first item).
Result<std::string> readFile(const std::string& path) {
    auto text = codec::readBoundedFile(path, codec::FileKind::WorkList, {.allowPipes = true});
    if (!text.ok()) {
        // The bounded reader's message starts with the path; this error carries it separately.
        std::string message = text.error().message;
        if (message.rfind(path + ": ", 0) == 0)
            message.erase(0, path.size() + 2);
        return makeError(path, message);
    }
    return std::move(text).value();
}

bool endsWith(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

Error tooMany(const std::string& source, std::size_t maxItems, long line) {
    return makeError(source, "more than " + std::to_string(maxItems) + " items", line);
}

std::vector<std::string> splitWhitespace(std::string_view s) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i])))
            ++i;
        const std::size_t start = i;
        while (i < s.size() && !std::isspace(static_cast<unsigned char>(s[i])))
            ++i;
        if (i > start)
            out.emplace_back(s.substr(start, i - start));
    }
    return out;
}

// Byte offset of the first sequence that is not UTF-8 (overlong forms such as C0 80, which would
// smuggle a NUL into the ConfigMap, surrogates and values above U+10FFFF included), or npos.
std::size_t invalidUtf8At(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto b = static_cast<unsigned char>(s[i]);
        if (b < 0x80) {
            ++i;
            continue;
        }
        int length = 0;
        unsigned char low = 0x80, high = 0xBF; // allowed range of the second byte
        if (b >= 0xC2 && b <= 0xDF)
            length = 2;
        else if (b >= 0xE0 && b <= 0xEF) {
            length = 3;
            low = b == 0xE0 ? 0xA0 : 0x80;
            high = b == 0xED ? 0x9F : 0xBF;
        } else if (b >= 0xF0 && b <= 0xF4) {
            length = 4;
            low = b == 0xF0 ? 0x90 : 0x80;
            high = b == 0xF4 ? 0x8F : 0xBF;
        } else
            return i;
        if (i + static_cast<std::size_t>(length) > s.size())
            return i;
        for (int k = 1; k < length; ++k) {
            const auto c = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
            if (k == 1 ? (c < low || c > high) : (c < 0x80 || c > 0xBF))
                return i;
        }
        i += static_cast<std::size_t>(length);
    }
    return std::string_view::npos;
}

// Work lists become ConfigMap data and environment values, which must be UTF-8 text.
std::optional<Error> checkUtf8(std::string_view text, const std::string& source) {
    const std::size_t bad = invalidUtf8At(text);
    if (bad == std::string_view::npos)
        return std::nullopt;
    long line = 1;
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < bad; ++i)
        if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(text[bad]));
    return makeError(source,
                     std::string("not UTF-8 text: invalid byte sequence starting with ") + hex +
                         " (work list items must be UTF-8)",
                     line, static_cast<long>(bad - lineStart) + 1);
}

// ---- YAML helpers (yaml-cpp marks are 0-based) ----
Error yamlError(const std::string& source, const YAML::Mark& mark, std::string message) {
    return makeError(source, std::move(message), mark.line >= 0 ? mark.line + 1 : -1,
                     mark.column >= 0 ? mark.column + 1 : -1);
}

std::string envSuffix(std::string_view key) {
    std::string out;
    for (const char c : key)
        out += std::isalnum(static_cast<unsigned char>(c))
                   ? static_cast<char>(std::toupper(static_cast<unsigned char>(c)))
                   : '_';
    return out;
}

} // namespace

bool isValidEnvName(std::string_view name) {
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name.front())))
        return false;
    for (const char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
            return false;
    return true;
}

const char* toString(Format f) {
    switch (f) {
    case Format::Auto:
        return "auto";
    case Format::Lines:
        return "lines";
    case Format::Csv:
        return "csv";
    case Format::Furiko:
        return "furiko";
    }
    return "auto";
}

Format detectFormat(const std::string& path, std::string_view text) {
    if (endsWith(path, ".csv") || endsWith(path, ".CSV"))
        return Format::Csv;
    if (endsWith(path, ".yaml") || endsWith(path, ".yml"))
        return Format::Furiko;
    // Content: the first real line starts with one of our YAML keys.
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t end = std::min(text.find('\n', pos), text.size());
        const std::string_view line = trim(text.substr(pos, end - pos));
        pos = end + 1;
        if (line.empty() || line.front() == '#' || line == "---")
            continue;
        for (const std::string_view key : {"withCount:", "withKeys:", "withMatrix:"})
            if (line.substr(0, key.size()) == key)
                return Format::Furiko;
        return Format::Lines;
    }
    return Format::Lines;
}

Result<WorkList> parseLines(std::string_view text, const std::string& source,
                            std::size_t maxItems) {
    if (auto bad = checkUtf8(text, source))
        return *bad;
    WorkList list({}, true);
    list.reserve(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1,
                 text.size());
    std::size_t pos = 0;
    long lineNo = 0;
    while (pos < text.size()) {
        const std::size_t end = std::min(text.find('\n', pos), text.size());
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++lineNo;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        const std::string_view t = trim(line);
        if (t.empty() || t.front() == '#')
            continue;
        if (const std::size_t nul = line.find('\0'); nul != std::string_view::npos)
            return makeError(source, "NUL byte in a command line (is this a binary file?)", lineNo,
                             static_cast<long>(nul) + 1);
        if (static_cast<std::size_t>(list.size()) >= maxItems)
            return tooMany(source, maxItems, lineNo);
        const std::string_view fields[] = {t};
        list.append(fields);
    }
    if (list.empty())
        return makeError(source, "no items: the file has only blank lines and # comments");
    list.setOrigin(source, "lines");
    return list;
}

Result<WorkList> parseCsv(std::string_view text, const std::string& source, std::size_t maxItems) {
    if (auto bad = checkUtf8(text, source))
        return *bad;
    // RFC 4180: fields separated by ',', optionally quoted with '"' ("" inside quotes is one '"');
    // quoted fields may hold commas and newlines. Rows end with \n or \r\n; blank rows skipped.
    std::vector<std::string> row;
    std::vector<long> rowColumns; // column where each field starts (for messages)
    std::string fieldText;
    std::size_t pos = 0;
    long line = 1;
    long column = 1;

    auto readRow = [&](long& rowLine) -> Result<bool> {
        row.clear();
        rowColumns.clear();
        // Skip blank lines.
        while (pos < text.size() && (text[pos] == '\n' || text[pos] == '\r')) {
            if (text[pos] == '\n') {
                ++line;
                column = 1;
            }
            ++pos;
        }
        if (pos >= text.size())
            return false;
        rowLine = line;
        while (true) {
            fieldText.clear();
            rowColumns.push_back(column);
            if (pos < text.size() && text[pos] == '"') {
                const long quoteLine = line, quoteColumn = column;
                ++pos;
                ++column;
                while (true) {
                    if (pos >= text.size())
                        return makeError(source, "unterminated quoted field", quoteLine,
                                         quoteColumn);
                    const char c = text[pos];
                    if (c == '"') {
                        if (pos + 1 < text.size() && text[pos + 1] == '"') {
                            fieldText += '"';
                            pos += 2;
                            column += 2;
                            continue;
                        }
                        ++pos;
                        ++column;
                        break;
                    }
                    fieldText += c;
                    ++pos;
                    if (c == '\n') {
                        ++line;
                        column = 1;
                    } else {
                        ++column;
                    }
                }
                if (pos < text.size() && text[pos] != ',' && text[pos] != '\n' &&
                    !(text[pos] == '\r'))
                    return makeError(source, "unexpected character after a closing quote", line,
                                     column);
            } else {
                while (pos < text.size() && text[pos] != ',' && text[pos] != '\n') {
                    const char c = text[pos];
                    if (c == '"')
                        return makeError(source,
                                         "quote inside an unquoted field (quote the whole field "
                                         "and double the quote)",
                                         line, column);
                    if (c == '\0')
                        return makeError(source, "NUL byte in a field", line, column);
                    if (c != '\r')
                        fieldText += c;
                    ++pos;
                    ++column;
                }
            }
            row.push_back(fieldText);
            if (pos < text.size() && text[pos] == ',') {
                ++pos;
                ++column;
                continue;
            }
            if (pos < text.size() && text[pos] == '\r') {
                ++pos;
                ++column;
            }
            if (pos < text.size() && text[pos] == '\n') {
                ++pos;
                ++line;
                column = 1;
            }
            return true;
        }
    };

    long headerLine = 0;
    auto header = readRow(headerLine);
    if (!header.ok())
        return header.error();
    if (!*header)
        return makeError(source,
                         "empty file: a CSV work list needs a header row of variable names");
    std::vector<std::string> names = row;
    int commandColumn = -1;
    for (std::size_t c = 0; c < names.size(); ++c) {
        const std::string name(trim(names[c]));
        if (!isValidEnvName(name))
            return makeError(source,
                             "header field '" + names[c] +
                                 "' is not a variable name (letters, digits, '_'; not starting "
                                 "with a digit)",
                             headerLine, rowColumns[c]);
        for (std::size_t d = 0; d < c; ++d)
            if (names[d] == name)
                return makeError(source, "duplicate column '" + name + "'", headerLine,
                                 rowColumns[c]);
        names[c] = name;
        if (name == kCommandColumn)
            commandColumn = static_cast<int>(c);
    }
    std::vector<std::string> envNames;
    for (std::size_t c = 0; c < names.size(); ++c)
        if (static_cast<int>(c) != commandColumn)
            envNames.push_back(names[c]);
    WorkList list(envNames, commandColumn >= 0);
    list.reserve(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1,
                 text.size());
    std::vector<std::string_view> fields(names.size());
    while (true) {
        long rowLine = 0;
        auto more = readRow(rowLine);
        if (!more.ok())
            return more.error();
        if (!*more)
            break;
        if (row.size() != names.size())
            return makeError(source,
                             "row has " + std::to_string(row.size()) + " fields, the header has " +
                                 std::to_string(names.size()),
                             rowLine, row.size() > names.size() ? rowColumns[names.size()] : 1);
        if (static_cast<std::size_t>(list.size()) >= maxItems)
            return tooMany(source, maxItems, rowLine);
        std::size_t k = 0;
        if (commandColumn >= 0)
            fields[k++] = row[static_cast<std::size_t>(commandColumn)];
        for (std::size_t c = 0; c < row.size(); ++c)
            if (static_cast<int>(c) != commandColumn)
                fields[k++] = row[c];
        list.append(fields);
    }
    if (list.empty())
        return makeError(source, "no items: the CSV has a header but no rows", headerLine);
    list.setOrigin(source, "csv");
    return list;
}

Result<WorkList> parseFuriko(std::string_view text, const std::string& source,
                             std::size_t maxItems) {
    if (auto bad = checkUtf8(text, source))
        return *bad;
    // libyaml checks the text first; yaml-cpp builds the first document (codec/YamlReader.h).
    auto read = codec::readYamlDocument(text);
    if (!read.ok())
        return makeError(source, read.error().message, read.error().line, read.error().column);
    const YAML::Node root = *read;
    if (!root.IsMap())
        return yamlError(source, root.Mark(),
                         "expected a mapping with withCount, withKeys or withMatrix");
    try {
        std::string command;
        // Default-constructed yaml-cpp nodes count as defined (Null): track presence separately.
        std::optional<YAML::Node> countNode, keysNode, matrixNode;
        int kinds = 0;
        for (const auto& kv : root) {
            const std::string key = kv.first.as<std::string>();
            if (key == "withCount") {
                countNode = kv.second;
                ++kinds;
            } else if (key == "withKeys") {
                keysNode = kv.second;
                ++kinds;
            } else if (key == "withMatrix") {
                matrixNode = kv.second;
                ++kinds;
            } else if (key == "command") {
                if (!kv.second.IsScalar())
                    return yamlError(source, kv.second.Mark(), "command: expected a string");
                command = kv.second.as<std::string>();
            } else {
                return yamlError(source, kv.first.Mark(),
                                 "unknown key '" + key +
                                     "' (expected withCount, withKeys, withMatrix or command)");
            }
        }
        if (kinds == 0)
            return makeError(source, "none of withCount, withKeys, withMatrix is given", 1, 1);
        if (kinds > 1)
            return yamlError(source, root.Mark(),
                             "give exactly one of withCount, withKeys, withMatrix");

        WorkList list;
        if (countNode) {
            const YAML::Node& count = *countNode;
            long long n = 0;
            if (!count.IsScalar() || !YAML::convert<long long>::decode(count, n) || n < 1)
                return yamlError(source, count.Mark(), "withCount: expected a positive integer");
            if (static_cast<unsigned long long>(n) > maxItems)
                return yamlError(source, count.Mark(),
                                 "withCount: more than " + std::to_string(maxItems) + " items");
            list = WorkList({"TASK_INDEX_NUM"}, false);
            list.reserve(static_cast<std::size_t>(n), static_cast<std::size_t>(n) * 6);
            for (long long i = 0; i < n; ++i) {
                const std::string v = std::to_string(i);
                const std::string_view f[] = {v};
                list.append(f);
            }
        } else if (keysNode) {
            const YAML::Node& keys = *keysNode;
            if (!keys.IsSequence() || keys.size() == 0)
                return yamlError(source, keys.Mark(), "withKeys: expected a non-empty list");
            if (keys.size() > maxItems)
                return tooMany(source, maxItems, keys.Mark().line + 1);
            list = WorkList({"TASK_INDEX_KEY"}, false);
            for (const auto& k : keys) {
                if (!k.IsScalar())
                    return yamlError(source, k.Mark(), "withKeys: each key must be a string");
                const std::string v = k.as<std::string>();
                const std::string_view f[] = {v};
                list.append(f);
            }
        } else {
            const YAML::Node& matrix = *matrixNode;
            if (!matrix.IsMap() || matrix.size() == 0)
                return yamlError(source, matrix.Mark(),
                                 "withMatrix: expected a mapping of names to lists of values");
            std::vector<std::string> names;
            std::vector<std::vector<std::string>> values;
            std::size_t total = 1;
            for (const auto& kv : matrix) {
                const std::string name = kv.first.as<std::string>();
                if (!kv.second.IsSequence() || kv.second.size() == 0)
                    return yamlError(source, kv.second.Mark(),
                                     "withMatrix." + name + ": expected a non-empty list");
                std::vector<std::string> vs;
                for (const auto& v : kv.second) {
                    if (!v.IsScalar())
                        return yamlError(source, v.Mark(),
                                         "withMatrix." + name + ": each value must be a string");
                    vs.push_back(v.as<std::string>());
                }
                const std::string env = "TASK_INDEX_MATRIX_" + envSuffix(name);
                for (const std::string& seen : names)
                    if (seen == env)
                        return yamlError(source, kv.first.Mark(),
                                         "withMatrix: '" + name + "' maps to " + env +
                                             " like an earlier key");
                names.push_back(env);
                total *= vs.size();
                if (total > maxItems)
                    return yamlError(source, kv.second.Mark(),
                                     "withMatrix: the product has more than " +
                                         std::to_string(maxItems) + " items");
                values.push_back(std::move(vs));
            }
            // Cartesian product in document order: the first key varies slowest.
            list = WorkList(names, false);
            std::vector<std::size_t> digit(values.size(), 0);
            std::vector<std::string_view> fields(values.size());
            for (std::size_t n = 0; n < total; ++n) {
                for (std::size_t k = 0; k < values.size(); ++k)
                    fields[k] = values[k][digit[k]];
                list.append(fields);
                for (std::size_t k = values.size(); k-- > 0;) {
                    if (++digit[k] < values[k].size())
                        break;
                    digit[k] = 0;
                }
            }
        }
        list.setCommandTemplate(command);
        list.setOrigin(source, "furiko");
        return list;
    } catch (const YAML::Exception& e) {
        return yamlError(source, e.mark, "YAML: " + e.msg);
    }
}

Result<std::pair<std::string, std::vector<std::string>>>
parsePerCompletionEnv(std::string_view spec, const std::string& baseDir) {
    const std::string option = "--per-completion-env " + std::string(spec);
    const std::size_t eq = spec.find('=');
    if (eq == std::string_view::npos)
        return makeError(option, "expected KEY=@file or KEY=\"a b c\"");
    const std::string name(spec.substr(0, eq));
    if (!isValidEnvName(name))
        return makeError(option, "'" + name + "' is not a variable name", 1, 1);
    std::string_view values = spec.substr(eq + 1);
    std::vector<std::string> out;
    if (!values.empty() && values.front() == '@') {
        std::string path(values.substr(1));
        if (!path.empty() && path.front() != '/' && !baseDir.empty())
            path = baseDir + "/" + path;
        auto text = readFile(path);
        if (!text.ok())
            return text.error();
        if (auto bad = checkUtf8(*text, path))
            return *bad;
        // One value per line when the file has several lines, else whitespace-separated.
        std::vector<std::string> lines;
        std::size_t pos = 0;
        const std::string& t = *text;
        while (pos < t.size()) {
            const std::size_t end = std::min(t.find('\n', pos), t.size());
            const std::string_view line = trim(std::string_view(t).substr(pos, end - pos));
            pos = end + 1;
            if (!line.empty())
                lines.emplace_back(line);
        }
        out = lines.size() > 1 ? std::move(lines) : splitWhitespace(t);
        if (out.empty())
            return makeError(path, "no values in the file");
    } else {
        if (values.size() >= 2 && (values.front() == '"' || values.front() == '\'') &&
            values.back() == values.front())
            values = values.substr(1, values.size() - 2);
        out = splitWhitespace(values);
        if (out.empty())
            return makeError(option, "no values", 1, static_cast<long>(eq) + 2);
    }
    return std::make_pair(name, std::move(out));
}

Result<WorkList> loadWorkList(const std::string& path, const LoadOptions& options) {
    WorkList list;
    if (!path.empty()) {
        auto text = readFile(path);
        if (!text.ok())
            return text.error();
        const Format format =
            options.format == Format::Auto ? detectFormat(path, *text) : options.format;
        Result<WorkList> parsed = format == Format::Csv ? parseCsv(*text, path, options.maxItems)
                                  : format == Format::Furiko
                                      ? parseFuriko(*text, path, options.maxItems)
                                      : parseLines(*text, path, options.maxItems);
        if (!parsed.ok())
            return parsed.error();
        list = std::move(parsed).value();
    }
    std::string lengthsFrom;
    for (const std::string& spec : options.perCompletionEnv) {
        auto values = parsePerCompletionEnv(spec, options.baseDir);
        if (!values.ok())
            return values.error();
        auto& [name, vs] = *values;
        if (path.empty() && list.empty() && list.envNames().empty()) {
            list = WorkList({}, false);
            for (std::size_t i = 0; i < vs.size(); ++i)
                list.append({});
            list.setOrigin("--per-completion-env", "template");
            lengthsFrom = name;
        }
        for (const std::string& seen : list.envNames())
            if (seen == name)
                return makeError("--per-completion-env " + spec,
                                 "variable " + name + " is given twice");
        if (vs.size() != static_cast<std::size_t>(list.size()))
            return makeError(
                "--per-completion-env " + spec,
                name + " has " + std::to_string(vs.size()) + " values, but " +
                    (lengthsFrom.empty() ? "the work list has " : lengthsFrom + " has ") +
                    std::to_string(list.size()));
        list.addColumn(name, vs);
    }
    if (path.empty() && options.perCompletionEnv.empty())
        return makeError("work list", "no work list file and no --per-completion-env values");
    if (!options.command.empty())
        list.setCommandTemplate(options.command);
    return list;
}

std::string saveWorkListCsv(const WorkList& list, const std::string& path) {
    const std::string tmp = path + ".tmp";
    std::FILE* f = std::fopen(tmp.c_str(), "wb");
    if (!f)
        return tmp + ": " + std::strerror(errno);
    auto writeField = [f](std::string_view v) {
        const bool quote = v.find_first_of(",\"\n\r") != std::string_view::npos || v.empty();
        if (!quote) {
            std::fwrite(v.data(), 1, v.size(), f);
            return;
        }
        std::fputc('"', f);
        for (const char c : v) {
            if (c == '"')
                std::fputc('"', f);
            std::fputc(c, f);
        }
        std::fputc('"', f);
    };
    std::vector<std::string_view> header;
    if (list.hasItemCommands())
        header.emplace_back(kCommandColumn);
    for (const std::string& n : list.envNames())
        header.emplace_back(n);
    if (header.empty())
        header.emplace_back("TESSERA_ITEM"); // a list of N items with nothing per item
    for (std::size_t k = 0; k < header.size(); ++k) {
        if (k)
            std::fputc(',', f);
        std::fputs(std::string(header[k]).c_str(), f);
    }
    std::fputc('\n', f);
    const bool placeholder = !list.hasItemCommands() && list.envNames().empty();
    for (int32_t i = 0; i < list.size(); ++i) {
        bool first = true;
        if (list.hasItemCommands()) {
            writeField(list.command(i));
            first = false;
        }
        for (std::size_t c = 0; c < list.envNames().size(); ++c) {
            if (!first)
                std::fputc(',', f);
            writeField(list.envValue(i, c));
            first = false;
        }
        if (placeholder)
            std::fputs(std::to_string(i).c_str(), f);
        std::fputc('\n', f);
    }
    const bool ok = std::fflush(f) == 0 && fsync(fileno(f)) == 0;
    std::fclose(f);
    if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
        const std::string why = std::strerror(errno);
        std::remove(tmp.c_str());
        return path + ": " + why;
    }
    return {};
}

} // namespace tessera::worklist
