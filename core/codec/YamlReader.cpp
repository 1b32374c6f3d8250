#include "YamlReader.h"

#include "LibyamlParser.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <yaml-cpp/eventhandler.h>

namespace tessera::codec {

namespace {

enum class Kind { Scalar, SequenceStart, SequenceEnd, MappingStart, MappingEnd, Alias };

// One node event of a document as libyaml read it: what yaml-cpp must read too.
struct Expected {
    Kind kind = Kind::Scalar;
    std::string text; // a scalar's value
    // A scalar's or collection's tag as yaml-cpp names it: the resolved tag when one is given,
    // else "?" for a plain scalar or a collection, "!" for a quoted or block scalar.
    std::string tag;
    bool anchored = false;
    long aliasTarget = -1; // for an alias: the index of the node it refers to
    yaml_mark_t mark{};
};

// The error a difference between the two readings becomes.
struct Mismatch {
    engine::Error error;
};

engine::Error errorAt(std::string message, long line, long column, long position) {
    engine::Error e;
    e.message = std::move(message);
    e.line = line;
    e.column = column;
    e.position = position;
    return e;
}

// Length of the well-formed UTF-8 sequence at text[i] (lead byte >= 0x80), 0 if there is none.
std::size_t utf8SequenceAt(std::string_view text, std::size_t i) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const std::size_t length = lead >= 0xF0 && lead <= 0xF4   ? 4
                               : lead >= 0xE0 && lead <= 0xEF ? 3
                               : lead >= 0xC2 && lead <= 0xDF ? 2
                                                              : 0;
    if (length == 0 || i + length > text.size())
        return 0;
    for (std::size_t k = 1; k < length; ++k)
        if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80)
            return 0;
    return length;
}

// Up to 40 bytes of a scalar from about `from` (where two readings start to differ), with
// control characters and bytes that are not UTF-8 escaped, so a difference in them shows and the
// message stays text.
std::string quoted(std::string_view text, std::size_t from) {
    constexpr std::size_t kShown = 40;
    from = std::min(from, text.size());
    while (from > 0 && from < text.size() &&
           (static_cast<unsigned char>(text[from]) & 0xC0) == 0x80)
        --from;
    std::string out = from > 0 ? "\"..." : "\"";
    std::size_t i = from;
    while (i < text.size() && i < from + kShown) {
        const char c = text[i];
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x80) {
            if (const std::size_t n = utf8SequenceAt(text, i)) {
                out.append(text.substr(i, n));
                i += n;
                continue;
            }
        }
        if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else if (c == '\t')
            out += "\\t";
        else if (u < 0x20 || u >= 0x7F) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02X", u);
            out += hex;
        } else
            out += c;
        ++i;
    }
    if (i < text.size())
        out += "...";
    return out + "\"";
}

bool isNonSpecific(std::string_view tag) {
    return tag == "?" || tag == "!";
}

std::string describe(Kind kind, std::string_view text, std::string_view tag, bool isNull,
                     bool anchored, std::size_t from = 0) {
    const std::string withAnchor = anchored ? " with an anchor" : "";
    const std::string tagged =
        (isNonSpecific(tag) || tag.empty() ? std::string() : " tagged " + std::string(tag)) +
        withAnchor;
    switch (kind) {
    case Kind::Scalar:
        if (isNull)
            return "an empty value" + withAnchor;
        return std::string(tag == "?" ? "the plain scalar " : "the scalar ") + quoted(text, from) +
               tagged;
    case Kind::SequenceStart:
        return "a sequence" + tagged;
    case Kind::SequenceEnd:
        return "the end of a sequence";
    case Kind::MappingStart:
        return "a mapping" + tagged;
    case Kind::MappingEnd:
        return "the end of a mapping";
    case Kind::Alias:
        return "an alias";
    }
    return "a node";
}

bool isNullText(std::string_view s) {
    return s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL";
}

std::string describe(const Expected& e, std::size_t from = 0) {
    return describe(e.kind, e.text, e.tag, e.kind == Kind::Scalar && e.tag == "?" && e.text.empty(),
                    e.anchored, from);
}

std::string_view chars(const yaml_char_t* s) {
    return s != nullptr ? std::string_view(reinterpret_cast<const char*>(s)) : std::string_view();
}

// What yaml-cpp reports, compared event by event with libyaml's reading of the same document.
class Comparer : public YAML::EventHandler {
public:
    Comparer(const std::vector<Expected>& expected, const YamlDocument& where)
        : m_expected(expected)
        , m_where(where) {}

    void OnDocumentStart(const YAML::Mark& mark) override {
        if (++m_documents > 1)
            throw Mismatch{located(mark, "YAML: cannot read this part unambiguously: libyaml "
                                         "(as kubectl) ends the document before it, yaml-cpp "
                                         "starts another one here; quote the value, or put a "
                                         "space after an anchor (&name), alias or tag")};
    }
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        node(mark, Kind::Scalar, anchor, "?", "", true);
    }
    void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        node(mark, Kind::Alias, anchor, "", "", false);
    }
    void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  const std::string& value) override {
        node(mark, Kind::Scalar, anchor, tag, value, false);
    }
    void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override {
        node(mark, Kind::SequenceStart, anchor, tag, "", false);
    }
    void OnSequenceEnd() override {
        node(YAML::Mark::null_mark(), Kind::SequenceEnd, 0, "", "", false);
    }
    void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value) override {
        node(mark, Kind::MappingStart, anchor, tag, "", false);
    }
    void OnMapEnd() override { node(YAML::Mark::null_mark(), Kind::MappingEnd, 0, "", "", false); }

    // After yaml-cpp's document: libyaml's must be over too.
    void finish() const {
        if (m_next < m_expected.size())
            throw Mismatch{differ(m_expected[m_next], "ends the document before it")};
    }

private:
    void node(const YAML::Mark& mark, Kind kind, YAML::anchor_t anchor, std::string_view tag,
              std::string_view value, bool isNull) {
        if (m_next >= m_expected.size())
            throw Mismatch{
                located(mark, "YAML: cannot read this part unambiguously: libyaml (as "
                              "kubectl) ends the document before it, yaml-cpp reads " +
                                  describe(kind, value, tag, isNull, anchor != YAML::NullAnchor) +
                                  "; quote the value, or put a space after an anchor "
                                  "(&name), alias or tag")};
        const Expected& e = m_expected[m_next];
        bool same = e.kind == kind;
        if (same && kind == Kind::Alias) {
            const auto it = m_nodeOfAnchor.find(anchor);
            same = it != m_nodeOfAnchor.end() && it->second == e.aliasTarget;
        } else if (same) {
            same = e.anchored == (anchor != YAML::NullAnchor) &&
                   (kind == Kind::SequenceEnd || kind == Kind::MappingEnd || e.tag == tag);
            if (same && kind == Kind::Scalar)
                same = isNull ? isNullText(e.text) : e.text == value;
        }
        if (!same) {
            // Long scalars that differ late are shown from a little before the difference.
            std::size_t common = 0;
            while (common < e.text.size() && common < value.size() &&
                   e.text[common] == value[common])
                ++common;
            const std::size_t from = kind == Kind::Scalar && common > 30 ? common - 10 : 0;
            throw Mismatch{differ(
                e, "reads " + describe(kind, value, tag, isNull, anchor != YAML::NullAnchor, from),
                from)};
        }
        if (anchor != YAML::NullAnchor && kind != Kind::Alias)
            m_nodeOfAnchor[anchor] = static_cast<long>(m_next);
        ++m_next;
    }

    engine::Error located(const YAML::Mark& mark, std::string message) const {
        const YAML::Mark m = markInText(m_where, mark);
        return errorAt(std::move(message), m.line >= 0 ? m.line + 1 : -1,
                       m.column >= 0 ? m.column + 1 : -1, m.pos);
    }

    static engine::Error differ(const Expected& e, const std::string& yamlCpp,
                                std::size_t from = 0) {
        return errorAt("YAML: cannot read this node unambiguously: libyaml (as kubectl) reads " +
                           describe(e, from) + ", yaml-cpp " + yamlCpp +
                           "; quote the value, or put a space after an anchor (&name), alias or "
                           "tag",
                       static_cast<long>(e.mark.line) + 1, static_cast<long>(e.mark.column) + 1,
                       static_cast<long>(e.mark.index));
    }

    const std::vector<Expected>& m_expected;
    const YamlDocument& m_where;
    std::size_t m_next = 0;
    int m_documents = 0;
    std::map<YAML::anchor_t, long> m_nodeOfAnchor;
};

// Reads libyaml's events document by document and hands each document to yaml-cpp.
class Reader {
public:
    Reader(std::string_view text, bool firstOnly)
        : m_text(text)
        , m_firstOnly(firstOnly)
        , m_parser(text)
        , m_byteCursor(text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0) {}
    Reader(const Reader&) = delete;
    Reader& operator=(const Reader&) = delete;

    std::optional<engine::Error> run() {
        try {
            while (true) {
                yaml_event_t event;
                if (!yaml_parser_parse(&m_parser.raw(), &event))
                    // checkYaml() read the same text without error: not expected.
                    return errorAt(std::string("YAML: ") + (m_parser.raw().problem != nullptr
                                                                ? m_parser.raw().problem
                                                                : "invalid YAML"),
                                   static_cast<long>(m_parser.raw().problem_mark.line) + 1,
                                   static_cast<long>(m_parser.raw().problem_mark.column) + 1,
                                   static_cast<long>(m_parser.raw().problem_mark.index));
                const bool more = handle(event);
                yaml_event_delete(&event);
                if (!more)
                    return std::nullopt;
            }
        } catch (const Mismatch& m) {
            return m.error;
        }
    }

    std::vector<YamlDocument>& documents() { return m_documents; }

private:
    // false once there is nothing more to read
    bool handle(const yaml_event_t& event) {
        switch (event.type) {
        case YAML_STREAM_END_EVENT:
            return false;
        case YAML_DOCUMENT_START_EVENT:
            startDocument(byteOffset(event.start_mark.index));
            return true;
        case YAML_DOCUMENT_END_EVENT:
            endDocument(byteOffset(event.end_mark.index));
            return !m_firstOnly;
        case YAML_SCALAR_EVENT: {
            const auto& s = event.data.scalar;
            Expected e = node(Kind::Scalar, event, s.anchor);
            e.text.assign(reinterpret_cast<const char*>(s.value), s.length);
            e.tag = tagName(s.tag, s.style == YAML_PLAIN_SCALAR_STYLE ? "?" : "!");
            m_events.push_back(std::move(e));
            return true;
        }
        case YAML_SEQUENCE_START_EVENT: {
            Expected e = node(Kind::SequenceStart, event, event.data.sequence_start.anchor);
            e.tag = tagName(event.data.sequence_start.tag, "?");
            m_events.push_back(std::move(e));
            return true;
        }
        case YAML_MAPPING_START_EVENT: {
            Expected e = node(Kind::MappingStart, event, event.data.mapping_start.anchor);
            e.tag = tagName(event.data.mapping_start.tag, "?");
            m_events.push_back(std::move(e));
            return true;
        }
        case YAML_SEQUENCE_END_EVENT:
            m_events.push_back(node(Kind::SequenceEnd, event, nullptr));
            return true;
        case YAML_MAPPING_END_EVENT:
            m_events.push_back(node(Kind::MappingEnd, event, nullptr));
            return true;
        case YAML_ALIAS_EVENT: {
            Expected e = node(Kind::Alias, event, nullptr);
            const auto it = m_anchors.find(std::string(chars(event.data.alias.anchor)));
            e.aliasTarget = it != m_anchors.end() ? it->second : -1;
            m_events.push_back(std::move(e));
            return true;
        }
        default:
            return true;
        }
    }

    Expected node(Kind kind, const yaml_event_t& event, const yaml_char_t* anchor) {
        Expected e;
        e.kind = kind;
        e.mark = event.start_mark;
        if (anchor != nullptr) {
            e.anchored = true;
            m_anchors[std::string(chars(anchor))] = static_cast<long>(m_events.size());
        }
        return e;
    }

    static std::string tagName(const yaml_char_t* tag, const char* nonSpecific) {
        // An explicit `!` is the non-specific tag of a quoted scalar: a string.
        if (tag == nullptr)
            return nonSpecific;
        return std::string(chars(tag));
    }

    // libyaml's marks count characters (after a byte order mark), not bytes: the byte offset of
    // the character `index`, found by walking on from the last one asked for (documents come in
    // order).
    std::size_t byteOffset(std::size_t index) {
        while (m_charCursor < index && m_byteCursor < m_text.size()) {
            ++m_byteCursor;
            while (m_byteCursor < m_text.size() &&
                   (static_cast<unsigned char>(m_text[m_byteCursor]) & 0xC0) == 0x80)
                ++m_byteCursor;
            ++m_charCursor;
        }
        return m_byteCursor;
    }

    void startDocument(std::size_t start) {
        m_events.clear();
        m_anchors.clear();
        // Every document after the first starts with `---` or a directive, both at the start of
        // a line: yaml-cpp reads it from there, so its columns are those of the whole text.
        std::size_t begin = 0;
        if (!m_documents.empty()) {
            begin = std::min(start, m_text.size());
            while (begin > 0 && m_text[begin - 1] != '\n')
                --begin;
        }
        // Lines as yaml-cpp counts them (at '\n').
        for (std::size_t i = m_counted; i < begin; ++i)
            if (m_text[i] == '\n')
                ++m_lines;
        m_counted = std::max(m_counted, begin);
        m_begin = begin;
    }

    void endDocument(std::size_t end) {
        YamlDocument doc;
        doc.index = static_cast<int>(m_documents.size());
        doc.firstLine = m_lines;
        doc.firstByte = static_cast<long>(m_begin);
        end = std::max(m_begin, std::min(end, m_text.size()));
        std::string slice(m_text.substr(m_begin, end - m_begin));
        // yaml-cpp drops the tag of an empty node at the end of its input (`--- !!str` read
        // alone); an explicit document end after the text keeps it, as in the whole stream.
        if (!slice.empty() && slice.back() != '\n')
            slice += '\n';
        slice += "...\n";
        try {
            // One document, one HandleNextDocument() each: bounded (LoadAll() is not).
            Comparer comparer(m_events, doc);
            std::istringstream in(slice);
            YAML::Parser parser(in);
            parser.HandleNextDocument(comparer);
            comparer.finish();
            parser.HandleNextDocument(comparer); // a second document is a difference
            doc.root = YAML::Load(slice);
        } catch (const YAML::Exception& ex) {
            const YAML::Mark m = markInText(doc, ex.mark);
            throw Mismatch{errorAt("YAML: " + ex.msg, m.line >= 0 ? m.line + 1 : -1,
                                   m.column >= 0 ? m.column + 1 : -1, m.pos)};
        }
        m_documents.push_back(std::move(doc));
    }

    std::string_view m_text;
    bool m_firstOnly;
    LibyamlParser m_parser;
    std::vector<Expected> m_events;        // of the current document
    std::map<std::string, long> m_anchors; // anchor name -> index of its node in m_events
    std::vector<YamlDocument> m_documents;
    std::size_t m_charCursor = 0; // byteOffset()'s position, in characters
    std::size_t m_byteCursor = 0; // and in bytes
    std::size_t m_begin = 0;      // where the current document's text starts
    std::size_t m_counted = 0;    // '\n' counted up to here
    long m_lines = 0;
};

void appendUtf8(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

// libyaml (and yaml-cpp) also read UTF-16 with a byte order mark. The reader cuts the text into
// documents by byte offset, so such a text is read as UTF-8 instead (lines and columns are the
// same; byte positions are those of the UTF-8 text). Empty when the text is not UTF-16.
std::string utf16AsUtf8(std::string_view text) {
    if (text.size() < 2)
        return {};
    const auto b0 = static_cast<unsigned char>(text[0]), b1 = static_cast<unsigned char>(text[1]);
    const bool little = b0 == 0xFF && b1 == 0xFE;
    if (!little && !(b0 == 0xFE && b1 == 0xFF))
        return {};
    const auto unitAt = [&](std::size_t i) -> char32_t {
        const auto lo = static_cast<unsigned char>(text[little ? i : i + 1]);
        const auto hi = static_cast<unsigned char>(text[little ? i + 1 : i]);
        return static_cast<char32_t>(hi << 8 | lo);
    };
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 2; i + 1 < text.size(); i += 2) {
        char32_t c = unitAt(i);
        if (c >= 0xD800 && c <= 0xDBFF && i + 3 < text.size()) {
            const char32_t low = unitAt(i + 2);
            if (low >= 0xDC00 && low <= 0xDFFF) {
                c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
                i += 2;
            }
        }
        appendUtf8(out, c);
    }
    return out;
}

} // namespace

YAML::Mark markInText(const YamlDocument& document, const YAML::Mark& mark) {
    YAML::Mark m = mark;
    if (m.line >= 0)
        m.line += static_cast<int>(document.firstLine);
    if (m.pos >= 0)
        m.pos += static_cast<int>(document.firstByte);
    return m;
}

engine::Result<std::vector<YamlDocument>> readYamlDocuments(std::string_view text,
                                                            const YamlLimits& limits) {
    if (std::optional<engine::Error> bad = checkYaml(text, limits))
        return *bad;
    const std::string utf8 = utf16AsUtf8(text);
    Reader reader(utf8.empty() ? text : utf8, false);
    if (std::optional<engine::Error> bad = reader.run())
        return *bad;
    return std::move(reader.documents());
}

engine::Result<YAML::Node> readYamlDocument(std::string_view text, const YamlLimits& limits) {
    if (std::optional<engine::Error> bad = checkYaml(text, limits))
        return *bad;
    const std::string utf8 = utf16AsUtf8(text);
    Reader reader(utf8.empty() ? text : utf8, true);
    if (std::optional<engine::Error> bad = reader.run())
        return *bad;
    if (reader.documents().empty())
        return YAML::Node(YAML::NodeType::Null);
    return reader.documents().front().root;
}

} // namespace tessera::codec
