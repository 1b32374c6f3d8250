// --per-completion-env KEY=@FILE | KEY="a b c": one variable's values, as kubectl's flag.
#include "FormatSupport.h"
#include "WorkListFormats.h"

namespace tessera::worklist {

using engine::Error;
using engine::Result;
using namespace detail;

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

} // namespace tessera::worklist
