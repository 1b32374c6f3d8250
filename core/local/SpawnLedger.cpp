#include "SpawnLedger.h"

#include "codec/BoundedFile.h"

#include <charconv>

namespace tessera::local {

namespace {

// The space-separated integers of `line` after its kind letter.
bool numbers(std::string_view line, int64_t* out, std::size_t count) {
    std::size_t pos = 1;
    for (std::size_t k = 0; k < count; ++k) {
        if (pos >= line.size() || line[pos] != ' ')
            return false;
        ++pos;
        const auto r = std::from_chars(line.data() + pos, line.data() + line.size(), out[k]);
        if (r.ec != std::errc())
            return false;
        pos = static_cast<std::size_t>(r.ptr - line.data());
    }
    return pos == line.size();
}

} // namespace

engine::Result<std::vector<LedgerEntry>> readSpawnLedger(const std::string& path) {
    std::vector<LedgerEntry> out;
    codec::ReadOptions options;
    options.missingIsEmpty = true;
    auto read = codec::readBoundedFile(path, codec::FileKind::Journal, options);
    if (!read.ok())
        return read.error();
    const std::string& text = *read;
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t nl = text.find('\n', pos);
        if (nl == std::string::npos)
            break; // a torn last line
        const std::string_view line(text.data() + pos, nl - pos);
        pos = nl + 1;
        if (line.empty())
            continue;
        int64_t v[4] = {};
        LedgerEntry e;
        e.kind = line[0];
        if (e.kind == 'H' && numbers(line, v, 2)) {
            e.pid = v[0];
            e.startTicks = v[1];
        } else if (e.kind == 'S' && numbers(line, v, 4)) {
            e.index = static_cast<int32_t>(v[0]);
            e.attempt = static_cast<int32_t>(v[1]);
            e.pid = v[2];
            e.startTicks = v[3];
        } else if (e.kind == 'E' && (numbers(line, v, 3) || numbers(line, v, 4))) {
            e.index = static_cast<int32_t>(v[0]);
            e.attempt = static_cast<int32_t>(v[1]);
            e.exitCode = static_cast<int32_t>(v[2]);
            e.logError = static_cast<int32_t>(v[3]);
        } else {
            continue;
        }
        out.push_back(e);
    }
    return out;
}

} // namespace tessera::local
