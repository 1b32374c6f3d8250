#pragma once
// A Kubernetes-like collection (pods or jobs) served by FakeApiServer: list with limit/continue
// and a resourceVersion, watch with replay from a resourceVersion, bookmarks, and a bounded
// history so an old resourceVersion gets 410 Gone, as a real API server does. Faults are
// injected by the tests (drop streams, send garbage or ERROR events, fail requests).
#include "FakeApiServer.h"

#include <QMap>
#include <functional>

namespace tessera::kube::test {

// A realistic pod (~1.5 KB): labels, annotations, owner reference, spec, status, plus fields the
// client does not know (it must ignore them).
QByteArray podJson(const QString& ns, const QString& name, int index, const QString& phase,
                   qint64 rv);
QByteArray jobJson(const QString& ns, const QString& name, const QString& completedIndexes,
                   qint64 rv);

class FakeCollection {
public:
    // make(name, rv) renders the object's JSON at a resourceVersion.
    using Render = std::function<QByteArray(const QString& name, qint64 rv)>;

    FakeCollection(FakeApiServer& server, QString path, QByteArray listKind);

    void upsert(const QString& name, Render render); // ADDED or MODIFIED
    void remove(const QString& name);                // DELETED
    void bookmark();
    void sendRaw(const QByteArray& line); // to every open watch, verbatim
    void dropWatches();                   // close every watch connection abruptly
    void endWatches();                    // end every watch normally
    // Forget history up to the current version: older watches get 410 Gone.
    void compact();

    qint64 resourceVersion() const { return m_rv; }
    int openWatches() const;
    const QList<HttpRequest>& listRequests() const { return m_lists; }
    const QList<HttpRequest>& watchRequests() const { return m_watches; }

    // Fault injection: return true when the hook answered the request itself.
    std::function<bool(const HttpRequest&, const ResponderPtr&)> onList;
    std::function<bool(const HttpRequest&, const ResponderPtr&)> onWatch;
    bool goneAsErrorEvent = false; // 410 inside a 200 stream instead of an HTTP 410

private:
    struct Object {
        Render render;
        qint64 rv = 0;
    };
    void broadcast(const QByteArray& line);
    void handleList(const HttpRequest& q, const ResponderPtr& r);
    void handleWatch(const HttpRequest& q, const ResponderPtr& r);

    QString m_path;
    QByteArray m_listKind;
    QMap<QString, Object> m_objects;
    QList<QPair<qint64, QByteArray>> m_history; // (rv, event line)
    qint64 m_rv = 100;
    qint64 m_oldest = 100;
    QList<ResponderPtr> m_open;
    QList<HttpRequest> m_lists;
    QList<HttpRequest> m_watches;
};

} // namespace tessera::kube::test
