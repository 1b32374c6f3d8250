// Admission of the API server: the apiVersion and kind of a body, server-set metadata, Job
// defaulting (as pkg/apis/batch/v1/defaults.go) and validation by the engine's rules, and the
// update rules (status kept, immutable fields, generation).
#include "ApiCodec.h"
#include "ApiServer.h"
#include "ObjectStore.h"
#include "codec/Decode.h"
#include "engine/Defaults.h"
#include "engine/Validation.h"

namespace tessera::serve {

namespace {

const QString kMetadata = QStringLiteral("metadata");
const QString kSpec = QStringLiteral("spec");
const QString kStatus = QStringLiteral("status");

// Job defaulting the API server does before validation (pkg/apis/batch/v1/defaults.go), on the
// JSON so that every field a client reads back is there.
void defaultJob(QJsonObject& job, const QString& uid) {
    QJsonObject spec = job.value(kSpec).toObject();
    const bool manual = spec.value(QStringLiteral("manualSelector")).toBool(false);
    QJsonObject tmpl = spec.value(QStringLiteral("template")).toObject();
    QJsonObject tmeta = tmpl.value(kMetadata).toObject();
    QJsonObject labels = tmeta.value(QStringLiteral("labels")).toObject();
    const QString name = job.value(kMetadata).toObject().value(QStringLiteral("name")).toString();
    if (!manual) {
        labels.insert(QLatin1String(engine::kControllerUidLabel), uid);
        labels.insert(QLatin1String(engine::kJobNameLabel), name);
        labels.insert(QStringLiteral("controller-uid"), uid);
        labels.insert(QStringLiteral("job-name"), name);
        spec.insert(QStringLiteral("selector"),
                    QJsonObject{{QStringLiteral("matchLabels"),
                                 QJsonObject{{QLatin1String(engine::kControllerUidLabel), uid}}}});
    }
    tmeta.insert(QStringLiteral("labels"), labels);
    tmpl.insert(kMetadata, tmeta);
    QJsonObject podSpec = tmpl.value(kSpec).toObject();
    for (const auto& [k, v] :
         {std::pair{"dnsPolicy", QJsonValue(QStringLiteral("ClusterFirst"))},
          std::pair{"schedulerName", QJsonValue(QStringLiteral("default-scheduler"))},
          std::pair{"terminationGracePeriodSeconds", QJsonValue(30)},
          std::pair{"securityContext", QJsonValue(QJsonObject())}})
        if (!podSpec.contains(QLatin1String(k)))
            podSpec.insert(QLatin1String(k), v);
    tmpl.insert(kSpec, podSpec);
    spec.insert(QStringLiteral("template"), tmpl);
    const bool bothUnset = !spec.contains(QStringLiteral("completions")) &&
                           !spec.contains(QStringLiteral("parallelism"));
    if (bothUnset)
        spec.insert(QStringLiteral("completions"), 1);
    if (!spec.contains(QStringLiteral("parallelism")))
        spec.insert(QStringLiteral("parallelism"), 1);
    if (!spec.contains(QStringLiteral("completionMode")))
        spec.insert(QStringLiteral("completionMode"), QStringLiteral("NonIndexed"));
    if (!spec.contains(QStringLiteral("backoffLimit")))
        spec.insert(QStringLiteral("backoffLimit"),
                    spec.contains(QStringLiteral("backoffLimitPerIndex")) ? 2147483647 : 6);
    if (!spec.contains(QStringLiteral("suspend")))
        spec.insert(QStringLiteral("suspend"), false);
    if (!spec.contains(QStringLiteral("podReplacementPolicy")))
        spec.insert(QStringLiteral("podReplacementPolicy"),
                    spec.contains(QStringLiteral("podFailurePolicy"))
                        ? QStringLiteral("Failed")
                        : QStringLiteral("TerminatingOrFailed"));
    if (!manual)
        spec.insert(QStringLiteral("manualSelector"), QJsonValue::Null);
    spec.remove(QStringLiteral("manualSelector"));
    job.insert(kSpec, spec);
}

ApiOutcome<engine::Job> decodeEngineJob(const QJsonObject& job, const QString& name) {
    const std::string text = compactJson(job).toStdString();
    auto decoded = codec::decodeJob(text);
    if (!decoded)
        return apiFailure(422, "Invalid",
                          QStringLiteral("Job.batch \"%1\" is invalid: %2")
                              .arg(name, QString::fromStdString(decoded.error().describe())));
    engine::Job out = std::move(decoded->job);
    engine::applyDefaults(out.spec);
    return out;
}

tl::unexpected<ApiFailure> invalid(const QString& name, const std::vector<engine::Error>& errors) {
    QStringList parts;
    for (const engine::Error& e : errors)
        parts << QString::fromStdString(e.field.empty() ? e.message : e.field + ": " + e.message);
    return apiFailure(422, "Invalid",
                      QStringLiteral("Job.batch \"%1\" is invalid: %2")
                          .arg(name, parts.join(QStringLiteral(", "))));
}

} // namespace

ApiOutcome<QJsonObject> ApiServer::admit(const ResourceInfo& resource, const QString& namespace_,
                                         QJsonObject object, const ObjectPtr& previous,
                                         const QString& subresource) {
    const QString kind = object.value(QStringLiteral("kind")).toString();
    if (!kind.isEmpty() && kind != QLatin1String(resource.kind))
        return apiFailure(
            400, "BadRequest",
            QStringLiteral("the object's kind \"%1\" does not match the resource %2 "
                           "(kind %3)")
                .arg(kind, QLatin1String(resource.name), QLatin1String(resource.kind)));
    object.insert(QStringLiteral("apiVersion"), resource.apiVersion());
    object.insert(QStringLiteral("kind"), QLatin1String(resource.kind));
    QJsonObject meta = object.value(kMetadata).toObject();
    const QString ns = meta.value(QStringLiteral("namespace")).toString();
    if (resource.namespaced && !ns.isEmpty() && ns != namespace_)
        return apiFailure(400, "BadRequest",
                          QStringLiteral("the namespace of the object (%1) does not match the "
                                         "namespace on the request (%2)")
                              .arg(ns, namespace_));
    const bool isJob = QLatin1String(resource.name) == QLatin1String("jobs");
    if (!previous) {
        for (const char* serverSet : {"uid", "resourceVersion", "creationTimestamp",
                                      "deletionTimestamp", "generation", "managedFields"})
            meta.remove(QLatin1String(serverSet));
        QString name = meta.value(QStringLiteral("name")).toString();
        if (isJob) {
            const QString uid = ObjectStore::newUid();
            meta.insert(QStringLiteral("uid"), uid);
            object.insert(kMetadata, meta);
            object.remove(kStatus);
            defaultJob(object, uid);
            auto job = decodeEngineJob(object, name);
            if (!job)
                return tl::unexpected(job.error());
            job->metadata.name = name.isEmpty() ? std::string("x") : name.toStdString();
            if (auto errors = engine::validateJob(*job); !errors.empty())
                return invalid(name, errors);
            object.insert(kStatus, QJsonObject());
        } else {
            object.insert(kMetadata, meta);
            if (QLatin1String(resource.name) == QLatin1String("namespaces"))
                object.insert(kStatus,
                              QJsonObject{{QStringLiteral("phase"), QStringLiteral("Active")}});
            if (QLatin1String(resource.name) == QLatin1String("pods") && !object.contains(kStatus))
                object.insert(kStatus,
                              QJsonObject{{QStringLiteral("phase"), QStringLiteral("Pending")}});
        }
        return object;
    }
    // Updates: the main resource keeps the stored status, /status keeps everything else.
    const QString version = meta.value(QStringLiteral("resourceVersion")).toString();
    if (!version.isEmpty() && version.toULongLong() != previous->resourceVersion)
        return apiFailure(409, "Conflict",
                          QStringLiteral("Operation cannot be fulfilled on %1 \"%2\": the object "
                                         "has been modified; please apply your changes to the "
                                         "latest version and try again")
                              .arg(QLatin1String(resource.name), previous->name));
    if (subresource == QLatin1String("status")) {
        QJsonObject out = previous->json;
        out.insert(kStatus, object.value(kStatus));
        return out;
    }
    if (previous->json.contains(kStatus))
        object.insert(kStatus, previous->json.value(kStatus));
    if (isJob) {
        auto before = decodeEngineJob(previous->json, previous->name);
        auto after = decodeEngineJob(object, previous->name);
        if (!after)
            return tl::unexpected(after.error());
        if (before) {
            if (auto errors = engine::validateJobUpdate(*before, *after); !errors.empty())
                return invalid(previous->name, errors);
        }
        const QJsonObject oldMeta = previous->json.value(kMetadata).toObject();
        const qint64 generation = oldMeta.value(QStringLiteral("generation")).toInteger(1);
        meta.insert(QStringLiteral("generation"), previous->json.value(kSpec) == object.value(kSpec)
                                                      ? generation
                                                      : generation + 1);
        object.insert(kMetadata, meta);
    }
    return object;
}

ApiOutcome<ObjectPtr> ApiServer::store(const ResourceInfo& resource, const QString& namespace_,
                                       const QString& name, const QString& subresource,
                                       QJsonObject object, const ObjectPtr& previous, bool dryRun) {
    auto admitted = admit(resource, namespace_, std::move(object), previous, subresource);
    if (!admitted)
        return tl::unexpected(admitted.error());
    if (subresource.isEmpty())
        recordManagedFields(resource, *admitted, previous);
    if (!previous)
        return m_store.create(QLatin1String(resource.name), namespace_, std::move(*admitted),
                              dryRun);
    if (dryRun) {
        auto copy = std::make_shared<StoredObject>(*previous);
        copy->json = *admitted;
        copy->bytes = compactJson(copy->json);
        return ObjectPtr(copy);
    }
    return m_store.update(QLatin1String(resource.name), namespace_, name, std::move(*admitted));
}

ApiOutcome<ObjectPtr> ApiServer::createObject(const QString& resource, const QString& namespace_,
                                              QJsonObject object, bool dryRun) {
    const ResourceInfo* info = findResource(
        resource == QLatin1String("jobs") ? QStringLiteral("batch") : QString(), resource);
    if (!info)
        return apiFailure(404, "NotFound", QStringLiteral("unknown resource %1").arg(resource));
    m_fieldManager = QStringLiteral("tessera");
    return store(*info, info->namespaced ? namespace_ : QString(), QString(), QString(),
                 std::move(object), nullptr, dryRun);
}

} // namespace tessera::serve
