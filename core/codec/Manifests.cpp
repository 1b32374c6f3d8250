#include "Manifests.h"

#include "BoundedFile.h"
#include "Decode.h"
#include "ManifestReaders.h"
#include "PathText.h"

namespace tessera::codec {

engine::Error Manifest::locate(engine::Error error) const {
    if (verbatim) {
        if (error.position < 0)
            return error;
        long l = 1, c = 1;
        lineColumn(json, error.position, l, c);
        error.column = l == 1 ? column + c - 1 : c;
        error.line = line + l - 1;
        error.position += offset;
        return error;
    }
    // The node at the error's path, or its nearest ancestor that has a position.
    std::string_view path = error.field;
    while (true) {
        for (const auto& [p, lc] : positions) {
            if (p == path) {
                error.line = lc.first;
                error.column = lc.second;
                error.position = -1;
                return error;
            }
        }
        if (path.empty())
            break;
        const auto cut = path.find_last_of(".[");
        path = path.substr(0, cut == std::string_view::npos ? 0 : cut);
    }
    error.line = line;
    error.column = column;
    error.position = -1;
    return error;
}

std::string Manifest::describe(const engine::Error& error) const {
    return formatError(source, locate(error));
}

std::string formatError(std::string_view source, const engine::Error& e) {
    // Manifest errors already start with "source:line:column: ".
    if (!source.empty() && e.message.size() > source.size() &&
        e.message.compare(0, source.size(), source) == 0 && e.message[source.size()] == ':')
        return e.message;
    std::string out(source);
    if (e.line >= 0) {
        out += ':' + std::to_string(e.line);
        if (e.column >= 0)
            out += ':' + std::to_string(e.column);
    }
    out += ": ";
    if (!e.field.empty()) {
        out += e.field;
        out += ": ";
    }
    if (!e.value.empty())
        out += "Invalid value: " + e.value + ": ";
    out += e.message;
    return out;
}

engine::Result<std::vector<Manifest>> parseManifests(std::string_view text,
                                                     std::string_view sourceName) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && (text[first] == '{' || text[first] == '[')) {
        // As kubectl does: text that starts like JSON is read as JSON only (no YAML fallback,
        // which would accept `[1, 2,]` and hide the real error).
        return manifest_detail::parseJson(text, sourceName);
    }
    return manifest_detail::parseYaml(text, sourceName);
}

engine::Result<std::string> readTextFile(const std::string& path) {
    // Room for the decoder's padding, so decodeX(text) reads the text in place.
    return readBoundedFile(path, FileKind::Manifest, {.allowPipes = true, .padding = kJsonPadding});
}

engine::Result<std::vector<Manifest>> loadManifests(const std::string& path) {
    auto text = readTextFile(path);
    if (!text.ok())
        return text.error();
    return parseManifests(*text,
                          path == "-" ? std::string_view("<stdin>") : std::string_view(path));
}

} // namespace tessera::codec
