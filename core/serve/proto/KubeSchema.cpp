#include "KubeSchema.h"

#include "SchemaDescriptions.h"
#include "authentication.pb.h"
#include "authorization.pb.h"
#include "batch.pb.h"
#include "meta.pb.h"
#include "runtime.pb.h"

#include <google/protobuf/descriptor.h>
#include <map>
#include <mutex>
#include <set>
#include <unordered_map>

namespace tessera::serve::schema {

namespace {

using google::protobuf::Descriptor;
using google::protobuf::DescriptorPool;
using google::protobuf::FieldDescriptor;

// Referencing one message of each generated file links the generated code (and so registers its
// descriptors in the generated pool) even from a static library.
const DescriptorPool* pool() {
    static const DescriptorPool* linked = [] {
        (void)k8s::io::api::batch::v1::Job::descriptor();
        (void)k8s::io::api::authorization::v1::SelfSubjectAccessReview::descriptor();
        (void)k8s::io::api::authentication::v1::SelfSubjectReview::descriptor();
        (void)k8s::io::apimachinery::pkg::apis::meta::v1::Status::descriptor();
        (void)k8s::io::apimachinery::pkg::runtime::Unknown::descriptor();
        return DescriptorPool::generated_pool();
    }();
    return linked;
}

const char* const kMetaPackage = "k8s.io.apimachinery.pkg.apis.meta.v1";

// Go's inlined structs: their fields appear in the parent's JSON object.
const std::set<std::string> kInlined = {
    "k8s.io.api.core.v1.ConfigMapEnvSource.localObjectReference",
    "k8s.io.api.core.v1.SecretEnvSource.localObjectReference",
    "k8s.io.api.core.v1.ConfigMapKeySelector.localObjectReference",
    "k8s.io.api.core.v1.SecretKeySelector.localObjectReference",
    "k8s.io.api.core.v1.ConfigMapVolumeSource.localObjectReference",
    "k8s.io.api.core.v1.ConfigMapProjection.localObjectReference",
    "k8s.io.api.core.v1.SecretProjection.localObjectReference",
    "k8s.io.api.core.v1.EphemeralContainer.ephemeralContainerCommon",
    "k8s.io.api.core.v1.Volume.volumeSource",
    "k8s.io.api.core.v1.Probe.handler",
};

// Scalars that are pointers in Go (*int32, *bool, *string): a zero value is a value. Every other
// scalar is a plain Go value with omitempty, which the protobuf encoding sends even when zero and
// JSON leaves out; the codec drops those zeros so a protobuf body reads as the JSON one would.
const std::set<std::string> kPointerScalars = {
    // metav1
    "ObjectMeta.deletionGracePeriodSeconds",
    "OwnerReference.controller",
    "OwnerReference.blockOwnerDeletion",
    "ListMeta.remainingItemCount",
    "DeleteOptions.gracePeriodSeconds",
    "DeleteOptions.orphanDependents",
    "DeleteOptions.propagationPolicy",
    "Preconditions.uid",
    "Preconditions.resourceVersion",
    // batch/v1
    "JobSpec.parallelism",
    "JobSpec.completions",
    "JobSpec.activeDeadlineSeconds",
    "JobSpec.backoffLimit",
    "JobSpec.backoffLimitPerIndex",
    "JobSpec.maxFailedIndexes",
    "JobSpec.manualSelector",
    "JobSpec.ttlSecondsAfterFinished",
    "JobSpec.completionMode",
    "JobSpec.suspend",
    "JobSpec.podReplacementPolicy",
    "JobSpec.managedBy",
    "JobStatus.ready",
    "JobStatus.terminating",
    "SuccessPolicyRule.succeededIndexes",
    "SuccessPolicyRule.succeededCount",
    "PodFailurePolicyOnExitCodesRequirement.containerName",
    "CronJobSpec.timeZone",
    "CronJobSpec.startingDeadlineSeconds",
    "CronJobSpec.suspend",
    "CronJobSpec.successfulJobsHistoryLimit",
    "CronJobSpec.failedJobsHistoryLimit",
    // core/v1
    "ConfigMap.immutable",
    "Secret.immutable",
    "PodSpec.terminationGracePeriodSeconds",
    "PodSpec.activeDeadlineSeconds",
    "PodSpec.automountServiceAccountToken",
    "PodSpec.shareProcessNamespace",
    "PodSpec.priority",
    "PodSpec.enableServiceLinks",
    "PodSpec.preemptionPolicy",
    "PodSpec.setHostnameAsFQDN",
    "PodSpec.hostUsers",
    "PodSpec.runtimeClassName",
    "PodSpec.hostnameOverride",
    "PodSecurityContext.runAsUser",
    "PodSecurityContext.runAsGroup",
    "PodSecurityContext.runAsNonRoot",
    "PodSecurityContext.fsGroup",
    "PodSecurityContext.fsGroupChangePolicy",
    "PodSecurityContext.supplementalGroupsPolicy",
    "PodSecurityContext.seLinuxChangePolicy",
    "SecurityContext.privileged",
    "SecurityContext.runAsUser",
    "SecurityContext.runAsGroup",
    "SecurityContext.runAsNonRoot",
    "SecurityContext.readOnlyRootFilesystem",
    "SecurityContext.allowPrivilegeEscalation",
    "SecurityContext.procMount",
    "WindowsSecurityContextOptions.gmsaCredentialSpecName",
    "WindowsSecurityContextOptions.gmsaCredentialSpec",
    "WindowsSecurityContextOptions.runAsUserName",
    "WindowsSecurityContextOptions.hostProcess",
    "SeccompProfile.localhostProfile",
    "AppArmorProfile.localhostProfile",
    "Probe.terminationGracePeriodSeconds",
    "Container.restartPolicy",
    "EphemeralContainerCommon.restartPolicy",
    "Lifecycle.stopSignal",
    "GRPCAction.service",
    "ConfigMapVolumeSource.defaultMode",
    "ConfigMapVolumeSource.optional",
    "SecretVolumeSource.defaultMode",
    "SecretVolumeSource.optional",
    "KeyToPath.mode",
    "DownwardAPIVolumeFile.mode",
    "DownwardAPIVolumeSource.defaultMode",
    "ProjectedVolumeSource.defaultMode",
    "ConfigMapProjection.optional",
    "SecretProjection.optional",
    "ConfigMapEnvSource.optional",
    "SecretEnvSource.optional",
    "ConfigMapKeySelector.optional",
    "SecretKeySelector.optional",
    "FileKeySelector.optional",
    "ServiceAccountTokenProjection.expirationSeconds",
    "ClusterTrustBundleProjection.name",
    "ClusterTrustBundleProjection.signerName",
    "ClusterTrustBundleProjection.optional",
    "PodCertificateProjection.maxExpirationSeconds",
    "CSIVolumeSource.readOnly",
    "CSIVolumeSource.fsType",
    "HostPathVolumeSource.type",
    "AzureDiskVolumeSource.cachingMode",
    "AzureDiskVolumeSource.fsType",
    "AzureDiskVolumeSource.readOnly",
    "AzureDiskVolumeSource.kind",
    "ISCSIVolumeSource.initiatorName",
    "FCVolumeSource.lun",
    "VolumeMount.mountPropagation",
    "VolumeMount.recursiveReadOnly",
    "VolumeMountStatus.recursiveReadOnly",
    "ContainerStatus.started",
    "ContainerStatus.stopSignal",
    "TopologySpreadConstraint.minDomains",
    "TopologySpreadConstraint.nodeAffinityPolicy",
    "TopologySpreadConstraint.nodeTaintsPolicy",
    "Toleration.tolerationSeconds",
    "PodDNSConfigOption.value",
    "PersistentVolumeClaimSpec.storageClassName",
    "PersistentVolumeClaimSpec.volumeMode",
    "PersistentVolumeClaimSpec.volumeAttributesClassName",
    "PodResourceClaim.resourceClaimName",
    "PodResourceClaim.resourceClaimTemplateName",
    "PodResourceClaimStatus.resourceClaimName",
    "TypedLocalObjectReference.apiGroup",
    "TypedObjectReference.apiGroup",
    "TypedObjectReference.namespace",
    "ServiceSpec.allocateLoadBalancerNodePorts",
    "ServiceSpec.ipFamilyPolicy",
    "ServiceSpec.loadBalancerClass",
    "ServiceSpec.internalTrafficPolicy",
    "ServiceSpec.trafficDistribution",
    "ClientIPConfig.timeoutSeconds",
    "ServiceAccount.automountServiceAccountToken",
    "LoadBalancerIngress.ipMode",
    "PortStatus.error",
    "NodeFeatures.supplementalGroupsPolicy",
    "NodeFeatures.containerUlimits",
    "NodeRuntimeHandlerFeatures.recursiveReadOnlyMounts",
    "NodeRuntimeHandlerFeatures.userNamespaces",
    "NodeSwapStatus.capacity",
    "ResourceHealth.message",
    "ImageVolumeSource.pullPolicy",
};

// List semantics, as upstream declares them on each list field.
const std::map<std::string, ListSemantics> kLists = [] {
    std::map<std::string, ListSemantics> m;
    auto add = [&m](const std::string& field, const char* listType,
                    const std::vector<const char*>& keys, const char* mergeKey,
                    const char* strategy) {
        ListSemantics l{
            QLatin1String(listType), {}, QLatin1String(mergeKey), QLatin1String(strategy)};
        for (const char* k : keys)
            l.mapKeys.push_back(QLatin1String(k));
        m.emplace(field, std::move(l));
    };
    add("ObjectMeta.ownerReferences", "map", {"uid"}, "uid", "merge");
    add("ObjectMeta.finalizers", "set", {}, "", "merge");
    add("PodSpec.volumes", "map", {"name"}, "name", "merge,retainKeys");
    add("PodSpec.initContainers", "map", {"name"}, "name", "merge");
    add("PodSpec.containers", "map", {"name"}, "name", "merge");
    add("PodSpec.ephemeralContainers", "map", {"name"}, "name", "merge");
    add("PodSpec.imagePullSecrets", "map", {"name"}, "name", "merge");
    add("PodSpec.hostAliases", "map", {"ip"}, "ip", "merge");
    add("PodSpec.topologySpreadConstraints", "map", {"topologyKey", "whenUnsatisfiable"},
        "topologyKey", "merge");
    add("PodSpec.schedulingGates", "map", {"name"}, "name", "merge");
    add("PodSpec.resourceClaims", "map", {"name"}, "name", "merge,retainKeys");
    add("PodSpec.tolerations", "atomic", {}, "", "");
    for (const char* c : {"Container", "EphemeralContainerCommon"}) {
        const std::string p(c);
        add(p + ".ports", "map", {"containerPort", "protocol"}, "containerPort", "merge");
        add(p + ".env", "map", {"name"}, "name", "merge");
        add(p + ".volumeMounts", "map", {"mountPath"}, "mountPath", "merge");
        add(p + ".volumeDevices", "map", {"devicePath"}, "devicePath", "merge");
        add(p + ".command", "atomic", {}, "", "");
        add(p + ".args", "atomic", {}, "", "");
        add(p + ".envFrom", "atomic", {}, "", "");
    }
    add("ResourceRequirements.claims", "map", {"name"}, "", "");
    add("SecurityContext.ulimits", "map", {"name"}, "", "");
    add("PodStatus.conditions", "map", {"type"}, "type", "merge");
    add("PodStatus.podIPs", "map", {"ip"}, "ip", "merge");
    add("PodStatus.hostIPs", "atomic", {}, "ip", "merge");
    add("PodStatus.resourceClaimStatuses", "map", {"name"}, "name", "merge,retainKeys");
    add("ContainerStatus.volumeMounts", "map", {"mountPath"}, "mountPath", "merge");
    add("ContainerStatus.allocatedResourcesStatus", "map", {"name"}, "name", "merge");
    add("ResourceStatus.resources", "map", {"resourceID"}, "", "");
    add("NodeStatus.conditions", "map", {"type"}, "type", "merge");
    add("NodeStatus.addresses", "map", {"type"}, "type", "merge");
    add("NodeSpec.podCIDRs", "set", {}, "", "merge");
    add("NamespaceStatus.conditions", "map", {"type"}, "type", "merge");
    add("ServiceSpec.ports", "map", {"port", "protocol"}, "port", "merge");
    add("ServiceStatus.conditions", "map", {"type"}, "type", "merge");
    add("ServiceAccount.secrets", "map", {"name"}, "name", "merge");
    add("JobStatus.conditions", "atomic", {}, "type", "merge");
    add("LabelSelector.matchExpressions", "atomic", {}, "", "");
    add("PodFailurePolicy.rules", "atomic", {}, "", "");
    add("SuccessPolicy.rules", "atomic", {}, "", "");
    return m;
}();

std::string shortKey(const FieldDescriptor* field) {
    return field->containing_type()->name() + "." + field->name();
}

std::vector<JsonField> buildJsonFields(const Descriptor* message) {
    std::vector<JsonField> out;
    for (int i = 0; i < message->field_count(); ++i) {
        const FieldDescriptor* f = message->field(i);
        if (isInlined(f)) {
            for (const JsonField& inner : jsonFields(f->message_type())) {
                JsonField j = inner;
                j.path.insert(j.path.begin(), f);
                out.push_back(std::move(j));
            }
            continue;
        }
        out.push_back(JsonField{QString::fromStdString(f->name()), {f}});
    }
    return out;
}

} // namespace

const Descriptor* messageFor(const QString& apiVersion, const QString& kind) {
    std::string package;
    if (apiVersion == QLatin1String("v1"))
        package = "k8s.io.api.core.v1";
    else if (apiVersion == QLatin1String("batch/v1"))
        package = "k8s.io.api.batch.v1";
    else if (apiVersion == QLatin1String("authorization.k8s.io/v1"))
        package = "k8s.io.api.authorization.v1";
    else if (apiVersion == QLatin1String("authentication.k8s.io/v1"))
        package = "k8s.io.api.authentication.v1";
    else if (apiVersion == QLatin1String("meta.k8s.io/v1"))
        package = kMetaPackage;
    else
        return nullptr;
    const std::string name = kind.toStdString();
    if (const Descriptor* d = pool()->FindMessageTypeByName(package + "." + name))
        return d;
    // Status, DeleteOptions and WatchEvent are metav1 types served in every group version.
    if (name == "Status" || name == "DeleteOptions" || name == "WatchEvent")
        return pool()->FindMessageTypeByName(std::string(kMetaPackage) + "." + name);
    return nullptr;
}

SpecialType specialType(const Descriptor* message) {
    static const std::unordered_map<std::string, SpecialType> kSpecial = {
        {std::string(kMetaPackage) + ".Time", SpecialType::Time},
        {std::string(kMetaPackage) + ".MicroTime", SpecialType::MicroTime},
        {std::string(kMetaPackage) + ".Duration", SpecialType::Duration},
        {std::string(kMetaPackage) + ".FieldsV1", SpecialType::FieldsV1},
        {"k8s.io.apimachinery.pkg.api.resource.Quantity", SpecialType::Quantity},
        {"k8s.io.apimachinery.pkg.util.intstr.IntOrString", SpecialType::IntOrString},
        {"k8s.io.apimachinery.pkg.runtime.RawExtension", SpecialType::RawExtension},
    };
    const auto it = kSpecial.find(message->full_name());
    return it == kSpecial.end() ? SpecialType::None : it->second;
}

const std::vector<JsonField>& jsonFields(const Descriptor* message) {
    // Descriptors live as long as the generated pool; the cache is filled once per message.
    static std::mutex mutex;
    static std::unordered_map<const Descriptor*, std::vector<JsonField>> cache;
    {
        std::lock_guard lock(mutex);
        if (auto it = cache.find(message); it != cache.end())
            return it->second;
    }
    std::vector<JsonField> built = buildJsonFields(message);
    std::lock_guard lock(mutex);
    return cache.emplace(message, std::move(built)).first->second;
}

const JsonField* findJsonField(const Descriptor* message, const QString& name) {
    for (const JsonField& f : jsonFields(message))
        if (f.name == name)
            return &f;
    return nullptr;
}

bool isInlined(const FieldDescriptor* field) {
    return field->type() == FieldDescriptor::TYPE_MESSAGE && kInlined.count(field->full_name()) > 0;
}

bool keepsZero(const FieldDescriptor* field) {
    return kPointerScalars.count(shortKey(field)) > 0;
}

ListSemantics listSemantics(const FieldDescriptor* field) {
    if (const auto it = kLists.find(shortKey(field)); it != kLists.end())
        return it->second;
    return {};
}

std::vector<QString> listMapKeys(const FieldDescriptor* field) {
    return listSemantics(field).mapKeys;
}

QString description(const FieldDescriptor* field) {
    return QString::fromUtf8(descriptionOf(shortKey(field)));
}

QString description(const Descriptor* message) {
    return QString::fromUtf8(descriptionOf(message->name()));
}

} // namespace tessera::serve::schema
