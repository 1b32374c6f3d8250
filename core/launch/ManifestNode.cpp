#include "ManifestNode.h"

#include "codec/JsonWriter.h"

#include <cassert>
#include <yaml-cpp/yaml.h>

namespace tessera::launch {

class ManifestWriter {
public:
    static void json(codec::JsonWriter& w, const ManifestNode& n) {
        std::visit(
            [&](const auto& v) {
                using T = std::decay_t<decltype(v)>;
                if constexpr (std::is_same_v<T, ManifestNode::Map>) {
                    w.beginObject();
                    for (const auto& [k, child] : v) {
                        w.key(k);
                        json(w, child);
                    }
                    w.endObject();
                } else if constexpr (std::is_same_v<T, ManifestNode::List>) {
                    w.beginArray();
                    for (const ManifestNode& child : v)
                        json(w, child);
                    w.endArray();
                } else if constexpr (std::is_same_v<T, ManifestNode::Null>) {
                    w.null();
                } else if constexpr (std::is_same_v<T, ManifestNode::Real>) {
                    w.value(v.value);
                } else {
                    w.value(v);
                }
            },
            n.m_value);
    }

    static void yaml(YAML::Emitter& e, const ManifestNode& n) {
        std::visit(
            [&](const auto& v) {
                using T = std::decay_t<decltype(v)>;
                if constexpr (std::is_same_v<T, ManifestNode::Map>) {
                    if (v.empty()) {
                        e << YAML::Flow << YAML::BeginMap << YAML::EndMap;
                        return;
                    }
                    e << YAML::BeginMap;
                    for (const auto& [k, child] : v) {
                        e << YAML::Key;
                        if (plainKey(k))
                            e << k;
                        else
                            e << YAML::DoubleQuoted << k;
                        e << YAML::Value;
                        yaml(e, child);
                    }
                    e << YAML::EndMap;
                } else if constexpr (std::is_same_v<T, ManifestNode::List>) {
                    if (v.empty()) {
                        e << YAML::Flow << YAML::BeginSeq << YAML::EndSeq;
                        return;
                    }
                    e << YAML::BeginSeq;
                    for (const ManifestNode& child : v)
                        yaml(e, child);
                    e << YAML::EndSeq;
                } else if constexpr (std::is_same_v<T, std::string>) {
                    if (literalSafe(v))
                        e << YAML::Literal << v;
                    else
                        e << YAML::DoubleQuoted << v;
                } else if constexpr (std::is_same_v<T, bool>) {
                    e << YAML::TrueFalseBool << v;
                } else if constexpr (std::is_same_v<T, ManifestNode::Null>) {
                    e << YAML::Null;
                } else if constexpr (std::is_same_v<T, ManifestNode::Real>) {
                    e << v.value;
                } else {
                    e << v;
                }
            },
            n.m_value);
    }

private:
    // Multi-line text that a literal block (`|`) keeps byte for byte: printable lines without
    // leading or trailing blanks and exactly one final newline (what clip chomping restores).
    static bool literalSafe(const std::string& s) {
        if (s.size() < 2 || s.back() != '\n' || s[s.size() - 2] == '\n' || s.front() == ' ')
            return false;
        char previous = '\n';
        for (char c : s) {
            const auto u = static_cast<unsigned char>(c);
            if ((u < 0x20 && c != '\n') || u == 0x7f)
                return false;
            if (c == '\n' && previous == ' ')
                return false;
            previous = c;
        }
        return true;
    }

    // Keys a YAML 1.1 reader cannot mistake for anything but a string.
    static bool plainKey(const std::string& k) {
        if (k.empty() || !((k[0] >= 'a' && k[0] <= 'z') || (k[0] >= 'A' && k[0] <= 'Z')))
            return false;
        for (char c : k)
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '.' || c == '-' || c == '/' || c == '_'))
                return false;
        static const char* kReserved[] = {"y",     "Y",     "n",    "N",    "yes",  "Yes",  "YES",
                                          "no",    "No",    "NO",   "true", "True", "TRUE", "false",
                                          "False", "FALSE", "on",   "On",   "ON",   "off",  "Off",
                                          "OFF",   "null",  "Null", "NULL"};
        for (const char* r : kReserved)
            if (k == r)
                return false;
        return true;
    }
};

ManifestNode& ManifestNode::operator[](std::string_view key) {
    assert(isMap());
    Map& m = std::get<Map>(m_value);
    for (auto& [k, v] : m)
        if (k == key)
            return v;
    m.emplace_back(std::string(key), ManifestNode());
    return m.back().second;
}

ManifestNode& ManifestNode::add(std::string key, ManifestNode value) {
    assert(isMap());
    Map& m = std::get<Map>(m_value);
    m.emplace_back(std::move(key), std::move(value));
    return m.back().second;
}

ManifestNode& ManifestNode::append(ManifestNode item) {
    assert(std::holds_alternative<List>(m_value));
    List& l = std::get<List>(m_value);
    l.push_back(std::move(item));
    return l.back();
}

std::string ManifestNode::toJson(int indent) const {
    codec::JsonWriter w(indent);
    ManifestWriter::json(w, *this);
    return w.take();
}

std::string ManifestNode::toYaml() const {
    YAML::Emitter e;
    e.SetIndent(2);
    e.SetSeqFormat(YAML::Block);
    ManifestWriter::yaml(e, *this);
    return std::string(e.c_str(), e.size());
}

} // namespace tessera::launch
