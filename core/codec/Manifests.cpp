#include "Manifests.h"

#include "BoundedFile.h"
#include "Decode.h"
#include "InputRules.h"
#include "JsonWriter.h"
#include "PathText.h"
#include "TextFile.h"
#include "YamlGuard.h"
#include "YamlReader.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>
#include <set>
#include <simdjson.h>
#include <sys/stat.h>
#include <variant>
#include <yaml-cpp/yaml.h>

namespace tessera::codec {

namespace {

// ---- YAML 1.1 plain scalar resolution, as go-yaml v2 (kubectl) does it ----

struct Null {};
using Scalar = std::variant<Null, bool, int64_t, uint64_t, double, std::string>;

bool isOneOf(std::string_view s, std::initializer_list<std::string_view> list) {
    for (std::string_view x : list)
        if (s == x)
            return true;
    return false;
}

// Go's strconv.ParseInt/ParseUint with base 0: optional sign, 0x/0o/0b or a leading 0 (octal).
bool parseGoInteger(std::string_view s, int64_t& i, uint64_t& u, bool& isUnsigned) {
    bool negative = false;
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
        negative = s[0] == '-';
        s.remove_prefix(1);
    }
    int base = 10;
    if (s.size() >= 2 && s[0] == '0') {
        const char p = s[1];
        if (p == 'x' || p == 'X') {
            base = 16;
            s.remove_prefix(2);
        } else if (p == 'b' || p == 'B') {
            base = 2;
            s.remove_prefix(2);
        } else if (p == 'o' || p == 'O') {
            base = 8;
            s.remove_prefix(2);
        } else {
            base = 8;
            s.remove_prefix(1);
        }
    }
    if (s.empty())
        return false;
    uint64_t magnitude = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), magnitude, base);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size())
        return false;
    if (negative) {
        if (magnitude > static_cast<uint64_t>(INT64_MAX) + 1)
            return false;
        i = magnitude == static_cast<uint64_t>(INT64_MAX) + 1 ? INT64_MIN
                                                              : -static_cast<int64_t>(magnitude);
        isUnsigned = false;
        return true;
    }
    if (magnitude <= static_cast<uint64_t>(INT64_MAX)) {
        i = static_cast<int64_t>(magnitude);
        isUnsigned = false;
    } else {
        u = magnitude;
        isUnsigned = true;
    }
    return true;
}

// ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$ (go-yaml's yamlStyleFloat)
bool isYamlFloat(std::string_view s) {
    size_t i = 0;
    const auto digitsFrom = [&](size_t& k) {
        const size_t start = k;
        while (k < s.size() && s[k] >= '0' && s[k] <= '9')
            ++k;
        return k - start;
    };
    if (i < s.size() && (s[i] == '+' || s[i] == '-'))
        ++i;
    if (i < s.size() && s[i] == '.') {
        ++i;
        if (digitsFrom(i) == 0)
            return false;
    } else {
        if (digitsFrom(i) == 0)
            return false;
        if (i < s.size() && s[i] == '.') {
            ++i;
            digitsFrom(i);
        }
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-'))
            ++i;
        if (digitsFrom(i) == 0)
            return false;
    }
    return i == s.size();
}

// True when a YAML float (isYamlFloat) is 10 or more in magnitude: after from_chars' ERANGE, it
// overflowed rather than underflowed.
bool hasPositiveExponent(std::string_view s) {
    size_t i = s.find_first_not_of("+-");
    long long digitsBeforePoint = 0; // significant ones
    long long zerosAfterPoint = 0;   // before the first significant digit
    bool significant = false;
    for (; i < s.size() && s[i] != 'e' && s[i] != 'E'; ++i) {
        if (s[i] == '.') {
            for (++i; i < s.size() && s[i] == '0' && !significant; ++i)
                ++zerosAfterPoint;
            break;
        }
        significant = significant || s[i] != '0';
        if (significant)
            ++digitsBeforePoint;
    }
    const size_t e = s.find_first_of("eE");
    long long exponent = 0;
    if (e != std::string_view::npos) {
        std::string_view digits = s.substr(e + 1);
        const bool negative = !digits.empty() && digits[0] == '-';
        if (!digits.empty() && (digits[0] == '+' || digits[0] == '-'))
            digits.remove_prefix(1);
        // An exponent beyond long long decides alone.
        if (std::from_chars(digits.data(), digits.data() + digits.size(), exponent).ec !=
            std::errc())
            return !negative;
        exponent = negative ? -exponent : exponent;
    }
    const long long magnitude =
        digitsBeforePoint > 0 ? digitsBeforePoint - 1 : -(zerosAfterPoint + 1);
    return exponent > -magnitude; // the value is about 10^(magnitude + exponent)
}

// A YAML float as go-yaml reads it (strconv.ParseFloat): nullopt when out of range (go-yaml
// then keeps the text as a string, so a number field refuses it by name), 0 when it underflows.
std::optional<double> parseDouble(std::string_view s) {
    std::string text(s);
    if (!text.empty() && text[0] == '+')
        text.erase(0, 1);
    double d = 0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), d);
    if (r.ec == std::errc::result_out_of_range)
        return hasPositiveExponent(text) ? std::nullopt : std::optional<double>(0.0);
    return d;
}

Scalar resolvePlain(std::string_view in) {
    if (isOneOf(in, {"y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"}))
        return true;
    if (isOneOf(in, {"n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"}))
        return false;
    if (isOneOf(in, {"", "~", "null", "Null", "NULL"}))
        return Null{};
    if (isOneOf(in, {".nan", ".NaN", ".NAN"}))
        return std::nan("");
    if (isOneOf(in, {".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"}))
        return HUGE_VAL;
    if (isOneOf(in, {"-.inf", "-.Inf", "-.INF"}))
        return -HUGE_VAL;
    const char first = in[0];
    if (first == '.') {
        if (isYamlFloat(in))
            if (const std::optional<double> d = parseDouble(in))
                return *d;
        return std::string(in);
    }
    if ((first >= '0' && first <= '9') || first == '+' || first == '-') {
        std::string plain;
        plain.reserve(in.size());
        for (char c : in)
            if (c != '_')
                plain.push_back(c);
        int64_t i = 0;
        uint64_t u = 0;
        bool isUnsigned = false;
        if (parseGoInteger(plain, i, u, isUnsigned)) {
            if (isUnsigned)
                return u;
            return i;
        }
        if (isYamlFloat(plain))
            if (const std::optional<double> d = parseDouble(plain))
                return *d;
    }
    return std::string(in);
}

// encoding/json's float format: plain decimals in [1e-6, 1e21), exponents without leading zeros.
std::string formatGoFloat(double d) {
    char buf[64];
    const double a = std::fabs(d);
    std::to_chars_result r;
    if (a == 0 || (a >= 1e-6 && a < 1e21)) {
        r = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::fixed);
        return std::string(buf, r.ptr);
    }
    r = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
    std::string s(buf, r.ptr);
    const auto e = s.find('e');
    if (e != std::string::npos && e + 2 < s.size() && s[e + 2] == '0' && e + 3 < s.size())
        s.erase(e + 2, 1);
    return s;
}

struct YamlError {
    std::string message;
    YAML::Mark mark;
};

class YamlToJson {
public:
    // Errors are thrown with yaml-cpp's marks, which count from the start of `document`.
    YamlToJson(Manifest& m, JsonWriter& w, const YamlDocument& document)
        : m_manifest(m)
        , m_writer(w)
        , m_document(document) {}

    // A second bound after checkYaml()'s alias ratio: the JSON and the position table a document
    // expands to stay under 64 MiB (the API server takes request bodies of 3 MiB), so a
    // small text that aliases a deeply nested node many times cannot grow them without limit.
    static constexpr size_t kMaxExpandedBytes = size_t{64} << 20;

    void convert(const YAML::Node& node, std::string& path, const YAML::Mark& fallbackMark) {
        const YAML::Mark mark = markInText(
            m_document, node.Type() == YAML::NodeType::Null ? fallbackMark : node.Mark());
        m_expandedBytes += path.size() + sizeof(m_manifest.positions.front()) +
                           (node.Type() == YAML::NodeType::Scalar ? node.Scalar().size() : 4);
        if (m_expandedBytes > kMaxExpandedBytes)
            throw YamlError{"the document expands (anchors and aliases resolved) to more than " +
                                std::to_string(kMaxExpandedBytes >> 20) +
                                " MiB; a Kubernetes API server accepts 3 MiB",
                            node.Mark()};
        m_manifest.positions.emplace_back(path,
                                          std::pair<long, long>{mark.line + 1, mark.column + 1});
        switch (node.Type()) {
        case YAML::NodeType::Undefined:
        case YAML::NodeType::Null:
            m_writer.null();
            return;
        case YAML::NodeType::Scalar:
            scalar(node);
            return;
        case YAML::NodeType::Sequence: {
            m_writer.beginArray();
            long i = 0;
            for (const YAML::Node& child : node) {
                const size_t len = path.size();
                detail::appendPathIndex(path, i++);
                convert(child, path, child.Mark());
                path.resize(len);
            }
            m_writer.endArray();
            return;
        }
        case YAML::NodeType::Map:
            map(node, path);
            return;
        }
    }

private:
    static bool forcedString(const YAML::Node& n) {
        const std::string& tag = n.Tag();
        return tag == "!" || tag == "tag:yaml.org,2002:str" ||
               (tag != "?" && !tag.empty() && tag.rfind("tag:yaml.org,2002:", 0) != 0);
    }

    void scalar(const YAML::Node& node) {
        const std::string& text = node.Scalar();
        if (forcedString(node)) {
            m_writer.value(text);
            return;
        }
        const Scalar s = resolvePlain(text);
        if (std::holds_alternative<Null>(s))
            m_writer.null();
        else if (const bool* b = std::get_if<bool>(&s))
            m_writer.value(*b);
        else if (const int64_t* i = std::get_if<int64_t>(&s))
            m_writer.value(*i);
        else if (const uint64_t* u = std::get_if<uint64_t>(&s))
            m_writer.value(*u);
        else if (const double* d = std::get_if<double>(&s)) {
            if (!std::isfinite(*d))
                throw YamlError{"the value " + text + " cannot be represented in JSON",
                                node.Mark()};
            m_writer.raw(formatGoFloat(*d));
        } else
            m_writer.value(std::get<std::string>(s));
    }

    static std::string keyText(const YAML::Node& key) {
        if (!key.IsScalar() && !key.IsNull())
            throw YamlError{"a mapping key must be a scalar", key.Mark()};
        if (key.IsNull())
            return "null";
        if (forcedString(key))
            return key.Scalar();
        const Scalar s = resolvePlain(key.Scalar());
        if (const bool* b = std::get_if<bool>(&s))
            return *b ? "true" : "false";
        if (const int64_t* i = std::get_if<int64_t>(&s))
            return std::to_string(*i);
        if (const uint64_t* u = std::get_if<uint64_t>(&s))
            return std::to_string(*u);
        if (const double* d = std::get_if<double>(&s))
            return formatGoFloat(*d);
        return key.Scalar();
    }

    static bool isMergeKey(const YAML::Node& key) {
        return key.IsScalar() && key.Scalar() == "<<" && key.Tag() == "?";
    }

    void member(const std::string& key, const YAML::Node& keyNode, const YAML::Node& value,
                std::string& path) {
        m_writer.key(key);
        const size_t len = path.size();
        detail::appendPathKey(path, key);
        convert(value, path, keyNode.Mark());
        path.resize(len);
    }

    void map(const YAML::Node& node, std::string& path) {
        // checkYaml() refused keys written twice; keys written differently can still resolve to
        // the same JSON key (`1` and `0x1`, `yes` and `true`).
        std::set<std::string, std::less<>> explicitKeys;
        for (const auto& kv : node) {
            if (isMergeKey(kv.first))
                continue;
            std::string k = keyText(kv.first);
            if (!explicitKeys.insert(k).second) {
                std::string keyPath = path;
                detail::appendPathKey(keyPath, k);
                throw YamlError{duplicateFieldMessage(keyPath), kv.first.Mark()};
            }
        }
        std::set<std::string, std::less<>> written;
        m_writer.beginObject();
        for (const auto& kv : node) {
            if (!isMergeKey(kv.first)) {
                const std::string k = keyText(kv.first);
                written.insert(k);
                member(k, kv.first, kv.second, path);
                continue;
            }
            // `<<: *anchor` or `<<: [*a, *b]`: keys not given explicitly come from the merged
            // maps, the first merged map winning.
            std::vector<YAML::Node> sources;
            if (kv.second.IsMap())
                sources.push_back(kv.second);
            else if (kv.second.IsSequence())
                for (const YAML::Node& s : kv.second)
                    sources.push_back(s);
            for (const YAML::Node& s : sources) {
                if (!s.IsMap())
                    throw YamlError{"a merge key (<<) needs a mapping or a list of mappings",
                                    s.Mark()};
                for (const auto& mkv : s) {
                    const std::string k = keyText(mkv.first);
                    if (explicitKeys.count(k) != 0 || !written.insert(k).second)
                        continue;
                    member(k, mkv.first, mkv.second, path);
                }
            }
        }
        m_writer.endObject();
    }

    Manifest& m_manifest;
    JsonWriter& m_writer;
    const YamlDocument& m_document;
    size_t m_expandedBytes = 0;
};

std::string headerString(const YAML::Node& map, const char* key) {
    const YAML::Node n = map[key];
    return n && n.IsScalar() ? n.Scalar() : std::string();
}

std::string located(std::string_view source, long line, long column, std::string_view reason) {
    std::string out(source);
    out += ':' + std::to_string(line) + ':' + std::to_string(column) + ": ";
    out += reason;
    return out;
}

engine::Error yamlError(std::string_view source, const std::string& reason,
                        const YAML::Mark& mark) {
    engine::Error e;
    e.line = mark.line + 1;
    e.column = mark.column + 1;
    e.position = mark.pos;
    e.message = located(source, e.line, e.column, reason);
    return e;
}

bool isListKind(std::string_view kind) {
    return kind.size() >= 4 && kind.substr(kind.size() - 4) == "List";
}

engine::Result<std::vector<Manifest>> parseYaml(std::string_view text, std::string_view source) {
    // libyaml checks the text and splits it into documents; yaml-cpp reads each one on its own
    // (YamlReader.h: its LoadAll() can loop forever).
    auto docs = readYamlDocuments(text);
    if (!docs.ok()) {
        engine::Error bad = docs.error();
        bad.message = located(source, bad.line, bad.column, bad.message);
        return bad;
    }
    std::vector<Manifest> out;
    const YamlDocument* current = nullptr;
    // yaml-cpp's marks count from the start of the document it read.
    const auto inText = [&current](const YAML::Mark& mark) {
        return current != nullptr ? markInText(*current, mark) : mark;
    };
    try {
        for (const YamlDocument& document : *docs) {
            current = &document;
            const YAML::Node& doc = document.root;
            if (doc.IsNull() || !doc.IsDefined())
                continue;
            if (!doc.IsMap())
                throw YamlError{"a manifest must be a mapping (apiVersion, kind, metadata, ...)",
                                doc.Mark()};
            std::vector<YAML::Node> objects;
            const YAML::Node items = doc["items"];
            if (isListKind(headerString(doc, "kind")) && items) {
                if (!items.IsSequence() && !items.IsNull())
                    throw YamlError{"items of a List must be a sequence", items.Mark()};
                for (const YAML::Node& item : items) {
                    if (!item.IsMap())
                        throw YamlError{"an item of a List must be a mapping", item.Mark()};
                    objects.push_back(item);
                }
            } else {
                objects.push_back(doc);
            }
            for (const YAML::Node& object : objects) {
                const YAML::Mark mark = inText(object.Mark());
                Manifest m;
                m.source = std::string(source);
                m.documentIndex = document.index;
                m.line = mark.line + 1;
                m.column = mark.column + 1;
                m.offset = mark.pos;
                m.apiVersion = headerString(object, "apiVersion");
                m.kind = headerString(object, "kind");
                const YAML::Node metadata = object["metadata"];
                if (metadata && metadata.IsMap())
                    m.name = headerString(metadata, "name");
                JsonWriter w;
                std::string path;
                YamlToJson(m, w, document).convert(object, path, object.Mark());
                m.json = w.take();
                out.push_back(std::move(m));
            }
        }
    } catch (const YamlError& e) {
        return yamlError(source, e.message, inText(e.mark));
    } catch (const YAML::Exception& ex) {
        return yamlError(source, ex.msg, inText(ex.mark));
    }
    return out;
}

// ---- JSON ----

namespace od = simdjson::ondemand;

class JsonManifestReader {
public:
    JsonManifestReader(std::string_view text, std::string_view source)
        : m_text(text)
        , m_source(source) {}

    engine::Result<std::vector<Manifest>> read() {
        // Before walk(), which recurses once per level.
        if (std::optional<engine::Error> deep = checkJsonNesting(m_text)) {
            // As every manifest error: the message says it all (Manifests.h), and no field
            // that a caller would print a second time.
            deep->message =
                located(m_source, deep->line, deep->column, deep->field + ": " + deep->message);
            deep->field.clear();
            return std::move(*deep);
        }
        simdjson::padded_string padded(m_text);
        m_base = padded.data();
        od::parser parser;
        od::document doc;
        if (auto e = parser.iterate(padded).get(doc))
            return error(e, nullptr);
        m_doc = &doc;
        od::object root;
        od::json_type t = od::json_type::null;
        if (auto e = doc.type().get(t))
            return error(e, nullptr);
        if (t != od::json_type::object)
            return errorAt("a manifest must be a JSON object", m_base);
        if (auto e = doc.get_object().get(root))
            return error(e, nullptr);
        std::string kind;
        std::vector<std::string_view> items;
        std::set<std::string, std::less<>> keys;
        for (auto result : root) {
            od::field f;
            std::string_view key;
            if (auto e = std::move(result).get(f))
                return error(e, nullptr);
            const char* keyAt = f.key().raw() - 1; // the opening quote
            if (auto e = f.unescaped_key().get(key))
                return error(e, nullptr);
            std::string path;
            detail::appendPathKey(path, key);
            if (!keys.insert(std::string(key)).second)
                return errorAt(duplicateFieldMessage(path), keyAt);
            od::value v = f.value();
            const bool isKind = key == "kind";
            const bool isItems = key == "items";
            if (isItems) {
                if (!walkItems(v, path, items))
                    return m_error;
            } else if (isKind) {
                std::string_view s;
                if (v.get_string().get(s) == simdjson::SUCCESS)
                    kind = std::string(s);
                else if (!walk(v, path))
                    return m_error;
            } else if (!walk(v, path)) {
                return m_error;
            }
        }
        const char* trailing = nullptr;
        if (doc.current_location().get(trailing) == simdjson::SUCCESS && trailing != nullptr)
            return errorAt("unexpected content after the JSON document", trailing);

        std::vector<Manifest> out;
        if (isListKind(kind) && !items.empty()) {
            for (std::string_view item : items)
                out.push_back(manifest(item));
        } else {
            std::string_view whole = m_text;
            const auto first = whole.find_first_not_of(" \t\r\n");
            const auto last = whole.find_last_not_of(" \t\r\n");
            out.push_back(manifest(whole.substr(first, last - first + 1)));
        }
        return out;
    }

private:
    Manifest manifest(std::string_view slice) {
        // slices point into the padded copy (items) or into m_text (whole document)
        const char* textBase =
            slice.data() >= m_text.data() && slice.data() < m_text.data() + m_text.size()
                ? m_text.data()
                : m_base;
        Manifest m;
        m.source = std::string(m_source);
        m.verbatim = true;
        m.offset = slice.data() - textBase;
        lineColumn(m_text, m.offset, m.line, m.column);
        m.json = std::string(slice);
        // A second light pass for the header fields.
        simdjson::padded_string padded(m.json);
        od::parser parser;
        od::document doc;
        od::object obj;
        if (parser.iterate(padded).get(doc) || doc.get_object().get(obj))
            return m;
        for (auto result : obj) {
            od::field f;
            std::string_view key;
            if (std::move(result).get(f) || f.unescaped_key().get(key))
                break;
            od::value v = f.value();
            std::string_view s;
            if (key == "apiVersion" && v.get_string().get(s) == simdjson::SUCCESS)
                m.apiVersion = std::string(s);
            else if (key == "kind" && v.get_string().get(s) == simdjson::SUCCESS)
                m.kind = std::string(s);
            else if (key == "metadata") {
                od::object meta;
                if (v.get_object().get(meta))
                    continue;
                for (auto mr : meta) {
                    od::field mf;
                    std::string_view mk;
                    if (std::move(mr).get(mf) || mf.unescaped_key().get(mk))
                        break;
                    if (mk == "name" && mf.value().get_string().get(s) == simdjson::SUCCESS)
                        m.name = std::string(s);
                }
            }
        }
        return m;
    }

    bool walkItems(od::value& v, std::string& path, std::vector<std::string_view>& items) {
        od::json_type t = od::json_type::null;
        if (auto e = v.type().get(t))
            return fail(e);
        if (t != od::json_type::array)
            return walk(v, path);
        od::array arr;
        if (auto e = v.get_array().get(arr))
            return fail(e);
        long index = 0;
        for (auto result : arr) {
            od::value item;
            if (auto e = std::move(result).get(item))
                return fail(e);
            const char* start = item.raw_json_token().data();
            const size_t length = path.size();
            detail::appendPathIndex(path, index++);
            const bool walked = walk(item, path);
            path.resize(length);
            if (!walked)
                return false;
            const char* end = nullptr;
            if (auto e = m_doc->current_location().get(end))
                return fail(e);
            while (end > start &&
                   (end[-1] == ' ' || end[-1] == '\n' || end[-1] == '\r' || end[-1] == '\t'))
                --end;
            items.emplace_back(start, static_cast<size_t>(end - start));
        }
        return true;
    }

    // Visits every value so that malformed JSON and repeated keys anywhere are reported with
    // their position; `path` is the value's JSON path. Recursive: checkJsonNesting() bounds it.
    bool walk(od::value& v, std::string& path) {
        od::json_type t = od::json_type::null;
        if (auto e = v.type().get(t))
            return fail(e);
        switch (t) {
        case od::json_type::object: {
            od::object obj;
            if (auto e = v.get_object().get(obj))
                return fail(e);
            std::set<std::string, std::less<>> keys;
            const size_t length = path.size();
            for (auto result : obj) {
                od::field f;
                std::string_view key;
                if (auto e = std::move(result).get(f))
                    return fail(e);
                const char* keyAt = f.key().raw() - 1; // the opening quote
                if (auto e = f.unescaped_key().get(key))
                    return fail(e);
                detail::appendPathKey(path, key);
                if (!keys.insert(std::string(key)).second) {
                    m_error = errorAt(duplicateFieldMessage(path), keyAt);
                    return false;
                }
                od::value child = f.value();
                if (!walk(child, path))
                    return false;
                path.resize(length);
            }
            return true;
        }
        case od::json_type::array: {
            od::array arr;
            if (auto e = v.get_array().get(arr))
                return fail(e);
            const size_t length = path.size();
            long index = 0;
            for (auto result : arr) {
                od::value child;
                if (auto e = std::move(result).get(child))
                    return fail(e);
                detail::appendPathIndex(path, index++);
                if (!walk(child, path))
                    return false;
                path.resize(length);
            }
            return true;
        }
        case od::json_type::string: {
            std::string_view s;
            if (auto e = v.get_string().get(s))
                return fail(e);
            return true;
        }
        case od::json_type::number: {
            od::number n;
            if (auto e = v.get_number().get(n))
                return fail(e);
            return true;
        }
        case od::json_type::boolean:
        case od::json_type::null: {
            std::string_view tok = v.raw_json_token();
            while (!tok.empty() && (tok.back() == ' ' || tok.back() == '\n' || tok.back() == '\r' ||
                                    tok.back() == '\t'))
                tok.remove_suffix(1);
            bool b = false;
            const bool valid = t == od::json_type::boolean
                                   ? v.get_bool().get(b) == simdjson::SUCCESS
                                   : tok == "null";
            if (!valid) {
                m_error = errorAt("invalid JSON: unexpected " + std::string(tok.substr(0, 40)),
                                  tok.data());
                return false;
            }
            return true;
        }
        }
        return true;
    }

    bool fail(simdjson::error_code e) {
        const char* at = nullptr;
        if (m_doc == nullptr || m_doc->current_location().get(at) != simdjson::SUCCESS)
            at = nullptr;
        m_error = error(e, at);
        return false;
    }

    engine::Error error(simdjson::error_code e, const char* at) {
        return errorAt(std::string("invalid JSON: ") + simdjson::error_message(e), at);
    }

    engine::Error errorAt(const std::string& reason, const char* at) {
        engine::Error err;
        err.line = 1;
        err.column = 1;
        if (at != nullptr && at >= m_base && at <= m_base + m_text.size()) {
            err.position = at - m_base;
            lineColumn(m_text, err.position, err.line, err.column);
        }
        err.message = located(m_source, err.line, err.column, reason);
        return err;
    }

    std::string_view m_text;
    std::string_view m_source;
    const char* m_base = nullptr;
    od::document* m_doc = nullptr;
    engine::Error m_error;
};

} // namespace

engine::Error Manifest::locate(engine::Error error) const {
    if (verbatim) {
        if (error.position < 0)
            return error;
        long l = 1, c = 1;
        lineColumn(json, error.position, l, c);
        error.column = l == 1 ? column + c - 1 : c;
        error.line = line + l - 1;
        error.position += offset;
        return error;
    }
    // The node at the error's path, or its nearest ancestor that has a position.
    std::string_view path = error.field;
    while (true) {
        for (const auto& [p, lc] : positions) {
            if (p == path) {
                error.line = lc.first;
                error.column = lc.second;
                error.position = -1;
                return error;
            }
        }
        if (path.empty())
            break;
        const auto cut = path.find_last_of(".[");
        path = path.substr(0, cut == std::string_view::npos ? 0 : cut);
    }
    error.line = line;
    error.column = column;
    error.position = -1;
    return error;
}

std::string Manifest::describe(const engine::Error& error) const {
    return formatError(source, locate(error));
}

std::string formatError(std::string_view source, const engine::Error& e) {
    // Manifest errors already start with "source:line:column: ".
    if (!source.empty() && e.message.size() > source.size() &&
        e.message.compare(0, source.size(), source) == 0 && e.message[source.size()] == ':')
        return e.message;
    std::string out(source);
    if (e.line >= 0) {
        out += ':' + std::to_string(e.line);
        if (e.column >= 0)
            out += ':' + std::to_string(e.column);
    }
    out += ": ";
    if (!e.field.empty()) {
        out += e.field;
        out += ": ";
    }
    out += e.message;
    return out;
}

engine::Result<std::vector<Manifest>> parseManifests(std::string_view text,
                                                     std::string_view sourceName) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && (text[first] == '{' || text[first] == '[')) {
        // As kubectl does: text that starts like JSON is read as JSON only (no YAML fallback,
        // which would accept `[1, 2,]` and hide the real error).
        return JsonManifestReader(text, sourceName).read();
    }
    return parseYaml(text, sourceName);
}

engine::Result<std::string> readTextFile(const std::string& path) {
    // Room for the decoder's padding, so decodeX(text) reads the text in place.
    return readBoundedFile(path, FileKind::Manifest, {.allowPipes = true, .padding = kJsonPadding});
}

engine::Result<std::vector<Manifest>> loadManifests(const std::string& path) {
    auto text = readTextFile(path);
    if (!text.ok())
        return text.error();
    return parseManifests(*text,
                          path == "-" ? std::string_view("<stdin>") : std::string_view(path));
}

} // namespace tessera::codec
