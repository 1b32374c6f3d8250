// Object lifecycle of the API server: DELETE as kube-apiserver answers it. What a delete does to
// the object (finalizers, deletionTimestamp, propagation) is Deletion.h's; what it does to the
// object's dependents is the garbage collector's (GarbageCollector.h). The answer
// (staging/src/k8s.io/apiserver/pkg/endpoints/handlers/delete.go and the generic store's
// finalizeDelete):
//  - the object, with its deletionTimestamp, when finalizers now hold it: 200, or 202 when the
//    DeleteOptions say `orphanDependents: false`;
//  - else the deleted object for the kinds whose store returns it (pods, services, ...), or a
//    Status of success naming it (`details.kind` is the resource, as upstream's) for the others,
//    such as Jobs: what typed clients decode (the Python client's V1Status).
#include "ApiCodec.h"
#include "ApiKinds.h"
#include "ApiSelectors.h"
#include "ApiServer.h"
#include "ApiValidation.h"
#include "Deletion.h"
#include "ObjectStore.h"

#include <QJsonArray>

namespace tessera::serve {

namespace {

// The answer of a delete that removed `object` (or found its deletion pending).
QJsonObject deletedAnswer(const ResourceInfo& resource, const ObjectPtr& object) {
    if (resource.returnsDeletedObject)
        return object->json;
    QJsonObject details{{QStringLiteral("name"), object->name},
                        {QStringLiteral("kind"), QLatin1String(resource.name)},
                        {QStringLiteral("uid"), uidOf(object->json)}};
    if (*resource.group)
        details.insert(QStringLiteral("group"), QLatin1String(resource.group));
    return QJsonObject{{QStringLiteral("kind"), QStringLiteral("Status")},
                       {QStringLiteral("apiVersion"), QStringLiteral("v1")},
                       {QStringLiteral("metadata"), QJsonObject()},
                       {QStringLiteral("status"), QStringLiteral("Success")},
                       {QStringLiteral("details"), details}};
}

// What a delete request asks: its query, and its DeleteOptions body (JSON or, from client-go's
// typed clients, protobuf) for what the query does not say. The propagation is the named policy,
// else the deprecated orphanDependents; none when neither is given (the kind's default then).
struct DeleteRequest {
    std::optional<Propagation> propagation;
    bool dryRun = false;
    bool cascadeAsked = false; // `orphanDependents: false`
    QJsonObject preconditions;
};

ApiOutcome<DeleteRequest> deleteRequestOf(const HttpRequest& r) {
    DeleteRequest request;
    request.dryRun = r.param("dryRun") == QLatin1String("All");
    QString policy = r.param("propagationPolicy");
    QJsonValue orphan;
    if (const QString q = r.param("orphanDependents"); !q.isEmpty())
        orphan = q == QLatin1String("true");
    if (!r.body.isEmpty()) {
        auto options = decodeBody(r);
        if (!options)
            return tl::unexpected(options.error());
        if (policy.isEmpty())
            policy = options->value(QStringLiteral("propagationPolicy")).toString();
        if (options->value(QStringLiteral("orphanDependents")).isBool())
            orphan = options->value(QStringLiteral("orphanDependents"));
        for (const QJsonValue& v : options->value(QStringLiteral("dryRun")).toArray())
            request.dryRun = request.dryRun || v.toString() == QLatin1String("All");
        request.preconditions = options->value(QStringLiteral("preconditions")).toObject();
    }
    request.cascadeAsked = orphan.isBool() && !orphan.toBool();
    // ValidateDeleteOptions (apimachinery's meta/v1 validation): a 422 about DeleteOptions.
    const auto invalid = [&](const char* reason, const QString& message) {
        ApiFailure f{422,
                     QStringLiteral("Invalid"),
                     QStringLiteral("DeleteOptions.meta.k8s.io \"\" is invalid: "
                                    "propagationPolicy: %1")
                         .arg(message),
                     {fieldCause(QStringLiteral("propagationPolicy"), reason, message)},
                     QStringLiteral("DeleteOptions")};
        return tl::unexpected(f);
    };
    if (!policy.isEmpty() && orphan.isBool())
        return invalid("FieldValueInvalid",
                       QStringLiteral("Invalid value: \"%1\": orphanDependents and "
                                      "deletionPropagation cannot be both set")
                           .arg(policy));
    if (!policy.isEmpty()) {
        request.propagation = propagationNamed(policy);
        if (!request.propagation)
            return invalid("FieldValueNotSupported",
                           QStringLiteral("Unsupported value: \"%1\": supported values: "
                                          "\"Foreground\", \"Background\", \"Orphan\", "
                                          "\"nil\"")
                               .arg(policy));
    } else if (orphan.isBool()) {
        request.propagation = orphan.toBool() ? Propagation::Orphan : Propagation::Background;
    }
    return request;
}

} // namespace

ApiOutcome<DeleteOutcome> ApiServer::deleteObject(const ResourceInfo& resource,
                                                  const ObjectPtr& object,
                                                  std::optional<Propagation> requested,
                                                  bool dryRun) {
    const QString name = QLatin1String(resource.name);
    const Propagation propagation =
        resolvePropagation(requested, object->json, resource.defaultPropagation);
    auto deleted = deleteStoredObject(m_store, object, propagation, dryRun);
    if (!deleted || dryRun || deleted->state != DeleteOutcome::State::Removed)
        return deleted;
    if (name == QLatin1String("namespaces"))
        for (const ResourceInfo* inner : servedResources())
            if (inner->namespaced)
                for (const ObjectPtr& o : m_store.list(QLatin1String(inner->name), object->name))
                    m_store.remove(QLatin1String(inner->name), object->name, o->name);
    return deleted;
}

ObjectPtr ApiServer::finishDeletion(const ObjectPtr& stored) {
    return serve::finishDeletion(m_store, stored);
}

bool ApiServer::deleteObject(const QString& resource, const QString& namespace_,
                             const QString& name, Propagation propagation) {
    const ObjectPtr stored = m_store.get(resource, namespace_, name);
    const ResourceInfo* info = findResource(QString(), resource);
    if (!info)
        info = findResource(QStringLiteral("batch"), resource);
    return stored && info && deleteObject(*info, stored, propagation, false).has_value();
}

void ApiServer::remove(HttpConnection* c, const HttpRequest& r, const Target& t) {
    const QString resource = QLatin1String(t.resource->name);
    ObjectPtr previous = m_store.get(resource, t.namespace_, t.name);
    if (!previous)
        return sendNotFound(c, r, t);
    const auto request = deleteRequestOf(r);
    if (!request)
        return sendFailure(c, r, request.error()); // about the DeleteOptions, not the object
    const QJsonObject& pre = request->preconditions;
    const QString uid = pre.value(QStringLiteral("uid")).toString();
    const QString version = pre.value(QStringLiteral("resourceVersion")).toString();
    if ((!uid.isEmpty() && uid != uidOf(previous->json)) ||
        (!version.isEmpty() && version.toULongLong() != previous->resourceVersion))
        return sendFailure(
            c, r,
            ApiFailure{409, QStringLiteral("Conflict"),
                       QStringLiteral("Operation cannot be fulfilled on %1 \"%2\": "
                                      "Precondition failed: %3")
                           .arg(t.resource->qualifiedName(), t.name,
                                !uid.isEmpty() && uid != uidOf(previous->json)
                                    ? QStringLiteral("UID in precondition: %1, UID in "
                                                     "object meta: %2")
                                          .arg(uid, uidOf(previous->json))
                                    : QStringLiteral("ResourceVersion in precondition: %1, "
                                                     "ResourceVersion in object meta: %2")
                                          .arg(version)
                                          .arg(previous->resourceVersion))},
            &t);
    auto deleted = deleteObject(*t.resource, previous, request->propagation, request->dryRun);
    if (!deleted)
        return sendFailure(c, r, deleted.error(), &t);
    const ObjectPtr& object = deleted->object;
    if (deleted->state == DeleteOutcome::State::Held)
        return sendObject(c, r, request->cascadeAsked ? 202 : 200, object->json, object->bytes);
    const QJsonObject answer = deletedAnswer(*t.resource, object);
    sendObject(c, r, 200, answer, answer == object->json ? object->bytes : QByteArray());
}

void ApiServer::removeCollection(HttpConnection* c, const HttpRequest& r, const Target& t) {
    const auto selectors = ApiSelectors::fromQuery(r, *t.resource);
    if (!selectors)
        return sendFailure(c, r, selectors.error(), &t);
    const auto request = deleteRequestOf(r);
    if (!request)
        return sendFailure(c, r, request.error()); // about the DeleteOptions, not the object
    const QString resource = QLatin1String(t.resource->name);
    QList<ObjectPtr> items;
    for (const ObjectPtr& o : m_store.list(resource, t.namespace_)) {
        if (!selectors->matches(o->json))
            continue;
        if (auto deleted = deleteObject(*t.resource, o, request->propagation, request->dryRun))
            items.push_back(deleted->object);
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
