// Watch streams of the API server: the initial state or the changes since a resourceVersion,
// then every change that matches the watch's selectors, as JSON lines or protobuf frames
// (ApiCodec.h), with bookmarks, timeouts and a cap on what a slow reader may leave unread.
#include "ApiWatch.h"

#include "ApiQuery.h"
#include "ObjectStore.h"
#include "Tables.h"

namespace tessera::serve {

void ApiServer::watch(HttpConnection* c, const HttpRequest& r, const Target& t) {
    // The legacy form /api/v1/watch/namespaces/NS/pods/NAME watches one object by name.
    QString fieldSelector = r.param("fieldSelector");
    if (!t.name.isEmpty())
        fieldSelector = QStringList{fieldSelector, QStringLiteral("metadata.name=") + t.name}.join(
            QLatin1Char(','));
    auto selectors = ApiSelectors::parse(r.param("labelSelector"), fieldSelector, *t.resource);
    if (!selectors)
        return sendFailure(c, r, selectors.error(), &t);
    const auto sinceParsed = parseResourceVersion(r.param("resourceVersion"));
    if (!sinceParsed)
        return sendFailure(c, r, sinceParsed.error(), &t);
    const auto timeout = parseTimeoutSeconds(r.param("timeoutSeconds"));
    if (!timeout)
        return sendFailure(c, r, timeout.error(), &t);
    auto w = std::make_unique<Watch>();
    w->id = m_nextWatch++;
    w->connection = c;
    w->resource = t.resource;
    w->namespace_ = t.namespace_;
    w->selectors = std::move(*selectors);
    w->bookmarks = truthy(r.param("allowWatchBookmarks"));
    w->table = wantsTable(r);
    w->includeObject = r.param("includeObject");
    w->format = w->table ? WireFormat::Json : responseFormat(r);
    const quint64 id = w->id;
    Watch& watch = *w;
    m_watches.emplace(id, std::move(w));
    c->beginStream(200, watchContentType(watch.format));
    connect(c, &HttpConnection::closed, this, [this, id] { closeWatch(id, false); });
    const QString resource = QLatin1String(t.resource->name);
    const QString since = r.param("resourceVersion");
    const quint64 sinceVersion = sinceParsed->value_or(0);
    if (sinceVersion == 0) {
        // No version: synthetic ADDED events for the current state, then the changes.
        for (const ObjectPtr& o : m_store.list(resource, t.namespace_))
            if (watch.matches(o))
                queueEvent(watch, "ADDED", o);
    } else {
        std::vector<Change> changes;
        if (!m_store.changesSince(sinceVersion, resource, changes)) {
            const QJsonObject status =
                statusObject(ApiFailure{410, QStringLiteral("Expired"),
                                        QStringLiteral("too old resource version: %1 (%2)")
                                            .arg(since)
                                            .arg(m_store.resourceVersion())},
                             QString(), QString(), QString());
            if (auto event = encodeWatchEvent(watch.format, "ERROR", status))
                c->write(*event);
            closeWatch(id, false);
            return;
        }
        for (const Change& change : changes)
            deliver(watch, change); // the other watches saw these already
    }
    if (*timeout) {
        watch.timeout.setSingleShot(true);
        connect(&watch.timeout, &QTimer::timeout, this, [this, id] { closeWatch(id, false); });
        watch.timeout.start(**timeout);
    }
    flushWatch(id);
}

void ApiServer::queueEvent(Watch& w, const char* type, const ObjectPtr& object) {
    if (w.table) {
        QJsonObject table = makeTable(*w.resource, {object}, w.includeObject, !w.tableColumnsSent,
                                      QString::number(object->resourceVersion));
        w.tableColumnsSent = true;
        w.pending +=
            "{\"type\":\"" + QByteArray(type) + "\",\"object\":" + compactJson(table) + "}\n";
    } else {
        auto event = encodeWatchEvent(w.format, type, object->json, object->bytes);
        if (!event) {
            qWarning("tessera serve: a watch event of %s cannot be encoded: %s", w.resource->name,
                     qUtf8Printable(event.error().message));
            return;
        }
        w.pending += *event;
    }
    if (!w.flushScheduled) {
        w.flushScheduled = true;
        const quint64 id = w.id;
        QTimer::singleShot(0, this, [this, id] { flushWatch(id); });
    }
}

void ApiServer::flushWatch(quint64 id) {
    const auto it = m_watches.find(id);
    if (it == m_watches.end())
        return;
    Watch& w = *it->second;
    w.flushScheduled = false;
    if (!w.connection) {
        closeWatch(id, false);
        return;
    }
    if (w.pending.isEmpty())
        return;
    w.connection->write(w.pending);
    w.pending.clear();
    if (w.connection->bytesToWrite() > m_options.maxWatchBacklogBytes) {
        qWarning("tessera serve: dropping a watch of %s from %s: the client reads too slowly",
                 w.resource->name, qUtf8Printable(w.connection->peer()));
        closeWatch(id, true);
    }
}

void ApiServer::closeWatch(quint64 id, bool abort) {
    const auto it = m_watches.find(id);
    if (it == m_watches.end())
        return;
    std::unique_ptr<Watch> w = std::move(it->second);
    m_watches.erase(it);
    if (!w->connection)
        return;
    disconnect(w->connection, &HttpConnection::closed, this, nullptr);
    if (abort) {
        w->connection->abort();
        return;
    }
    if (!w->pending.isEmpty())
        w->connection->write(w->pending);
    w->connection->end();
}

void ApiServer::onChange(const Change& change) {
    for (auto& [id, w] : m_watches)
        deliver(*w, change);
}

void ApiServer::deliver(Watch& w, const Change& change) {
    if (QLatin1String(w.resource->name) != change.object->resource)
        return;
    const bool now = change.type != ChangeType::Deleted && w.matches(change.object);
    const bool before = change.previous && w.matches(change.previous);
    if (change.type == ChangeType::Deleted) {
        if (before)
            queueEvent(w, "DELETED", change.object);
    } else if (now && before) {
        queueEvent(w, "MODIFIED", change.object);
    } else if (now) {
        queueEvent(w, "ADDED", change.object);
    } else if (before) {
        // It no longer matches the selector: to this watcher it is gone.
        queueEvent(w, "DELETED", change.object);
    }
}

void ApiServer::sendBookmarks() {
    const QByteArray version = QByteArray::number(m_store.resourceVersion());
    for (auto& [id, w] : m_watches) {
        if (!w->bookmarks || w->table)
            continue;
        const QJsonObject bookmark{
            {QStringLiteral("kind"), QLatin1String(w->resource->kind)},
            {QStringLiteral("apiVersion"), w->resource->apiVersion()},
            {QStringLiteral("metadata"),
             QJsonObject{{QStringLiteral("resourceVersion"), QString::fromLatin1(version)},
                         {QStringLiteral("annotations"),
                          QJsonObject{{QStringLiteral("k8s.io/initial-events-end"),
                                       QStringLiteral("true")}}}}}};
        if (auto event = encodeWatchEvent(w->format, "BOOKMARK", bookmark))
            w->pending += *event;
        flushWatch(id);
    }
}

} // namespace tessera::serve
