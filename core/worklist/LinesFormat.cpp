// One shell command per line; blank lines and # comments skipped.
#include "FormatSupport.h"
#include "WorkListFormats.h"

#include <algorithm>

namespace tessera::worklist {

using engine::Error;
using engine::Result;
using namespace detail;

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

} // namespace tessera::worklist
