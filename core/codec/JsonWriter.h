#pragma once
// A small, fast JSON writer: appends compact (or indented) JSON text to one std::string. It
// tracks commas itself, so callers only say what comes next. Strings are escaped as RFC 8259
// requires ('"', '\\' and every control character); other bytes, UTF-8 included, pass through.
// Misuse (a value where a key is due) is a programming error, checked by assert in debug builds.
#include "engine/Time.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::codec {

class JsonWriter {
public:
    // indent 0 writes compact JSON on one line; indent > 0 pretty-prints with that many spaces.
    explicit JsonWriter(int indent = 0);

    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    JsonWriter& key(std::string_view name);

    JsonWriter& value(std::string_view s);
    JsonWriter& value(const char* s) { return value(std::string_view{s}); }
    JsonWriter& value(const std::string& s) { return value(std::string_view{s}); }
    JsonWriter& value(int64_t v);
    JsonWriter& value(int32_t v) { return value(static_cast<int64_t>(v)); }
    JsonWriter& value(uint64_t v);
    JsonWriter& value(double v); // NaN and infinities have no JSON form: written as null
    JsonWriter& value(bool v);
    JsonWriter& null();
    // RFC 3339 UTC, seconds precision ("2026-11-22T10:00:00Z"), as metav1.Time.
    JsonWriter& time(engine::TimePoint t);
    // Already-serialized JSON (e.g. a template kept verbatim). Not checked.
    JsonWriter& raw(std::string_view json);

    // key + value in one call; the optional forms write nothing when empty.
    template <typename T> JsonWriter& field(std::string_view name, const T& v) {
        key(name);
        return value(v);
    }
    template <typename T>
    JsonWriter& optionalField(std::string_view name, const std::optional<T>& v) {
        if (v)
            field(name, *v);
        return *this;
    }
    JsonWriter& optionalTime(std::string_view name, const std::optional<engine::TimePoint>& t);
    JsonWriter& nonEmptyField(std::string_view name, std::string_view s); // skipped when ""

    const std::string& text() const { return m_out; }
    std::string take() { return std::move(m_out); }
    void clear();
    void reserve(size_t n) { m_out.reserve(n); }
    bool complete() const { return m_stack.empty() && m_wroteRoot; }

    // Appends s as a quoted, escaped JSON string.
    static void appendEscaped(std::string& out, std::string_view s);

private:
    void beforeValue();
    void newline();

    std::string m_out;
    // One entry per open container: true while it is still empty.
    std::vector<bool> m_stack;
    std::vector<char> m_kinds; // '{' or '['
    bool m_afterKey = false;
    bool m_wroteRoot = false;
    int m_indent;
};

} // namespace tessera::codec
