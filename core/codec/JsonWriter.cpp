#include "JsonWriter.h"

#include "Rfc3339.h"

#include <cassert>
#include <charconv>
#include <cmath>

namespace tessera::codec {

JsonWriter::JsonWriter(int indent)
    : m_indent(indent) {}

void JsonWriter::clear() {
    m_out.clear();
    m_stack.clear();
    m_kinds.clear();
    m_afterKey = false;
    m_wroteRoot = false;
}

void JsonWriter::newline() {
    m_out.push_back('\n');
    m_out.append(m_stack.size() * static_cast<size_t>(m_indent), ' ');
}

void JsonWriter::beforeValue() {
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (m_stack.empty()) {
        assert(!m_wroteRoot && "JsonWriter: a second root value");
        m_wroteRoot = true;
        return;
    }
    assert(m_kinds.back() == '[' && "JsonWriter: an object member needs a key first");
    if (!m_stack.back())
        m_out.push_back(',');
    m_stack.back() = false;
    if (m_indent > 0)
        newline();
}

JsonWriter& JsonWriter::key(std::string_view name) {
    assert(!m_stack.empty() && m_kinds.back() == '{' && !m_afterKey);
    if (!m_stack.back())
        m_out.push_back(',');
    m_stack.back() = false;
    if (m_indent > 0)
        newline();
    appendEscaped(m_out, name);
    m_out.push_back(':');
    if (m_indent > 0)
        m_out.push_back(' ');
    m_afterKey = true;
    return *this;
}

JsonWriter& JsonWriter::beginObject() {
    beforeValue();
    m_out.push_back('{');
    m_stack.push_back(true);
    m_kinds.push_back('{');
    return *this;
}

JsonWriter& JsonWriter::endObject() {
    assert(!m_stack.empty() && m_kinds.back() == '{' && !m_afterKey);
    const bool empty = m_stack.back();
    m_stack.pop_back();
    m_kinds.pop_back();
    if (m_indent > 0 && !empty)
        newline();
    m_out.push_back('}');
    return *this;
}

JsonWriter& JsonWriter::beginArray() {
    beforeValue();
    m_out.push_back('[');
    m_stack.push_back(true);
    m_kinds.push_back('[');
    return *this;
}

JsonWriter& JsonWriter::endArray() {
    assert(!m_stack.empty() && m_kinds.back() == '[');
    const bool empty = m_stack.back();
    m_stack.pop_back();
    m_kinds.pop_back();
    if (m_indent > 0 && !empty)
        newline();
    m_out.push_back(']');
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) {
    beforeValue();
    appendEscaped(m_out, s);
    return *this;
}

JsonWriter& JsonWriter::value(int64_t v) {
    beforeValue();
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    m_out.append(buf, r.ptr);
    return *this;
}

JsonWriter& JsonWriter::value(uint64_t v) {
    beforeValue();
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    m_out.append(buf, r.ptr);
    return *this;
}

JsonWriter& JsonWriter::value(double v) {
    beforeValue();
    if (!std::isfinite(v)) {
        m_out += "null";
        return *this;
    }
    char buf[32];
    // Shortest text that reads back as the same double.
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    m_out.append(buf, r.ptr);
    return *this;
}

JsonWriter& JsonWriter::value(bool v) {
    beforeValue();
    m_out += v ? "true" : "false";
    return *this;
}

JsonWriter& JsonWriter::null() {
    beforeValue();
    m_out += "null";
    return *this;
}

JsonWriter& JsonWriter::time(engine::TimePoint t) {
    beforeValue();
    m_out.push_back('"');
    appendRfc3339(m_out, t);
    m_out.push_back('"');
    return *this;
}

JsonWriter& JsonWriter::raw(std::string_view json) {
    beforeValue();
    m_out.append(json);
    return *this;
}

JsonWriter& JsonWriter::optionalTime(std::string_view name,
                                     const std::optional<engine::TimePoint>& t) {
    if (t) {
        key(name);
        time(*t);
    }
    return *this;
}

JsonWriter& JsonWriter::nonEmptyField(std::string_view name, std::string_view s) {
    if (!s.empty()) {
        key(name);
        value(s);
    }
    return *this;
}

void JsonWriter::appendEscaped(std::string& out, std::string_view s) {
    static constexpr char kHex[] = "0123456789abcdef";
    out.push_back('"');
    size_t runStart = 0;
    for (size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        // Copy the clean run in one append; escaping is rare in Kubernetes objects.
        out.append(s.data() + runStart, i - runStart);
        runStart = i + 1;
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            out += "\\u00";
            out.push_back(kHex[c >> 4]);
            out.push_back(kHex[c & 0xF]);
        }
    }
    out.append(s.data() + runStart, s.size() - runStart);
    out.push_back('"');
}

} // namespace tessera::codec
