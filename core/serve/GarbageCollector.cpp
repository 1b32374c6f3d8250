#include "GarbageCollector.h"

#include "Deletion.h"
#include "Discovery.h"
#include "ObjectStore.h"
#include "PodObject.h"
#include "engine/Model.h"

#include <QJsonArray>

namespace tessera::serve {

namespace {

const QString kMetadata = QStringLiteral("metadata");
const QString kOwnerReferences = QStringLiteral("ownerReferences");
const QString kUid = QStringLiteral("uid");

// Work items per event-loop turn: a namespace's worth of deletions does not stall the server.
constexpr int kWorkPerTurn = 500;

QString keyOf(const QString& resource, const QString& namespace_, const QString& name) {
    return resource + QLatin1Char('/') + namespace_ + QLatin1Char('/') + name;
}

QJsonArray ownerReferencesOf(const QJsonObject& object) {
    return object.value(kMetadata).toObject().value(kOwnerReferences).toArray();
}

QStringList ownerUidsOf(const QJsonObject& object) {
    QStringList uids;
    for (const QJsonValue& ref : ownerReferencesOf(object))
        uids.append(ref.toObject().value(kUid).toString());
    return uids;
}

// `object` without the ownerReferences to `uids` (and without the job-tracking finalizer when
// `dropTracking`).
QJsonObject withoutOwners(QJsonObject object, const QSet<QString>& uids, bool dropTracking) {
    QJsonObject meta = object.value(kMetadata).toObject();
    QJsonArray kept;
    for (const QJsonValue& ref : meta.value(kOwnerReferences).toArray())
        if (!uids.contains(ref.toObject().value(kUid).toString()))
            kept.append(ref);
    if (kept.isEmpty())
        meta.remove(kOwnerReferences);
    else
        meta.insert(kOwnerReferences, kept);
    if (dropTracking)
        dropTrackingFinalizer(meta);
    object.insert(kMetadata, meta);
    return object;
}

QJsonObject withOwnersUnblocked(QJsonObject object) {
    QJsonObject meta = object.value(kMetadata).toObject();
    QJsonArray refs;
    for (const QJsonValue& value : meta.value(kOwnerReferences).toArray()) {
        QJsonObject ref = value.toObject();
        if (ref.contains(QStringLiteral("blockOwnerDeletion")))
            ref.insert(QStringLiteral("blockOwnerDeletion"), false);
        refs.append(ref);
    }
    meta.insert(kOwnerReferences, refs);
    object.insert(kMetadata, meta);
    return object;
}

bool isWaitingForDependents(const QJsonObject& object) {
    return isBeingDeleted(object) && hasFinalizer(object, kForegroundFinalizer);
}

} // namespace

GarbageCollector::GarbageCollector(ObjectStore& store, QObject* parent)
    : QObject(parent)
    , m_store(store)
    , m_timer(this) {
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &GarbageCollector::process);
}

GarbageCollector::~GarbageCollector() {
    if (m_listener)
        m_store.removeListener(m_listener);
}

void GarbageCollector::start() {
    m_listener = m_store.addListener([this](const Change& c) { onChange(c); });
    for (const ResourceInfo* r : servedResources()) {
        if (r->createOnly)
            continue;
        for (const ObjectPtr& o : m_store.list(QLatin1String(r->name), QString())) {
            const QString key = keyOf(o->resource, o->namespace_, o->name);
            index(key, o->json);
            if (!ownerReferencesOf(o->json).isEmpty())
                enqueue(Work::AttemptToDelete, key);
            if (hasFinalizer(o->json, kOrphanFinalizer))
                enqueue(Work::Orphan, key);
            if (hasFinalizer(o->json, kForegroundFinalizer))
                enqueue(Work::ProcessForeground, key);
        }
    }
}

void GarbageCollector::onChange(const Change& change) {
    const StoredObject& object = *change.object;
    const QString key = keyOf(object.resource, object.namespace_, object.name);
    if (change.type == ChangeType::Deleted) {
        index(key, QJsonObject());
        // An owner waiting in the foreground may have lost its last blocking dependent; the
        // dependents of what went may have lost their last owner.
        enqueueOwners(object, Work::ProcessForeground);
        for (const QString& dependent : m_dependents.value(uidOf(object.json)))
            enqueue(Work::AttemptToDelete, dependent);
        return;
    }
    index(key, object.json);
    const QJsonArray owners = ownerReferencesOf(object.json);
    const QJsonArray before =
        change.previous ? ownerReferencesOf(change.previous->json) : QJsonArray();
    if (owners != before) {
        // A reference dropped (or no longer blocking) may release an owner waiting for it; a new
        // one may name an owner that is gone.
        if (change.previous)
            enqueueOwners(*change.previous, Work::ProcessForeground);
        // Checked here (reading the store is fine during a change; writing is not): most new
        // references name a live owner, and those need no work.
        if (!owners.isEmpty()) {
            const Owners classified = ownersOf(object);
            if (!classified.gone.isEmpty() || !classified.waiting.isEmpty())
                enqueue(Work::AttemptToDelete, key);
        }
    }
    if (isBeingDeleted(object.json)) {
        if (hasFinalizer(object.json, kOrphanFinalizer))
            enqueue(Work::Orphan, key);
        if (hasFinalizer(object.json, kForegroundFinalizer))
            enqueue(Work::ProcessForeground, key);
    }
}

void GarbageCollector::index(const QString& key, const QJsonObject& object) {
    const QStringList uids = ownerUidsOf(object);
    const QStringList previous = m_ownerUids.value(key);
    if (uids == previous)
        return;
    for (const QString& uid : previous) {
        auto it = m_dependents.find(uid);
        if (it == m_dependents.end())
            continue;
        it->remove(key);
        if (it->isEmpty())
            m_dependents.erase(it);
    }
    for (const QString& uid : uids)
        m_dependents[uid].insert(key);
    if (uids.isEmpty())
        m_ownerUids.remove(key);
    else
        m_ownerUids.insert(key, uids);
}

void GarbageCollector::enqueue(Work work, const QString& key) {
    const QString id = QString::number(static_cast<int>(work)) + QLatin1Char(':') + key;
    if (m_queued.contains(id))
        return;
    m_queued.insert(id);
    m_queue.emplace_back(work, key);
    if (!m_timer.isActive())
        m_timer.start(0);
}

void GarbageCollector::enqueueOwners(const StoredObject& object, Work work) {
    for (const QJsonValue& ref : ownerReferencesOf(object.json))
        if (const auto owner = ownerKey(ref.toObject(), object.namespace_))
            enqueue(work, *owner);
}

void GarbageCollector::process() {
    for (int done = 0; done < kWorkPerTurn && !m_queue.empty(); ++done) {
        const auto [work, key] = m_queue.front();
        m_queue.pop_front();
        m_queued.remove(QString::number(static_cast<int>(work)) + QLatin1Char(':') + key);
        const ObjectPtr object = lookup(key);
        if (!object)
            continue;
        switch (work) {
        case Work::AttemptToDelete:
            attemptToDelete(object);
            break;
        case Work::ProcessForeground:
            processForeground(object);
            break;
        case Work::Orphan:
            orphanDependents(object);
            break;
        }
    }
    if (!m_queue.empty())
        m_timer.start(0);
}

GarbageCollector::Owners GarbageCollector::ownersOf(const StoredObject& object) const {
    Owners owners;
    for (const QJsonValue& value : ownerReferencesOf(object.json)) {
        const QJsonObject ref = value.toObject();
        const QString uid = ref.value(kUid).toString();
        const auto key = ownerKey(ref, object.namespace_);
        if (!key) {
            owners.solid = true; // an owner of a kind not served cannot be checked: it is kept
            continue;
        }
        const ObjectPtr owner = lookup(*key);
        if (!owner || uidOf(owner->json) != uid)
            owners.gone.insert(uid);
        else if (isWaitingForDependents(owner->json))
            owners.waiting.insert(uid);
        else
            owners.solid = true;
    }
    return owners;
}

void GarbageCollector::attemptToDelete(const ObjectPtr& object) {
    // Something being deleted is left to its own deletion (processForeground for a foreground
    // one).
    if (isBeingDeleted(object->json))
        return;
    const Owners owners = ownersOf(*object);
    const QSet<QString>& gone = owners.gone;
    const QSet<QString>& waiting = owners.waiting;
    const bool solid = owners.solid;
    if (solid) {
        // A live owner keeps it; references to gone owners, and to owners waiting for their
        // dependents (which would otherwise wait for this one forever), are dropped.
        if (!gone.isEmpty() || !waiting.isEmpty())
            m_store.update(object->resource, object->namespace_, object->name,
                           withoutOwners(object->json, gone + waiting, false));
        return;
    }
    if (gone.isEmpty() && waiting.isEmpty())
        return; // no owner references at all
    const QString uid = uidOf(object->json);
    const bool inTheForeground = !waiting.isEmpty() && m_dependents.contains(uid);
    ObjectPtr target = object;
    if (inTheForeground && hasDependentWaitingForDependents(uid)) {
        // A cycle: a dependent of this one waits for it in the foreground while its owner does
        // too. It stops blocking its owners (upstream's unblockOwnerReferences), so all can go.
        if (auto updated = m_store.update(object->resource, object->namespace_, object->name,
                                          withOwnersUnblocked(object->json)))
            target = *updated;
    }
    const Propagation propagation =
        inTheForeground ? Propagation::Foreground
                        : resolvePropagation(std::nullopt, object->json, Propagation::Background);
    auto deleted = deleteStoredObject(m_store, target, propagation);
    if (!deleted)
        qWarning("tessera serve: garbage collector: deleting %s %s/%s failed: %s",
                 qUtf8Printable(object->resource), qUtf8Printable(object->namespace_),
                 qUtf8Printable(object->name), qUtf8Printable(deleted.error().message));
}

void GarbageCollector::processForeground(const ObjectPtr& owner) {
    if (!isWaitingForDependents(owner->json))
        return;
    const QString uid = uidOf(owner->json);
    QStringList blocking;
    for (const QString& key : m_dependents.value(uid)) {
        const ObjectPtr dependent = lookup(key);
        if (!dependent)
            continue;
        for (const QJsonValue& ref : ownerReferencesOf(dependent->json))
            if (ref.toObject().value(kUid).toString() == uid &&
                ref.toObject().value(QStringLiteral("blockOwnerDeletion")).toBool(false))
                blocking.append(key);
    }
    if (blocking.isEmpty()) {
        removeFinalizer(m_store, owner, kForegroundFinalizer);
        return;
    }
    for (const QString& key : blocking)
        enqueue(Work::AttemptToDelete, key);
}

void GarbageCollector::orphanDependents(const ObjectPtr& owner) {
    if (!isBeingDeleted(owner->json) || !hasFinalizer(owner->json, kOrphanFinalizer))
        return;
    const QString uid = uidOf(owner->json);
    const QSet<QString> dependents = m_dependents.value(uid); // updates below change the index
    for (const QString& key : dependents)
        if (const ObjectPtr dependent = lookup(key))
            m_store.update(
                dependent->resource, dependent->namespace_, dependent->name,
                withoutOwners(dependent->json, {uid}, owner->resource == QLatin1String("jobs")));
    removeFinalizer(m_store, owner, kOrphanFinalizer);
}

bool GarbageCollector::hasDependentWaitingForDependents(const QString& uid) const {
    for (const QString& key : m_dependents.value(uid))
        if (const ObjectPtr dependent = lookup(key);
            dependent && isWaitingForDependents(dependent->json))
            return true;
    return false;
}

ObjectPtr GarbageCollector::lookup(const QString& key) const {
    const QStringList parts = key.split(QLatin1Char('/'));
    if (parts.size() != 3)
        return nullptr;
    return m_store.get(parts[0], parts[1], parts[2]);
}

std::optional<QString> GarbageCollector::ownerKey(const QJsonObject& reference,
                                                  const QString& namespace_) const {
    const QString apiVersion = reference.value(QStringLiteral("apiVersion")).toString();
    const QString group = apiVersion.contains(QLatin1Char('/'))
                              ? apiVersion.section(QLatin1Char('/'), 0, 0)
                              : QString();
    const QString kind = reference.value(QStringLiteral("kind")).toString();
    static const std::vector<const ResourceInfo*> resources = servedResources();
    for (const ResourceInfo* r : resources)
        if (!r->createOnly && kind == QLatin1String(r->kind) && group == QLatin1String(r->group))
            return keyOf(QLatin1String(r->name), r->namespaced ? namespace_ : QString(),
                         reference.value(QStringLiteral("name")).toString());
    return std::nullopt;
}

} // namespace tessera::serve
