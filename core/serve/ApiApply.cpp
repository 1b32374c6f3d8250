// The server-side apply handler (PATCH with application/apply-patch+yaml) and the managedFields
// of the other writes; the merge itself is ServerSideApply.h's.
#include "ApiCodec.h"
#include "ApiServer.h"
#include "FieldValidation.h"
#include "ManagedFields.h"
#include "ObjectStore.h"
#include "ServerSideApply.h"
#include "proto/KubeSchema.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace tessera::serve {

namespace {

const QString kMetadata = QStringLiteral("metadata");

// The applied configuration: JSON (what kubectl sends) or a YAML document.
ApiOutcome<QJsonObject> parseConfig(const QByteArray& body) {
    if (std::optional<ApiFailure> deep = nestingFailure(body))
        return tl::unexpected(*deep);
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    if (error.error == QJsonParseError::NoError && doc.isObject())
        return doc.object();
    return decodeYamlObject(body, "the apply patch");
}

// The object with its managedFields' times left out.
QJsonObject withoutTimes(QJsonObject object) {
    QJsonObject meta = object.value(kMetadata).toObject();
    QJsonArray entries = meta.value(QStringLiteral("managedFields")).toArray();
    for (qsizetype i = 0; i < entries.size(); ++i) {
        QJsonObject e = entries[i].toObject();
        e.remove(QStringLiteral("time"));
        entries[i] = e;
    }
    meta.insert(QStringLiteral("managedFields"), entries);
    object.insert(kMetadata, meta);
    return object;
}

} // namespace

QString ApiServer::fieldManagerOf(const HttpRequest& r) {
    return fields::managerFor(r.param("fieldManager"), r.header("user-agent"));
}

void ApiServer::recordManagedFields(const ResourceInfo& resource, QJsonObject& object,
                                    const ObjectPtr& previous) {
    if (m_fieldManager.isEmpty())
        return;
    fields::recordUpdate(object, previous ? &previous->json : nullptr, m_fieldManager,
                         schema::messageFor(resource.apiVersion(), QLatin1String(resource.kind)));
}

void ApiServer::apply(HttpConnection* c, const HttpRequest& r, const Target& t) {
    const QString manager = r.param("fieldManager");
    if (manager.isEmpty())
        return sendFailure(
            c, r,
            ApiFailure{400, QStringLiteral("BadRequest"),
                       QStringLiteral("fieldManager is required for apply requests")},
            &t);
    if (!t.subresource.isEmpty())
        return sendFailure(c, r,
                           ApiFailure{405, QStringLiteral("MethodNotAllowed"),
                                      QStringLiteral("server-side apply of the %1 subresource is "
                                                     "not supported by tessera serve")
                                          .arg(t.subresource)},
                           &t);
    auto config = parseConfig(r.body);
    if (!config)
        return sendFailure(c, r, config.error(), &t);
    const QJsonObject meta = config->value(kMetadata).toObject();
    const QString name = meta.value(QStringLiteral("name")).toString();
    if (name != t.name)
        return sendFailure(
            c, r,
            ApiFailure{400, QStringLiteral("BadRequest"),
                       QStringLiteral("the name of the object (%1) does not match the name on "
                                      "the URL (%2)")
                           .arg(name, t.name)},
            &t);
    if (config->value(QStringLiteral("apiVersion")).toString() != t.resource->apiVersion() ||
        config->value(QStringLiteral("kind")).toString() != QLatin1String(t.resource->kind))
        return sendFailure(
            c, r,
            ApiFailure{400, QStringLiteral("BadRequest"),
                       QStringLiteral("the apply patch must be %1 %2")
                           .arg(t.resource->apiVersion(), QLatin1String(t.resource->kind))},
            &t);
    auto warnings = validateFields(*t.resource, *config, r.param("fieldValidation"), QByteArray());
    if (!warnings)
        return sendFailure(c, r, warnings.error(), &t);
    const QString resourceName = QLatin1String(t.resource->name);
    const ObjectPtr previous = m_store.get(resourceName, t.namespace_, t.name);
    ApplyResult applied = serverSideApply(
        previous ? previous->json : QJsonObject(), *config, manager, truthy(r.param("force")),
        schema::messageFor(t.resource->apiVersion(), QLatin1String(t.resource->kind)));
    if (!applied.conflicts.empty()) {
        auto encoded = encodeObject(responseFormat(r), conflictStatus(applied.conflicts));
        if (!encoded)
            encoded = encodeObject(WireFormat::Json, conflictStatus(applied.conflicts));
        return c->reply(409, encoded->contentType, encoded->body);
    }
    // Admission strips managedFields from new objects: they go back after it.
    const QJsonValue managed =
        applied.object.value(kMetadata).toObject().value(QStringLiteral("managedFields"));
    auto admitted =
        admit(*t.resource, t.namespace_, std::move(applied.object), previous, QString());
    if (!admitted)
        return sendFailure(c, r, admitted.error(), &t);
    QJsonObject newMeta = admitted->value(kMetadata).toObject();
    newMeta.insert(QStringLiteral("managedFields"), managed);
    admitted->insert(kMetadata, newMeta);
    // Re-applying the same configuration changes nothing but the entry's time: as upstream, no
    // write (no new resourceVersion, no watch event).
    if (previous && withoutTimes(*admitted) == withoutTimes(previous->json))
        return sendObject(c, r, 200, previous->json, previous->bytes, *warnings);
    const bool dryRun = r.param("dryRun") == QLatin1String("All");
    ApiOutcome<ObjectPtr> stored;
    if (!previous) {
        stored = m_store.create(resourceName, t.namespace_, std::move(*admitted), dryRun);
    } else if (dryRun) {
        auto copy = std::make_shared<StoredObject>(*previous);
        copy->json = *admitted;
        copy->bytes = compactJson(copy->json);
        stored = ObjectPtr(copy);
    } else {
        stored = m_store.update(resourceName, t.namespace_, t.name, std::move(*admitted));
    }
    if (!stored)
        return sendFailure(c, r, stored.error(), &t);
    sendObject(c, r, previous ? 200 : 201, (*stored)->json, (*stored)->bytes, *warnings);
}

} // namespace tessera::serve
