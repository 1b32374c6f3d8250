#pragma once
// The table of kinds: one row per resource the server serves, with everything that differs per
// kind (names, group/version, scope, short names and categories for discovery, the printer of
// `kubectl get`, the selectable fields of `fieldSelector`, the name rule, defaulting and
// validation), as kube-apiserver gives each resource a strategy (pkg/registry/*/strategy.go).
// Adding a kind is adding a row here (ApiKinds.cpp); the code around it looks rows up.
#include "ServeTypes.h"
#include "codec/ManifestValidation.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <cstdint>
#include <span>
#include <vector>

namespace tessera::serve {

// One field a fieldSelector may name ("status.successful") and where its value is in the object
// ("status.succeeded"), with the text it has when absent ("0"), as the kind's GetAttrs reads it.
struct SelectableField {
    const char* label;
    const char* path;
    const char* whenMissing = "";
};

// How `kubectl get` prints a kind: the Table's column definitions and one row's cells
// (pkg/printers/internalversion/printers.go). Printers live in KindPrinters.cpp.
struct Printer {
    QJsonArray (*columns)();
    QJsonArray (*cells)(const QJsonObject& object, int64_t nowMs);
};

struct ResourceInfo {
    const char* name;     // "pods"
    const char* singular; // "pod"
    const char* kind;     // "Pod"
    const char* group;    // "" for core
    const char* version;  // "v1"
    bool namespaced;
    const char* shortNames;      // comma-separated, may be ""
    const char* subresources;    // comma-separated ("status,log"), may be ""
    bool createOnly = false;     // a review: POST answers it, nothing is stored
    const char* categories = ""; // comma-separated ("all"), may be ""
    // The fieldSelector labels beyond the defaults; empty: metadata.name and metadata.namespace
    // only, refused with the scheme's default message
    // (runtime.DefaultMetaV1FieldSelectorConversion).
    std::span<const SelectableField> selectableFields = {};
    const Printer* printer = nullptr; // nullptr: NAME and AGE
    codec::NameRule nameRule = codec::NameRule::Subdomain;
    // Defaults the object in place on create and update (previous: the stored object of an
    // update, null on create), as the kind's PrepareForCreate/Update and defaulters do.
    void (*defaults)(QJsonObject& object, const ObjectPtr& previous) = nullptr;
    // The causes of an invalid object (empty when fine), as the kind's Validate does.
    QJsonArray (*validate)(const QJsonObject& object) = nullptr;
    bool countsGeneration = false; // metadata.generation counts spec changes
    // How a delete goes, as the kind's registry says: the propagation when the request names
    // none (the strategy's DefaultGarbageCollectionPolicy: Orphan for batch/v1 Jobs,
    // pkg/registry/batch/job/strategy.go), and whether an immediate delete answers with the
    // object (the store's ReturnDeletedObject: pods, services, serviceaccounts, namespaces) or
    // a Status.
    Propagation defaultPropagation = Propagation::Background;
    bool returnsDeletedObject = false;
    const char* initialPhase = ""; // status.phase of a new object ("Pending"), "" for none

    QString apiVersion() const; // "v1", "batch/v1"
    // "jobs.batch", "pods": how the API server names the resource in its messages.
    QString qualifiedName() const {
        return *group ? QLatin1String(name) + QLatin1Char('.') + QLatin1String(group)
                      : QLatin1String(name);
    }
    QString listKind() const { return QLatin1String(kind) + QLatin1String("List"); }
    bool inCategory(const QString& category) const;
};

// Every resource served, in discovery order.
std::vector<const ResourceInfo*> servedResources();
// The resource `name` served under `group` ("" core, "batch"); nullptr when unknown.
const ResourceInfo* findResource(const QString& group, const QString& name);
// The stored resource `name` ("pods", "jobs"): names are unique across the served groups.
const ResourceInfo* findResourceNamed(const QString& name);

// Defaults `object` of `resource` in place (create and update) by its row.
void defaultKindObject(const ResourceInfo& resource, QJsonObject& object,
                       const ObjectPtr& previous);
// The causes of an invalid object of `resource` by its row (empty when fine).
QJsonArray validateKindObject(const ResourceInfo& resource, const QJsonObject& object);

class ObjectStore;
// The `kubernetes` Service in `default` (what `kubectl cluster-info` looks for) and a `default`
// ServiceAccount in each namespace; `port` is the server's (KindStrategies.cpp).
void createBuiltinObjects(ObjectStore& store, int port);
// The `default` ServiceAccount of a new namespace.
void createDefaultServiceAccount(ObjectStore& store, const QString& namespace_);

} // namespace tessera::serve
