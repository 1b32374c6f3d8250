#pragma once
// A small ordered document tree for generated manifests, written both as YAML (yaml-cpp, for
// people and `--output yaml`) and as JSON (for the API server), so the two never disagree.
// Strings are always quoted in YAML: an item "123" or "yes" must stay a string.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace tessera::launch {

class ManifestNode {
public:
    using Map = std::vector<std::pair<std::string, ManifestNode>>; // keeps insertion order
    using List = std::vector<ManifestNode>;

    ManifestNode()
        : m_value(Map{}) {}
    ManifestNode(const char* s)
        : m_value(std::string(s)) {}
    ManifestNode(std::string s)
        : m_value(std::move(s)) {}
    ManifestNode(int64_t v)
        : m_value(v) {}
    ManifestNode(int32_t v)
        : m_value(static_cast<int64_t>(v)) {}
    ManifestNode(bool v)
        : m_value(v) {}
    static ManifestNode list() { return ManifestNode(List{}); }
    // JSON's null and non-integral numbers, for documents read back from the API server.
    static ManifestNode null() { return ManifestNode(Null{}); }
    static ManifestNode real(double v) { return ManifestNode(Real{v}); }

    // Map access: adds the key when missing. Only on maps.
    ManifestNode& operator[](std::string_view key);
    // Appends a key known to be new (no lookup: large ConfigMaps stay linear). Only on maps.
    ManifestNode& add(std::string key, ManifestNode value);
    // List append. Only on lists.
    ManifestNode& append(ManifestNode item);

    bool isMap() const { return std::holds_alternative<Map>(m_value); }
    const Map* map() const { return std::get_if<Map>(&m_value); }
    const List* items() const { return std::get_if<List>(&m_value); }
    const std::string* string() const { return std::get_if<std::string>(&m_value); }

    std::string toJson(int indent = 0) const;
    std::string toYaml() const;

private:
    struct Null {};
    struct Real {
        double value;
    };
    explicit ManifestNode(List l)
        : m_value(std::move(l)) {}
    explicit ManifestNode(Null n)
        : m_value(n) {}
    explicit ManifestNode(Real r)
        : m_value(r) {}
    friend class ManifestWriter;
    std::variant<Map, List, std::string, int64_t, bool, Null, Real> m_value;
};

} // namespace tessera::launch
