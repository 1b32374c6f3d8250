// Admission of the API server: the apiVersion and kind of a body, server-set metadata, Job
// defaulting (as pkg/apis/batch/v1/defaults.go) and validation through the one Job gate
// (codec/ManifestValidation.h), and the update rules (status kept, uid and other immutable
// fields, generation).
#include "ApiCodec.h"
#include "ApiKinds.h"
#include "ApiServer.h"
#include "ApiValidation.h"
#include "ObjectStore.h"
#include "PodDefaults.h"
#include "codec/Decode.h"
#include "codec/ManifestValidation.h"
#include "engine/Defaults.h"
#include "engine/Validation.h"
#include "engine/ValidationNames.h"

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
    defaultContainers(podSpec);
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
    job.insert(kSpec, spec);
}

ApiOutcome<engine::Job> decodeEngineJob(const ResourceInfo& resource, const QJsonObject& job,
                                        const QString& name) {
    const std::string text = compactJson(job).toStdString();
    auto decoded = codec::decodeJob(text);
    if (!decoded)
        return tl::unexpected(invalidObject(resource, name, causesOf({decoded.error()})));
    engine::Job out = std::move(decoded->job);
    engine::applyDefaults(out.spec);
    return out;
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
            // The one gate of every path that accepts a Job (codec/ManifestValidation.h): the
            // object's metadata, its pod template and the Job rules, every problem at once.
            const QJsonArray causes =
                causesOf(codec::validateJobManifest(compactJson(object).toStdString()));
            if (!causes.isEmpty())
                return tl::unexpected(invalidObject(resource, name, causes));
            object.insert(kStatus, QJsonObject());
        } else {
            // Object names by the kind's rules, labels and annotations; what the client sent as
            // status is not kept (the server and the controllers own it).
            QJsonArray causes = validateObjectName(resource, object);
            defaultKindObject(resource, object, nullptr);
            for (const QJsonValue& c : validateKindObject(resource, object))
                causes.append(c);
            if (!causes.isEmpty())
                return tl::unexpected(invalidObject(resource, name, causes));
            object.insert(kMetadata, meta);
            if (*resource.initialPhase) // the client's status is not kept
                object.insert(kStatus, QJsonObject{{QStringLiteral("phase"),
                                                    QLatin1String(resource.initialPhase)}});
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
                              .arg(resource.qualifiedName(), previous->name));
    if (subresource == QLatin1String("status")) {
        QJsonObject out = previous->json;
        out.insert(kStatus, object.value(kStatus));
        return out;
    }
    if (previous->json.contains(kStatus))
        object.insert(kStatus, previous->json.value(kStatus));
    // A pending deletion is the server's: an update can neither start nor cancel it.
    const QJsonObject storedMeta = previous->json.value(kMetadata).toObject();
    for (const char* kept : {"deletionTimestamp", "deletionGracePeriodSeconds", "generation"}) {
        if (storedMeta.contains(QLatin1String(kept)))
            meta.insert(QLatin1String(kept), storedMeta.value(QLatin1String(kept)));
        else
            meta.remove(QLatin1String(kept));
    }
    // The object's identity cannot change (ValidateObjectMetaUpdate); an update without a uid
    // keeps the stored one. Labels and annotations are checked again, as on create.
    QJsonArray metaCauses;
    const QString storedUid = storedMeta.value(QStringLiteral("uid")).toString();
    const QString sentUid = meta.value(QStringLiteral("uid")).toString();
    if (!sentUid.isEmpty() && sentUid != storedUid)
        metaCauses.append(fieldCause(
            QStringLiteral("metadata.uid"), "FieldValueInvalid",
            QStringLiteral("Invalid value: %1: field is immutable")
                .arg(QString::fromStdString(engine::quoteValue(sentUid.toStdString())))));
    for (const QJsonValue& c : causesOf(codec::validateObjectMeta(
             compactJson(object).toStdString(), codec::NameRule::PathSegment, true)))
        metaCauses.append(c);
    if (!metaCauses.isEmpty())
        return tl::unexpected(invalidObject(resource, previous->name, metaCauses));
    object.insert(kMetadata, meta);
    if (!isJob) {
        defaultKindObject(resource, object, previous);
        if (const QJsonArray causes = validateKindObject(resource, object); !causes.isEmpty())
            return tl::unexpected(invalidObject(resource, previous->name, causes));
    }
    if (resource.countsGeneration) {
        // metadata.generation counts spec changes (status updates do not touch it).
        const qint64 generation = storedMeta.value(QStringLiteral("generation")).toInteger(1);
        meta.insert(QStringLiteral("generation"), previous->json.value(kSpec) == object.value(kSpec)
                                                      ? generation
                                                      : generation + 1);
        object.insert(kMetadata, meta);
    }
    if (isJob) {
        auto before = decodeEngineJob(resource, previous->json, previous->name);
        auto after = decodeEngineJob(resource, object, previous->name);
        if (!after)
            return tl::unexpected(after.error());
        QJsonArray causes = validateJobTemplateUpdate(previous->json, object);
        if (before)
            for (const QJsonValue& c : causesOf(engine::validateJobUpdate(*before, *after)))
                causes.append(c);
        if (!causes.isEmpty())
            return tl::unexpected(invalidObject(resource, previous->name, causes));
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
    if (!previous) {
        auto created =
            m_store.create(QLatin1String(resource.name), namespace_, std::move(*admitted), dryRun);
        if (created && !dryRun && QLatin1String(resource.name) == QLatin1String("namespaces"))
            createDefaultServiceAccount(m_store, (*created)->name);
        return created;
    }
    if (dryRun) {
        auto copy = std::make_shared<StoredObject>(*previous);
        copy->json = *admitted;
        copy->bytes = compactJson(copy->json);
        return ObjectPtr(copy);
    }
    auto updated =
        m_store.update(QLatin1String(resource.name), namespace_, name, std::move(*admitted));
    if (!updated)
        return updated;
    return finishDeletion(*updated);
}

ApiOutcome<ObjectPtr> ApiServer::createObject(const QString& resource, const QString& namespace_,
                                              QJsonObject object, bool dryRun) {
    const ResourceInfo* info = findResourceNamed(resource);
    if (!info)
        return apiFailure(404, "NotFound", QStringLiteral("unknown resource %1").arg(resource));
    m_fieldManager = QStringLiteral("tessera");
    return store(*info, info->namespaced ? namespace_ : QString(), QString(), QString(),
                 std::move(object), nullptr, dryRun);
}

} // namespace tessera::serve
