#pragma once
// A metav1.LabelSelector as JSON ({"matchLabels": {...}, "matchExpressions": [...]}) matched
// against an object's labels, as metav1.LabelSelectorAsSelector does: no selector ("") matches
// nothing, an empty one ({}) everything; operators In, NotIn, Exists, DoesNotExist. A selector
// that does not parse matches nothing. Parsed once, matched against many pods.
#include "Objects.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tessera::codec {

// metav1.LabelSelectorOperator: what a matchExpressions entry's "operator" may be. Matching and
// validation (ValidationTree.h's validateLabelSelector) both read it here.
enum class SelectorOperator { In, NotIn, Exists, DoesNotExist };
std::optional<SelectorOperator> selectorOperator(std::string_view name);

class LabelSelectorMatch {
public:
    explicit LabelSelectorMatch(std::string_view selectorJson);

    bool matches(const Labels& labels) const;

private:
    struct Expression {
        std::string key;
        SelectorOperator op = SelectorOperator::In;
        std::vector<std::string> values;
    };
    bool m_matchesNothing = true;
    std::vector<std::pair<std::string, std::string>> m_labels;
    std::vector<Expression> m_expressions;
};

} // namespace tessera::codec
