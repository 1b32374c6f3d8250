// CSV work lists (RFC 4180): a header row of variable names, TESSERA_COMMAND the command.
#include "FormatSupport.h"
#include "WorkListFormats.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unistd.h>

namespace tessera::worklist {

using engine::Error;
using engine::Result;
using namespace detail;

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
