#include "Encode.h"

#include "SchemaEncode.h"

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

void writeMeta(JsonWriter& w, std::string_view name, const engine::ObjectMeta& m,
               const MetaExtras& x, const Annotations& annotations,
               const std::vector<std::string>& finalizers) {
    // The view is only read from here; it holds mutable pointers because decoding fills it.
    const schema::MetaView view{const_cast<engine::ObjectMeta*>(&m), const_cast<MetaExtras*>(&x),
                                nullptr, &annotations, &finalizers};
    w.key(name);
    detail::encodeFields<schema::ObjectMetaFields>(w, view);
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

void writeTemplate(JsonWriter& w, std::string_view name, const JobObject& job) {
    w.key(name);
    if (!job.templateJson.empty()) {
        w.raw(job.templateJson);
        return;
    }
    w.beginObject();
    w.key("metadata").beginObject().endObject();
    w.key("spec");
    detail::encodeFields<schema::PodTemplateSpecFields>(w, job);
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

void writePodSpec(JsonWriter& w, std::string_view name, const PodObject& p) {
    w.key(name);
    if (!p.specJson.empty() && writeMergedPodSpec(w, p))
        return;
    detail::encodeFields<schema::PodSpecFields>(w, p);
}

} // namespace

namespace detail {

void encodeCustom(JsonWriter& w, std::string_view name, const engine::PodFailurePolicyRule& rule,
                  schema::PodFailureActionCodec) {
    if (rule.actionName.empty())
        w.field(name, engine::toString(rule.action));
    else
        w.field(name, rule.actionName);
}

void encodeCustom(JsonWriter& w, std::string_view name, const JobObject& job,
                  schema::TemplateContainersCodec) {
    writeContainers(w, name, job.job.spec.podTemplate.containers, job.containers);
}

void encodeCustom(JsonWriter& w, std::string_view name, const JobObject& job,
                  schema::TemplateInitContainersCodec) {
    writeContainers(w, name, job.job.spec.podTemplate.initContainers, job.initContainers);
}

void encodeCustom(JsonWriter& w, std::string_view name, const std::string& raw,
                  schema::RawObjectCodec) {
    if (!raw.empty())
        w.key(name).raw(raw);
}

void encodeCustom(JsonWriter& w, std::string_view name, const JobObject& job,
                  schema::JobTemplateCodec) {
    writeTemplate(w, name, job);
}

void encodeCustom(JsonWriter& w, std::string_view name, const engine::ContainerStatus& cs,
                  schema::ContainerStateCodec) {
    w.key(name).beginObject();
    switch (cs.state) {
    case engine::ContainerStateKind::Waiting:
        w.key("waiting");
        encodeFields<schema::ContainerStateWaitingFields>(w, cs);
        break;
    case engine::ContainerStateKind::Running:
        w.key("running");
        encodeFields<schema::ContainerStateRunningFields>(w, cs);
        break;
    case engine::ContainerStateKind::Terminated:
        w.key("terminated");
        encodeFields<schema::ContainerStateTerminatedFields>(w, cs);
        break;
    }
    w.endObject();
}

void encodeCustom(JsonWriter& w, std::string_view name, const JobObject& job,
                  schema::JobMetaCodec) {
    writeMeta(w, name, job.job.metadata, job.meta, job.meta.annotations, job.meta.finalizers);
}

// The engine's annotations and tracking finalizer win over the extras.
void encodeCustom(JsonWriter& w, std::string_view name, const PodObject& object,
                  schema::PodMetaCodec) {
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
    writeMeta(w, name, p.metadata, object.meta, annotations, finalizers);
}

void encodeCustom(JsonWriter& w, std::string_view name, const PodObject& object,
                  schema::PodSpecCodec) {
    writePodSpec(w, name, object);
}

void encodeCustom(JsonWriter& w, std::string_view name, const schema::MetaView& view,
                  schema::AnnotationsCodec) {
    writeStringMap(w, name, *view.annotations);
}

void encodeCustom(JsonWriter& w, std::string_view name, const schema::MetaView& view,
                  schema::FinalizersCodec) {
    if (view.finalizers->empty())
        return;
    w.key(name).beginArray();
    for (const std::string& f : *view.finalizers)
        w.value(f);
    w.endArray();
}

} // namespace detail

void writeCondition(JsonWriter& w, const engine::Condition& c) {
    detail::encodeFields<schema::ConditionFields>(w, c);
}

void writeJobStatus(JsonWriter& w, const engine::JobStatus& s) {
    detail::encodeFields<schema::JobStatusFields>(w, s);
}

void writeContainerStatus(JsonWriter& w, const engine::ContainerStatus& cs) {
    detail::encodeFields<schema::ContainerStatusFields>(w, cs);
}

void writeJob(JsonWriter& w, const JobObject& job) {
    detail::encodeFields<schema::JobFields>(w, job);
}

void writeJob(JsonWriter& w, const engine::Job& job) {
    JobObject object;
    object.job = job;
    writeJob(w, object);
}

void writePod(JsonWriter& w, const PodObject& object) {
    detail::encodeFields<schema::PodFields>(w, object);
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
