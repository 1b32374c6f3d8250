#pragma once
// The one description of each Kubernetes struct the codec reads and writes: a table of rows, one
// per JSON field, in the order the encoder writes them. A row names the JSON key and the member
// that holds it; how the value is read and written follows from the member's C++ type:
//
//   int32_t, int64_t, bool, std::string      a number / boolean / string
//   std::optional<T>                         T, or absent (unset: not written; null: reset)
//   std::optional<engine::TimePoint>         an RFC 3339 time
//   an enum with EnumStrings<E>              one of its strings
//   a struct with TableOf<S>                 a nested object, read and written by its own table
//   std::vector<T>                           an array of T
//   Labels / Annotations                     an object of strings
//
// A row may say more: `.always()` writes a string or list even when it is empty (the default is
// Go's `omitempty`), `.extras()` / `.ownership()` read the field only when the caller wants the
// extras of Objects.h (or at least who owns what: labels, owner references, selectors). The few
// fields whose JSON is not a plain mapping of one member are rows with a codec tag (`custom`),
// implemented once in DecodeShapes.cpp / Encode.cpp. A row is built by SchemaRows.h.
//
// Decode.cpp and Encode.cpp walk these tables (SchemaDecode.h, SchemaEncode.h); a test in
// tests/serve (CodecSchemaTest) checks every row against the protobuf descriptors `tessera serve`
// derives its protobuf codec, OpenAPI and validation from, so the two cannot drift.
// Adding a field is one row here.
#include "SchemaRows.h"

namespace tessera::codec::schema {

// ---- enums: the strings of each, and what an error lists ----
template <typename E> struct EnumStrings;
template <> struct EnumStrings<engine::ConditionStatus> {
    static constexpr auto parse = &engine::conditionStatusFromString;
    static constexpr const char* allowed = "True, False or Unknown";
};
template <> struct EnumStrings<engine::CompletionMode> {
    static constexpr auto parse = &engine::completionModeFromString;
    static constexpr const char* allowed = "NonIndexed or Indexed";
};
template <> struct EnumStrings<engine::RestartPolicy> {
    static constexpr auto parse = &engine::restartPolicyFromString;
    static constexpr const char* allowed = "Never, OnFailure or Always";
};
template <> struct EnumStrings<engine::PodReplacementPolicy> {
    static constexpr auto parse = &engine::podReplacementPolicyFromString;
    static constexpr const char* allowed = "TerminatingOrFailed or Failed";
};
template <> struct EnumStrings<engine::PodPhase> {
    static constexpr auto parse = &engine::podPhaseFromString;
    static constexpr const char* allowed = "Pending, Running, Succeeded, Failed or Unknown";
};
// Lenient: an unknown operator is kept as Unknown (the controller skips such rules).
template <> struct EnumStrings<engine::ExitCodesOperator> {
    static constexpr auto parse = &engine::exitCodesOperatorFromString;
    static constexpr const char* allowed = nullptr;
};

// ---- codec tags for the fields that are not one member's plain value ----
// podFailurePolicy.rules[].action: the text as written, and the action it names (an unknown
// action is kept, the controller skips the rule).
struct PodFailureActionCodec {
    static constexpr Wire wire = Wire::String;
};
// The verbatim JSON text of an object (spec.selector).
struct RawObjectCodec {
    static constexpr Wire wire = Wire::Object;
};
// spec.template: what the engine reads of it, and its text verbatim.
struct JobTemplateCodec {
    static constexpr Wire wire = Wire::Object;
};
// containers[].state: one of waiting / running / terminated, into the flat ContainerStatus.
struct ContainerStateCodec {
    static constexpr Wire wire = Wire::Object;
};

// spec.template.spec.containers / initContainers: what the engine reads of each container (its
// name, whether it sets JOB_COMPLETION_INDEX itself) and, with the extras, name and image.
struct TemplateContainersCodec {
    static constexpr Wire wire = Wire::Object;
    static constexpr bool repeated = true;
};
struct TemplateInitContainersCodec {
    static constexpr Wire wire = Wire::Object;
    static constexpr bool repeated = true;
};
// metadata.annotations: every annotation with the extras; the pod annotations the controller
// reads into engine::Pod.
struct AnnotationsCodec {
    static constexpr Wire wire = Wire::StringMap;
};
// metadata.finalizers: the list with the extras; the pod's tracking finalizer as a flag.
struct FinalizersCodec {
    static constexpr Wire wire = Wire::String;
    static constexpr bool repeated = true;
};

// apiVersion and kind of an object: written as its constants; on reading, apiVersion is not
// looked at and a kind other than the expected one is an error.
struct JobKind {
    static constexpr const char* apiVersion = "batch/v1";
    static constexpr const char* kind = "Job";
};
struct PodKind {
    static constexpr const char* apiVersion = "v1";
    static constexpr const char* kind = "Pod";
};
// (Go's inlined TypeMeta: not a field of the protobuf message, which names the kind itself.)
template <typename K> struct ApiVersionCodec {
    using Kind = K;
    static constexpr Wire wire = Wire::String;
    static constexpr bool typeMeta = true;
};
template <typename K> struct KindCodec {
    using Kind = K;
    static constexpr Wire wire = Wire::String;
    static constexpr bool typeMeta = true;
};
// metadata of a Job / of a Pod (whose annotations and finalizer the engine reads), through
// ObjectMetaFields.
struct JobMetaCodec {
    static constexpr Wire wire = Wire::Object;
};
struct PodMetaCodec {
    static constexpr Wire wire = Wire::Object;
};
// A pod's spec: read by PodSpecFields and kept verbatim; written back from the verbatim text
// with the engine's nodeName and hostname.
struct PodSpecCodec {
    static constexpr Wire wire = Wire::Object;
};

// metav1.ObjectMeta is split between the engine's ObjectMeta and the codec's MetaExtras; the
// table reads and writes both through this view. pod: the pod whose annotations and finalizer
// the controller reads (decoding a Pod). annotations / finalizers: what to write, when they are
// not the extras' own (a Pod's, with the engine's annotations and finalizer merged in).
struct MetaView {
    engine::ObjectMeta* meta = nullptr;
    MetaExtras* extras = nullptr;
    engine::Pod* pod = nullptr;
    const Annotations* annotations = nullptr;
    const std::vector<std::string>* finalizers = nullptr;
};
template <typename M> constexpr auto meta(M engine::ObjectMeta::*member) {
    return chain(&MetaView::meta, member);
}
template <typename M> constexpr auto extra(M MetaExtras::*member) {
    return chain(&MetaView::extras, member);
}

// ---- the tables ----

struct OwnerReferenceFields {
    using Target = OwnerReference;
    static constexpr auto rows = std::tuple{
        field("apiVersion", &OwnerReference::apiVersion).always(),
        field("kind", &OwnerReference::kind).always(),
        field("name", &OwnerReference::name).always(),
        field("uid", &OwnerReference::uid).always(),
        field("controller", &OwnerReference::controller),
        field("blockOwnerDeletion", &OwnerReference::blockOwnerDeletion),
    };
};
template <> struct TableOf<OwnerReference> { using type = OwnerReferenceFields; };

struct ObjectMetaFields {
    using Target = MetaView;
    using M = engine::ObjectMeta;
    using X = MetaExtras;
    static constexpr auto rows = std::tuple{
        field<MetaView>("name", meta(&M::name)),
        field<MetaView>("generateName", extra(&X::generateName)).extras(),
        field<MetaView>("namespace", meta(&M::namespace_)),
        field<MetaView>("uid", meta(&M::uid)),
        field<MetaView>("resourceVersion", meta(&M::resourceVersion)),
        field<MetaView>("generation", extra(&X::generation)).extras(),
        field<MetaView>("creationTimestamp", meta(&M::creationTimestamp)),
        field<MetaView>("deletionTimestamp", meta(&M::deletionTimestamp)),
        field<MetaView>("deletionGracePeriodSeconds", meta(&M::deletionGracePeriodSeconds)),
        field<MetaView>("labels", extra(&X::labels)).ownership(),
        custom<AnnotationsCodec, MetaView>("annotations"),
        field<MetaView>("ownerReferences", extra(&X::ownerReferences)).ownership(),
        custom<FinalizersCodec, MetaView>("finalizers"),
    };
};

struct ConditionFields {
    using Target = engine::Condition;
    using C = engine::Condition;
    static constexpr auto rows = std::tuple{
        field("type", &C::type).always(),
        field("status", &C::status),
        field("lastProbeTime", &C::lastProbeTime),
        field("lastTransitionTime", &C::lastTransitionTime),
        field("reason", &C::reason),
        field("message", &C::message),
    };
};
template <> struct TableOf<engine::Condition> { using type = ConditionFields; };

struct OnExitCodesFields {
    using Target = engine::PodFailurePolicyOnExitCodes;
    using C = engine::PodFailurePolicyOnExitCodes;
    static constexpr auto rows = std::tuple{
        field("containerName", &C::containerName),
        field("operator", &C::op),
        field("values", &C::values).always(),
    };
};
template <> struct TableOf<engine::PodFailurePolicyOnExitCodes> { using type = OnExitCodesFields; };

struct OnPodConditionFields {
    using Target = engine::PodFailurePolicyOnPodCondition;
    using C = engine::PodFailurePolicyOnPodCondition;
    static constexpr auto rows = std::tuple{
        field("type", &C::type).always(),
        field("status", &C::status),
    };
};
template <> struct TableOf<engine::PodFailurePolicyOnPodCondition> {
    using type = OnPodConditionFields;
};

struct PodFailurePolicyRuleFields {
    using Target = engine::PodFailurePolicyRule;
    using R = engine::PodFailurePolicyRule;
    static constexpr auto rows = std::tuple{
        custom<PodFailureActionCodec, R>("action"),
        field("onExitCodes", &R::onExitCodes),
        field("onPodConditions", &R::onPodConditions),
    };
};
template <> struct TableOf<engine::PodFailurePolicyRule> {
    using type = PodFailurePolicyRuleFields;
};

struct PodFailurePolicyFields {
    using Target = engine::PodFailurePolicy;
    static constexpr auto rows = std::tuple{
        field("rules", &engine::PodFailurePolicy::rules).always(),
    };
};
template <> struct TableOf<engine::PodFailurePolicy> { using type = PodFailurePolicyFields; };

struct SuccessPolicyRuleFields {
    using Target = engine::SuccessPolicyRule;
    using R = engine::SuccessPolicyRule;
    static constexpr auto rows = std::tuple{
        field("succeededIndexes", &R::succeededIndexes),
        field("succeededCount", &R::succeededCount),
    };
};
template <> struct TableOf<engine::SuccessPolicyRule> { using type = SuccessPolicyRuleFields; };

struct SuccessPolicyFields {
    using Target = engine::SuccessPolicy;
    static constexpr auto rows = std::tuple{
        field("rules", &engine::SuccessPolicy::rules).always(),
    };
};
template <> struct TableOf<engine::SuccessPolicy> { using type = SuccessPolicyFields; };

// A member of the engine's JobSpec / Pod, seen from the JobObject / PodObject that holds it.
template <typename M> constexpr auto spec(M engine::JobSpec::*member) {
    return chain(&JobObject::job, &engine::Job::spec, member);
}
template <typename M> constexpr auto pod(M engine::Pod::*member) {
    return chain(&PodObject::pod, member);
}

template <typename M> constexpr auto podTemplate(M engine::PodTemplate::*member) {
    return chain(&JobObject::job, &engine::Job::spec, &engine::JobSpec::podTemplate, member);
}

// v1 PodSpec of a Job's template (spec.template.spec), read into a JobObject.
struct PodTemplateSpecFields {
    using Target = JobObject;
    static constexpr auto rows = std::tuple{
        custom<TemplateInitContainersCodec, JobObject>("initContainers"),
        custom<TemplateContainersCodec, JobObject>("containers"),
        field<JobObject>("restartPolicy", podTemplate(&engine::PodTemplate::restartPolicy)),
        field<JobObject>("subdomain", podTemplate(&engine::PodTemplate::subdomain)),
    };
};

// batch/v1 JobSpec, read into a JobObject (the engine's spec plus the extras beside it).
struct JobSpecFields {
    using Target = JobObject;
    using S = engine::JobSpec;
    static constexpr auto rows = std::tuple{
        field<JobObject>("parallelism", spec(&S::parallelism)),
        field<JobObject>("completions", spec(&S::completions)),
        field<JobObject>("activeDeadlineSeconds", spec(&S::activeDeadlineSeconds)),
        field<JobObject>("podFailurePolicy", spec(&S::podFailurePolicy)),
        field<JobObject>("successPolicy", spec(&S::successPolicy)),
        field<JobObject>("backoffLimit", spec(&S::backoffLimit)),
        field<JobObject>("backoffLimitPerIndex", spec(&S::backoffLimitPerIndex)),
        field<JobObject>("maxFailedIndexes", spec(&S::maxFailedIndexes)),
        custom<RawObjectCodec>("selector", &JobObject::selectorJson).ownership(),
        field("manualSelector", &JobObject::manualSelector).ownership(),
        custom<JobTemplateCodec, JobObject>("template"),
        field<JobObject>("ttlSecondsAfterFinished", spec(&S::ttlSecondsAfterFinished)),
        field<JobObject>("completionMode", spec(&S::completionMode)),
        field<JobObject>("suspend", spec(&S::suspend)),
        field<JobObject>("podReplacementPolicy", spec(&S::podReplacementPolicy)),
        field<JobObject>("managedBy", spec(&S::managedBy)),
    };
};

struct UncountedTerminatedPodsFields {
    using Target = engine::UncountedTerminatedPods;
    static constexpr auto rows = std::tuple{
        field("succeeded", &engine::UncountedTerminatedPods::succeeded),
        field("failed", &engine::UncountedTerminatedPods::failed),
    };
};
template <> struct TableOf<engine::UncountedTerminatedPods> {
    using type = UncountedTerminatedPodsFields;
};

// batch/v1 JobStatus. active, succeeded and failed are written when 0 too, so readers never
// have to guess a default.
struct JobStatusFields {
    using Target = engine::JobStatus;
    using S = engine::JobStatus;
    static constexpr auto rows = std::tuple{
        field("conditions", &S::conditions),
        field("startTime", &S::startTime),
        field("completionTime", &S::completionTime),
        field("active", &S::active),
        field("succeeded", &S::succeeded),
        field("failed", &S::failed),
        field("terminating", &S::terminating),
        field("completedIndexes", &S::completedIndexes),
        field("failedIndexes", &S::failedIndexes),
        field("uncountedTerminatedPods", &S::uncountedTerminatedPods),
        field("ready", &S::ready),
    };
};
template <> struct TableOf<engine::JobStatus> { using type = JobStatusFields; };

// A batch/v1 Job.
struct JobFields {
    using Target = JobObject;
    static constexpr auto rows = std::tuple{
        custom<ApiVersionCodec<JobKind>, JobObject>("apiVersion"),
        custom<KindCodec<JobKind>, JobObject>("kind"),
        custom<JobMetaCodec, JobObject>("metadata"),
        group<JobSpecFields>("spec"),
        field<JobObject>("status", chain(&JobObject::job, &engine::Job::status)),
    };
};

// v1 ContainerStatus, whose state is flattened into engine::ContainerStatus.
struct ContainerStateWaitingFields {
    using Target = engine::ContainerStatus;
    static constexpr auto rows = std::tuple{
        field("reason", &engine::ContainerStatus::reason),
        field("message", &engine::ContainerStatus::message),
    };
};
struct ContainerStateRunningFields {
    using Target = engine::ContainerStatus;
    static constexpr auto rows = std::tuple{
        field("startedAt", &engine::ContainerStatus::startedAt),
    };
};
struct ContainerStateTerminatedFields {
    using Target = engine::ContainerStatus;
    using C = engine::ContainerStatus;
    static constexpr auto rows = std::tuple{
        field("exitCode", &C::exitCode),   field("signal", &C::signal),
        field("reason", &C::reason),       field("message", &C::message),
        field("startedAt", &C::startedAt), field("finishedAt", &C::finishedAt),
    };
};
struct ContainerStatusFields {
    using Target = engine::ContainerStatus;
    using C = engine::ContainerStatus;
    static constexpr auto rows = std::tuple{
        field("name", &C::name).always(),
        custom<ContainerStateCodec, C>("state"),
        field("ready", &C::ready),
        field("restartCount", &C::restartCount),
    };
};
template <> struct TableOf<engine::ContainerStatus> { using type = ContainerStatusFields; };

// A container's name and image (the extras of a pod).
struct ContainerSummaryFields {
    using Target = ContainerSummary;
    static constexpr auto rows = std::tuple{
        field("name", &ContainerSummary::name).always(),
        field("image", &ContainerSummary::image),
    };
};
template <> struct TableOf<ContainerSummary> { using type = ContainerSummaryFields; };

// v1 PodSpec, read into a PodObject (whose specJson keeps the rest verbatim).
struct PodSpecFields {
    using Target = PodObject;
    static constexpr auto rows = std::tuple{
        field("initContainers", &PodObject::initContainers).extras(),
        field("containers", &PodObject::containers).extras(),
        field<PodObject>("nodeName", pod(&engine::Pod::nodeName)),
        field<PodObject>("hostname", pod(&engine::Pod::hostname)),
    };
};

// v1 PodStatus, read into a PodObject.
struct PodStatusFields {
    using Target = PodObject;
    using P = engine::Pod;
    static constexpr auto rows = std::tuple{
        field<PodObject>("phase", pod(&P::phase)),
        field<PodObject>("conditions", pod(&P::conditions)),
        field<PodObject>("message", pod(&P::message)),
        field<PodObject>("reason", pod(&P::reason)),
        field("hostIP", &PodObject::hostIP).extras(),
        field("podIP", &PodObject::podIP).extras(),
        field<PodObject>("startTime", pod(&P::startTime)),
        field<PodObject>("initContainerStatuses", pod(&P::initContainerStatuses)),
        field<PodObject>("containerStatuses", pod(&P::containerStatuses)),
        field("qosClass", &PodObject::qosClass).extras(),
    };
};

// A v1 Pod.
struct PodFields {
    using Target = PodObject;
    static constexpr auto rows = std::tuple{
        custom<ApiVersionCodec<PodKind>, PodObject>("apiVersion"),
        custom<KindCodec<PodKind>, PodObject>("kind"),
        custom<PodMetaCodec, PodObject>("metadata"),
        custom<PodSpecCodec, PodObject>("spec"),
        group<PodStatusFields>("status"),
    };
};

// metav1.ListMeta.
struct ListMetaFields {
    using Target = ListMeta;
    static constexpr auto rows = std::tuple{
        field("resourceVersion", &ListMeta::resourceVersion),
        field("continue", &ListMeta::continueToken),
        field("remainingItemCount", &ListMeta::remainingItemCount),
    };
};

// metav1.Status and its details.causes.
struct StatusCauseFields {
    using Target = ApiStatus::Cause;
    static constexpr auto rows = std::tuple{
        field("reason", &ApiStatus::Cause::type),
        field("message", &ApiStatus::Cause::message),
        field("field", &ApiStatus::Cause::field),
    };
};
template <> struct TableOf<ApiStatus::Cause> { using type = StatusCauseFields; };
struct StatusDetailsFields {
    using Target = ApiStatus;
    static constexpr auto rows = std::tuple{
        field("causes", &ApiStatus::causes),
    };
};
struct StatusFields {
    using Target = ApiStatus;
    static constexpr auto rows = std::tuple{
        field("status", &ApiStatus::status),   field("message", &ApiStatus::message),
        field("reason", &ApiStatus::reason),   field("code", &ApiStatus::code),
        group<StatusDetailsFields>("details"),
    };
};

} // namespace tessera::codec::schema
