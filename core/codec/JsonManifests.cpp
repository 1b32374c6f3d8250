// JSON manifests (text whose first non-blank character is '{' or '[', as kubectl reads it): one
// document, read with simdjson On-Demand and kept verbatim.
#include "BoundedFile.h"
#include "Decode.h"
#include "InputRules.h"
#include "JsonWriter.h"
#include "ManifestReaders.h"
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

namespace tessera::codec::manifest_detail {

namespace {

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
            // NOLINTNEXTLINE(performance-move-const-arg): simdjson_result::get is &&-qualified
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
                // NOLINTNEXTLINE(performance-move-const-arg): simdjson_result::get is &&-qualified
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

engine::Result<std::vector<Manifest>> parseJson(std::string_view text, std::string_view source) {
    return JsonManifestReader(text, source).read();
}

} // namespace tessera::codec::manifest_detail
