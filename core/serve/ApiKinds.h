#pragma once
// The kinds served around Jobs besides Pods and Jobs themselves: Secrets, Services,
// ServiceAccounts and CronJobs. Their defaulting and the validation their create and update need,
// as the API server's registry strategies do it, and the objects every cluster has (the
// `kubernetes` Service in `default`, a `default` ServiceAccount per namespace).
#include "ServeTypes.h"

#include <QJsonArray>
#include <QJsonObject>
#include <vector>

namespace tessera::serve {

class ObjectStore;

// Defaults `object` of `resource` in place (create and update); previous: the stored object of
// an update (a Service keeps its clusterIP), null on create.
void defaultKindObject(const QString& resource, QJsonObject& object, const ObjectPtr& previous);
// The causes of an invalid object of `resource` (empty when fine): a Service's ports, a
// CronJob's schedule and job template, a Secret's keys.
QJsonArray validateKindObject(const QString& resource, const QJsonObject& object);

// How a delete of `resource` goes, as its registry says: the propagation when the request names
// none (the strategy's DefaultGarbageCollectionPolicy: OrphanDependents for batch/v1 Jobs,
// pkg/registry/batch/job/strategy.go) and whether an immediate delete answers with the object
// (the store's ReturnDeletedObject: pods, services, serviceaccounts, namespaces) or a Status.
struct DeletionRules {
    Propagation defaultPropagation = Propagation::Background;
    bool returnsDeletedObject = false;
};
DeletionRules deletionRulesOf(const QString& resource);

// The `kubernetes` Service in `default` (what `kubectl cluster-info` looks for) and a `default`
// ServiceAccount in each namespace; `port` is the server's.
void createBuiltinObjects(ObjectStore& store, int port);
// The `default` ServiceAccount of a new namespace.
void createDefaultServiceAccount(ObjectStore& store, const QString& namespace_);

} // namespace tessera::serve
