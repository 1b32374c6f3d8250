#include "ApiKinds.h"

#include "KindPrinters.h"
#include "KindStrategies.h"

namespace tessera::serve {

namespace {

// The fields each kind's fieldSelector accepts beyond none, as its GetAttrs / SelectableFields
// (pkg/registry/*/strategy.go) and field label conversion (pkg/apis/*/v1/conversion.go) allow.
constexpr SelectableField kPodFields[] = {
    {"metadata.name", "metadata.name"},
    {"metadata.namespace", "metadata.namespace"},
    {"spec.nodeName", "spec.nodeName"},
    {"spec.host", "spec.nodeName"}, // what old v1 clients send for spec.nodeName
    {"spec.restartPolicy", "spec.restartPolicy"},
    {"spec.schedulerName", "spec.schedulerName"},
    {"spec.serviceAccountName", "spec.serviceAccountName"},
    {"spec.hostNetwork", "spec.hostNetwork", "false"},
    {"status.phase", "status.phase"},
    {"status.podIP", "status.podIP"},
    {"status.nominatedNodeName", "status.nominatedNodeName"},
};
constexpr SelectableField kJobFields[] = {
    {"metadata.name", "metadata.name"},
    {"metadata.namespace", "metadata.namespace"},
    {"status.successful", "status.succeeded", "0"},
};
constexpr SelectableField kEventFields[] = {
    {"metadata.name", "metadata.name"},
    {"metadata.namespace", "metadata.namespace"},
    {"involvedObject.kind", "involvedObject.kind"},
    {"involvedObject.namespace", "involvedObject.namespace"},
    {"involvedObject.name", "involvedObject.name"},
    {"involvedObject.uid", "involvedObject.uid"},
    {"involvedObject.apiVersion", "involvedObject.apiVersion"},
    {"involvedObject.resourceVersion", "involvedObject.resourceVersion"},
    {"involvedObject.fieldPath", "involvedObject.fieldPath"},
    {"reason", "reason"},
    {"reportingComponent", "reportingComponent"},
    {"source", "source.component"},
    {"type", "type"},
};
constexpr SelectableField kSecretFields[] = {
    {"metadata.name", "metadata.name"},
    {"metadata.namespace", "metadata.namespace"},
    {"type", "type"},
};
constexpr SelectableField kNamespaceFields[] = {
    {"metadata.name", "metadata.name"},
    {"status.phase", "status.phase"},
};
constexpr SelectableField kNodeFields[] = {
    {"metadata.name", "metadata.name"},
    {"spec.unschedulable", "spec.unschedulable", "false"},
};

using codec::NameRule;

// One row per kind, in discovery order.
const ResourceInfo kResources[] = {
    {.name = "pods",
     .singular = "pod",
     .kind = "Pod",
     .group = "",
     .version = "v1",
     .namespaced = true,
     .shortNames = "po",
     .subresources = "status,log,exec,attach,portforward,ephemeralcontainers",
     .categories = "all",
     .selectableFields = kPodFields,
     .printer = &printers::kPod,
     .defaults = strategies::defaultPod,
     .validate = strategies::validatePod,
     .returnsDeletedObject = true,
     .initialPhase = "Pending"},
    {.name = "configmaps",
     .singular = "configmap",
     .kind = "ConfigMap",
     .group = "",
     .version = "v1",
     .namespaced = true,
     .shortNames = "cm",
     .subresources = "",
     .printer = &printers::kConfigMap,
     .validate = strategies::validateConfigMap},
    {.name = "events",
     .singular = "event",
     .kind = "Event",
     .group = "",
     .version = "v1",
     .namespaced = true,
     .shortNames = "ev",
     .subresources = "",
     .selectableFields = kEventFields,
     .printer = &printers::kEvent,
     .nameRule = NameRule::PathSegment},
    {.name = "namespaces",
     .singular = "namespace",
     .kind = "Namespace",
     .group = "",
     .version = "v1",
     .namespaced = false,
     .shortNames = "ns",
     .subresources = "status",
     .selectableFields = kNamespaceFields,
     .printer = &printers::kNamespace,
     .nameRule = NameRule::Label,
     .returnsDeletedObject = true,
     .initialPhase = "Active"},
    {.name = "nodes",
     .singular = "node",
     .kind = "Node",
     .group = "",
     .version = "v1",
     .namespaced = false,
     .shortNames = "no",
     .subresources = "status",
     .selectableFields = kNodeFields,
     .printer = &printers::kNode},
    {.name = "jobs",
     .singular = "job",
     .kind = "Job",
     .group = "batch",
     .version = "v1",
     .namespaced = true,
     .shortNames = "",
     .subresources = "status",
     .categories = "all",
     .selectableFields = kJobFields,
     .printer = &printers::kJob,
     .countsGeneration = true,
     .defaultPropagation = Propagation::Orphan},
    // Secrets are never logged.
    {.name = "secrets",
     .singular = "secret",
     .kind = "Secret",
     .group = "",
     .version = "v1",
     .namespaced = true,
     .shortNames = "",
     .subresources = "",
     .selectableFields = kSecretFields,
     .printer = &printers::kSecret,
     .defaults = strategies::defaultSecret,
     .validate = strategies::validateSecret},
    {.name = "services",
     .singular = "service",
     .kind = "Service",
     .group = "",
     .version = "v1",
     .namespaced = true,
     .shortNames = "svc",
     .subresources = "status",
     .categories = "all",
     .printer = &printers::kService,
     .nameRule = NameRule::Dns1035,
     .defaults = strategies::defaultService,
     .validate = strategies::validateService,
     .returnsDeletedObject = true},
    {.name = "serviceaccounts",
     .singular = "serviceaccount",
     .kind = "ServiceAccount",
     .group = "",
     .version = "v1",
     .namespaced = true,
     .shortNames = "sa",
     .subresources = "",
     .printer = &printers::kServiceAccount,
     .returnsDeletedObject = true},
    {.name = "cronjobs",
     .singular = "cronjob",
     .kind = "CronJob",
     .group = "batch",
     .version = "v1",
     .namespaced = true,
     .shortNames = "cj",
     .subresources = "status",
     .categories = "all",
     .printer = &printers::kCronJob,
     .defaults = strategies::defaultCronJob,
     .validate = strategies::validateCronJob,
     .countsGeneration = true},
    // Reviews: answered, never stored (ApiAuth.cpp).
    {.name = "selfsubjectaccessreviews",
     .singular = "selfsubjectaccessreview",
     .kind = "SelfSubjectAccessReview",
     .group = "authorization.k8s.io",
     .version = "v1",
     .namespaced = false,
     .shortNames = "",
     .subresources = "",
     .createOnly = true},
    {.name = "selfsubjectrulesreviews",
     .singular = "selfsubjectrulesreview",
     .kind = "SelfSubjectRulesReview",
     .group = "authorization.k8s.io",
     .version = "v1",
     .namespaced = false,
     .shortNames = "",
     .subresources = "",
     .createOnly = true},
    {.name = "selfsubjectreviews",
     .singular = "selfsubjectreview",
     .kind = "SelfSubjectReview",
     .group = "authentication.k8s.io",
     .version = "v1",
     .namespaced = false,
     .shortNames = "",
     .subresources = "",
     .createOnly = true},
};

} // namespace

QString ResourceInfo::apiVersion() const {
    return *group ? QLatin1String(group) + QLatin1Char('/') + QLatin1String(version)
                  : QLatin1String(version);
}

bool ResourceInfo::inCategory(const QString& category) const {
    return QString::fromLatin1(categories)
        .split(QLatin1Char(','), Qt::SkipEmptyParts)
        .contains(category);
}

std::vector<const ResourceInfo*> servedResources() {
    std::vector<const ResourceInfo*> out;
    for (const ResourceInfo& r : kResources)
        out.push_back(&r);
    return out;
}

const ResourceInfo* findResource(const QString& group, const QString& name) {
    for (const ResourceInfo& r : kResources)
        if (group == QLatin1String(r.group) && name == QLatin1String(r.name))
            return &r;
    return nullptr;
}

const ResourceInfo* findResourceNamed(const QString& name) {
    for (const ResourceInfo& r : kResources)
        if (name == QLatin1String(r.name))
            return &r;
    return nullptr;
}

void defaultKindObject(const ResourceInfo& resource, QJsonObject& object,
                       const ObjectPtr& previous) {
    if (resource.defaults)
        resource.defaults(object, previous);
}

QJsonArray validateKindObject(const ResourceInfo& resource, const QJsonObject& object) {
    return resource.validate ? resource.validate(object) : QJsonArray();
}

} // namespace tessera::serve
