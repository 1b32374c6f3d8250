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
#include "Tables.h"
#include "proto/KubeSchema.h"

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
    const auto selectors = ApiSelectors::fromQuery(r);
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
                                   isProtobufBody(r) ? QByteArray() : r.body);
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
    auto warnings = validateFields(*t.resource, *body, r.param("fieldValidation"),
                                   isProtobufBody(r) ? QByteArray() : r.body);
    if (!warnings)
        return sendFailure(c, r, warnings.error(), &t);
    auto stored = store(*t.resource, t.namespace_, t.name, t.subresource, std::move(*body),
                        previous, dryRunAll(r));
    if (!stored)
        return sendFailure(c, r, stored.error(), &t);
    sendObject(c, r, 200, (*stored)->json, (*stored)->bytes, *warnings);
}

void ApiServer::patch(HttpConnection* c, const HttpRequest& r, const Target& t) {
    if (r.header("content-type").startsWith("application/apply-patch"))
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
    if (!m_runner)
        return sendFailure(
            c, r, ApiFailure{404, QStringLiteral("NotFound"), QStringLiteral("no logs")}, &t);
    const QString container = r.param("container");
    const std::optional<QByteArray> text = m_runner->podLog(t.namespace_, t.name, container);
    if (!text)
        return sendFailure(c, r,
                           ApiFailure{404, QStringLiteral("NotFound"),
                                      QStringLiteral("pods \"%1\" not found").arg(t.name)},
                           &t);
    QByteArray out = *text;
    if (r.hasParam("tailLines")) {
        const int tail = r.param("tailLines").toInt();
        QList<QByteArray> lines = out.split('\n');
        if (!lines.isEmpty() && lines.last().isEmpty())
            lines.removeLast();
        if (tail >= 0 && lines.size() > tail)
            lines = lines.mid(lines.size() - tail);
        out = lines.join('\n');
        if (!out.isEmpty())
            out += '\n';
    }
    if (!truthy(r.param("follow")) || m_runner->podLogEnded(t.namespace_, t.name, container)) {
        c->reply(200, "text/plain", out);
        return;
    }
    c->beginStream(200, "text/plain");
    c->write(out);
    QPointer<HttpConnection> guard(c);
    const int follower = m_runner->followLog(
        t.namespace_, t.name,
        [guard](const QByteArray& data) {
            if (guard)
                guard->write(data);
        },
        [guard] {
            if (guard)
                guard->end();
        },
        container);
    connect(c, &HttpConnection::closed, this,
            [this, follower] { m_runner->unfollowLog(follower); });
}

} // namespace tessera::serve
