// YAML manifests: libyaml checks and splits the text, yaml-cpp reads each document, and each is
// written as JSON with the position of every node (Manifest::locate).
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

engine::Error yamlError(std::string_view source, const std::string& reason,
                        const YAML::Mark& mark) {
    engine::Error e;
    e.line = mark.line + 1;
    e.column = mark.column + 1;
    e.position = mark.pos;
    e.message = located(source, e.line, e.column, reason);
    return e;
}

} // namespace

std::string located(std::string_view source, long line, long column, std::string_view reason) {
    std::string out(source);
    out += ':' + std::to_string(line) + ':' + std::to_string(column) + ": ";
    out += reason;
    return out;
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

} // namespace tessera::codec::manifest_detail
