// The pod's and each container's securityContext as ValidatePodSpec checks them
// (pkg/apis/core/validation/validation.go: validatePodSpecSecurityContext, ValidateSecurityContext,
// validateSeccompProfileField, ValidateAppArmorProfileField, ValidateProcMountType). Whether the
// kubelet will run the result (runAsNonRoot with runAsUser 0 is refused when the container starts,
// not on create) is not the API server's to check.
#include "ValidationTree.h"

namespace tessera::codec::validation {

namespace {

// IsValidUserID / IsValidGroupID of the integer member `key`, when present.
void validateId(Element context, std::string_view key, const std::string& path,
                FieldErrors& errors) {
    if (const auto id = intMember(context, key))
        for (std::string& p : engine::userOrGroupIdProblems(*id))
            errors.invalid(child(path, key), std::to_string(*id), std::move(p));
}

// validateLocalDescendingPath: a relative path that never steps up ("..").
void validateLocalDescendingPath(std::string_view value, const std::string& path,
                                 FieldErrors& errors) {
    if (value.starts_with('/'))
        errors.invalid(path, engine::quoteValue(value), "must be a relative path");
    std::size_t start = 0;
    while (start <= value.size()) {
        const std::size_t end = std::min(value.find('/', start), value.size());
        if (value.substr(start, end - start) == "..") {
            errors.invalid(path, engine::quoteValue(value), "must not contain '..'");
            break; // one error makes the point, as upstream
        }
        start = end + 1;
    }
}

void validateSeccompProfile(Element context, const std::string& contextPath, FieldErrors& errors) {
    const auto profile = member(context, "seccompProfile");
    if (!profile)
        return;
    const std::string path = child(contextPath, "seccompProfile");
    const std::string_view type = stringMember(*profile, "type").value_or("");
    if (type.empty())
        errors.required(child(path, "type"), "type is required when seccompProfile is set");
    else if (type != "Localhost" && type != "RuntimeDefault" && type != "Unconfined")
        errors.notSupported(child(path, "type"), type,
                            {"Localhost", "RuntimeDefault", "Unconfined"});
    const auto localhost = stringMember(*profile, "localhostProfile");
    if (type == "Localhost") {
        if (!localhost)
            errors.required(child(path, "localhostProfile"),
                            "must be set when seccomp type is Localhost");
        else
            validateLocalDescendingPath(*localhost, child(path, "localhostProfile"), errors);
    } else if (localhost) {
        errors.invalid(child(path, "localhostProfile"), valueText(*profile),
                       "can only be set when seccomp type is Localhost");
    }
}

// ValidateAppArmorProfileField.
void validateAppArmorProfile(Element context, const std::string& contextPath, FieldErrors& errors) {
    const auto profile = member(context, "appArmorProfile");
    if (!profile)
        return;
    const std::string path = child(contextPath, "appArmorProfile");
    const std::string_view type = stringMember(*profile, "type").value_or("");
    const auto localhost = stringMember(*profile, "localhostProfile");
    const std::string localhostPath = child(path, "localhostProfile");
    if (type == "Localhost") {
        constexpr int64_t kMaxLocalhostProfileBytes = 4095; // PATH_MAX - 1
        constexpr std::string_view kSpace = " \t\n\v\f\r";
        const bool padded = localhost && !localhost->empty() &&
                            (kSpace.find(localhost->front()) != std::string_view::npos ||
                             kSpace.find(localhost->back()) != std::string_view::npos);
        if (padded)
            errors.invalid(localhostPath, engine::quoteValue(*localhost),
                           "must not be padded with whitespace");
        else if (!localhost || localhost->empty())
            errors.required(localhostPath, "must be set when AppArmor type is Localhost");
        if (localhost && static_cast<int64_t>(localhost->size()) > kMaxLocalhostProfileBytes)
            errors.tooLong(localhostPath, kMaxLocalhostProfileBytes);
    } else if (type == "RuntimeDefault" || type == "Unconfined") {
        if (localhost)
            errors.invalid(localhostPath, engine::quoteValue(*localhost),
                           "can only be set when AppArmor type is Localhost");
    } else if (type.empty()) {
        errors.required(child(path, "type"), "type is required when appArmorProfile is set");
    } else {
        errors.notSupported(child(path, "type"), type,
                            {"Localhost", "RuntimeDefault", "Unconfined"});
    }
}

} // namespace

void validatePodSecurityContext(Element spec, const std::string& specPath, FieldErrors& errors) {
    const std::string path = child(specPath, "securityContext");
    // The v1 spec keeps these two beside the context; upstream checks them in it, and names
    // the field there.
    if (boolMember(spec, "shareProcessNamespace").value_or(false) &&
        boolMember(spec, "hostPID").value_or(false))
        errors.invalid(child(path, "shareProcessNamespace"), "true",
                       "ShareProcessNamespace and HostPID cannot both be enabled");
    const auto context = member(spec, "securityContext");
    if (!context)
        return;
    validateId(*context, "fsGroup", path, errors);
    validateId(*context, "runAsUser", path, errors);
    validateId(*context, "runAsGroup", path, errors);
    if (const auto groups = arrayMember(*context, "supplementalGroups")) {
        std::size_t i = 0;
        for (const Element group : *groups) {
            const std::string at = indexed(child(path, "supplementalGroups"), i++);
            int64_t id = 0;
            if (group.get_int64().get(id) == simdjson::SUCCESS)
                for (std::string& p : engine::userOrGroupIdProblems(id))
                    errors.invalid(at, std::to_string(id), std::move(p));
        }
    }
    if (const auto policy = stringMember(*context, "fsGroupChangePolicy");
        policy && *policy != "OnRootMismatch" && *policy != "Always")
        errors.notSupported(child(path, "fsGroupChangePolicy"), *policy,
                            {"Always", "OnRootMismatch"});
    validateSeccompProfile(*context, path, errors);
    validateAppArmorProfile(*context, path, errors);
}

void validateContainerSecurityContext(Element container, Element spec, const std::string& path,
                                      FieldErrors& errors) {
    const auto context = member(container, "securityContext");
    if (!context)
        return;
    const std::string at = child(path, "securityContext");
    validateId(*context, "runAsUser", at, errors);
    validateId(*context, "runAsGroup", at, errors);
    if (const auto procMount = stringMember(*context, "procMount")) {
        if (*procMount != "Default" && *procMount != "Unmasked")
            errors.notSupported(child(at, "procMount"), *procMount, {"Default", "Unmasked"});
        // An unmasked /proc is only safe in a user namespace of its own.
        if (*procMount == "Unmasked" && boolMember(spec, "hostUsers").value_or(true))
            errors.invalid(child(at, "procMount"), engine::quoteValue(*procMount),
                           "`hostUsers` must be false to use `Unmasked`");
    }
    validateSeccompProfile(*context, at, errors);
    validateAppArmorProfile(*context, at, errors);
    if (boolMember(*context, "allowPrivilegeEscalation").value_or(true))
        return;
    // Privileged containers and CAP_SYS_ADMIN can always escalate: asking for both is a
    // contradiction.
    if (boolMember(*context, "privileged").value_or(false))
        errors.invalid(at, valueText(*context),
                       "cannot set `allowPrivilegeEscalation` to false and `privileged` to true");
    const auto capabilities = member(*context, "capabilities");
    if (const auto added = capabilities ? arrayMember(*capabilities, "add") : std::nullopt)
        for (const Element capability : *added) {
            std::string_view name;
            if (capability.get_string().get(name) == simdjson::SUCCESS && name == "CAP_SYS_ADMIN")
                errors.invalid(at, valueText(*context),
                               "cannot set `allowPrivilegeEscalation` to false and "
                               "`capabilities.Add` CAP_SYS_ADMIN");
        }
}

} // namespace tessera::codec::validation
