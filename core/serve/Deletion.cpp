#include "Deletion.h"

#include "ObjectStore.h"
#include "codec/Rfc3339.h"
#include "engine/Clock.h"
#include "engine/Model.h"

#include <QJsonArray>

namespace tessera::serve {

namespace {

const QString kMetadata = QStringLiteral("metadata");
const QString kFinalizers = QStringLiteral("finalizers");

QJsonArray finalizersOf(const QJsonObject& object) {
    return object.value(kMetadata).toObject().value(kFinalizers).toArray();
}

QJsonObject withFinalizers(QJsonObject object, const QJsonArray& finalizers) {
    QJsonObject meta = object.value(kMetadata).toObject();
    if (finalizers.isEmpty())
        meta.remove(kFinalizers);
    else
        meta.insert(kFinalizers, finalizers);
    object.insert(kMetadata, meta);
    return object;
}

// The finalizers after a delete with `propagation`: the garbage collector's two replaced by the
// one the propagation asks for (deletionFinalizersForGarbageCollection).
QJsonArray finalizersFor(const QJsonObject& object, Propagation propagation) {
    QJsonArray out;
    for (const QJsonValue& f : finalizersOf(object))
        if (f.toString() != QLatin1String(kOrphanFinalizer) &&
            f.toString() != QLatin1String(kForegroundFinalizer))
            out.append(f);
    if (propagation == Propagation::Orphan)
        out.append(QLatin1String(kOrphanFinalizer));
    else if (propagation == Propagation::Foreground)
        out.append(QLatin1String(kForegroundFinalizer));
    return out;
}

} // namespace

std::optional<Propagation> propagationNamed(const QString& name) {
    if (name == QLatin1String("Orphan"))
        return Propagation::Orphan;
    if (name == QLatin1String("Background"))
        return Propagation::Background;
    if (name == QLatin1String("Foreground"))
        return Propagation::Foreground;
    return std::nullopt;
}

Propagation resolvePropagation(std::optional<Propagation> requested, const QJsonObject& object,
                               Propagation kindDefault) {
    if (requested)
        return *requested;
    if (hasFinalizer(object, kOrphanFinalizer))
        return Propagation::Orphan;
    if (hasFinalizer(object, kForegroundFinalizer))
        return Propagation::Foreground;
    return kindDefault;
}

QString uidOf(const QJsonObject& object) {
    return object.value(kMetadata).toObject().value(QStringLiteral("uid")).toString();
}

bool isBeingDeleted(const QJsonObject& object) {
    return object.value(kMetadata).toObject().contains(QStringLiteral("deletionTimestamp"));
}

bool hasFinalizer(const QJsonObject& object, const char* finalizer) {
    for (const QJsonValue& f : finalizersOf(object))
        if (f.toString() == QLatin1String(finalizer))
            return true;
    return false;
}

bool hasHoldingFinalizers(const QJsonObject& object) {
    for (const QJsonValue& f : finalizersOf(object))
        if (f.toString() != QLatin1String(engine::kTrackingFinalizer))
            return true;
    return false;
}

ApiOutcome<DeleteOutcome> deleteStoredObject(ObjectStore& store, const ObjectPtr& object,
                                             Propagation propagation, bool dryRun) {
    using State = DeleteOutcome::State;
    // Finalizers cannot be changed by a delete once one is pending (store.go: pendingGraceful).
    if (isBeingDeleted(object->json))
        return DeleteOutcome{State::AlreadyHeld, object};
    QJsonObject json = withFinalizers(object->json, finalizersFor(object->json, propagation));
    if (!hasHoldingFinalizers(json)) {
        if (dryRun)
            return DeleteOutcome{State::Removed, object};
        auto removed = store.remove(object->resource, object->namespace_, object->name);
        if (!removed)
            return tl::unexpected(removed.error());
        return DeleteOutcome{State::Removed, *removed};
    }
    QJsonObject meta = json.value(kMetadata).toObject();
    meta.insert(QStringLiteral("deletionTimestamp"),
                QString::fromStdString(codec::formatRfc3339(engine::SystemClock().now())));
    meta.insert(QStringLiteral("deletionGracePeriodSeconds"), 0);
    json.insert(kMetadata, meta);
    if (dryRun) {
        auto marked = std::make_shared<StoredObject>(*object);
        marked->json = json;
        marked->bytes.clear();
        return DeleteOutcome{State::Held, marked};
    }
    auto updated = store.update(object->resource, object->namespace_, object->name, json);
    if (!updated)
        return tl::unexpected(updated.error());
    return DeleteOutcome{State::Held, *updated};
}

ObjectPtr finishDeletion(ObjectStore& store, const ObjectPtr& stored) {
    if (!isBeingDeleted(stored->json) || hasHoldingFinalizers(stored->json))
        return stored;
    auto removed = store.remove(stored->resource, stored->namespace_, stored->name);
    return removed ? *removed : stored;
}

void removeFinalizer(ObjectStore& store, const ObjectPtr& stored, const char* finalizer) {
    QJsonArray kept;
    for (const QJsonValue& f : finalizersOf(stored->json))
        if (f.toString() != QLatin1String(finalizer))
            kept.append(f);
    auto updated = store.update(stored->resource, stored->namespace_, stored->name,
                                withFinalizers(stored->json, kept));
    if (updated)
        finishDeletion(store, *updated);
}

} // namespace tessera::serve
