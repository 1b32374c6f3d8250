#pragma once
// A metav1.LabelSelector as JSON ({"matchLabels": {...}, "matchExpressions": [...]}) matched
// against an object's labels, as metav1.LabelSelectorAsSelector does: no selector ("") matches
// nothing, an empty one ({}) everything; operators In, NotIn, Exists, DoesNotExist. A selector
// that does not parse matches nothing. Parsed once, matched against many pods.
#include "Objects.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tessera::codec {

class LabelSelectorMatch {
public:
    explicit LabelSelectorMatch(std::string_view selectorJson);

    bool matches(const Labels& labels) const;

private:
    struct Expression {
        std::string key;
        std::string op;
        std::vector<std::string> values;
    };
    bool m_matchesNothing = true;
    std::vector<std::pair<std::string, std::string>> m_labels;
    std::vector<Expression> m_expressions;
};

} // namespace tessera::codec
