// ValidateObjectMeta (apimachinery) and the Job gate: the object's metadata, its pod template as
// the API server defaults and validates it, then the engine's Job rules.
#include "ManifestValidation.h"

#include "ValidationTree.h"
#include "engine/Defaults.h"
#include "engine/Validation.h"
#include "engine/ValidationNames.h"

#include <algorithm>

namespace tessera::codec {

using namespace validation;

namespace {

// apimachinery's maskTrailingDash: a generateName may end in '-' (a random suffix follows).
std::string maskTrailingDash(std::string_view name) {
    std::string out(name);
    if (out.size() > 1 && out.back() == '-')
        out.back() = 'a';
    return out;
}

engine::Problems nameProblems(std::string_view name, NameRule rule) {
    switch (rule) {
    case NameRule::Subdomain:
        return engine::dns1123SubdomainProblems(name);
    case NameRule::Label:
        return engine::dns1123LabelProblems(name);
    case NameRule::Dns1035:
        return engine::dns1035LabelProblems(name);
    case NameRule::PathSegment:
        break;
    }
    // IsValidPathSegmentName.
    if (name == "." || name == "..")
        return {"may not be '" + std::string(name) + "'"};
    engine::Problems out;
    for (const char* illegal : {"/", "%"})
        if (name.find(illegal) != std::string_view::npos)
            out.push_back("may not contain '" + std::string(illegal) + "'");
    return out;
}

// ValidateOwnerReferences (apimachinery's api/validation/objectmeta.go). Upstream names the list,
// not the entry: "metadata.ownerReferences.uid".
void validateOwnerReferences(Element meta, FieldErrors& errors) {
    const auto list = member(meta, "ownerReferences");
    Array references;
    if (!list || list->get_array().get(references) != simdjson::SUCCESS)
        return;
    const std::string path = "metadata.ownerReferences";
    std::string controller; // Kind/name of the first reference with controller true
    for (const Element reference : references) {
        const std::string_view apiVersion = stringMember(reference, "apiVersion").value_or("");
        const std::string_view kind = stringMember(reference, "kind").value_or("");
        const std::string_view name = stringMember(reference, "name").value_or("");
        // schema.ParseGroupVersion: "version" or "group/version"; more slashes parse to nothing.
        const std::size_t slashes = std::count(apiVersion.begin(), apiVersion.end(), '/');
        const std::string_view version = slashes == 0 ? apiVersion
                                         : slashes == 1
                                             ? apiVersion.substr(apiVersion.find('/') + 1)
                                             : std::string_view();
        if (version.empty())
            errors.invalid(child(path, "apiVersion"), engine::quoteValue(apiVersion),
                           "version must not be empty");
        if (kind.empty())
            errors.invalid(child(path, "kind"), engine::quoteValue(kind), "kind must not be empty");
        if (name.empty())
            errors.invalid(child(path, "name"), engine::quoteValue(name), "name must not be empty");
        const std::string_view uid = stringMember(reference, "uid").value_or("");
        if (uid.empty())
            errors.invalid(child(path, "uid"), engine::quoteValue(uid), "uid must not be empty");
        // BannedOwners: an Event never owns anything.
        if (apiVersion == "v1" && kind == "Event")
            errors.invalid(path, valueText(reference),
                           "/v1, Kind=Event is disallowed from being an owner");
        if (!boolMember(reference, "controller").value_or(false))
            continue;
        const std::string current = std::string(kind) + "/" + std::string(name);
        if (controller.empty())
            controller = current;
        else
            errors.invalid(path, valueText(*list),
                           "Only one reference can have Controller set to true. Found \"true\" in "
                           "references for " +
                               controller + " and " + current);
    }
}

// A placeholder uid for the labels the server adds before it assigns the real one: a valid
// label value, as every uid is.
constexpr const char* kPlaceholderUid = "00000000-0000-0000-0000-000000000000";

} // namespace

namespace validation {

void validateObjectMetaElement(Element object, NameRule rule, bool nameOptional,
                               FieldErrors& errors) {
    const auto meta = member(object, "metadata");
    const std::string_view name = meta ? stringMember(*meta, "name").value_or("") : "";
    const std::string_view generate = meta ? stringMember(*meta, "generateName").value_or("") : "";
    if (!generate.empty())
        for (std::string& p : nameProblems(maskTrailingDash(generate), rule))
            errors.invalid("metadata.generateName", engine::quoteValue(generate), std::move(p));
    if (!name.empty())
        for (std::string& p : nameProblems(name, rule))
            errors.invalid("metadata.name", engine::quoteValue(name), std::move(p));
    else if (generate.empty() && !nameOptional)
        errors.required("metadata.name", "name or generateName is required");
    if (!meta)
        return;
    if (const auto ns = stringMember(*meta, "namespace"); ns && !ns->empty())
        for (std::string& p : engine::dns1123LabelProblems(*ns))
            errors.invalid("metadata.namespace", engine::quoteValue(*ns), std::move(p));
    validateLabels(stringMap(*meta, "labels", "metadata.labels", errors), "metadata.labels",
                   errors);
    validateAnnotations(stringMap(*meta, "annotations", "metadata.annotations", errors),
                        "metadata.annotations", errors);
    validateOwnerReferences(*meta, errors);
}

} // namespace validation

std::vector<engine::Error> validateObjectMeta(JsonText object, NameRule rule, bool nameOptional) {
    FieldErrors errors;
    simdjson::dom::parser parser;
    Element root;
    if (const auto code = parser.parse(object.text().data(), object.text().size()).get(root);
        code != simdjson::SUCCESS) {
        errors.invalid("metadata", "",
                       std::string("invalid JSON: ") + simdjson::error_message(code));
        return errors.take();
    }
    validateObjectMetaElement(root, rule, nameOptional, errors);
    return errors.take();
}

std::vector<engine::Error> validateJobManifest(JsonText json) {
    // A body that does not decode (a wrong type, an unknown enum) is the decoder's one error.
    auto decoded = decodeJob(json);
    if (!decoded.ok())
        return {decoded.error()};
    FieldErrors errors;
    simdjson::dom::parser parser;
    Element root;
    if (const auto code = parser.parse(json.text().data(), json.text().size()).get(root);
        code != simdjson::SUCCESS) {
        errors.invalid("", "", std::string("invalid JSON: ") + simdjson::error_message(code));
        return errors.take();
    }
    validateObjectMetaElement(root, NameRule::Subdomain, false, errors);

    // The Job rules (pkg/apis/batch/validation) on the decoded, defaulted spec. A generated name
    // stands in for a missing one, as the server generates it first; a missing name was named
    // above already.
    engine::Job job = decoded->job;
    engine::applyDefaults(job.spec);
    if (job.metadata.name.empty())
        job.metadata.name = decoded->meta.generateName.empty()
                                ? std::string("x")
                                : maskTrailingDash(decoded->meta.generateName) + "xxxxx";
    for (engine::Error& e : engine::validateJob(job))
        errors.add(std::move(e));

    // The pod template (ValidatePodTemplateSpec) with the labels the server adds to it unless
    // the selector is manual: a Job name that is no label value is refused there, as upstream.
    const auto spec = member(root, "spec");
    if (const auto selector = spec ? member(*spec, "selector") : std::nullopt)
        validateLabelSelector(*selector, "spec.selector", errors);
    const auto tmpl = spec ? member(*spec, "template") : std::nullopt;
    const auto tmeta = tmpl ? member(*tmpl, "metadata") : std::nullopt;
    StringMap labels;
    StringMap annotations;
    if (tmeta) {
        labels = stringMap(*tmeta, "labels", "spec.template.labels", errors);
        annotations = stringMap(*tmeta, "annotations", "spec.template.annotations", errors);
    }
    bool manualSelector = false;
    if (const auto manual = spec ? member(*spec, "manualSelector") : std::nullopt)
        if (manual->get_bool().get(manualSelector) != simdjson::SUCCESS)
            manualSelector = false;
    if (!manualSelector) {
        const std::string name = decoded->job.metadata.name;
        const std::string uid =
            decoded->job.metadata.uid.empty() ? kPlaceholderUid : decoded->job.metadata.uid;
        if (!name.empty()) {
            labels.insert_or_assign(engine::kJobNameLabel, name);
            labels.insert_or_assign("job-name", name);
        }
        labels.insert_or_assign(engine::kControllerUidLabel, uid);
        labels.insert_or_assign("controller-uid", uid);
    }
    validateLabels(labels, "spec.template.labels", errors);
    validateAnnotations(annotations, "spec.template.annotations", errors);
    if (const auto podSpec = tmpl ? member(*tmpl, "spec") : std::nullopt)
        validatePodSpecElement(*podSpec, "spec.template.spec", PodSpecOwner::JobTemplate, errors);
    else
        errors.notSupported("spec.template.spec.restartPolicy", "Always", {"OnFailure", "Never"});
    return errors.take();
}

std::string describeRefusal(const Manifest& manifest, const std::vector<engine::Error>& errors) {
    std::string out = manifest.source + ": the API server would reject this Job:";
    for (const engine::Error& e : errors)
        out += "\n  " + manifest.describe(manifest.locate(e));
    return out;
}

} // namespace tessera::codec
