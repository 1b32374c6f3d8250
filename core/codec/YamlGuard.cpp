#include "YamlGuard.h"

#include "InputRules.h"
#include "LibyamlParser.h"
#include "PathText.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace tessera::codec {

namespace {

constexpr unsigned long long kSaturated = 1'000'000'000'000'000'000ULL;

unsigned long long saturatingAdd(unsigned long long a, unsigned long long b) {
    return a >= kSaturated - std::min(b, kSaturated) ? kSaturated : a + b;
}

// 1-based line and column (in characters) of a byte offset.
void lineColumnAt(std::string_view text, std::size_t offset, long& line, long& column) {
    offset = std::min(offset, text.size());
    line = 1;
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < offset; ++i)
        if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    column = 1;
    for (std::size_t i = lineStart; i < offset; ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80)
            ++column;
}

engine::Error errorAt(std::string message, long line, long column, long position = -1) {
    engine::Error e;
    e.message = std::move(message);
    e.line = line;
    e.column = column;
    e.position = position;
    return e;
}

engine::Error errorAt(std::string message, const yaml_mark_t& mark) {
    return errorAt(std::move(message), static_cast<long>(mark.line) + 1,
                   static_cast<long>(mark.column) + 1);
}

std::string hexByte(unsigned value) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%02X", value);
    return buf;
}

engine::Error readerError(std::string_view text, const yaml_parser_t& parser) {
    long line = 1, column = 1;
    lineColumnAt(text, parser.problem_offset, line, column);
    const std::string problem = parser.problem != nullptr ? parser.problem : "unreadable input";
    std::string message;
    const auto value = static_cast<unsigned>(parser.problem_value);
    if (problem.find("control characters") != std::string::npos)
        message = value == 0 ? "NUL byte: YAML text cannot contain one (is this a binary file?)"
                             : "control character " + hexByte(value) + " is not allowed in YAML";
    else if (problem.find("UTF-8") != std::string::npos ||
             problem.find("Unicode") != std::string::npos)
        message = "not UTF-8 text: " + problem +
                  (parser.problem_value >= 0 ? " (byte " + hexByte(value) + ")" : std::string());
    else
        message = problem;
    return errorAt(message, line, column, static_cast<long>(parser.problem_offset));
}

engine::Error syntaxError(const yaml_parser_t& parser) {
    std::string message = parser.problem != nullptr ? parser.problem : "invalid YAML";
    if (parser.context != nullptr)
        message += " (" + std::string(parser.context) + " at line " +
                   std::to_string(parser.context_mark.line + 1) + ", column " +
                   std::to_string(parser.context_mark.column + 1) + ")";
    return errorAt("YAML: " + message, parser.problem_mark);
}

std::string anchorName(const yaml_char_t* anchor) {
    return anchor != nullptr ? std::string(reinterpret_cast<const char*>(anchor)) : std::string();
}

class Checker {
public:
    Checker(std::string_view text, const YamlLimits& limits)
        : m_text(text)
        , m_limits(limits)
        , m_parser(text) {}
    Checker(const Checker&) = delete;
    Checker& operator=(const Checker&) = delete;

    std::optional<engine::Error> run() {
        while (true) {
            yaml_event_t event;
            if (!yaml_parser_parse(&m_parser.raw(), &event))
                return m_parser.raw().error == YAML_READER_ERROR
                           ? readerError(m_text, m_parser.raw())
                           : syntaxError(m_parser.raw());
            std::optional<engine::Error> error = handle(event);
            const bool end = event.type == YAML_STREAM_END_EVENT;
            yaml_event_delete(&event);
            if (error)
                return error;
            if (end)
                return std::nullopt;
        }
    }

private:
    struct Open {
        std::string anchor;          // "" when the collection has none
        unsigned long long size = 1; // nodes in it once aliases are expanded, itself included
        std::size_t height = 1;      // levels of collections in it, aliases expanded
        bool mapping = false;
        unsigned long long children = 0;         // nodes read in it so far (keys and values)
        std::string key;                         // a mapping's current key ("?" when not a scalar)
        std::set<std::string, std::less<>> keys; // a mapping's scalar keys so far
    };
    struct Anchored {
        unsigned long long size = 1;
        std::size_t height = 0; // 0 for a scalar
    };

    std::optional<engine::Error> handle(const yaml_event_t& event) {
        switch (event.type) {
        case YAML_DOCUMENT_START_EVENT:
            // Anchors and go-yaml's counters are per document.
            m_anchors.clear();
            m_nodes = 0;
            m_aliased = 0;
            return std::nullopt;
        case YAML_SCALAR_EVENT: {
            const std::string_view text(reinterpret_cast<const char*>(event.data.scalar.value),
                                        event.data.scalar.length);
            if (std::optional<engine::Error> duplicate = child(event, &text))
                return duplicate;
            finished(anchorName(event.data.scalar.anchor), Anchored{1, 0});
            return std::nullopt;
        }
        case YAML_SEQUENCE_START_EVENT:
        case YAML_MAPPING_START_EVENT: {
            (void)child(event, nullptr);
            if (m_open.size() >= m_limits.maxDepth)
                return errorAt(path() + ": " + nestingMessage(m_limits.maxDepth), event.start_mark);
            const bool mapping = event.type == YAML_MAPPING_START_EVENT;
            const yaml_char_t* anchor =
                mapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor;
            Open open;
            open.anchor = anchorName(anchor);
            open.mapping = mapping;
            m_open.push_back(std::move(open));
            return std::nullopt;
        }
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT: {
            Open closed = std::move(m_open.back());
            m_open.pop_back();
            finished(closed.anchor, Anchored{closed.size, closed.height});
            return std::nullopt;
        }
        case YAML_ALIAS_EVENT:
            (void)child(event, nullptr);
            return alias(anchorName(event.data.alias.anchor), event.start_mark);
        default:
            return std::nullopt;
        }
    }

    // A node starts in the innermost open collection. A mapping's scalar keys must all differ
    // (`scalar`: the node's text when it is a scalar).
    std::optional<engine::Error> child(const yaml_event_t& event, const std::string_view* scalar) {
        if (m_open.empty())
            return std::nullopt;
        Open& parent = m_open.back();
        const bool isKey = parent.mapping && parent.children % 2 == 0;
        ++parent.children;
        if (!isKey)
            return std::nullopt;
        parent.key = scalar != nullptr ? std::string(*scalar) : std::string("?");
        if (scalar != nullptr && !parent.keys.insert(parent.key).second)
            return errorAt(duplicateFieldMessage(path()), event.start_mark);
        return std::nullopt;
    }

    // The JSON path of the node being read ("spec.template.spec.containers[0]").
    std::string path() const {
        std::string out;
        for (const Open& open : m_open) {
            if (open.children == 0)
                break;
            if (open.mapping)
                detail::appendPathKey(out, open.key);
            else
                detail::appendPathIndex(out, static_cast<long>(open.children - 1));
        }
        return out;
    }

    // A node (scalar or whole collection) is complete.
    void finished(const std::string& anchor, const Anchored& node) {
        m_nodes = saturatingAdd(m_nodes, 1);
        if (!anchor.empty())
            m_anchors[anchor] = node;
        addToParent(node);
    }

    void addToParent(const Anchored& node) {
        if (m_open.empty())
            return;
        Open& parent = m_open.back();
        parent.size = saturatingAdd(parent.size, node.size);
        parent.height = std::max(parent.height, node.height + 1);
    }

    std::optional<engine::Error> alias(const std::string& name, const yaml_mark_t& mark) {
        for (const Open& open : m_open)
            if (open.anchor == name)
                return errorAt("alias *" + name + " refers to a node that contains it (a cycle)",
                               mark);
        const auto it = m_anchors.find(name);
        if (it == m_anchors.end())
            return errorAt(
                "alias *" + name + " refers to no anchor &" + name + " defined before it", mark);
        const Anchored target = it->second;
        const unsigned long long expanded = target.size;
        // An alias nests its target here: readers that expand it recurse that deep.
        if (m_open.size() + target.height > m_limits.maxDepth)
            return errorAt(path() + ": alias *" + name + " puts its anchor's " +
                               std::to_string(target.height) + " levels at depth " +
                               std::to_string(m_open.size()) + ": " +
                               nestingMessage(m_limits.maxDepth) + " once aliases are expanded",
                           mark);
        // As go-yaml counts: the alias node itself, then every node of its target again.
        m_nodes = saturatingAdd(m_nodes, saturatingAdd(expanded, 1));
        m_aliased = saturatingAdd(m_aliased, expanded);
        addToParent(target);
        if (m_aliased > 100 && m_nodes > 1000 &&
            static_cast<double>(m_aliased) / static_cast<double>(m_nodes) >
                allowedAliasRatio(m_nodes))
            return errorAt(
                "excessive aliasing: alias *" + name + " brings the document to " +
                    (m_nodes >= kSaturated ? std::string("more than 10^18")
                                           : std::to_string(m_nodes)) +
                    " nodes once anchors are expanded, " +
                    (m_aliased >= kSaturated ? std::string("nearly all")
                                             : std::to_string(m_aliased)) +
                    " of them copies made by aliases (the Kubernetes API server's YAML limit "
                    "allows at most " +
                    std::to_string(std::lround(allowedAliasRatio(m_nodes) * 100)) +
                    "% from aliases for a document of this size)",
                mark);
        return std::nullopt;
    }

    std::string_view m_text;
    YamlLimits m_limits;
    LibyamlParser m_parser;
    std::vector<Open> m_open;
    std::map<std::string, Anchored, std::less<>> m_anchors;
    unsigned long long m_nodes = 0;
    unsigned long long m_aliased = 0;
};

} // namespace

double allowedAliasRatio(unsigned long long nodes) {
    constexpr double low = 400'000, high = 4'000'000;
    const auto n = static_cast<double>(nodes);
    if (n <= low)
        return 0.99; // small and medium documents may be almost all aliases
    if (n >= high)
        return 0.10; // large ones may not
    return 0.99 - 0.89 * ((n - low) / (high - low));
}

std::optional<engine::Error> checkYaml(std::string_view text, const YamlLimits& limits) {
    return Checker(text, limits).run();
}

} // namespace tessera::codec
