// The decoder's shapes that are not one table of Schema.h: metadata (the pod annotations and the
// finalizer the controller reads, and the extras), pod specs and templates kept as verbatim text,
// the Job and Pod envelopes, and the fields with a codec of their own.
#include "SchemaDecode.h"

namespace tessera::codec::detail {

// pod != nullptr: also read the annotations and the finalizer the controller looks at.
bool Decoder::meta(od::value& v, const Path& path, engine::ObjectMeta& m, MetaExtras& extra,
                   engine::Pod* pod) {
    schema::MetaView view{&m, &extra, pod, nullptr, nullptr};
    return decodeFields<schema::ObjectMetaFields>(*this, v, path, view);
}

bool Decoder::containerSpecs(od::value& v, const Path& path,
                             std::vector<engine::ContainerInfo>* info,
                             std::vector<ContainerSummary>* summaries) {
    return elements(v, path, [&](od::value& ev, const Path& ep) {
        engine::ContainerInfo ci;
        ContainerSummary cs;
        const bool ok = members(ev, ep, [&](std::string_view key, od::value& fv) {
            const Path p = ep.child(key);
            if (key == "name")
                return string(fv, p, ci.name);
            if (key == "image" && summaries != nullptr)
                return string(fv, p, cs.image);
            if (key == "env" && info != nullptr) {
                return elements(fv, p, [&](od::value& envv, const Path& envp) {
                    return members(envv, envp, [&](std::string_view ek, od::value& efv) {
                        if (ek != "name")
                            return true;
                        std::string_view name;
                        bool isNull = false;
                        if (!stringView(efv, envp.child(ek), name, isNull))
                            return false;
                        if (name == engine::kCompletionIndexEnv)
                            ci.definesCompletionIndexEnv = true;
                        return true;
                    });
                });
            }
            return true;
        });
        if (!ok)
            return false;
        if (summaries != nullptr) {
            cs.name = ci.name;
            summaries->push_back(std::move(cs));
        }
        if (info != nullptr)
            info->push_back(std::move(ci));
        return true;
    });
}

bool Decoder::podTemplate(od::value& v, const Path& path, JobObject& out) {
    const char* start = m_extras ? spanStart(v) : nullptr;
    const bool ok = members(v, path, [&](std::string_view key, od::value& fv) {
        if (key != "spec")
            return true;
        return decodeFields<schema::PodTemplateSpecFields>(*this, fv, path.child(key), out);
    });
    if (ok && start != nullptr)
        spanEnd(start, out.templateJson);
    return ok;
}

bool Decoder::job(od::value& v, const Path& path, JobObject& out) {
    return decodeFields<schema::JobFields>(*this, v, path, out);
}

bool Decoder::podSpec(od::value& v, const Path& path, PodObject& out) {
    const char* start = m_extras ? spanStart(v) : nullptr;
    const bool ok = decodeFields<schema::PodSpecFields>(*this, v, path, out);
    if (ok && start != nullptr)
        spanEnd(start, out.specJson);
    return ok;
}

bool Decoder::pod(od::value& v, const Path& path, PodObject& out) {
    // The API omits `finalizers` when there are none.
    out.pod.hasTrackingFinalizer = false;
    return decodeFields<schema::PodFields>(*this, v, path, out);
}

bool Decoder::status(od::value& v, const Path& path, ApiStatus& out) {
    return decodeFields<schema::StatusFields>(*this, v, path, out);
}

// ---- the fields with a codec of their own ----

bool decodeCustom(Decoder& d, od::value& v, const Path& path, engine::PodFailurePolicyRule& rule,
                  schema::PodFailureActionCodec) {
    if (!d.string(v, path, rule.actionName))
        return false;
    // Unknown actions are kept: the controller skips such rules.
    rule.action = engine::podFailurePolicyActionFromString(rule.actionName);
    return true;
}

bool decodeCustom(Decoder& d, od::value& v, const Path& path, JobObject& out,
                  schema::TemplateContainersCodec) {
    return d.containerSpecs(v, path, &out.job.spec.podTemplate.containers,
                            d.extras() ? &out.containers : nullptr);
}

bool decodeCustom(Decoder& d, od::value& v, const Path& path, JobObject& out,
                  schema::TemplateInitContainersCodec) {
    return d.containerSpecs(v, path, &out.job.spec.podTemplate.initContainers,
                            d.extras() ? &out.initContainers : nullptr);
}

bool decodeCustom(Decoder& d, od::value& v, const Path& path, std::string& out,
                  schema::RawObjectCodec) {
    return d.rawJson(v, path, out);
}

bool decodeCustom(Decoder& d, od::value& v, const Path& path, JobObject& out,
                  schema::JobTemplateCodec) {
    return d.podTemplate(v, path, out);
}

bool decodeCustom(Decoder& d, od::value& v, const Path& path, engine::ContainerStatus& cs,
                  schema::ContainerStateCodec) {
    return d.members(v, path, [&](std::string_view key, od::value& sv) {
        const Path sp = path.child(key);
        if (key == "waiting") {
            cs.state = engine::ContainerStateKind::Waiting;
            return decodeFields<schema::ContainerStateWaitingFields>(d, sv, sp, cs);
        }
        const bool running = key == "running";
        if (!running && key != "terminated")
            return true;
        json_type t = json_type::null;
        if (!d.typeOf(sv, sp, t))
            return false;
        if (t == json_type::null)
            return true;
        if (running) {
            cs.state = engine::ContainerStateKind::Running;
            return decodeFields<schema::ContainerStateRunningFields>(d, sv, sp, cs);
        }
        cs.state = engine::ContainerStateKind::Terminated;
        return decodeFields<schema::ContainerStateTerminatedFields>(d, sv, sp, cs);
    });
}

bool decodeCustom(Decoder& d, od::value& v, const Path& path, JobObject& out,
                  schema::JobMetaCodec) {
    return d.meta(v, path, out.job.metadata, out.meta, nullptr);
}

bool decodeCustom(Decoder& d, od::value& v, const Path& path, PodObject& out,
                  schema::PodMetaCodec) {
    return d.meta(v, path, out.pod.metadata, out.meta, &out.pod);
}

bool decodeCustom(Decoder& d, od::value& v, const Path& path, PodObject& out,
                  schema::PodSpecCodec) {
    return d.podSpec(v, path, out);
}

bool decodeCustom(Decoder& d, od::value& v, const Path& path, schema::MetaView& view,
                  schema::AnnotationsCodec) {
    engine::Pod* pod = view.pod;
    if (pod == nullptr && !d.extras())
        return true;
    Annotations& all = view.extras->annotations;
    return d.members(v, path, [&](std::string_view name, od::value& av) {
        const Path ap = path.child(name);
        if (pod != nullptr) {
            std::optional<std::string>* target = nullptr;
            if (name == engine::kCompletionIndexKey)
                target = &pod->completionIndexAnnotation;
            else if (name == engine::kIndexFailureCountKey)
                target = &pod->failureCountAnnotation;
            else if (name == engine::kIndexIgnoredFailureCountKey)
                target = &pod->ignoredFailureCountAnnotation;
            if (target != nullptr) {
                if (!d.string(av, ap, *target))
                    return false;
                if (d.extras() && *target)
                    all.insert_or_assign(std::string(name), **target);
                return true;
            }
        }
        if (!d.extras())
            return true;
        std::string s;
        if (!d.string(av, ap, s))
            return false;
        all.insert_or_assign(std::string(name), std::move(s));
        return true;
    });
}

bool decodeCustom(Decoder& d, od::value& v, const Path& path, schema::MetaView& view,
                  schema::FinalizersCodec) {
    return d.elements(v, path, [&](od::value& ev, const Path& ep) {
        std::string_view s;
        bool isNull = false;
        if (!d.stringView(ev, ep, s, isNull))
            return false;
        if (view.pod != nullptr && s == engine::kTrackingFinalizer)
            view.pod->hasTrackingFinalizer = true;
        if (d.extras() && !isNull)
            view.extras->finalizers.emplace_back(s);
        return true;
    });
}

} // namespace tessera::codec::detail
