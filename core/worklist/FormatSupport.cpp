#include "FormatSupport.h"

#include "WorkListFormats.h"
#include "codec/BoundedFile.h"

#include <cctype>
#include <cstdio>

namespace tessera::worklist {

namespace detail {

using engine::Error;
using engine::Result;

Error makeError(const std::string& source, std::string message, long line, long column) {
    Error e;
    e.field = source;
    e.message = std::move(message);
    e.line = line;
    e.column = column;
    return e;
}

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
namespace {

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

} // namespace

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

} // namespace detail

bool isValidEnvName(std::string_view name) {
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name.front())))
        return false;
    for (const char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
            return false;
    return true;
}

} // namespace tessera::worklist
