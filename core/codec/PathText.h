#pragma once
// Internal: how the codec writes a JSON path
// ("pods[12].metadata.labels[\"app.kubernetes.io/name\"]"), shared by the decoder (error fields)
// and the manifest reader (YAML positions) so they match.
#include <string>
#include <string_view>

namespace tessera::codec::detail {

inline bool isPlainPathKey(std::string_view k) {
    if (k.empty())
        return false;
    for (char c : k) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (c >= '0' && c <= '9') || c == '_' || c == '-';
        if (!ok)
            return false;
    }
    return true;
}

inline void appendPathKey(std::string& path, std::string_view key) {
    if (isPlainPathKey(key)) {
        if (!path.empty())
            path += '.';
        path += key;
    } else {
        // Label and annotation keys contain dots and slashes.
        path += "[\"";
        path += key;
        path += "\"]";
    }
}

inline void appendPathIndex(std::string& path, long index) {
    path += '[';
    path += std::to_string(index);
    path += ']';
}

} // namespace tessera::codec::detail
