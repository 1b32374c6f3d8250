#include "LabelSelectorMatch.h"

#include <simdjson.h>

namespace tessera::codec {

namespace {

bool expressionMatches(simdjson::dom::element expression, const Labels& labels) {
    std::string_view key, op;
    if (expression["key"].get_string().get(key) != simdjson::SUCCESS ||
        expression["operator"].get_string().get(op) != simdjson::SUCCESS)
        return false;
    const auto found = labels.find(key);
    const auto listed = [&] {
        simdjson::dom::array values;
        if (found == labels.end() ||
            expression["values"].get_array().get(values) != simdjson::SUCCESS)
            return false;
        for (const auto v : values) {
            std::string_view s;
            if (v.get_string().get(s) == simdjson::SUCCESS && s == found->second)
                return true;
        }
        return false;
    };
    if (op == "In")
        return listed();
    if (op == "NotIn")
        return !listed();
    if (op == "Exists")
        return found != labels.end();
    if (op == "DoesNotExist")
        return found == labels.end();
    return false;
}

} // namespace

bool selectorMatches(std::string_view selectorJson, const Labels& labels) {
    if (selectorJson.empty())
        return false;
    simdjson::dom::parser parser;
    simdjson::dom::element selector;
    if (parser.parse(selectorJson.data(), selectorJson.size()).get(selector) != simdjson::SUCCESS)
        return false;
    if (selector.is_null())
        return false;
    simdjson::dom::object matchLabels;
    if (selector["matchLabels"].get_object().get(matchLabels) == simdjson::SUCCESS)
        for (const auto field : matchLabels) {
            std::string_view value;
            const auto found = labels.find(field.key);
            if (field.value.get_string().get(value) != simdjson::SUCCESS || found == labels.end() ||
                found->second != value)
                return false;
        }
    simdjson::dom::array expressions;
    if (selector["matchExpressions"].get_array().get(expressions) == simdjson::SUCCESS)
        for (const auto expression : expressions)
            if (!expressionMatches(expression, labels))
                return false;
    return true;
}

} // namespace tessera::codec
