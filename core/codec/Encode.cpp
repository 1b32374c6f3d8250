#include "Encode.h"

#include <cstring>
#include <simdjson.h>

namespace tessera::codec {

namespace {

namespace od = simdjson::ondemand;

const char* deletionReasonName(engine::DeletionReason r) {
    switch (r) {
    case engine::DeletionReason::JobFinished:
        return "JobFinished";
    case engine::DeletionReason::SuccessPolicy:
        return "SuccessPolicy";
    case engine::DeletionReason::Suspended:
        return "Suspended";
    case engine::DeletionReason::ScaleDown:
        return "ScaleDown";
    case engine::DeletionReason::DuplicateIndex:
        return "DuplicateIndex";
    case engine::DeletionReason::InvalidIndex:
        return "InvalidIndex";
    }
    return "ScaleDown";
}

void writeStringMap(JsonWriter& w, std::string_view name,
                    const std::map<std::string, std::string, std::less<>>& m) {
    if (m.empty())
        return;
    w.key(name).beginObject();
    for (const auto& [k, v] : m)
        w.field(k, v);
    w.endObject();
}

void writeMeta(JsonWriter& w, const engine::ObjectMeta& m, const MetaExtras& x,
               const Annotations& annotations, const std::vector<std::string>& finalizers) {
    w.key("metadata").beginObject();
    w.nonEmptyField("name", m.name);
    w.nonEmptyField("generateName", x.generateName);
    w.nonEmptyField("namespace", m.namespace_);
    w.nonEmptyField("uid", m.uid);
    w.nonEmptyField("resourceVersion", m.resourceVersion);
    w.optionalField("generation", x.generation);
    w.optionalTime("creationTimestamp", m.creationTimestamp);
    w.optionalTime("deletionTimestamp", m.deletionTimestamp);
    w.optionalField("deletionGracePeriodSeconds", m.deletionGracePeriodSeconds);
    writeStringMap(w, "labels", x.labels);
    writeStringMap(w, "annotations", annotations);
    if (!x.ownerReferences.empty()) {
        w.key("ownerReferences").beginArray();
        for (const OwnerReference& r : x.ownerReferences) {
            w.beginObject();
            w.field("apiVersion", r.apiVersion);
            w.field("kind", r.kind);
            w.field("name", r.name);
            w.field("uid", r.uid);
            w.optionalField("controller", r.controller);
            w.optionalField("blockOwnerDeletion", r.blockOwnerDeletion);
            w.endObject();
        }
        w.endArray();
    }
    if (!finalizers.empty()) {
        w.key("finalizers").beginArray();
        for (const std::string& f : finalizers)
            w.value(f);
        w.endArray();
    }
    w.endObject();
}

void writeContainers(JsonWriter& w, std::string_view name,
                     const std::vector<engine::ContainerInfo>& info,
                     const std::vector<ContainerSummary>& summaries) {
    if (info.empty())
        return;
    w.key(name).beginArray();
    for (const engine::ContainerInfo& c : info) {
        w.beginObject();
        w.field("name", c.name);
        for (const ContainerSummary& s : summaries) {
            if (s.name == c.name && !s.image.empty()) {
                w.field("image", s.image);
                break;
            }
        }
        if (c.definesCompletionIndexEnv) {
            // The value is the downward-API reference the controller itself would add.
            w.key("env").beginArray().beginObject();
            w.field("name", engine::kCompletionIndexEnv);
            w.key("valueFrom").beginObject().key("fieldRef").beginObject();
            w.field("fieldPath",
                    "metadata.annotations['batch.kubernetes.io/job-completion-index']");
            w.endObject().endObject();
            w.endObject().endArray();
        }
        w.endObject();
    }
    w.endArray();
}

void writeTemplate(JsonWriter& w, const JobObject& job) {
    w.key("template");
    if (!job.templateJson.empty()) {
        w.raw(job.templateJson);
        return;
    }
    const engine::PodTemplate& t = job.job.spec.podTemplate;
    w.beginObject();
    w.key("metadata").beginObject().endObject();
    w.key("spec").beginObject();
    writeContainers(w, "initContainers", t.initContainers, job.initContainers);
    writeContainers(w, "containers", t.containers, job.containers);
    w.field("restartPolicy", engine::toString(t.restartPolicy));
    w.nonEmptyField("subdomain", t.subdomain);
    w.endObject();
    w.endObject();
}

void writeJobSpec(JsonWriter& w, const JobObject& object) {
    const engine::JobSpec& s = object.job.spec;
    w.key("spec").beginObject();
    w.optionalField("parallelism", s.parallelism);
    w.optionalField("completions", s.completions);
    w.optionalField("activeDeadlineSeconds", s.activeDeadlineSeconds);
    if (s.podFailurePolicy) {
        w.key("podFailurePolicy").beginObject().key("rules").beginArray();
        for (const engine::PodFailurePolicyRule& r : s.podFailurePolicy->rules) {
            w.beginObject();
            w.field("action", r.actionName.empty() ? engine::toString(r.action) : r.actionName);
            if (r.onExitCodes) {
                w.key("onExitCodes").beginObject();
                w.optionalField("containerName", r.onExitCodes->containerName);
                w.field("operator", engine::toString(r.onExitCodes->op));
                w.key("values").beginArray();
                for (int32_t v : r.onExitCodes->values)
                    w.value(v);
                w.endArray();
                w.endObject();
            }
            if (!r.onPodConditions.empty()) {
                w.key("onPodConditions").beginArray();
                for (const auto& c : r.onPodConditions) {
                    w.beginObject();
                    w.field("type", c.type);
                    w.field("status", engine::toString(c.status));
                    w.endObject();
                }
                w.endArray();
            }
            w.endObject();
        }
        w.endArray().endObject();
    }
    if (s.successPolicy) {
        w.key("successPolicy").beginObject().key("rules").beginArray();
        for (const engine::SuccessPolicyRule& r : s.successPolicy->rules) {
            w.beginObject();
            w.optionalField("succeededIndexes", r.succeededIndexes);
            w.optionalField("succeededCount", r.succeededCount);
            w.endObject();
        }
        w.endArray().endObject();
    }
    w.optionalField("backoffLimit", s.backoffLimit);
    w.optionalField("backoffLimitPerIndex", s.backoffLimitPerIndex);
    w.optionalField("maxFailedIndexes", s.maxFailedIndexes);
    if (!object.selectorJson.empty())
        w.key("selector").raw(object.selectorJson);
    w.optionalField("manualSelector", object.manualSelector);
    writeTemplate(w, object);
    w.optionalField("ttlSecondsAfterFinished", s.ttlSecondsAfterFinished);
    w.field("completionMode", engine::toString(s.completionMode));
    w.optionalField("suspend", s.suspend);
    if (s.podReplacementPolicy)
        w.field("podReplacementPolicy", engine::toString(*s.podReplacementPolicy));
    w.optionalField("managedBy", s.managedBy);
    w.endObject();
}

// Copies the members of a verbatim spec object, leaving out (and then writing) the fields the
// engine model owns. False if specJson cannot be read (it then gets rebuilt from the model).
bool writeMergedPodSpec(JsonWriter& w, const PodObject& p) {
    thread_local od::parser parser;
    thread_local std::string padded;
    padded.resize(p.specJson.size() + simdjson::SIMDJSON_PADDING);
    std::memcpy(padded.data(), p.specJson.data(), p.specJson.size());
    od::document doc;
    od::object obj;
    if (parser.iterate(padded.data(), p.specJson.size(), padded.size()).get(doc) ||
        doc.get_object().get(obj))
        return false;
    // Collect first: a parse error half-way must not leave half an object in the writer.
    std::vector<std::pair<std::string_view, std::string_view>> members;
    for (auto result : obj) {
        od::field f;
        std::string_view key;
        if (std::move(result).get(f) || f.unescaped_key().get(key))
            return false;
        if (key == "nodeName" || key == "hostname")
            continue;
        od::value v = f.value();
        od::json_type t = od::json_type::null;
        if (v.type().get(t))
            return false;
        std::string_view raw;
        if (t == od::json_type::object) {
            od::object o;
            if (v.get_object().get(o) || o.raw_json().get(raw))
                return false;
        } else if (t == od::json_type::array) {
            od::array a;
            if (v.get_array().get(a) || a.raw_json().get(raw))
                return false;
        } else {
            raw = v.raw_json_token();
            while (!raw.empty() && (raw.back() == ' ' || raw.back() == '\n' || raw.back() == '\r' ||
                                    raw.back() == '\t'))
                raw.remove_suffix(1);
        }
        members.emplace_back(key, raw);
    }
    w.beginObject();
    for (const auto& [key, raw] : members)
        w.key(key).raw(raw);
    w.nonEmptyField("nodeName", p.pod.nodeName);
    w.nonEmptyField("hostname", p.pod.hostname);
    w.endObject();
    return true;
}

void writePodSpec(JsonWriter& w, const PodObject& p) {
    w.key("spec");
    if (!p.specJson.empty() && writeMergedPodSpec(w, p))
        return;
    w.beginObject();
    const auto summaries = [&](std::string_view name, const std::vector<ContainerSummary>& list) {
        if (list.empty())
            return;
        w.key(name).beginArray();
        for (const ContainerSummary& c : list) {
            w.beginObject();
            w.field("name", c.name);
            w.nonEmptyField("image", c.image);
            w.endObject();
        }
        w.endArray();
    };
    summaries("initContainers", p.initContainers);
    summaries("containers", p.containers);
    w.nonEmptyField("nodeName", p.pod.nodeName);
    w.nonEmptyField("hostname", p.pod.hostname);
    w.endObject();
}

void writePodStatus(JsonWriter& w, const PodObject& object) {
    const engine::Pod& p = object.pod;
    w.key("status").beginObject();
    w.field("phase", engine::toString(p.phase));
    if (!p.conditions.empty()) {
        w.key("conditions").beginArray();
        for (const engine::Condition& c : p.conditions)
            writeCondition(w, c);
        w.endArray();
    }
    w.nonEmptyField("message", p.message);
    w.nonEmptyField("reason", p.reason);
    w.nonEmptyField("hostIP", object.hostIP);
    w.nonEmptyField("podIP", object.podIP);
    w.optionalTime("startTime", p.startTime);
    const auto statuses = [&](std::string_view name,
                              const std::vector<engine::ContainerStatus>& list) {
        if (list.empty())
            return;
        w.key(name).beginArray();
        for (const engine::ContainerStatus& cs : list)
            writeContainerStatus(w, cs);
        w.endArray();
    };
    statuses("initContainerStatuses", p.initContainerStatuses);
    statuses("containerStatuses", p.containerStatuses);
    w.nonEmptyField("qosClass", object.qosClass);
    w.endObject();
}

} // namespace

void writeCondition(JsonWriter& w, const engine::Condition& c) {
    w.beginObject();
    w.field("type", c.type);
    w.field("status", engine::toString(c.status));
    w.optionalTime("lastProbeTime", c.lastProbeTime);
    w.optionalTime("lastTransitionTime", c.lastTransitionTime);
    w.nonEmptyField("reason", c.reason);
    w.nonEmptyField("message", c.message);
    w.endObject();
}

void writeJobStatus(JsonWriter& w, const engine::JobStatus& s) {
    w.beginObject();
    if (!s.conditions.empty()) {
        w.key("conditions").beginArray();
        for (const engine::Condition& c : s.conditions)
            writeCondition(w, c);
        w.endArray();
    }
    w.optionalTime("startTime", s.startTime);
    w.optionalTime("completionTime", s.completionTime);
    w.field("active", s.active);
    w.field("succeeded", s.succeeded);
    w.field("failed", s.failed);
    w.optionalField("terminating", s.terminating);
    w.nonEmptyField("completedIndexes", s.completedIndexes);
    w.optionalField("failedIndexes", s.failedIndexes);
    if (s.uncountedTerminatedPods) {
        w.key("uncountedTerminatedPods").beginObject();
        const auto uids = [&](std::string_view name, const std::vector<std::string>& list) {
            if (list.empty())
                return;
            w.key(name).beginArray();
            for (const std::string& uid : list)
                w.value(uid);
            w.endArray();
        };
        uids("succeeded", s.uncountedTerminatedPods->succeeded);
        uids("failed", s.uncountedTerminatedPods->failed);
        w.endObject();
    }
    w.optionalField("ready", s.ready);
    w.endObject();
}

void writeContainerStatus(JsonWriter& w, const engine::ContainerStatus& cs) {
    w.beginObject();
    w.field("name", cs.name);
    w.key("state").beginObject();
    switch (cs.state) {
    case engine::ContainerStateKind::Waiting:
        w.key("waiting").beginObject();
        w.nonEmptyField("reason", cs.reason);
        w.nonEmptyField("message", cs.message);
        w.endObject();
        break;
    case engine::ContainerStateKind::Running:
        w.key("running").beginObject();
        w.optionalTime("startedAt", cs.startedAt);
        w.endObject();
        break;
    case engine::ContainerStateKind::Terminated:
        w.key("terminated").beginObject();
        w.field("exitCode", cs.exitCode);
        w.optionalField("signal", cs.signal);
        w.nonEmptyField("reason", cs.reason);
        w.nonEmptyField("message", cs.message);
        w.optionalTime("startedAt", cs.startedAt);
        w.optionalTime("finishedAt", cs.finishedAt);
        w.endObject();
        break;
    }
    w.endObject();
    w.field("ready", cs.ready);
    w.field("restartCount", cs.restartCount);
    w.endObject();
}

void writeJob(JsonWriter& w, const JobObject& job) {
    w.beginObject();
    w.field("apiVersion", "batch/v1");
    w.field("kind", "Job");
    writeMeta(w, job.job.metadata, job.meta, job.meta.annotations, job.meta.finalizers);
    writeJobSpec(w, job);
    w.key("status");
    writeJobStatus(w, job.job.status);
    w.endObject();
}

void writeJob(JsonWriter& w, const engine::Job& job) {
    JobObject object;
    object.job = job;
    writeJob(w, object);
}

void writePod(JsonWriter& w, const PodObject& object) {
    const engine::Pod& p = object.pod;
    Annotations annotations = object.meta.annotations;
    const auto setAnnotation = [&](const char* key, const std::optional<std::string>& v) {
        if (v)
            annotations.insert_or_assign(key, *v);
        else
            annotations.erase(std::string(key));
    };
    setAnnotation(engine::kCompletionIndexKey, p.completionIndexAnnotation);
    setAnnotation(engine::kIndexFailureCountKey, p.failureCountAnnotation);
    setAnnotation(engine::kIndexIgnoredFailureCountKey, p.ignoredFailureCountAnnotation);
    std::vector<std::string> finalizers;
    for (const std::string& f : object.meta.finalizers)
        if (f != engine::kTrackingFinalizer)
            finalizers.push_back(f);
    if (p.hasTrackingFinalizer)
        finalizers.emplace_back(engine::kTrackingFinalizer);

    w.beginObject();
    w.field("apiVersion", "v1");
    w.field("kind", "Pod");
    writeMeta(w, p.metadata, object.meta, annotations, finalizers);
    writePodSpec(w, object);
    writePodStatus(w, object);
    w.endObject();
}

void writePod(JsonWriter& w, const engine::Pod& pod) {
    PodObject object;
    object.pod = pod;
    writePod(w, object);
}

void writePlan(JsonWriter& w, const engine::Plan& plan) {
    w.beginObject();
    w.key("createPods").beginArray();
    for (const engine::PodToCreate& c : plan.createPods) {
        w.beginObject();
        w.key("index");
        if (c.index >= 0)
            w.value(c.index);
        else
            w.null();
        w.field("name", c.name);
        w.field("hostname", c.hostname);
        w.field("generateName", c.generateName);
        w.key("annotations").beginObject();
        if (c.index >= 0)
            w.field(engine::kCompletionIndexKey, std::to_string(c.index));
        if (c.indexFailureCount)
            w.field(engine::kIndexFailureCountKey, std::to_string(*c.indexFailureCount));
        if (c.indexIgnoredFailureCount)
            w.field(engine::kIndexIgnoredFailureCountKey,
                    std::to_string(*c.indexIgnoredFailureCount));
        w.endObject();
        w.endObject();
    }
    w.endArray();
    w.key("deletePods").beginArray();
    for (const engine::PodToDelete& d : plan.deletePods)
        w.value(d.name);
    w.endArray();
    w.key("status");
    writeJobStatus(w, plan.status);
    w.key("events").beginArray();
    for (const engine::Event& e : plan.events) {
        w.beginObject();
        w.field("type", e.type);
        w.field("reason", e.reason);
        w.field("message", e.message);
        w.endObject();
    }
    w.endArray();
    w.key("requeueAfterSeconds");
    if (plan.requeueAfter)
        w.value(engine::toSeconds(*plan.requeueAfter));
    else
        w.null();

    w.key("removeFinalizers").beginArray();
    for (const std::string& name : plan.removeFinalizers)
        w.value(name);
    w.endArray();
    w.key("deleteDetails").beginArray();
    for (const engine::PodToDelete& d : plan.deletePods) {
        w.beginObject();
        w.field("name", d.name);
        w.field("uid", d.uid);
        w.key("index");
        if (d.index >= 0)
            w.value(d.index);
        else
            w.null();
        w.field("reason", deletionReasonName(d.reason));
        w.field("removeFinalizerFirst", d.removeFinalizerFirst);
        w.endObject();
    }
    w.endArray();
    w.key("backoff").beginObject();
    w.field("failuresAfterLastSuccess", plan.backoff.failuresAfterLastSuccess);
    w.optionalTime("lastFailureTime", plan.backoff.lastFailureTime);
    w.endObject();
    w.field("skipped", plan.skipped);
    w.endObject();
}

std::string encodeJob(const JobObject& job, int indent) {
    JsonWriter w(indent);
    writeJob(w, job);
    return w.take();
}

std::string encodePod(const PodObject& pod, int indent) {
    JsonWriter w(indent);
    writePod(w, pod);
    return w.take();
}

std::string encodePlan(const engine::Plan& plan, int indent) {
    JsonWriter w(indent);
    writePlan(w, plan);
    return w.take();
}

} // namespace tessera::codec
