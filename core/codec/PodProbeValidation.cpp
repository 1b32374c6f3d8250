// A container's probes and lifecycle hooks as ValidatePodSpec checks them
// (pkg/apis/core/validation/validation.go: validateInitContainers, validateContainers,
// validateLifecycle, validateProbe, validateHandler and the actions),
// after the defaults (SetDefaults_Probe, SetDefaults_HTTPGetAction) have filled in zeros, an
// empty httpGet path and scheme.
#include "ValidationTree.h"

#include <array>

namespace tessera::codec::validation {

namespace {

// The probes of a container, in upstream's order.
constexpr std::array<const char*, 3> kProbes = {"livenessProbe", "readinessProbe", "startupProbe"};

// ValidatePortNumOrName: an intstr port is a number 1..65535 or an IANA_SVC_NAME. An absent port
// is the number 0.
void validatePortNumOrName(Element action, const std::string& path, FieldErrors& errors) {
    const std::string at = child(path, "port");
    if (const auto name = stringMember(action, "port")) {
        invalidEach(errors, at, *name, engine::portNameProblems(*name));
        return;
    }
    const int64_t number = intMember(action, "port").value_or(0);
    for (std::string& p : engine::portNumberProblems(number))
        errors.invalid(at, std::to_string(number), std::move(p));
}

void validateExec(Element exec, const std::string& path, FieldErrors& errors) {
    const auto command = arrayMember(exec, "command");
    if (!command || command->size() == 0)
        errors.required(child(path, "command"));
}

void validateHttpGet(Element http, const std::string& path, FieldErrors& errors) {
    validatePortNumOrName(http, path, errors);
    if (const auto scheme = stringMember(http, "scheme");
        scheme && !scheme->empty() && *scheme != "HTTP" && *scheme != "HTTPS")
        errors.notSupported(child(path, "scheme"), *scheme, {"HTTP", "HTTPS"});
    if (const auto headers = arrayMember(http, "httpHeaders"))
        for (const Element header : *headers) {
            const std::string_view name = stringMember(header, "name").value_or("");
            invalidEach(errors, child(path, "httpHeaders"), name,
                        engine::httpHeaderNameProblems(name));
        }
}

void validateGrpc(Element grpc, const std::string& path, FieldErrors& errors) {
    const int64_t number = intMember(grpc, "port").value_or(0);
    for (std::string& p : engine::portNumberProblems(number))
        errors.invalid(child(path, "port"), std::to_string(number), std::move(p));
}

// A sleep action of a lifecycle hook. Its bound (terminationGracePeriodSeconds) is not checked.
void validateSleep(Element /*sleep*/, const std::string& /*path*/, FieldErrors& /*errors*/) {}

// validateHandler: exactly one handler (a probe's exec, httpGet, tcpSocket or grpc; a lifecycle
// hook's exec, httpGet, tcpSocket or sleep); the ones after the first are refused by name and
// not checked further.
enum class HandlerOf { Probe, LifecycleHook };

void validateHandler(Element handlerOwner, HandlerOf of, const std::string& path,
                     FieldErrors& errors) {
    using Check = void (*)(Element, const std::string&, FieldErrors&);
    const std::array<std::pair<const char*, Check>, 4> handlers = {{
        {"exec", validateExec},
        {"httpGet", validateHttpGet},
        {"tcpSocket", validatePortNumOrName},
        of == HandlerOf::Probe ? std::pair<const char*, Check>{"grpc", validateGrpc}
                               : std::pair<const char*, Check>{"sleep", validateSleep},
    }};
    int count = 0;
    for (const auto& [name, check] : handlers) {
        const auto handler = member(handlerOwner, name);
        if (!handler)
            continue;
        if (count++ > 0)
            errors.forbidden(child(path, name), "may not specify more than 1 handler type");
        else
            check(*handler, child(path, name), errors);
    }
    if (count == 0)
        errors.required(path, "must specify a handler type");
}

void validateProbe(Element probe, std::string_view kind, const std::string& path,
                   FieldErrors& errors) {
    validateHandler(probe, HandlerOf::Probe, path, errors);
    for (const char* field : {"initialDelaySeconds", "timeoutSeconds", "periodSeconds",
                              "successThreshold", "failureThreshold"})
        validateNonNegative(probe, field, path, errors);
    const auto grace = intMember(probe, "terminationGracePeriodSeconds");
    if (grace && *grace <= 0)
        errors.invalid(child(path, "terminationGracePeriodSeconds"), std::to_string(*grace),
                       "must be greater than 0");
    // A liveness or startup probe succeeds once; 0 is defaulted to 1.
    const int64_t success = intMember(probe, "successThreshold").value_or(0);
    if (kind != "readinessProbe" && success != 0 && success != 1)
        errors.invalid(child(path, "successThreshold"), std::to_string(success), "must be 1");
    if (kind == "readinessProbe" && grace)
        errors.invalid(child(path, "terminationGracePeriodSeconds"), std::to_string(*grace),
                       "must not be set for readinessProbes");
}

} // namespace

void validateContainerProbes(Element container, const std::string& path, bool initContainer,
                             FieldErrors& errors) {
    // A sidecar (an init container with restartPolicy Always) runs beside the others and may
    // be probed; any other init container runs to completion first and may not.
    const bool sidecar = initContainer && stringMember(container, "restartPolicy") == "Always";
    if (initContainer && !sidecar) {
        for (const char* field : {"lifecycle", kProbes[0], kProbes[1], kProbes[2]})
            if (member(container, field))
                errors.forbidden(child(path, field), "may not be set for init containers without "
                                                     "restartPolicy=Always");
        return;
    }
    if (const auto lifecycle = member(container, "lifecycle"))
        for (const char* hook : {"postStart", "preStop"})
            if (const auto handler = member(*lifecycle, hook))
                validateHandler(*handler, HandlerOf::LifecycleHook,
                                child(child(path, "lifecycle"), hook), errors);
    for (const char* kind : kProbes)
        if (const auto probe = member(container, kind))
            validateProbe(*probe, kind, child(path, kind), errors);
}

} // namespace tessera::codec::validation
