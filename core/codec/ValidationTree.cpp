#include "ValidationTree.h"

#include "LabelSelectorMatch.h"
#include "engine/ValidationNames.h"

#include <algorithm>
#include <cctype>

namespace tessera::codec::validation {

namespace {

// apimachinery's TotalAnnotationSizeLimitB: all keys and values of one object together.
constexpr int64_t kTotalAnnotationSizeLimitBytes = int64_t{256} * 1024;

engine::Error error(std::string field, std::string message) {
    engine::Error e;
    e.field = std::move(field);
    e.message = std::move(message);
    return e;
}

} // namespace

void FieldErrors::invalid(std::string field, std::string value, std::string message) {
    engine::Error e = error(std::move(field), std::move(message));
    e.value = std::move(value);
    m_errors.push_back(std::move(e));
}

void FieldErrors::required(std::string field, std::string_view detail) {
    m_errors.push_back(error(std::move(field), detail.empty()
                                                   ? std::string("Required value")
                                                   : "Required value: " + std::string(detail)));
}

void FieldErrors::notSupported(std::string field, std::string_view value,
                               std::initializer_list<std::string_view> supported) {
    std::string message =
        "Unsupported value: " + engine::quoteValue(value) + ": supported values: ";
    bool first = true;
    for (const std::string_view s : supported) {
        message += (first ? "" : ", ") + engine::quoteValue(s);
        first = false;
    }
    m_errors.push_back(error(std::move(field), std::move(message)));
}

void FieldErrors::forbidden(std::string field, std::string_view detail) {
    m_errors.push_back(error(std::move(field), "Forbidden: " + std::string(detail)));
}

void FieldErrors::duplicate(std::string field, std::string_view value) {
    m_errors.push_back(error(std::move(field), "Duplicate value: " + engine::quoteValue(value)));
}

void FieldErrors::notFound(std::string field, std::string_view value) {
    m_errors.push_back(error(std::move(field), "Not found: " + engine::quoteValue(value)));
}

void FieldErrors::tooLong(std::string field, int64_t limitBytes) {
    m_errors.push_back(error(std::move(field), "Too long: may not be more than " +
                                                   std::to_string(limitBytes) + " bytes"));
}

std::optional<Element> member(Element object, std::string_view key) {
    Object o;
    if (object.get_object().get(o) != simdjson::SUCCESS)
        return std::nullopt;
    Element value;
    if (o.at_key(key).get(value) != simdjson::SUCCESS || value.is_null())
        return std::nullopt;
    return value;
}

std::optional<Object> objectMember(Element object, std::string_view key) {
    const auto value = member(object, key);
    Object o;
    if (!value || value->get_object().get(o) != simdjson::SUCCESS)
        return std::nullopt;
    return o;
}

std::optional<Array> arrayMember(Element object, std::string_view key) {
    const auto value = member(object, key);
    Array a;
    if (!value || value->get_array().get(a) != simdjson::SUCCESS)
        return std::nullopt;
    return a;
}

std::optional<std::string_view> stringMember(Element object, std::string_view key) {
    const auto value = member(object, key);
    std::string_view s;
    if (!value || value->get_string().get(s) != simdjson::SUCCESS)
        return std::nullopt;
    return s;
}

std::optional<int64_t> intMember(Element object, std::string_view key) {
    const auto value = member(object, key);
    int64_t n = 0;
    if (!value || value->get_int64().get(n) != simdjson::SUCCESS)
        return std::nullopt;
    return n;
}

std::optional<bool> boolMember(Element object, std::string_view key) {
    const auto value = member(object, key);
    bool b = false;
    if (!value || value->get_bool().get(b) != simdjson::SUCCESS)
        return std::nullopt;
    return b;
}

std::string valueText(Element value) {
    std::string_view s;
    if (value.get_string().get(s) == simdjson::SUCCESS)
        return engine::quoteValue(s);
    return simdjson::minify(value);
}

StringMap stringMap(Element object, std::string_view key, const std::string& path,
                    FieldErrors& errors) {
    StringMap out;
    const auto map = objectMember(object, key);
    if (!map)
        return out;
    for (const auto field : *map) {
        std::string_view s;
        if (field.value.get_string().get(s) != simdjson::SUCCESS) {
            errors.invalid(keyed(path, field.key), valueText(field.value), "must be a string");
            continue;
        }
        out.insert_or_assign(std::string(field.key), std::string(s));
    }
    return out;
}

std::string indexed(const std::string& path, std::size_t index) {
    return path + "[" + std::to_string(index) + "]";
}

std::string keyed(const std::string& path, std::string_view key) {
    return path + "[" + std::string(key) + "]";
}

std::string child(const std::string& path, std::string_view name) {
    return path.empty() ? std::string(name) : path + "." + std::string(name);
}

void invalidEach(FieldErrors& errors, const std::string& path, std::string_view value,
                 engine::Problems problems) {
    for (std::string& p : problems)
        errors.invalid(path, engine::quoteValue(value), std::move(p));
}

void validateNonNegative(Element object, std::string_view key, const std::string& path,
                         FieldErrors& errors) {
    if (const auto n = intMember(object, key); n && *n < 0)
        errors.invalid(child(path, key), std::to_string(*n), "must be greater than or equal to 0");
}

void validateLabels(const StringMap& labels, const std::string& path, FieldErrors& errors) {
    for (const auto& [key, value] : labels) {
        for (std::string& p : engine::qualifiedNameProblems(key))
            errors.invalid(path, engine::quoteValue(key), std::move(p));
        for (std::string& p : engine::labelValueProblems(value))
            errors.invalid(path, engine::quoteValue(value), std::move(p));
    }
}

void validateAnnotations(const StringMap& annotations, const std::string& path,
                         FieldErrors& errors) {
    int64_t total = 0;
    for (const auto& [key, value] : annotations) {
        // The rule is a qualified name, but case does not matter.
        std::string lower = key;
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        for (std::string& p : engine::qualifiedNameProblems(lower))
            errors.invalid(path, engine::quoteValue(key), std::move(p));
        total += static_cast<int64_t>(key.size() + value.size());
    }
    if (total > kTotalAnnotationSizeLimitBytes)
        errors.tooLong(path, kTotalAnnotationSizeLimitBytes);
}

void validateLabelSelector(Element selector, const std::string& path, FieldErrors& errors) {
    validateLabels(stringMap(selector, "matchLabels", child(path, "matchLabels"), errors),
                   child(path, "matchLabels"), errors);
    const auto expressions = arrayMember(selector, "matchExpressions");
    if (!expressions)
        return;
    std::size_t i = 0;
    for (const Element requirement : *expressions) {
        const std::string at = indexed(child(path, "matchExpressions"), i++);
        const std::string_view op = stringMember(requirement, "operator").value_or("");
        const auto values = arrayMember(requirement, "values");
        const std::size_t count = values ? values->size() : 0;
        const auto known = selectorOperator(op);
        if (!known)
            errors.invalid(child(at, "operator"), engine::quoteValue(op),
                           "not a valid selector operator");
        else if ((*known == SelectorOperator::In || *known == SelectorOperator::NotIn) &&
                 count == 0)
            errors.required(child(at, "values"),
                            "must be specified when `operator` is 'In' or 'NotIn'");
        else if ((*known == SelectorOperator::Exists || *known == SelectorOperator::DoesNotExist) &&
                 count > 0)
            errors.forbidden(child(at, "values"),
                             "may not be specified when `operator` is 'Exists' or 'DoesNotExist'");
        const std::string_view key = stringMember(requirement, "key").value_or("");
        invalidEach(errors, child(at, "key"), key, engine::qualifiedNameProblems(key));
        if (!values)
            continue;
        std::size_t v = 0;
        for (const Element value : *values) {
            std::string_view text;
            const std::string valuePath = indexed(child(at, "values"), v++);
            if (value.get_string().get(text) == simdjson::SUCCESS)
                invalidEach(errors, valuePath, text, engine::labelValueProblems(text));
        }
    }
}

} // namespace tessera::codec::validation
