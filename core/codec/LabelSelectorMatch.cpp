#include "LabelSelectorMatch.h"

#include <algorithm>
#include <simdjson.h>

namespace tessera::codec {

std::optional<SelectorOperator> selectorOperator(std::string_view name) {
    if (name == "In")
        return SelectorOperator::In;
    if (name == "NotIn")
        return SelectorOperator::NotIn;
    if (name == "Exists")
        return SelectorOperator::Exists;
    if (name == "DoesNotExist")
        return SelectorOperator::DoesNotExist;
    return std::nullopt;
}

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
            const auto known = selectorOperator(op);
            if (!known)
                return; // an operator the API server refuses: matches nothing
            expression.key = key;
            expression.op = *known;
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
        bool ok = false;
        switch (e.op) {
        case SelectorOperator::In:
            ok = listed;
            break;
        case SelectorOperator::NotIn:
            ok = !listed;
            break;
        case SelectorOperator::Exists:
            ok = found != labels.end();
            break;
        case SelectorOperator::DoesNotExist:
            ok = found == labels.end();
            break;
        }
        if (!ok)
            return false;
    }
    return true;
}

} // namespace tessera::codec
