#pragma once
// What the codec returns: the engine's model of a Job or Pod plus the API data the engine does not
// model but the layers above need (the GUI shows labels, images and node names; `tessera serve`
// stamps pods from the template and answers with full objects; the cluster client follows
// resourceVersions and continue tokens).
//
// Design: the engine model stays minimal (engine::Job / engine::Pod are what the controller
// reads). Everything else that is small and often shown is decoded into typed fields here
// (labels, annotations, owner references, finalizers, container images, pod IPs). Big,
// rarely-read subtrees are kept as verbatim JSON text (JobObject::templateJson,
// PodObject::specJson) so nothing is lost and nothing is parsed twice on the hot path: a
// consumer that needs them parses them on demand (a template is shaped like a Pod, so
// decodePod(templateJson) yields its labels, annotations and containers).
#include "engine/Model.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tessera::codec {

// Sorted maps (std::less<> allows lookups by string_view).
using Labels = std::map<std::string, std::string, std::less<>>;
using Annotations = std::map<std::string, std::string, std::less<>>;

struct OwnerReference {
    std::string apiVersion;
    std::string kind;
    std::string name;
    std::string uid;
    std::optional<bool> controller;
    std::optional<bool> blockOwnerDeletion;
    bool operator==(const OwnerReference&) const = default;
};

// metadata fields beyond engine::ObjectMeta.
struct MetaExtras {
    std::string generateName;
    std::optional<int64_t> generation;
    Labels labels;
    Annotations annotations;
    std::vector<OwnerReference> ownerReferences;
    std::vector<std::string> finalizers;
    bool operator==(const MetaExtras&) const = default;
};

struct ContainerSummary {
    std::string name;
    std::string image;
    bool operator==(const ContainerSummary&) const = default;
};

struct JobObject {
    engine::Job job;
    MetaExtras meta;
    // spec.template exactly as received (compact or not, as the input had it); "" when absent.
    // writeJob() writes it back verbatim, so it wins over job.spec.podTemplate when both exist.
    std::string templateJson;
    std::string selectorJson;                     // spec.selector verbatim; "" when absent
    std::optional<bool> manualSelector;           // spec.manualSelector
    std::vector<ContainerSummary> containers;     // spec.template.spec.containers (name, image)
    std::vector<ContainerSummary> initContainers; // spec.template.spec.initContainers
};

struct PodObject {
    engine::Pod pod;
    MetaExtras meta;
    // spec exactly as received; "" when absent. writePod() writes its fields back, replacing
    // nodeName and hostname with pod.nodeName / pod.hostname (the fields that change).
    std::string specJson;
    std::vector<ContainerSummary> containers;
    std::vector<ContainerSummary> initContainers;
    std::string podIP;    // status.podIP
    std::string hostIP;   // status.hostIP
    std::string qosClass; // status.qosClass
};

struct ListMeta {
    std::string resourceVersion;
    std::string continueToken; // metadata.continue
    std::optional<int64_t> remainingItemCount;
};

struct JobList {
    ListMeta metadata;
    std::vector<JobObject> items;
};

struct PodList {
    ListMeta metadata;
    std::vector<PodObject> items;
};

// A metav1.Status, as sent in ERROR watch events and in API error responses.
struct ApiStatus {
    std::string status; // "Failure" / "Success"
    std::string message;
    std::string reason; // "Expired", "NotFound", ...
    int32_t code = 0;   // HTTP code (410 for an expired resourceVersion)
    // details.causes[]: what a 422 Invalid (or a 409 apply conflict) names, field by field.
    struct Cause {
        std::string type;    // "FieldValueInvalid", "FieldManagerConflict", ...
        std::string message; // "must be greater than or equal to 0"
        std::string field;   // "spec.parallelism"
        bool operator==(const Cause&) const = default;
    };
    std::vector<Cause> causes;
};

enum class WatchEventType { Added, Modified, Deleted, Bookmark, Error };
const char* toString(WatchEventType);

// One line of a watch stream. For ADDED/MODIFIED/DELETED `object` is the object; for BOOKMARK
// only `resourceVersion` is meaningful (the bookmark carries nothing else); for ERROR `status`.
// `resourceVersion` is object.metadata.resourceVersion for every type but ERROR.
template <typename T> struct WatchEvent {
    WatchEventType type = WatchEventType::Added;
    T object;
    std::string resourceVersion;
    ApiStatus status;
};
using JobWatchEvent = WatchEvent<JobObject>;
using PodWatchEvent = WatchEvent<PodObject>;

// What decides whether a controller claims a pod (pkg/controller/controller_ref_manager.go):
// the uid of its controlling owner reference (controller: true), and its labels.
struct PodOwnership {
    std::optional<std::string> controllerUid;
    Labels labels;
};

// The `tessera reconcile` input: {"job": <Job>, "pods": [<Pod>...], "now": "<RFC 3339>"}.
struct ReconcileInput {
    engine::Job job;
    std::string jobJson;         // the job's text as given, for the Job gate (ManifestValidation.h)
    std::string selectorJson;    // job.spec.selector verbatim; "" when absent
    bool manualSelector = false; // job.spec.manualSelector
    std::vector<engine::Pod> pods;
    std::vector<PodOwnership> owners; // one per pod, same order
    std::optional<engine::TimePoint> now;
};

} // namespace tessera::codec
