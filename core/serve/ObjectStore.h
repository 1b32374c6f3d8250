#pragma once
// The server's database: objects as JSON documents per resource (every kind of Discovery.h's
// table: "pods", "jobs", ...), one global resourceVersion counter, change
// listeners (the watch fan-out) and a bounded history window, so a watch can resume from a recent
// resourceVersion and a too-old one is answered with 410 Gone, as etcd compaction makes the real
// API server do.
//
// Lives in the server thread; not thread-safe by design (everything there is event-loop driven).
#include "ServeTypes.h"

#include <QHash>
#include <deque>
#include <functional>
#include <map>
#include <vector>

namespace tessera::serve {

class ObjectStore {
public:
    explicit ObjectStore(std::size_t historyLimit = 20000);

    static bool isNamespaced(const QString& resource);
    static QString newUid();

    // Stamps uid (unless set), creationTimestamp, resourceVersion (and generation 1 for jobs);
    // a generateName without a name gets a random 5-character suffix. dryRun: checks and returns
    // the object as it would be stored, stores nothing.
    ApiOutcome<ObjectPtr> create(const QString& resource, const QString& namespace_,
                                 QJsonObject object, bool dryRun = false);
    // Replaces the object; uid and creationTimestamp are kept. expectedVersion (when non-zero)
    // must match the stored version (optimistic concurrency: 409 Conflict otherwise).
    ApiOutcome<ObjectPtr> update(const QString& resource, const QString& namespace_,
                                 const QString& name, QJsonObject object,
                                 quint64 expectedVersion = 0);
    ApiOutcome<ObjectPtr> remove(const QString& resource, const QString& namespace_,
                                 const QString& name);

    ObjectPtr get(const QString& resource, const QString& namespace_, const QString& name) const;
    // Sorted by namespace, then name; namespace_ "" lists every namespace.
    std::vector<ObjectPtr> list(const QString& resource, const QString& namespace_) const;
    std::size_t count(const QString& resource) const;

    quint64 resourceVersion() const { return m_version; }
    // Appends every change of `resource` after `since` (exclusive) to out; false when `since` is
    // older than the history window (410 Gone).
    bool changesSince(quint64 since, const QString& resource, std::vector<Change>& out) const;
    // The oldest version changesSince still answers (older ones are 410 Gone).
    quint64 oldestResumableVersion() const { return m_compactedThrough; }
    // Forgets the history (tests: the next watch from an old version gets 410).
    void compact();

    using Listener = std::function<void(const Change&)>;
    int addListener(Listener listener);
    void removeListener(int id);

private:
    static QString key(const QString& namespace_, const QString& name);
    ObjectPtr seal(const QString& resource, const QString& namespace_, const QString& name,
                   QJsonObject object, quint64 version) const;
    void publish(const Change& change);

    QHash<QString, std::map<QString, ObjectPtr>> m_objects; // resource -> "ns/name" -> object
    quint64 m_version = 1;
    std::deque<Change> m_history;
    std::size_t m_historyLimit;
    quint64 m_compactedThrough = 0; // changes up to this version are forgotten
    std::map<int, Listener> m_listeners;
    int m_nextListener = 1;
};

} // namespace tessera::serve
