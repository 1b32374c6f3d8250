#include "LabelSelectorMatch.h"

#include <algorithm>
#include <simdjson.h>

namespace tessera::codec {

LabelSelectorMatch::LabelSelectorMatch(std::string_view selectorJson) {
    if (selectorJson.empty())
        return;
    simdjson::dom::parser parser;
    simdjson::dom::element selector;
    if (parser.parse(selectorJson.data(), selectorJson.size()).get(selector) != simdjson::SUCCESS ||
        selector.is_null())
        return;
    simdjson::dom::object matchLabels;
    if (selector["matchLabels"].get_object().get(matchLabels) == simdjson::SUCCESS)
        for (const auto field : matchLabels) {
            std::string_view value;
            if (field.value.get_string().get(value) != simdjson::SUCCESS)
                return; // not a selector the API server would have stored: matches nothing
            m_labels.emplace_back(std::string(field.key), std::string(value));
        }
    simdjson::dom::array expressions;
    if (selector["matchExpressions"].get_array().get(expressions) == simdjson::SUCCESS)
        for (const auto e : expressions) {
            Expression expression;
            std::string_view key, op;
            if (e["key"].get_string().get(key) != simdjson::SUCCESS ||
                e["operator"].get_string().get(op) != simdjson::SUCCESS)
                return;
            expression.key = key;
            expression.op = op;
            simdjson::dom::array values;
            if (e["values"].get_array().get(values) == simdjson::SUCCESS)
                for (const auto v : values) {
                    std::string_view s;
                    if (v.get_string().get(s) == simdjson::SUCCESS)
                        expression.values.emplace_back(s);
                }
            m_expressions.push_back(std::move(expression));
        }
    m_matchesNothing = false;
}

bool LabelSelectorMatch::matches(const Labels& labels) const {
    if (m_matchesNothing)
        return false;
    for (const auto& [key, value] : m_labels) {
        const auto found = labels.find(key);
        if (found == labels.end() || found->second != value)
            return false;
    }
    for (const Expression& e : m_expressions) {
        const auto found = labels.find(e.key);
        const bool listed = found != labels.end() && std::find(e.values.begin(), e.values.end(),
                                                               found->second) != e.values.end();
        const bool ok = e.op == "In"             ? listed
                        : e.op == "NotIn"        ? !listed
                        : e.op == "Exists"       ? found != labels.end()
                        : e.op == "DoesNotExist" ? found == labels.end()
                                                 : false;
        if (!ok)
            return false;
    }
    return true;
}

} // namespace tessera::codec
