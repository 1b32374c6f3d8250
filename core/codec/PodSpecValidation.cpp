// ValidatePodSpec (pkg/apis/core/validation/validation.go) over a manifest's JSON: volumes,
// containers (names, images, ports, env, volume mounts, resources, pull policy, and through
// their own files security contexts and probes), restartPolicy, dnsPolicy, nodeSelector,
// serviceAccountName, hostname/subdomain, tolerations, the pod's securityContext and affinity.
#include "ManifestValidation.h"
#include "ValidationTree.h"
#include "engine/ValidationNames.h"
#include "engine/ValidationQuantity.h"

#include <set>

namespace tessera::codec {

using namespace validation;

namespace {

constexpr const char* kNegative = "must be greater than or equal to 0";

// volumes[*]: a DNS-label name, unique, and exactly one volume source.
std::set<std::string, std::less<>> validateVolumes(Element spec, const std::string& path,
                                                   FieldErrors& errors) {
    std::set<std::string, std::less<>> names;
    const auto volumes = arrayMember(spec, "volumes");
    if (!volumes)
        return names;
    std::size_t i = 0;
    for (const Element volume : *volumes) {
        const std::string at = indexed(path, i++);
        Object fields;
        std::size_t sources = 0;
        if (volume.get_object().get(fields) == simdjson::SUCCESS)
            for (const auto field : fields)
                if (field.key != "name" && !field.value.is_null() && sources++ > 0)
                    errors.forbidden(child(at, field.key),
                                     "may not specify more than 1 volume type");
        if (sources == 0)
            errors.required(at, "must specify a volume type");
        const std::string_view name = stringMember(volume, "name").value_or("");
        FieldErrors own;
        if (name.empty())
            own.required(child(at, "name"));
        else
            invalidEach(own, child(at, "name"), name, engine::dns1123LabelProblems(name));
        if (names.count(name) > 0)
            own.duplicate(child(at, "name"), name);
        if (own.empty())
            names.emplace(name);
        for (engine::Error& e : own.take())
            errors.add(std::move(e));
    }
    return names;
}

bool isStandardContainerResource(std::string_view name) {
    return name == "cpu" || name == "memory" || name == "ephemeral-storage" ||
           name.starts_with("hugepages-");
}

// A resource without a domain, or in kubernetes.io: native (overcommit allowed but hugepages).
bool isNativeResource(std::string_view name) {
    return name.find('/') == std::string_view::npos ||
           name.find("kubernetes.io/") != std::string_view::npos;
}

struct ParsedResource {
    std::string text;
    engine::Quantity quantity;
};

// resources.limits / requests: names, quantities, signs, integer extended resources.
std::map<std::string, ParsedResource, std::less<>> validateResourceList(Element resources,
                                                                        std::string_view key,
                                                                        const std::string& path,
                                                                        FieldErrors& errors) {
    std::map<std::string, ParsedResource, std::less<>> out;
    const auto list = objectMember(resources, key);
    if (!list)
        return out;
    for (const auto field : *list) {
        const std::string at = keyed(path, field.key);
        const std::string_view name = field.key;
        invalidEach(errors, at, name, engine::qualifiedNameProblems(name));
        if (name.find('/') == std::string_view::npos) {
            if (!isStandardContainerResource(name))
                errors.invalid(at, engine::quoteValue(name),
                               "must be a standard resource for containers");
        } else if (!isNativeResource(name) &&
                   !engine::qualifiedNameProblems("requests." + std::string(name)).empty()) {
            errors.invalid(at, engine::quoteValue(name),
                           "doesn't follow extended resource name standard");
        }
        std::string text;
        std::string_view s;
        int64_t n = 0;
        double d = 0;
        if (field.value.get_string().get(s) == simdjson::SUCCESS)
            text = std::string(s);
        else if (field.value.get_int64().get(n) == simdjson::SUCCESS ||
                 field.value.get_double().get(d) == simdjson::SUCCESS)
            text = simdjson::minify(field.value); // a number is a quantity too
        const engine::QuantityParse parsed = engine::parseQuantity(text);
        if (!parsed.quantity) {
            errors.invalid(at, valueText(field.value), parsed.problem);
            continue;
        }
        if (parsed.quantity->negative)
            errors.invalid(at, engine::quoteValue(text), kNegative);
        else if (!isNativeResource(name) && !parsed.quantity->isInteger())
            errors.invalid(at, engine::quoteValue(text), "must be an integer");
        out.emplace(std::string(name), ParsedResource{text, *parsed.quantity});
    }
    return out;
}

void validateResources(Element container, const std::string& path, FieldErrors& errors) {
    const auto resources = member(container, "resources");
    if (!resources)
        return;
    const std::string limitsPath = child(path, "limits");
    const std::string requestsPath = child(path, "requests");
    const auto limits = validateResourceList(*resources, "limits", limitsPath, errors);
    const auto requests = validateResourceList(*resources, "requests", requestsPath, errors);
    for (const auto& [name, request] : requests) {
        const bool overcommit = isNativeResource(name) && !name.starts_with("hugepages-");
        const auto limit = limits.find(name);
        if (limit == limits.end()) {
            if (!overcommit)
                errors.required(keyed(limitsPath, name),
                                "Limit must be set for non overcommitable resources");
            continue;
        }
        const int order = engine::compareQuantities(request.quantity, limit->second.quantity);
        if (order != 0 && !overcommit)
            errors.invalid(requestsPath, engine::quoteValue(request.text),
                           "must be equal to " + name + " limit of " + limit->second.text);
        else if (order > 0)
            errors.invalid(requestsPath, engine::quoteValue(request.text),
                           "must be less than or equal to " + name + " limit of " +
                               limit->second.text);
    }
}

void validatePorts(Element container, const std::string& path, FieldErrors& errors) {
    const auto ports = arrayMember(container, "ports");
    if (!ports)
        return;
    std::set<std::string, std::less<>> names;
    std::size_t i = 0;
    for (const Element port : *ports) {
        const std::string at = indexed(path, i++);
        if (const auto name = stringMember(port, "name"); name && !name->empty()) {
            const engine::Problems problems = engine::portNameProblems(*name);
            if (!problems.empty())
                invalidEach(errors, child(at, "name"), *name, problems);
            else if (!names.emplace(*name).second)
                errors.duplicate(child(at, "name"), *name);
        }
        int64_t number = 0;
        const auto containerPort = member(port, "containerPort");
        if (!containerPort || containerPort->get_int64().get(number) != simdjson::SUCCESS ||
            number == 0)
            errors.required(child(at, "containerPort"));
        else
            for (std::string& p : engine::portNumberProblems(number))
                errors.invalid(child(at, "containerPort"), std::to_string(number), std::move(p));
        if (const auto host = member(port, "hostPort");
            host && host->get_int64().get(number) == simdjson::SUCCESS && number != 0)
            for (std::string& p : engine::portNumberProblems(number))
                errors.invalid(child(at, "hostPort"), std::to_string(number), std::move(p));
        if (const auto protocol = stringMember(port, "protocol");
            protocol && *protocol != "TCP" && *protocol != "UDP" && *protocol != "SCTP")
            errors.notSupported(child(at, "protocol"), *protocol, {"SCTP", "TCP", "UDP"});
    }
}

void validateEnv(Element container, const std::string& path, FieldErrors& errors) {
    const auto env = arrayMember(container, "env");
    if (!env)
        return;
    std::size_t i = 0;
    for (const Element var : *env) {
        const std::string at = child(indexed(path, i++), "name");
        const std::string_view name = stringMember(var, "name").value_or("");
        if (name.empty())
            errors.required(at);
        else
            invalidEach(errors, at, name, engine::envVarNameProblems(name));
    }
}

void validateVolumeMounts(Element container, const std::string& path,
                          const std::set<std::string, std::less<>>& volumes, FieldErrors& errors) {
    const auto mounts = arrayMember(container, "volumeMounts");
    if (!mounts)
        return;
    std::set<std::string, std::less<>> paths;
    std::size_t i = 0;
    for (const Element mount : *mounts) {
        const std::string at = indexed(path, i++);
        const std::string_view name = stringMember(mount, "name").value_or("");
        if (name.empty())
            errors.required(child(at, "name"));
        else if (volumes.count(name) == 0)
            errors.notFound(child(at, "name"), name);
        const std::string_view mountPath = stringMember(mount, "mountPath").value_or("");
        if (mountPath.empty())
            errors.required(child(at, "mountPath"));
        else if (!paths.emplace(mountPath).second)
            errors.invalid(child(at, "mountPath"), engine::quoteValue(mountPath), "must be unique");
    }
}

void validateContainers(Element spec, std::string_view list, const std::string& specPath,
                        bool required, const std::set<std::string, std::less<>>& volumes,
                        std::set<std::string, std::less<>>& names, FieldErrors& errors) {
    const std::string path = child(specPath, list);
    const auto containers = arrayMember(spec, list);
    if (!containers || containers->size() == 0) {
        if (required)
            errors.required(path);
        return;
    }
    std::size_t i = 0;
    for (const Element c : *containers) {
        const std::string at = indexed(path, i++);
        const std::string_view name = stringMember(c, "name").value_or("");
        if (name.empty())
            errors.required(child(at, "name"));
        else
            invalidEach(errors, child(at, "name"), name, engine::dns1123LabelProblems(name));
        if (!name.empty() && !names.emplace(name).second)
            errors.duplicate(child(at, "name"), name);
        // Only an empty image: upstream keeps " " as a token some pod templates use
        // (validateContainerCommon).
        if (stringMember(c, "image").value_or("").empty())
            errors.required(child(at, "image"));
        validatePorts(c, child(at, "ports"), errors);
        validateEnv(c, child(at, "env"), errors);
        validateVolumeMounts(c, child(at, "volumeMounts"), volumes, errors);
        validateResources(c, child(at, "resources"), errors);
        validateContainerSecurityContext(c, spec, at, errors);
        validateContainerProbes(c, at, list == "initContainers", errors);
        // An empty policy is defaulted (SetDefaults_Container) before validation.
        if (const auto policy = stringMember(c, "imagePullPolicy");
            policy && !policy->empty() && *policy != "Always" && *policy != "IfNotPresent" &&
            *policy != "Never")
            errors.notSupported(child(at, "imagePullPolicy"), *policy,
                                {"Always", "IfNotPresent", "Never"});
        if (const auto policy = stringMember(c, "terminationMessagePolicy");
            policy && !policy->empty() && *policy != "File" && *policy != "FallbackToLogsOnError")
            errors.notSupported(child(at, "terminationMessagePolicy"), *policy,
                                {"File", "FallbackToLogsOnError"});
    }
}

void validateTolerations(Element spec, const std::string& path, FieldErrors& errors) {
    const auto tolerations = arrayMember(spec, "tolerations");
    if (!tolerations)
        return;
    std::size_t i = 0;
    for (const Element t : *tolerations) {
        const std::string at = indexed(path, i++);
        const std::string_view key = stringMember(t, "key").value_or("");
        const std::string_view op = stringMember(t, "operator").value_or("");
        const std::string_view value = stringMember(t, "value").value_or("");
        const std::string_view effect = stringMember(t, "effect").value_or("");
        if (!key.empty())
            invalidEach(errors, child(at, "key"), key, engine::qualifiedNameProblems(key));
        if (key.empty() && op != "Exists")
            errors.invalid(child(at, "operator"), engine::quoteValue(op),
                           "operator must be Exists when `key` is empty, which means \"match "
                           "all values and all keys\"");
        if (member(t, "tolerationSeconds") && effect != "NoExecute")
            errors.invalid(child(at, "effect"), engine::quoteValue(effect),
                           "effect must be 'NoExecute' when `tolerationSeconds` is set");
        if (op.empty() || op == "Equal") {
            engine::Problems problems = engine::labelValueProblems(value);
            if (!problems.empty()) {
                std::string joined;
                for (const std::string& p : problems)
                    joined += (joined.empty() ? "" : ";") + p;
                errors.invalid(child(at, "operator"), engine::quoteValue(value), joined);
            }
        } else if (op == "Exists") {
            if (!value.empty())
                errors.invalid(child(at, "operator"), valueText(t),
                               "value must be empty when `operator` is 'Exists'");
        } else {
            errors.notSupported(child(at, "operator"), op, {"Equal", "Exists"});
        }
        if (!effect.empty() && effect != "NoSchedule" && effect != "PreferNoSchedule" &&
            effect != "NoExecute")
            errors.notSupported(child(at, "effect"), effect,
                                {"NoSchedule", "PreferNoSchedule", "NoExecute"});
    }
}

} // namespace

namespace validation {

void validatePodSpecElement(Element spec, const std::string& path, PodSpecOwner owner,
                            FieldErrors& errors) {
    const auto volumes = validateVolumes(spec, child(path, "volumes"), errors);
    std::set<std::string, std::less<>> names;
    // A Job's containers are the Job rules' (engine::validateJob names them): not twice.
    validateContainers(spec, "containers", path, owner == PodSpecOwner::Pod, volumes, names,
                       errors);
    validateContainers(spec, "initContainers", path, false, volumes, names, errors);

    // restartPolicy: a Pod's may be any of three; a Job template's is defaulted to Always when
    // absent (SetDefaults_PodSpec) and the Job rules then refuse Always, which the engine model
    // cannot see (it reads an absent policy as Never).
    const auto restart = stringMember(spec, "restartPolicy");
    if (owner == PodSpecOwner::JobTemplate) {
        if (!restart || restart->empty())
            errors.notSupported(child(path, "restartPolicy"), "Always", {"OnFailure", "Never"});
    } else if (restart && !restart->empty() && *restart != "Always" && *restart != "OnFailure" &&
               *restart != "Never") {
        errors.notSupported(child(path, "restartPolicy"), *restart,
                            {"Always", "OnFailure", "Never"});
    }
    if (const auto dns = stringMember(spec, "dnsPolicy");
        dns && !dns->empty() && *dns != "ClusterFirstWithHostNet" && *dns != "ClusterFirst" &&
        *dns != "Default" && *dns != "None")
        errors.notSupported(child(path, "dnsPolicy"), *dns,
                            {"ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"});
    validateLabels(stringMap(spec, "nodeSelector", child(path, "nodeSelector"), errors),
                   child(path, "nodeSelector"), errors);
    for (const char* field : {"serviceAccountName", "priorityClassName"})
        if (const auto name = stringMember(spec, field); name && !name->empty())
            invalidEach(errors, child(path, field), *name, engine::dns1123SubdomainProblems(*name));
    if (const auto deadline = member(spec, "activeDeadlineSeconds")) {
        int64_t n = 0;
        if (deadline->get_int64().get(n) == simdjson::SUCCESS && (n < 1 || n > 2147483647))
            errors.invalid(child(path, "activeDeadlineSeconds"), std::to_string(n),
                           "must be between 1 and 2147483647, inclusive");
    }
    for (const char* field : {"hostname", "subdomain"})
        if (const auto name = stringMember(spec, field); name && !name->empty())
            invalidEach(errors, child(path, field), *name, engine::dns1123LabelProblems(*name));
    validateTolerations(spec, child(path, "tolerations"), errors);
    validatePodSecurityContext(spec, path, errors);
    validateAffinity(spec, path, errors);
}

} // namespace validation

std::vector<engine::Error> validatePodSpec(JsonText podSpec, const std::string& path,
                                           PodSpecOwner owner) {
    FieldErrors errors;
    simdjson::dom::parser parser;
    Element root;
    if (const auto code = parser.parse(podSpec.text().data(), podSpec.text().size()).get(root);
        code != simdjson::SUCCESS) {
        errors.invalid(path, "", std::string("invalid JSON: ") + simdjson::error_message(code));
        return errors.take();
    }
    validatePodSpecElement(root, path, owner, errors);
    return errors.take();
}

} // namespace tessera::codec
