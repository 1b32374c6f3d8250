#include "SuccessPolicyMatch.h"

namespace tessera::engine {

std::optional<std::string> matchSuccessPolicy(const std::optional<SuccessPolicy>& policy,
                                              int32_t completions, const IndexSet& succeeded) {
    if (!policy || succeeded.empty())
        return std::nullopt;
    for (std::size_t i = 0; i < policy->rules.size(); ++i) {
        const SuccessPolicyRule& rule = policy->rules[i];
        bool matched = false;
        if (rule.succeededIndexes) {
            const IndexSet required = IndexSet::parseLenient(*rule.succeededIndexes, completions);
            // An empty requirement (bad text, all out of range) never matches.
            if (required.empty())
                continue;
            matched = rule.succeededCount
                          ? required.intersectionCount(succeeded) >= *rule.succeededCount
                          : required.isSubsetOf(succeeded);
        } else if (rule.succeededCount) {
            matched = succeeded.count() >= *rule.succeededCount;
        }
        if (matched)
            return "Matched rules at index " + std::to_string(i);
    }
    return std::nullopt;
}

} // namespace tessera::engine
