#include "WorkListFormats.h"

#include "FormatSupport.h"

#include <algorithm>

namespace tessera::worklist {

using engine::Error;
using engine::Result;
using namespace detail;

namespace {

constexpr std::string_view kNoNames[] = {""};
constexpr std::string_view kFurikoAliases[] = {"yaml"};
constexpr std::string_view kCsvExtensions[] = {".csv"};
constexpr std::string_view kFurikoExtensions[] = {".yaml", ".yml"};
constexpr std::string_view kJsonLinesExtensions[] = {".jsonl"};

constexpr FormatInfo kFormats[] = {
    {Format::Lines, "lines", std::span(kNoNames, 0), std::span(kNoNames, 0), parseLines},
    {Format::Csv, "csv", std::span(kNoNames, 0), kCsvExtensions, parseCsv},
    {Format::Furiko, "furiko", kFurikoAliases, kFurikoExtensions, parseFuriko},
    {Format::JsonLines, "jsonl", std::span(kNoNames, 0), kJsonLinesExtensions, parseJsonLines},
};

std::string lowerCase(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

// The row whose extension ends `path` (any case), or nullptr.
const FormatInfo* formatByExtension(const std::string& path) {
    const std::string lower = lowerCase(path);
    for (const FormatInfo& f : kFormats)
        for (const std::string_view extension : f.extensions)
            if (endsWith(lower, extension))
                return &f;
    return nullptr;
}

// The first line that is not blank, a '#' comment or a YAML document marker ("" when none).
std::string_view firstContentLine(std::string_view text) {
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t end = std::min(text.find('\n', pos), text.size());
        const std::string_view line = trim(text.substr(pos, end - pos));
        pos = end + 1;
        if (line.empty() || line.front() == '#' || line == "---")
            continue;
        return line;
    }
    return {};
}

} // namespace

std::span<const FormatInfo> formats() {
    return kFormats;
}

const FormatInfo& formatInfo(Format format) {
    for (const FormatInfo& f : kFormats)
        if (f.format == format)
            return f;
    return kFormats[0];
}

std::optional<Format> formatFromName(std::string_view name) {
    for (const FormatInfo& f : kFormats) {
        if (f.name == name)
            return f.format;
        for (const std::string_view alias : f.aliases)
            if (alias == name)
                return f.format;
    }
    return std::nullopt;
}

std::string formatNames() {
    std::string out;
    for (std::size_t i = 0; i < std::size(kFormats); ++i) {
        if (i > 0)
            out += i + 1 == std::size(kFormats) ? " or " : ", ";
        out += kFormats[i].name;
        for (const std::string_view alias : kFormats[i].aliases)
            out += " (or " + std::string(alias) + ")";
    }
    return out;
}

const char* toString(Format f) {
    return f == Format::Auto ? "auto" : formatInfo(f).name.data();
}

Format detectFormat(const std::string& path, std::string_view text) {
    if (const FormatInfo* byName = formatByExtension(path))
        return byName->format;
    const std::string_view line = firstContentLine(text);
    for (const std::string_view key : {"withCount:", "withKeys:", "withMatrix:"})
        if (line.substr(0, key.size()) == key)
            return Format::Furiko;
    if (isJsonLinesItem(line))
        return Format::JsonLines;
    return Format::Lines;
}

bool looksLikeManifest(const std::string& path, std::string_view text) {
    const std::string lower = lowerCase(path);
    if (endsWith(lower, ".jsonl"))
        return false;
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && (text[first] == '{' || text[first] == '['))
        return !isJsonLinesItem(firstContentLine(text));
    if (!endsWith(lower, ".yaml") && !endsWith(lower, ".yml"))
        return false;
    // A top-level "kind:" at the start of a line, in any document.
    std::size_t at = 0;
    while ((at = text.find("kind:", at)) != std::string_view::npos) {
        if (at == 0 || text[at - 1] == '\n')
            return true;
        at += 5;
    }
    return false;
}

Result<WorkList> loadWorkList(const std::string& path, const LoadOptions& options) {
    WorkList list;
    if (!path.empty()) {
        auto text = readFile(path);
        if (!text.ok())
            return text.error();
        if (options.format == Format::Auto && looksLikeManifest(path, *text))
            return makeError(path, "a Kubernetes manifest, not a work list (a Job's settings go "
                                   "with --job; the items are a work list of their own)");
        const Format format =
            options.format == Format::Auto ? detectFormat(path, *text) : options.format;
        Result<WorkList> parsed = formatInfo(format).parse(*text, path, options.maxItems);
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

} // namespace tessera::worklist
