#pragma once
// Internal to the manifest validation (ManifestValidation.h): a parsed JSON tree (simdjson DOM)
// to walk, and the collector of field errors in the API server's shapes (field.Invalid,
// field.Required, field.NotSupported, ...). Each error is an engine::Error whose message starts
// the way upstream's ErrorBody does ("Required value", "Unsupported value: ...", "Not found: ..."),
// so every entry point prints it, and `tessera serve` turns it into a cause, the same way.
#include "ManifestValidation.h"
#include "engine/Result.h"
#include "engine/ValidationNames.h"

#include <initializer_list>
#include <map>
#include <optional>
#include <simdjson.h>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::codec::validation {

using Element = simdjson::dom::element;
using Object = simdjson::dom::object;
using Array = simdjson::dom::array;
using StringMap = std::map<std::string, std::string, std::less<>>;

class FieldErrors {
public:
    // `value` is already as the API prints it (quoted string, number): see valueText().
    void invalid(std::string field, std::string value, std::string message);
    void required(std::string field, std::string_view detail = {});
    void notSupported(std::string field, std::string_view value,
                      std::initializer_list<std::string_view> supported);
    void forbidden(std::string field, std::string_view detail);
    void duplicate(std::string field, std::string_view value);
    void notFound(std::string field, std::string_view value);
    void tooLong(std::string field, int64_t limitBytes);
    void add(engine::Error error) { m_errors.push_back(std::move(error)); }

    bool empty() const { return m_errors.empty(); }
    std::vector<engine::Error> take() { return std::move(m_errors); }

private:
    std::vector<engine::Error> m_errors;
};

// The member `key` of `object` when it is present and not null.
std::optional<Element> member(Element object, std::string_view key);
std::optional<Object> objectMember(Element object, std::string_view key);
std::optional<Array> arrayMember(Element object, std::string_view key);
// A string member; nullopt when absent, null or not a string.
std::optional<std::string_view> stringMember(Element object, std::string_view key);
// An integer member; nullopt when absent, null or not an integer (a wrong type is the
// decoder's error, not a rule's).
std::optional<int64_t> intMember(Element object, std::string_view key);
std::optional<bool> boolMember(Element object, std::string_view key);
// The value as the API server prints a bad value: strings quoted (Go %q), numbers as written.
std::string valueText(Element value);
// A map of strings (labels, annotations, nodeSelector); a value that is not a string is an
// error at `path`.
StringMap stringMap(Element object, std::string_view key, const std::string& path,
                    FieldErrors& errors);

std::string indexed(const std::string& path, std::size_t index);   // path[3]
std::string keyed(const std::string& path, std::string_view key);  // path[key]
std::string child(const std::string& path, std::string_view name); // path.name

// One Invalid error at `path` per problem of the string `value`.
void invalidEach(FieldErrors& errors, const std::string& path, std::string_view value,
                 engine::Problems problems);
// ValidateNonnegativeField: the integer member `key` of `object`, when present, at path.key.
void validateNonNegative(Element object, std::string_view key, const std::string& path,
                         FieldErrors& errors);

// ValidateLabels / ValidateAnnotations (apimachinery), at `path`.
void validateLabels(const StringMap& labels, const std::string& path, FieldErrors& errors);
void validateAnnotations(const StringMap& annotations, const std::string& path,
                         FieldErrors& errors);

// ValidateLabelSelector (apimachinery's meta/v1/validation) of the metav1.LabelSelector
// `selector` at `path`: matchLabels as labels, each matchExpressions entry's operator, values
// and key.
void validateLabelSelector(Element selector, const std::string& path, FieldErrors& errors);

// ValidateObjectMeta of `object`'s metadata, and ValidatePodSpec of the pod spec `spec` at
// `path` (ManifestValidation.h says what each checks).
void validateObjectMetaElement(Element object, NameRule rule, bool nameOptional,
                               FieldErrors& errors);
void validatePodSpecElement(Element spec, const std::string& path, PodSpecOwner owner,
                            FieldErrors& errors);

// The parts of ValidatePodSpec kept in their own files, each at `path` of what it is given.
// A container's lifecycle hooks, livenessProbe, readinessProbe and startupProbe
// (PodProbeValidation.cpp); an init container that is no sidecar (restartPolicy Always) may have
// none of them.
void validateContainerProbes(Element container, const std::string& path, bool initContainer,
                             FieldErrors& errors);
// spec.securityContext of a pod spec at `specPath`, and a container's securityContext given the
// pod spec it is in (PodSecurityValidation.cpp).
void validatePodSecurityContext(Element spec, const std::string& specPath, FieldErrors& errors);
void validateContainerSecurityContext(Element container, Element spec, const std::string& path,
                                      FieldErrors& errors);
// spec.affinity of a pod spec at `specPath` (PodAffinityValidation.cpp).
void validateAffinity(Element spec, const std::string& specPath, FieldErrors& errors);

} // namespace tessera::codec::validation
