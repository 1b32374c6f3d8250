#pragma once
// A metav1.LabelSelector as JSON ({"matchLabels": {...}, "matchExpressions": [...]}) matched
// against an object's labels, as metav1.LabelSelectorAsSelector does: no selector ("") matches
// nothing, an empty one ({}) everything; operators In, NotIn, Exists, DoesNotExist. A selector
// that does not parse matches nothing.
#include "Objects.h"

#include <string_view>

namespace tessera::codec {

bool selectorMatches(std::string_view selectorJson, const Labels& labels);

} // namespace tessera::codec
