// Object lifecycle of the API server: DELETE as kube-apiserver does it.
//  - An object with metadata.finalizers is not removed: it gets deletionTimestamp and
//    deletionGracePeriodSeconds (202 Accepted) and goes when an update removes the last finalizer.
//  - Propagation: Background and Foreground delete a Job's pods (here both at once, after the
//    Job); Orphan removes the Job's ownerReference and the job-tracking finalizer from its pods,
//    which then run to their end (JobRunner). batch/v1 Jobs orphan when the client names no
//    policy (the Python client's default; kubectl always sends Background).
//  - The job-tracking finalizer of a pod does not hold its deletion: the simulated controller
//    accounts for a deleted pod at once (a real one removes the finalizer first).
#include "ApiCodec.h"
#include "ApiSelectors.h"
#include "ApiServer.h"
#include "ObjectStore.h"
#include "PodObject.h"
#include "codec/Rfc3339.h"
#include "engine/Clock.h"
#include "engine/Model.h"

#include <QJsonArray>

namespace tessera::serve {

namespace {

const QString kMetadata = QStringLiteral("metadata");
const QString kFinalizers = QStringLiteral("finalizers");

// The finalizers that hold a deletion (the job-tracking one does not, see above).
QJsonArray holdingFinalizers(const QJsonObject& object) {
    QJsonArray out;
    for (const QJsonValue& f : object.value(kMetadata).toObject().value(kFinalizers).toArray())
        if (f.toString() != QLatin1String(engine::kTrackingFinalizer))
            out.append(f);
    return out;
}

QString uidOf(const ObjectPtr& o) {
    return o->json.value(kMetadata).toObject().value(QStringLiteral("uid")).toString();
}

bool ownedBy(const ObjectPtr& o, const QString& uid) {
    for (const QJsonValue& ref :
         o->json.value(kMetadata).toObject().value(QStringLiteral("ownerReferences")).toArray())
        if (ref.toObject().value(QStringLiteral("uid")).toString() == uid)
            return true;
    return false;
}

} // namespace

void ApiServer::deleteDependents(const ObjectPtr& job) {
    // Background propagation: the pods go after the Job, from the event loop.
    const QString uid = uidOf(job);
    const QString ns = job->namespace_;
    QTimer::singleShot(0, this, [this, uid, ns] {
        for (const ObjectPtr& pod : m_store.list(QStringLiteral("pods"), ns))
            if (ownedBy(pod, uid))
                m_store.remove(QStringLiteral("pods"), ns, pod->name);
    });
}

void ApiServer::orphanDependents(const ObjectPtr& job) {
    // What the garbage collector does for the orphan finalizer, at once: dependents lose the
    // owner's reference (and, for a Job's pods, the finalizer only the Job's controller removes).
    const QString uid = uidOf(job);
    for (const ObjectPtr& pod : m_store.list(QStringLiteral("pods"), job->namespace_)) {
        if (!ownedBy(pod, uid))
            continue;
        QJsonObject json = pod->json;
        QJsonObject meta = json.value(kMetadata).toObject();
        QJsonArray owners;
        for (const QJsonValue& ref : meta.value(QStringLiteral("ownerReferences")).toArray())
            if (ref.toObject().value(QStringLiteral("uid")).toString() != uid)
                owners.append(ref);
        if (owners.isEmpty())
            meta.remove(QStringLiteral("ownerReferences"));
        else
            meta.insert(QStringLiteral("ownerReferences"), owners);
        dropTrackingFinalizer(meta);
        json.insert(kMetadata, meta);
        m_store.update(QStringLiteral("pods"), pod->namespace_, pod->name, json);
    }
}

ApiOutcome<std::pair<int, ObjectPtr>> ApiServer::deleteObject(const ResourceInfo& resource,
                                                              const ObjectPtr& object,
                                                              QString policy, bool dryRun) {
    const QString name = QLatin1String(resource.name);
    const bool isJob = name == QLatin1String("jobs");
    if (policy.isEmpty())
        policy = isJob ? QStringLiteral("Orphan") : QStringLiteral("Background");
    if (policy != QLatin1String("Orphan") && policy != QLatin1String("Background") &&
        policy != QLatin1String("Foreground"))
        return apiFailure(400, "BadRequest",
                          QStringLiteral("propagationPolicy \"%1\" is not one of Orphan, "
                                         "Background, Foreground")
                              .arg(policy));
    if (dryRun)
        return std::pair{200, object};
    if (isJob && policy == QLatin1String("Orphan"))
        orphanDependents(object);
    if (!holdingFinalizers(object->json).isEmpty()) {
        QJsonObject meta = object->json.value(kMetadata).toObject();
        if (meta.contains(QStringLiteral("deletionTimestamp")))
            return std::pair{202, object}; // already being deleted
        meta.insert(QStringLiteral("deletionTimestamp"),
                    QString::fromStdString(codec::formatRfc3339(engine::SystemClock().now())));
        meta.insert(QStringLiteral("deletionGracePeriodSeconds"), 0);
        QJsonObject json = object->json;
        json.insert(kMetadata, meta);
        auto updated = m_store.update(name, object->namespace_, object->name, json);
        if (!updated)
            return tl::unexpected(updated.error());
        if (isJob && policy != QLatin1String("Orphan"))
            deleteDependents(object);
        return std::pair{202, *updated};
    }
    auto removed = m_store.remove(name, object->namespace_, object->name);
    if (!removed)
        return tl::unexpected(removed.error());
    if (isJob && policy != QLatin1String("Orphan"))
        deleteDependents(object);
    if (name == QLatin1String("namespaces"))
        for (const ResourceInfo* inner : servedResources())
            if (inner->namespaced)
                for (const ObjectPtr& o : m_store.list(QLatin1String(inner->name), object->name))
                    m_store.remove(QLatin1String(inner->name), object->name, o->name);
    return std::pair{200, *removed};
}

ObjectPtr ApiServer::finishDeletion(const ObjectPtr& stored) {
    const QJsonObject meta = stored->json.value(kMetadata).toObject();
    if (!meta.contains(QStringLiteral("deletionTimestamp")) ||
        !holdingFinalizers(stored->json).isEmpty())
        return stored;
    auto removed = m_store.remove(stored->resource, stored->namespace_, stored->name);
    return removed ? *removed : stored;
}

bool ApiServer::deleteObject(const QString& resource, const QString& namespace_,
                             const QString& name, const QString& propagationPolicy) {
    const ObjectPtr stored = m_store.get(resource, namespace_, name);
    const ResourceInfo* info = findResource(QString(), resource);
    if (!info)
        info = findResource(QStringLiteral("batch"), resource);
    return stored && info && deleteObject(*info, stored, propagationPolicy, false).has_value();
}

void ApiServer::remove(HttpConnection* c, const HttpRequest& r, const Target& t) {
    const QString resource = QLatin1String(t.resource->name);
    ObjectPtr previous = m_store.get(resource, t.namespace_, t.name);
    if (!previous)
        return sendNotFound(c, r, t);
    QString policy = r.param("propagationPolicy");
    bool dryRun = r.param("dryRun") == QLatin1String("All");
    if (!r.body.isEmpty()) {
        // DeleteOptions, in JSON or (client-go's typed clients) protobuf.
        auto options = decodeBody(r);
        if (!options)
            return sendFailure(c, r, options.error(), &t);
        if (policy.isEmpty())
            policy = options->value(QStringLiteral("propagationPolicy")).toString();
        const QJsonValue orphan = options->value(QStringLiteral("orphanDependents"));
        if (policy.isEmpty() && orphan.isBool())
            policy = orphan.toBool() ? QStringLiteral("Orphan") : QStringLiteral("Background");
        for (const QJsonValue& v : options->value(QStringLiteral("dryRun")).toArray())
            dryRun = dryRun || v.toString() == QLatin1String("All");
        const QJsonObject pre = options->value(QStringLiteral("preconditions")).toObject();
        const QString uid = pre.value(QStringLiteral("uid")).toString();
        const QString version = pre.value(QStringLiteral("resourceVersion")).toString();
        if ((!uid.isEmpty() && uid != uidOf(previous)) ||
            (!version.isEmpty() && version.toULongLong() != previous->resourceVersion))
            return sendFailure(
                c, r,
                ApiFailure{409, QStringLiteral("Conflict"),
                           QStringLiteral("Operation cannot be fulfilled on %1 \"%2\": "
                                          "Precondition failed: %3")
                               .arg(t.resource->qualifiedName(), t.name,
                                    !uid.isEmpty() && uid != uidOf(previous)
                                        ? QStringLiteral("UID in precondition: %1, UID in "
                                                         "object meta: %2")
                                              .arg(uid, uidOf(previous))
                                        : QStringLiteral("ResourceVersion in precondition: %1, "
                                                         "ResourceVersion in object meta: %2")
                                              .arg(version)
                                              .arg(previous->resourceVersion))},
                &t);
    }
    auto deleted = deleteObject(*t.resource, previous, policy, dryRun);
    if (!deleted)
        return sendFailure(c, r, deleted.error(), &t);
    sendObject(c, r, deleted->first, deleted->second->json, deleted->second->bytes);
}

void ApiServer::removeCollection(HttpConnection* c, const HttpRequest& r, const Target& t) {
    const auto selectors = ApiSelectors::fromQuery(r, *t.resource);
    if (!selectors)
        return sendFailure(c, r, selectors.error(), &t);
    const QString resource = QLatin1String(t.resource->name);
    const QString policy = r.param("propagationPolicy");
    QList<ObjectPtr> items;
    for (const ObjectPtr& o : m_store.list(resource, t.namespace_)) {
        if (!selectors->matches(o->json))
            continue;
        if (auto deleted = deleteObject(*t.resource, o, policy, false))
            items.push_back(deleted->second);
    }
    auto encoded = encodeList(responseFormat(r), t.resource->apiVersion(), t.resource->listKind(),
                              QJsonObject{{QStringLiteral("resourceVersion"),
                                           QString::number(m_store.resourceVersion())}},
                              items);
    if (!encoded)
        return sendFailure(c, r, encoded.error(), &t);
    c->reply(200, encoded->contentType, encoded->body);
}

} // namespace tessera::serve
