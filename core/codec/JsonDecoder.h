#pragma once
// Internal to the codec: the JSON reader the decoders share. A Decoder walks one simdjson
// On-Demand document: members and elements of containers, the scalars with their range and type
// errors, and the path of the value being read (rendered only when an error names it). The
// per-struct tables of Schema.h are walked by SchemaDecode.h on top of it; the shapes that are
// not a table (metadata, pod specs, templates, envelopes) are its members, in Decode*.cpp.
#include "Decode.h"
#include "InputRules.h"
#include "PathText.h"
#include "Rfc3339.h"
#include "Schema.h"

#include <limits>
#include <simdjson.h>

namespace tessera::codec::detail {

namespace od = simdjson::ondemand;
using od::json_type;

// The JSON path of the value being decoded, as a chain of stack frames: building it costs
// nothing, and it is rendered to text only when an error is reported.
struct Path {
    const Path* parent = nullptr;
    std::string_view key; // object member name (when index < 0)
    long index = -1;      // array element index

    Path child(std::string_view k) const { return Path{this, k, -1}; }
    Path at(size_t i) const { return Path{this, {}, static_cast<long>(i)}; }
};

inline void render(const Path* p, std::string& out) {
    if (p == nullptr)
        return;
    render(p->parent, out);
    if (p->index >= 0)
        detail::appendPathIndex(out, p->index);
    else if (p->parent != nullptr)
        detail::appendPathKey(out, p->key);
}

inline std::string render(const Path& p) {
    std::string out;
    render(&p, out);
    return out;
}

inline const char* describeType(json_type t) {
    switch (t) {
    case json_type::object:
        return "an object";
    case json_type::array:
        return "an array";
    case json_type::string:
        return "a string";
    case json_type::number:
        return "a number";
    case json_type::boolean:
        return "a boolean";
    case json_type::null:
        return "null";
    }
    return "something else";
}

template <typename E> using EnumParser = std::optional<E> (*)(std::string_view);

// Decodes one document. Every member function returns false after recording the first error;
// callers return false at once, so the first error is the one reported.
class Decoder {
public:
    Decoder(const char* base, size_t size, od::document& doc, bool extras)
        : m_base(base)
        , m_size(size)
        , m_doc(doc)
        , m_extras(extras) {}

    engine::Error& error() { return m_error; }
    bool extras() const { return m_extras; }
    // Without the other extras: the labels and owner references of objects and a Job's selector,
    // which decide whose pods are whose (the reconcile input).
    void keepOwnership() { m_ownership = true; }

    // ---- errors ----
    bool fail(const Path& path, std::string message, const char* at) {
        m_error.message = std::move(message);
        m_error.field = render(path);
        if (at != nullptr && at >= m_base && at <= m_base + m_size) {
            m_error.position = at - m_base;
            lineColumn(std::string_view(m_base, m_size), m_error.position, m_error.line,
                       m_error.column);
        }
        return false;
    }
    bool syntax(const Path& path, simdjson::error_code code) {
        const char* at = nullptr;
        if (m_doc.current_location().get(at) != simdjson::SUCCESS)
            at = nullptr;
        return fail(path, std::string("invalid JSON: ") + simdjson::error_message(code), at);
    }
    static const char* where(od::value& v) { return v.raw_json_token().data(); }
    static std::string_view token(od::value& v) {
        std::string_view tok = v.raw_json_token();
        while (!tok.empty() && (tok.back() == ' ' || tok.back() == '\n' || tok.back() == '\r' ||
                                tok.back() == '\t'))
            tok.remove_suffix(1);
        return tok;
    }
    bool wrongType(const Path& path, const char* expected, json_type got, od::value& v) {
        const std::string_view tok = token(v);
        // On-Demand types a value by its first character: "tru" looks like a boolean.
        if ((got == json_type::boolean || got == json_type::null) && tok != "true" &&
            tok != "false" && tok != "null")
            return fail(path, "invalid JSON: unexpected " + std::string(tok.substr(0, 40)),
                        where(v));
        std::string msg = std::string("expected ") + expected + ", got " + describeType(got);
        if ((got == json_type::string || got == json_type::number) && tok.size() <= 40) {
            msg += ' ';
            msg += tok;
        }
        return fail(path, std::move(msg), where(v));
    }

    // The type of v, or false on malformed JSON.
    bool typeOf(od::value& v, const Path& path, json_type& t) {
        if (auto e = v.type().get(t))
            return syntax(path, e);
        return true;
    }

    // A key without escapes, straight from the input (no copy); false if it has a backslash,
    // and then the caller unescapes it. Keys are short, so the scan is cheaper than
    // simdjson's unescape-and-copy, which dominated the decode time on API-sized objects.
    static bool rawKey(od::field& f, std::string_view& key) {
        const char* raw = f.key().raw();
        size_t n = 0;
        while (raw[n] != '"') {
            if (raw[n] == '\\')
                return false;
            ++n;
        }
        key = std::string_view(raw, n);
        return true;
    }

    // ---- containers ----
    // Calls onMember(key, value&) for each member. null is an empty object.
    template <typename F> bool members(od::value& v, const Path& path, F&& onMember) {
        json_type t = json_type::null;
        if (!typeOf(v, path, t))
            return false;
        if (t == json_type::null)
            return true;
        if (t != json_type::object)
            return wrongType(path, "an object", t, v);
        od::object obj;
        if (auto e = v.get_object().get(obj))
            return syntax(path, e);
        for (auto result : obj) {
            od::field f;
            if (auto e = std::move(result).get(f))
                return syntax(path, e);
            std::string_view key;
            if (!rawKey(f, key)) {
                if (auto e = f.unescaped_key().get(key))
                    return syntax(path, e);
            }
            od::value fv = f.value();
            if (!onMember(key, fv))
                return false;
        }
        return true;
    }

    // Calls onElement(index, value&, path) for each element. null is an empty array.
    // reserveFor, when given, is a vector sized to the array's length before the elements are
    // read: counting costs one scan of the array's structure, growing by doubling moves every
    // element several times (onto fresh pages each time).
    template <typename F, typename Vec = std::vector<int>>
    bool elements(od::value& v, const Path& path, F&& onElement, Vec* reserveFor = nullptr) {
        json_type t = json_type::null;
        if (!typeOf(v, path, t))
            return false;
        if (t == json_type::null)
            return true;
        if (t != json_type::array)
            return wrongType(path, "an array", t, v);
        od::array arr;
        if (auto e = v.get_array().get(arr))
            return syntax(path, e);
        if (reserveFor != nullptr) {
            size_t n = 0;
            if (auto e = arr.count_elements().get(n))
                return syntax(path, e);
            reserveFor->reserve(n);
        }
        size_t i = 0;
        for (auto result : arr) {
            od::value ev;
            // NOLINTNEXTLINE(performance-move-const-arg): simdjson_result::get is &&-qualified
            if (auto e = std::move(result).get(ev))
                return syntax(path.at(i), e);
            const Path ep = path.at(i);
            if (!onElement(ev, ep))
                return false;
            ++i;
        }
        return true;
    }

    // ---- scalars (null leaves the target unchanged / empty) ----
    bool string(od::value& v, const Path& path, std::string& out) {
        json_type t = json_type::null;
        if (!typeOf(v, path, t))
            return false;
        if (t == json_type::null)
            return true;
        if (t != json_type::string)
            return wrongType(path, "a string", t, v);
        std::string_view s;
        if (auto e = v.get_string().get(s))
            return syntax(path, e);
        out.assign(s.data(), s.size());
        return true;
    }
    bool string(od::value& v, const Path& path, std::optional<std::string>& out) {
        json_type t = json_type::null;
        if (!typeOf(v, path, t))
            return false;
        if (t == json_type::null) {
            out.reset();
            return true;
        }
        out.emplace();
        return string(v, path, *out);
    }
    // A string view valid while the document is; empty for null.
    bool stringView(od::value& v, const Path& path, std::string_view& out, bool& isNull) {
        json_type t = json_type::null;
        if (!typeOf(v, path, t))
            return false;
        isNull = t == json_type::null;
        if (isNull)
            return true;
        if (t != json_type::string)
            return wrongType(path, "a string", t, v);
        if (auto e = v.get_string().get(out))
            return syntax(path, e);
        return true;
    }

    bool int64(od::value& v, const Path& path, std::optional<int64_t>& out, int64_t min,
               int64_t max, const char* expected) {
        json_type t = json_type::null;
        if (!typeOf(v, path, t))
            return false;
        if (t == json_type::null) {
            out.reset();
            return true;
        }
        if (t != json_type::number)
            return wrongType(path, "an integer", t, v);
        int64_t n = 0;
        if (v.get_int64().get(n) != simdjson::SUCCESS)
            return wrongType(path, "an integer", t, v);
        if (n < min || n > max)
            return wrongType(path, expected, t, v);
        out = n;
        return true;
    }
    bool int32(od::value& v, const Path& path, std::optional<int32_t>& out) {
        std::optional<int64_t> n;
        if (!int64(v, path, n, std::numeric_limits<int32_t>::min(),
                   std::numeric_limits<int32_t>::max(), "a 32-bit integer"))
            return false;
        if (n)
            out = static_cast<int32_t>(*n);
        else
            out.reset();
        return true;
    }
    bool int32(od::value& v, const Path& path, int32_t& out) {
        std::optional<int32_t> n;
        if (!int32(v, path, n))
            return false;
        if (n)
            out = *n;
        return true;
    }
    bool int64(od::value& v, const Path& path, std::optional<int64_t>& out) {
        return int64(v, path, out, std::numeric_limits<int64_t>::min(),
                     std::numeric_limits<int64_t>::max(), "an integer");
    }
    bool boolean(od::value& v, const Path& path, std::optional<bool>& out) {
        json_type t = json_type::null;
        if (!typeOf(v, path, t))
            return false;
        if (t == json_type::null) {
            out.reset();
            return true;
        }
        if (t != json_type::boolean)
            return wrongType(path, "a boolean", t, v);
        bool b = false;
        if (auto e = v.get_bool().get(b))
            return syntax(path, e);
        out = b;
        return true;
    }
    bool boolean(od::value& v, const Path& path, bool& out) {
        std::optional<bool> b;
        if (!boolean(v, path, b))
            return false;
        if (b)
            out = *b;
        return true;
    }
    bool time(od::value& v, const Path& path, std::optional<engine::TimePoint>& out) {
        std::string_view s;
        bool isNull = false;
        if (!stringView(v, path, s, isNull))
            return false;
        if (isNull) {
            out.reset();
            return true;
        }
        out = parseRfc3339(s);
        if (!out)
            return fail(path,
                        "expected an RFC 3339 time like \"2026-11-22T10:00:00Z\", got \"" +
                            std::string(s) + "\"",
                        where(v));
        return true;
    }
    template <typename E>
    bool enumeration(od::value& v, const Path& path, std::optional<E>& out, EnumParser<E> parse,
                     const char* allowed) {
        std::string_view s;
        bool isNull = false;
        if (!stringView(v, path, s, isNull))
            return false;
        if (isNull) {
            out.reset();
            return true;
        }
        out = parse(s);
        if (!out)
            return fail(path, "unknown value \"" + std::string(s) + "\" (expected " + allowed + ")",
                        where(v));
        return true;
    }
    template <typename E>
    bool enumeration(od::value& v, const Path& path, E& out, EnumParser<E> parse,
                     const char* allowed) {
        std::optional<E> e;
        if (!enumeration(v, path, e, parse, allowed))
            return false;
        if (e)
            out = *e;
        return true;
    }
    bool kind(od::value& v, const Path& path, std::string_view expected,
              std::string_view alternative = {}) {
        std::string_view s;
        bool isNull = false;
        if (!stringView(v, path, s, isNull))
            return false;
        if (isNull || s == expected || (!alternative.empty() && s == alternative))
            return true;
        std::string msg = "expected kind " + std::string(expected);
        if (!alternative.empty())
            msg += " or " + std::string(alternative);
        return fail(path, msg + ", got " + std::string(s), where(v));
    }
    bool stringList(od::value& v, const Path& path, std::vector<std::string>& out) {
        return elements(v, path, [&](od::value& ev, const Path& ep) {
            out.emplace_back();
            return string(ev, ep, out.back());
        });
    }
    bool stringMap(od::value& v, const Path& path,
                   std::map<std::string, std::string, std::less<>>& out) {
        return members(v, path, [&](std::string_view key, od::value& mv) {
            std::string s;
            if (!string(mv, path.child(key), s))
                return false;
            out.insert_or_assign(std::string(key), std::move(s));
            return true;
        });
    }
    // The verbatim JSON text of an object or array value (consumes it).
    bool rawJson(od::value& v, const Path& path, std::string& out) {
        json_type t = json_type::null;
        if (!typeOf(v, path, t))
            return false;
        std::string_view raw;
        simdjson::error_code e = simdjson::SUCCESS;
        if (t == json_type::object) {
            od::object o;
            e = v.get_object().get(o);
            if (!e)
                e = o.raw_json().get(raw);
        } else if (t == json_type::array) {
            od::array a;
            e = v.get_array().get(a);
            if (!e)
                e = a.raw_json().get(raw);
        } else if (t == json_type::null) {
            out.clear();
            return true;
        } else {
            return wrongType(path, "an object", t, v);
        }
        if (e)
            return syntax(path, e);
        out.assign(raw.data(), raw.size());
        return true;
    }

    // Start of an object value, to cut its text out after it has been walked (see spanEnd).
    const char* spanStart(od::value& v) { return v.raw_json_token().data(); }
    // After an object was walked, the iterator stands on the next token (',' or '}' of the
    // parent): the object's text is everything before it, minus whitespace.
    void spanEnd(const char* start, std::string& out) {
        const char* end = nullptr;
        if (m_doc.current_location().get(end) != simdjson::SUCCESS || end == nullptr || end < start)
            return;
        while (end > start &&
               (end[-1] == ' ' || end[-1] == '\n' || end[-1] == '\r' || end[-1] == '\t'))
            --end;
        if (end > start && end[-1] == '}' && *start == '{')
            out.assign(start, static_cast<size_t>(end - start));
    }

    // ---- what the caller asked for ----
    bool ownership() const { return m_extras || m_ownership; }
    bool wants(schema::Need need) const {
        switch (need) {
        case schema::Need::Always:
            return true;
        case schema::Need::Ownership:
            return m_extras || m_ownership;
        case schema::Need::Extras:
            return m_extras;
        }
        return true;
    }

    // ---- Kubernetes shapes that are not one table (DecodeShapes.cpp) ----
    bool meta(od::value& v, const Path& path, engine::ObjectMeta& m, MetaExtras& extra,
              engine::Pod* pod);
    bool containerSpecs(od::value& v, const Path& path, std::vector<engine::ContainerInfo>* info,
                        std::vector<ContainerSummary>* summaries);
    bool podTemplate(od::value& v, const Path& path, JobObject& out);
    bool job(od::value& v, const Path& path, JobObject& out);
    bool podSpec(od::value& v, const Path& path, PodObject& out);
    bool pod(od::value& v, const Path& path, PodObject& out);
    bool status(od::value& v, const Path& path, ApiStatus& out);

    bool decode(od::value& v, const Path& p, JobObject& out) { return job(v, p, out); }
    bool decode(od::value& v, const Path& p, PodObject& out) { return pod(v, p, out); }

private:
    const char* m_base;
    size_t m_size;
    od::document& m_doc;
    bool m_extras;
    bool m_ownership = false;
    engine::Error m_error;
};

} // namespace tessera::codec::detail
