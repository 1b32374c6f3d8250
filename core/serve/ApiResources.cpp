// The resource handlers of the API server: get, list, create, update, patch, delete (one and a
// collection) and pod logs. Bodies arrive in JSON or protobuf and answers go out in the encoding
// the client asked for (ApiCodec.h).
#include "ApiCodec.h"
#include "ApiQuery.h"
#include "ApiSelectors.h"
#include "ApiServer.h"
#include "FieldValidation.h"
#include "JobRunner.h"
#include "JsonPatch.h"
#include "JsonPointerPatch.h"
#include "ObjectStore.h"
#include "PodLogQuery.h"
#include "Tables.h"
#include "proto/KubeSchema.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

namespace tessera::serve {

namespace {

const QString kMetadata = QStringLiteral("metadata");

bool dryRunAll(const HttpRequest& r) {
    return r.param("dryRun") == QLatin1String("All");
}

} // namespace

void ApiServer::sendNotFound(HttpConnection* c, const HttpRequest& r, const Target& t) {
    const QString group = QLatin1String(t.resource->group);
    sendFailure(
        c, r,
        ApiFailure{404, QStringLiteral("NotFound"),
                   QStringLiteral("%1%2 \"%3\" not found")
                       .arg(QLatin1String(t.resource->name),
                            group.isEmpty() ? QString() : QLatin1Char('.') + group, t.name)},
        &t);
}

void ApiServer::list(HttpConnection* c, const HttpRequest& r, const Target& t) {
    // Any version is served from the current state, but one that does not parse is a 400.
    if (const auto version = parseResourceVersion(r.param("resourceVersion")); !version)
        return sendFailure(c, r, version.error(), &t);
    const auto selectors = ApiSelectors::fromQuery(r, *t.resource);
    if (!selectors)
        return sendFailure(c, r, selectors.error(), &t);
    const QString exact = selectors->fields.exactName();
    std::vector<ObjectPtr> all;
    if (!exact.isEmpty() && !t.namespace_.isEmpty()) {
        if (ObjectPtr o = m_store.get(QLatin1String(t.resource->name), t.namespace_, exact))
            all.push_back(o);
    } else {
        all = m_store.list(QLatin1String(t.resource->name), t.namespace_);
    }
    // Continue tokens name the last object returned ("ns/name") and the version listed at.
    QString after;
    quint64 listedAt = m_store.resourceVersion();
    if (const QString given = r.param("continue"); !given.isEmpty()) {
        auto token =
            decodeContinueToken(given, m_store.oldestResumableVersion(), m_store.resourceVersion());
        if (!token)
            return sendFailure(c, r, token.error(), &t);
        after = token->after;
        listedAt = token->resourceVersion;
    }
    const qint64 limit = r.param("limit").toLongLong();
    QList<ObjectPtr> items;
    QString nextToken;
    qint64 remaining = 0;
    for (const ObjectPtr& o : all) {
        if (!after.isEmpty() && o->namespace_ + QLatin1Char('/') + o->name <= after)
            continue;
        if (!selectors->matches(o->json))
            continue;
        if (limit > 0 && items.size() >= limit) {
            ++remaining;
            continue;
        }
        items.push_back(o);
    }
    if (remaining > 0 && !items.empty())
        nextToken = encodeContinueToken(
            {listedAt, items.back()->namespace_ + QLatin1Char('/') + items.back()->name});
    const QString version = QString::number(m_store.resourceVersion());
    if (wantsTable(r)) {
        QJsonObject table =
            makeTable(*t.resource, std::vector<ObjectPtr>(items.begin(), items.end()),
                      r.param("includeObject"), true, version);
        if (!nextToken.isEmpty()) {
            QJsonObject meta = table.value(kMetadata).toObject();
            meta.insert(QStringLiteral("continue"), nextToken);
            table.insert(kMetadata, meta);
        }
        return c->reply(200, "application/json", compactJson(table));
    }
    QJsonObject listMeta{{QStringLiteral("resourceVersion"), version}};
    if (!nextToken.isEmpty()) {
        listMeta.insert(QStringLiteral("continue"), nextToken);
        listMeta.insert(QStringLiteral("remainingItemCount"), remaining);
    }
    auto encoded = encodeList(responseFormat(r), t.resource->apiVersion(), t.resource->listKind(),
                              listMeta, items);
    if (!encoded)
        return sendFailure(c, r, encoded.error(), &t);
    c->reply(200, encoded->contentType, encoded->body);
}

void ApiServer::get(HttpConnection* c, const HttpRequest& r, const Target& t) {
    if (const auto version = parseResourceVersion(r.param("resourceVersion")); !version)
        return sendFailure(c, r, version.error(), &t);
    ObjectPtr o = m_store.get(QLatin1String(t.resource->name), t.namespace_, t.name);
    if (!o)
        return sendNotFound(c, r, t);
    if (wantsTable(r))
        return c->reply(200, "application/json",
                        compactJson(makeTable(*t.resource, {o}, r.param("includeObject"), true,
                                              QString::number(o->resourceVersion))));
    sendObject(c, r, 200, o->json, o->bytes);
}

void ApiServer::create(HttpConnection* c, const HttpRequest& r, const Target& t) {
    auto body = decodeBody(r);
    if (!body)
        return sendFailure(c, r, body.error(), &t);
    auto warnings = validateFields(*t.resource, *body, r.param("fieldValidation"),
                                   isJsonBody(r) ? r.body : QByteArray());
    if (!warnings)
        return sendFailure(c, r, warnings.error(), &t);
    const QString bodyName =
        body->value(kMetadata).toObject().value(QStringLiteral("name")).toString();
    auto created = store(*t.resource, t.namespace_, QString(), QString(), std::move(*body), nullptr,
                         dryRunAll(r));
    if (!created) {
        ApiFailure failure = created.error();
        if (failure.detailsName.isEmpty())
            failure.detailsName = bodyName;
        if (failure.reason == QLatin1String("AlreadyExists")) // the store does not know groups
            failure.message = QStringLiteral("%1 \"%2\" already exists")
                                  .arg(t.resource->qualifiedName(), failure.detailsName);
        return sendFailure(c, r, failure, &t);
    }
    sendObject(c, r, 201, (*created)->json, (*created)->bytes, *warnings);
}

void ApiServer::replace(HttpConnection* c, const HttpRequest& r, const Target& t) {
    auto body = decodeBody(r);
    if (!body)
        return sendFailure(c, r, body.error(), &t);
    ObjectPtr previous = m_store.get(QLatin1String(t.resource->name), t.namespace_, t.name);
    if (!previous)
        return sendNotFound(c, r, t);
    const QString bodyName =
        body->value(kMetadata).toObject().value(QStringLiteral("name")).toString();
    if (!bodyName.isEmpty() && bodyName != t.name)
        return sendFailure(
            c, r,
            ApiFailure{400, QStringLiteral("BadRequest"),
                       QStringLiteral("the name of the object (%1) does not match the name on "
                                      "the URL (%2)")
                           .arg(bodyName, t.name)},
            &t);
    // The uid of a PUT's body is its precondition (rest.DefaultUpdatedObjectInfo), checked
    // against the stored object as storage.Preconditions.Check does: a Conflict. (A patch has
    // none: a uid it changes is refused by validation as immutable.)
    const QString sentUid =
        body->value(kMetadata).toObject().value(QStringLiteral("uid")).toString();
    const QString storedUid =
        previous->json.value(kMetadata).toObject().value(QStringLiteral("uid")).toString();
    if (!sentUid.isEmpty() && sentUid != storedUid)
        return sendFailure(
            c, r,
            ApiFailure{409, QStringLiteral("Conflict"),
                       QStringLiteral("Operation cannot be fulfilled on %1 \"%2\": "
                                      "Precondition failed: UID in precondition: "
                                      "%3, UID in object meta: %4")
                           .arg(t.resource->qualifiedName(), t.name, sentUid, storedUid)},
            &t);
    auto warnings = validateFields(*t.resource, *body, r.param("fieldValidation"),
                                   isJsonBody(r) ? r.body : QByteArray());
    if (!warnings)
        return sendFailure(c, r, warnings.error(), &t);
    auto stored = store(*t.resource, t.namespace_, t.name, t.subresource, std::move(*body),
                        previous, dryRunAll(r));
    if (!stored)
        return sendFailure(c, r, stored.error(), &t);
    sendObject(c, r, 200, (*stored)->json, (*stored)->bytes, *warnings);
}

void ApiServer::patch(HttpConnection* c, const HttpRequest& r, const Target& t) {
    if (r.mediaType() == "application/apply-patch+yaml")
        return apply(c, r, t);
    ObjectPtr previous = m_store.get(QLatin1String(t.resource->name), t.namespace_, t.name);
    if (!previous)
        return sendNotFound(c, r, t);
    if (std::optional<ApiFailure> deep = nestingFailure(r.body))
        return sendFailure(c, r, *deep, &t);
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(r.body, &error);
    const QByteArray type = r.header("content-type").split(';').value(0).trimmed();
    const bool jsonPatch = type == "application/json-patch+json";
    if (error.error != QJsonParseError::NoError || (jsonPatch ? !doc.isArray() : !doc.isObject()))
        return sendFailure(c, r,
                           ApiFailure{400, QStringLiteral("BadRequest"),
                                      QStringLiteral("the patch is not a JSON %1: %2 (at byte %3)")
                                          .arg(jsonPatch ? QStringLiteral("array of operations")
                                                         : QStringLiteral("object"),
                                               error.error != QJsonParseError::NoError
                                                   ? error.errorString()
                                                   : QStringLiteral("wrong type"))
                                          .arg(error.offset)},
                           &t);
    QJsonObject body = doc.object();
    QJsonObject patched;
    if (jsonPatch) {
        auto applied = applyJsonPatch(previous->json, doc.array());
        if (!applied) {
            ApiFailure failure = applied.error();
            if (!failure.causes.isEmpty())
                failure.detailsKind = QLatin1String(t.resource->kind); // as for any Invalid
            return sendFailure(c, r, failure, &t);
        }
        patched = std::move(*applied);
        // Only a patch that changes resourceVersion asks for the concurrency check.
        const QJsonValue version =
            patched.value(kMetadata).toObject().value(QStringLiteral("resourceVersion"));
        if (version !=
            previous->json.value(kMetadata).toObject().value(QStringLiteral("resourceVersion")))
            body.insert(kMetadata, QJsonObject{{QStringLiteral("resourceVersion"), version}});
    } else if (type == "application/merge-patch+json") {
        patched = applyMergePatch(previous->json, body);
    } else if (type == "application/strategic-merge-patch+json") {
        auto merged = applyStrategicMergePatch(
            previous->json, body,
            schema::messageFor(t.resource->apiVersion(), QLatin1String(t.resource->kind)));
        if (!merged)
            return sendFailure(c, r, merged.error(), &t);
        patched = std::move(*merged);
    } else {
        return sendFailure(
            c, r,
            ApiFailure{415, QStringLiteral("UnsupportedMediaType"),
                       QStringLiteral("the patch type %1 is not supported (use json, merge or "
                                      "strategic)")
                           .arg(QString::fromLatin1(type))},
            &t);
    }
    // A resourceVersion in the patch asks for an optimistic-concurrency check; otherwise none.
    if (!body.value(kMetadata).toObject().contains(QStringLiteral("resourceVersion"))) {
        QJsonObject meta = patched.value(kMetadata).toObject();
        meta.remove(QStringLiteral("resourceVersion"));
        patched.insert(kMetadata, meta);
    }
    // The patched object is checked whole: the patch's unknown fields are in it.
    auto warnings = validateFields(*t.resource, patched, r.param("fieldValidation"), r.body);
    if (!warnings)
        return sendFailure(c, r, warnings.error(), &t);
    auto stored = store(*t.resource, t.namespace_, t.name, t.subresource, std::move(patched),
                        previous, dryRunAll(r));
    if (!stored)
        return sendFailure(c, r, stored.error(), &t);
    sendObject(c, r, 200, (*stored)->json, (*stored)->bytes, *warnings);
}

void ApiServer::logs(HttpConnection* c, const HttpRequest& r, const Target& t) {
    const ObjectPtr pod = m_store.get(QLatin1String(t.resource->name), t.namespace_, t.name);
    if (!m_runner || !pod)
        return sendNotFound(c, r, t);
    auto query = PodLogQuery::fromRequest(r, t.name, QDateTime::currentMSecsSinceEpoch());
    if (!query)
        return sendFailure(c, r, query.error(), &t);
    if (const std::optional<ApiFailure> bad = query->resolveContainer(pod->json))
        return sendFailure(c, r, *bad, &t);
    const PodLogs& podLogs = m_runner->podLogs();
    // An init container's own log, or the pod's container's.
    const QString key = m_runner->logKeyOf(t.namespace_, t.name, query->container);
    const std::optional<LogLines> lines = podLogs.lines(key, query->previous);
    if (query->previous && !lines)
        // The kubelet's answer when the container has not terminated before
        // (kubelet_pods.go validateContainerLogStatus).
        return sendFailure(c, r,
                           ApiFailure{400, QStringLiteral("BadRequest"),
                                      QStringLiteral("previous terminated container \"%1\" in "
                                                     "pod \"%2\" not found")
                                          .arg(query->container, t.name)},
                           &t);
    const QByteArray out = lines ? query->render(*lines) : QByteArray();
    const bool limitReached = query->limitBytes && out.size() >= *query->limitBytes;
    if (!query->follow || query->previous || limitReached || podLogs.ended(key)) {
        c->reply(200, "text/plain", out);
        return;
    }
    c->beginStream(200, "text/plain");
    c->write(out);
    QPointer<HttpConnection> guard(c);
    auto filter = std::make_shared<LogStreamFilter>(*query, out.size());
    const int follower = m_runner->followLog(
        t.namespace_, t.name,
        [guard, filter](const QByteArray& data) {
            if (!guard || filter->done())
                return;
            guard->write(filter->filter(data, QDateTime::currentMSecsSinceEpoch()));
            if (filter->done())
                guard->end();
        },
        [guard, filter] {
            if (guard && !filter->done())
                guard->end();
        },
        query->container);
    connect(c, &HttpConnection::closed, this,
            [this, follower] { m_runner->unfollowLog(follower); });
}

} // namespace tessera::serve
