#pragma once
// How an object is deleted, as kube-apiserver's generic store does it
// (staging/src/k8s.io/apiserver/pkg/registry/generic/registry/store.go, Delete and
// deletionFinalizersForGarbageCollection): the DELETE handler and the controllers that delete
// (garbage collector, TTL-after-finished) all go through deleteStoredObject.
//
//  - The propagation becomes a finalizer: Orphan adds `orphan`, Foreground adds
//    `foregroundDeletion` (each removes the other); Background adds neither. The garbage
//    collector (GarbageCollector.h) does the work the finalizer stands for and removes it.
//  - An object that any finalizer then holds is not removed: it gets `deletionTimestamp` and
//    `deletionGracePeriodSeconds: 0` and goes when the last finalizer is removed (finishDeletion).
//  - A delete of an object whose deletion is already pending changes nothing.
//  - The job-tracking finalizer of a Job's pods does not hold their deletion: the simulated
//    controller accounts for a deleted pod at once (a real one removes the finalizer first).
#include "ServeTypes.h"

#include <QJsonObject>
#include <optional>

namespace tessera::serve {

class ObjectStore;

inline constexpr char kOrphanFinalizer[] = "orphan";
inline constexpr char kForegroundFinalizer[] = "foregroundDeletion";

// "Orphan", "Background", "Foreground"; nullopt for anything else.
std::optional<Propagation> propagationNamed(const QString& name);

// The propagation of a delete: the one the request names, else the one a finalizer already on
// the object asks for (`orphan`, `foregroundDeletion`), else the kind's default.
Propagation resolvePropagation(std::optional<Propagation> requested, const QJsonObject& object,
                               Propagation kindDefault);

QString uidOf(const QJsonObject& object);
bool isBeingDeleted(const QJsonObject& object); // metadata.deletionTimestamp is set
bool hasFinalizer(const QJsonObject& object, const char* finalizer);
// The finalizers that hold a deletion (all but the job-tracking one).
bool hasHoldingFinalizers(const QJsonObject& object);

struct DeleteOutcome {
    enum class State {
        Removed,     // gone from the store
        Held,        // marked with deletionTimestamp: finalizers hold it
        AlreadyHeld, // its deletion was pending already: nothing changed
    } state = State::Removed;
    ObjectPtr object; // the removed object, or the held one as stored
};

// Deletes `object` as the API server does (above). dryRun: nothing changes; the outcome says
// what would have happened.
ApiOutcome<DeleteOutcome> deleteStoredObject(ObjectStore& store, const ObjectPtr& object,
                                             Propagation propagation, bool dryRun = false);

// Removes `stored` when its deletion is pending and no finalizer holds it any more; returns the
// removed object, or `stored` when it stays.
ObjectPtr finishDeletion(ObjectStore& store, const ObjectPtr& stored);

// Drops `finalizer` from the stored object, then finishes its deletion if that was the last
// one holding it.
void removeFinalizer(ObjectStore& store, const ObjectPtr& stored, const char* finalizer);

} // namespace tessera::serve
