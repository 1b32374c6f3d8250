#pragma once
// The garbage collector of `tessera serve`: deletes the objects whose owners are gone, for every
// kind served, as kube-controller-manager's does (pkg/controller/garbagecollector:
// attemptToDeleteItem, processDeletingDependentsItem, orphanDependents). Driven by the store's
// changes, like the Job runner; the work runs from the event loop, never inside a change.
//
//  - An object whose ownerReferences name only owners that are gone (or have another uid) is
//    deleted with Background propagation (or as its own finalizers ask); one that still has a
//    live owner only loses the references to the gone ones.
//  - Foreground: an owner with deletionTimestamp and the `foregroundDeletion` finalizer waits
//    while dependents with `blockOwnerDeletion: true` exist; they are deleted (in the foreground
//    themselves when they have dependents), then the finalizer goes and with it the owner. Other
//    dependents go after the owner. In a cycle of blocking references, the dependent that would
//    wait for its own waiting dependent stops blocking its owners, as upstream's does.
//  - Orphan: an owner with deletionTimestamp and the `orphan` finalizer: its dependents lose
//    their reference to it (and a Job's pods the job-tracking finalizer, which the job
//    controller removes from pods it no longer owns), then the finalizer goes.
#include "ServeTypes.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QTimer>
#include <deque>
#include <optional>

namespace tessera::serve {

class ObjectStore;

class GarbageCollector : public QObject {
    Q_OBJECT
public:
    explicit GarbageCollector(ObjectStore& store, QObject* parent = nullptr);
    ~GarbageCollector() override;

    // Indexes the objects already stored, checks them, and follows the store from now on.
    void start();

private:
    enum class Work { AttemptToDelete, ProcessForeground, Orphan };

    void onChange(const Change& change);
    void index(const QString& key, const QJsonObject& object);
    void enqueue(Work work, const QString& key);
    void enqueueOwners(const StoredObject& object, Work work);
    void process();

    // The owners an object's references name, by what became of them.
    struct Owners {
        QSet<QString> gone;    // uids of owners no longer stored (or stored with another uid)
        QSet<QString> waiting; // uids of owners deleted in the foreground, waiting for dependents
        bool solid = false;    // some owner is alive (or of a kind that cannot be checked)
    };
    Owners ownersOf(const StoredObject& object) const;

    void attemptToDelete(const ObjectPtr& object);
    void processForeground(const ObjectPtr& owner);
    void orphanDependents(const ObjectPtr& owner);

    bool hasDependentWaitingForDependents(const QString& uid) const;
    ObjectPtr lookup(const QString& key) const;
    // The store key of the owner a reference names, from an object in `namespace_`; nullopt
    // when the kind is not served.
    std::optional<QString> ownerKey(const QJsonObject& reference, const QString& namespace_) const;

    ObjectStore& m_store;
    int m_listener = 0;
    QHash<QString, QSet<QString>> m_dependents; // owner uid -> keys of the objects naming it
    QHash<QString, QStringList> m_ownerUids;    // key -> the owner uids it names
    std::deque<std::pair<Work, QString>> m_queue;
    QSet<QString> m_queued; // "work/key" of m_queue's entries: a burst is checked once
    QTimer m_timer;
};

} // namespace tessera::serve
