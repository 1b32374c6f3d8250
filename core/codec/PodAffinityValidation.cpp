// spec.affinity as ValidatePodSpec checks it (pkg/apis/core/validation/validation.go:
// validateAffinity, ValidateNodeSelector, ValidateNodeSelectorRequirement,
// ValidateNodeFieldSelectorRequirement, ValidatePreferredSchedulingTerms, validatePodAffinityTerm,
// validateWeightedPodAffinityTerms). The label selectors of pod (anti-)affinity terms are
// ValidationTree.h's validateLabelSelector, the one every selector goes through.
#include "LabelSelectorMatch.h"
#include "ValidationTree.h"

namespace tessera::codec::validation {

namespace {

constexpr const char* kRequired = "requiredDuringSchedulingIgnoredDuringExecution";
constexpr const char* kPreferred = "preferredDuringSchedulingIgnoredDuringExecution";

std::size_t arraySize(Element object, std::string_view key) {
    const auto array = arrayMember(object, key);
    return array ? array->size() : 0;
}

// The weight of a preferred term: 1..100.
void validateWeight(Element term, const std::string& path, FieldErrors& errors) {
    const int64_t weight = intMember(term, "weight").value_or(0);
    if (weight <= 0 || weight > 100)
        errors.invalid(child(path, "weight"), std::to_string(weight), "must be in the range 1-100");
}

// NodeSelectorOperator: the label selector's four operators, and Gt / Lt over one integer.
void validateNodeSelectorRequirement(Element requirement, const std::string& path,
                                     FieldErrors& errors) {
    const std::string_view op = stringMember(requirement, "operator").value_or("");
    const std::size_t values = arraySize(requirement, "values");
    const auto labelOperator = selectorOperator(op);
    if (labelOperator == SelectorOperator::In || labelOperator == SelectorOperator::NotIn) {
        if (values == 0)
            errors.required(child(path, "values"),
                            "must be specified when `operator` is 'In' or 'NotIn'");
    } else if (labelOperator) { // Exists, DoesNotExist
        if (values > 0)
            errors.forbidden(child(path, "values"),
                             "may not be specified when `operator` is 'Exists' or 'DoesNotExist'");
    } else if (op == "Gt" || op == "Lt") {
        if (values != 1)
            errors.required(child(path, "values"),
                            "must be specified single value when `operator` is 'Lt' or 'Gt'");
    } else {
        errors.invalid(child(path, "operator"), engine::quoteValue(op),
                       "not a valid selector operator");
    }
    const std::string_view key = stringMember(requirement, "key").value_or("");
    invalidEach(errors, child(path, "key"), key, engine::qualifiedNameProblems(key));
}

// A node field selector: metadata.name In / NotIn one node name.
void validateNodeFieldSelectorRequirement(Element requirement, const std::string& path,
                                          FieldErrors& errors) {
    const std::string_view op = stringMember(requirement, "operator").value_or("");
    if (op == "In" || op == "NotIn") {
        if (arraySize(requirement, "values") != 1)
            errors.required(child(path, "values"), "must be only one value when `operator` is "
                                                   "'In' or 'NotIn' for node field selector");
    } else {
        errors.invalid(child(path, "operator"), engine::quoteValue(op),
                       "not a valid selector operator");
    }
    const std::string_view key = stringMember(requirement, "key").value_or("");
    if (key != "metadata.name") {
        errors.invalid(child(path, "key"), engine::quoteValue(key),
                       "not a valid field selector key");
        return;
    }
    const auto values = arrayMember(requirement, "values");
    if (!values)
        return;
    std::size_t i = 0;
    for (const Element value : *values) {
        const std::string at = indexed(child(path, "values"), i++);
        std::string_view name;
        if (value.get_string().get(name) == simdjson::SUCCESS)
            invalidEach(errors, at, name, engine::dns1123SubdomainProblems(name));
    }
}

void validateNodeSelectorTerm(Element term, const std::string& path, FieldErrors& errors) {
    using Check = void (*)(Element, const std::string&, FieldErrors&);
    for (const auto& [list, check] :
         {std::pair<const char*, Check>{"matchExpressions", validateNodeSelectorRequirement},
          std::pair<const char*, Check>{"matchFields", validateNodeFieldSelectorRequirement}})
        if (const auto requirements = arrayMember(term, list)) {
            std::size_t i = 0;
            for (const Element requirement : *requirements)
                check(requirement, indexed(child(path, list), i++), errors);
        }
}

void validateNodeAffinity(Element affinity, const std::string& path, FieldErrors& errors) {
    if (const auto required = member(affinity, kRequired)) {
        const std::string terms = child(child(path, kRequired), "nodeSelectorTerms");
        const auto list = arrayMember(*required, "nodeSelectorTerms");
        if (!list || list->size() == 0) {
            errors.required(terms, "must have at least one node selector term");
        } else {
            std::size_t i = 0;
            for (const Element term : *list)
                validateNodeSelectorTerm(term, indexed(terms, i++), errors);
        }
    }
    if (const auto preferred = arrayMember(affinity, kPreferred)) {
        std::size_t i = 0;
        for (const Element term : *preferred) {
            const std::string at = indexed(child(path, kPreferred), i++);
            validateWeight(term, at, errors);
            if (const auto preference = member(term, "preference"))
                validateNodeSelectorTerm(*preference, child(at, "preference"), errors);
        }
    }
}

// A term that is absent is an empty one: it lacks a topologyKey.
void validatePodAffinityTerm(std::optional<Element> term, const std::string& path,
                             FieldErrors& errors) {
    for (const char* selector : {"labelSelector", "namespaceSelector"})
        if (const auto s = term ? member(*term, selector) : std::nullopt)
            validateLabelSelector(*s, child(path, selector), errors);
    if (const auto namespaces = term ? arrayMember(*term, "namespaces") : std::nullopt)
        for (const Element ns : *namespaces) {
            std::string_view name;
            // Upstream names the list "namespace" here.
            if (ns.get_string().get(name) == simdjson::SUCCESS)
                invalidEach(errors, child(path, "namespace"), name,
                            engine::dns1123LabelProblems(name));
        }
    const std::string_view topologyKey =
        term ? stringMember(*term, "topologyKey").value_or("") : "";
    if (topologyKey.empty())
        errors.required(child(path, "topologyKey"), "can not be empty");
    invalidEach(errors, child(path, "topologyKey"), topologyKey,
                engine::qualifiedNameProblems(topologyKey));
}

// podAffinity and podAntiAffinity: the same two lists of terms.
void validatePodAffinity(Element affinity, const std::string& path, FieldErrors& errors) {
    if (const auto required = arrayMember(affinity, kRequired)) {
        std::size_t i = 0;
        for (const Element term : *required)
            validatePodAffinityTerm(term, indexed(child(path, kRequired), i++), errors);
    }
    if (const auto preferred = arrayMember(affinity, kPreferred)) {
        std::size_t i = 0;
        for (const Element term : *preferred) {
            const std::string at = indexed(child(path, kPreferred), i++);
            validateWeight(term, at, errors);
            validatePodAffinityTerm(member(term, "podAffinityTerm"), child(at, "podAffinityTerm"),
                                    errors);
        }
    }
}

} // namespace

void validateAffinity(Element spec, const std::string& specPath, FieldErrors& errors) {
    const auto affinity = member(spec, "affinity");
    if (!affinity)
        return;
    const std::string path = child(specPath, "affinity");
    if (const auto node = member(*affinity, "nodeAffinity"))
        validateNodeAffinity(*node, child(path, "nodeAffinity"), errors);
    for (const char* kind : {"podAffinity", "podAntiAffinity"})
        if (const auto pod = member(*affinity, kind))
            validatePodAffinity(*pod, child(path, kind), errors);
}

} // namespace tessera::codec::validation
