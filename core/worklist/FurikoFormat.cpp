// Furiko-style YAML work lists: withCount, withKeys or withMatrix expanded into items.
#include "FormatSupport.h"
#include "WorkListFormats.h"
#include "codec/YamlReader.h"

#include <cctype>
#include <yaml-cpp/yaml.h>

namespace tessera::worklist {

using engine::Error;
using engine::Result;
using namespace detail;

namespace {

// ---- YAML helpers (yaml-cpp marks are 0-based) ----
Error yamlError(const std::string& source, const YAML::Mark& mark, std::string message) {
    return makeError(source, std::move(message), mark.line >= 0 ? mark.line + 1 : -1,
                     mark.column >= 0 ? mark.column + 1 : -1);
}

std::string envSuffix(std::string_view key) {
    std::string out;
    for (const char c : key)
        out += std::isalnum(static_cast<unsigned char>(c))
                   ? static_cast<char>(std::toupper(static_cast<unsigned char>(c)))
                   : '_';
    return out;
}

} // namespace

Result<WorkList> parseFuriko(std::string_view text, const std::string& source,
                             std::size_t maxItems) {
    if (auto bad = checkUtf8(text, source))
        return *bad;
    // libyaml checks the text first; yaml-cpp builds the first document (codec/YamlReader.h).
    auto read = codec::readYamlDocument(text);
    if (!read.ok())
        return makeError(source, read.error().message, read.error().line, read.error().column);
    const YAML::Node root = *read;
    if (!root.IsMap())
        return yamlError(source, root.Mark(),
                         "expected a mapping with withCount, withKeys or withMatrix");
    try {
        std::string command;
        // Default-constructed yaml-cpp nodes count as defined (Null): track presence separately.
        std::optional<YAML::Node> countNode, keysNode, matrixNode;
        int kinds = 0;
        for (const auto& kv : root) {
            const std::string key = kv.first.as<std::string>();
            if (key == "withCount") {
                countNode = kv.second;
                ++kinds;
            } else if (key == "withKeys") {
                keysNode = kv.second;
                ++kinds;
            } else if (key == "withMatrix") {
                matrixNode = kv.second;
                ++kinds;
            } else if (key == "command") {
                if (!kv.second.IsScalar())
                    return yamlError(source, kv.second.Mark(), "command: expected a string");
                command = kv.second.as<std::string>();
            } else {
                return yamlError(source, kv.first.Mark(),
                                 "unknown key '" + key +
                                     "' (expected withCount, withKeys, withMatrix or command)");
            }
        }
        if (kinds == 0)
            return makeError(source, "none of withCount, withKeys, withMatrix is given", 1, 1);
        if (kinds > 1)
            return yamlError(source, root.Mark(),
                             "give exactly one of withCount, withKeys, withMatrix");

        WorkList list;
        if (countNode) {
            const YAML::Node& count = *countNode;
            long long n = 0;
            if (!count.IsScalar() || !YAML::convert<long long>::decode(count, n) || n < 1)
                return yamlError(source, count.Mark(), "withCount: expected a positive integer");
            if (static_cast<unsigned long long>(n) > maxItems)
                return yamlError(source, count.Mark(),
                                 "withCount: more than " + std::to_string(maxItems) + " items");
            list = WorkList({"TASK_INDEX_NUM"}, false);
            list.reserve(static_cast<std::size_t>(n), static_cast<std::size_t>(n) * 6);
            for (long long i = 0; i < n; ++i) {
                const std::string v = std::to_string(i);
                const std::string_view f[] = {v};
                list.append(f);
            }
        } else if (keysNode) {
            const YAML::Node& keys = *keysNode;
            if (!keys.IsSequence() || keys.size() == 0)
                return yamlError(source, keys.Mark(), "withKeys: expected a non-empty list");
            if (keys.size() > maxItems)
                return tooMany(source, maxItems, keys.Mark().line + 1);
            list = WorkList({"TASK_INDEX_KEY"}, false);
            for (const auto& k : keys) {
                if (!k.IsScalar())
                    return yamlError(source, k.Mark(), "withKeys: each key must be a string");
                const std::string v = k.as<std::string>();
                const std::string_view f[] = {v};
                list.append(f);
            }
        } else {
            const YAML::Node& matrix = *matrixNode;
            if (!matrix.IsMap() || matrix.size() == 0)
                return yamlError(source, matrix.Mark(),
                                 "withMatrix: expected a mapping of names to lists of values");
            std::vector<std::string> names;
            std::vector<std::vector<std::string>> values;
            std::size_t total = 1;
            for (const auto& kv : matrix) {
                const std::string name = kv.first.as<std::string>();
                if (!kv.second.IsSequence() || kv.second.size() == 0)
                    return yamlError(source, kv.second.Mark(),
                                     "withMatrix." + name + ": expected a non-empty list");
                std::vector<std::string> vs;
                for (const auto& v : kv.second) {
                    if (!v.IsScalar())
                        return yamlError(source, v.Mark(),
                                         "withMatrix." + name + ": each value must be a string");
                    vs.push_back(v.as<std::string>());
                }
                const std::string env = "TASK_INDEX_MATRIX_" + envSuffix(name);
                for (const std::string& seen : names)
                    if (seen == env)
                        return yamlError(source, kv.first.Mark(),
                                         "withMatrix: '" + name + "' maps to " + env +
                                             " like an earlier key");
                names.push_back(env);
                total *= vs.size();
                if (total > maxItems)
                    return yamlError(source, kv.second.Mark(),
                                     "withMatrix: the product has more than " +
                                         std::to_string(maxItems) + " items");
                values.push_back(std::move(vs));
            }
            // Cartesian product in document order: the first key varies slowest.
            list = WorkList(names, false);
            std::vector<std::size_t> digit(values.size(), 0);
            std::vector<std::string_view> fields(values.size());
            for (std::size_t n = 0; n < total; ++n) {
                for (std::size_t k = 0; k < values.size(); ++k)
                    fields[k] = values[k][digit[k]];
                list.append(fields);
                for (std::size_t k = values.size(); k-- > 0;) {
                    if (++digit[k] < values[k].size())
                        break;
                    digit[k] = 0;
                }
            }
        }
        list.setCommandTemplate(command);
        list.setOrigin(source, "furiko");
        return list;
    } catch (const YAML::Exception& e) {
        return yamlError(source, e.mark, "YAML: " + e.msg);
    }
}

} // namespace tessera::worklist
