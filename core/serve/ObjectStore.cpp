#include "ObjectStore.h"

#include "ApiKinds.h"
#include "codec/Rfc3339.h"
#include "engine/Clock.h"

#include <QJsonDocument>
#include <QRandomGenerator>
#include <QUuid>

namespace tessera::serve {

const char* toString(ChangeType type) {
    switch (type) {
    case ChangeType::Added:
        return "ADDED";
    case ChangeType::Modified:
        return "MODIFIED";
    case ChangeType::Deleted:
        return "DELETED";
    }
    return "MODIFIED";
}

namespace {

QString nowText() {
    return QString::fromStdString(codec::formatRfc3339(engine::SystemClock().now()));
}

QString randomSuffix() {
    // The API server's generateName alphabet: no vowels, no digits that read as letters.
    static const char alphabet[] = "bcdfghjklmnpqrstvwxz2456789";
    QString out;
    for (int i = 0; i < 5; ++i)
        out += QLatin1Char(alphabet[QRandomGenerator::global()->bounded(27)]);
    return out;
}

const QString kMetadata = QStringLiteral("metadata");

} // namespace

ObjectStore::ObjectStore(std::size_t historyLimit)
    : m_historyLimit(historyLimit) {}

bool ObjectStore::isNamespaced(const QString& resource) {
    const ResourceInfo* info = findResourceNamed(resource);
    return !info || info->namespaced;
}

QString ObjectStore::newUid() {
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

QString ObjectStore::key(const QString& namespace_, const QString& name) {
    return namespace_ + QLatin1Char('/') + name;
}

ObjectPtr ObjectStore::seal(const QString& resource, const QString& namespace_, const QString& name,
                            QJsonObject object, quint64 version) const {
    QJsonObject meta = object.value(kMetadata).toObject();
    meta.insert(QStringLiteral("resourceVersion"), QString::number(version));
    object.insert(kMetadata, meta);
    auto stored = std::make_shared<StoredObject>();
    stored->resource = resource;
    stored->namespace_ = namespace_;
    stored->name = name;
    stored->resourceVersion = version;
    stored->bytes = QJsonDocument(object).toJson(QJsonDocument::Compact);
    stored->json = std::move(object);
    return stored;
}

ApiOutcome<ObjectPtr> ObjectStore::create(const QString& resource, const QString& namespace_,
                                          QJsonObject object, bool dryRun) {
    QJsonObject meta = object.value(kMetadata).toObject();
    QString name = meta.value(QStringLiteral("name")).toString();
    if (name.isEmpty()) {
        const QString generate = meta.value(QStringLiteral("generateName")).toString();
        if (generate.isEmpty())
            return apiFailure(422, "Invalid",
                              QStringLiteral("%1: metadata.name: Required value: name or "
                                             "generateName is required")
                                  .arg(resource));
        do {
            name = generate + randomSuffix();
        } while (get(resource, namespace_, name));
    }
    const QString ns = isNamespaced(resource) ? namespace_ : QString();
    if (isNamespaced(resource)) {
        if (ns.isEmpty())
            return apiFailure(
                400, "BadRequest",
                QStringLiteral("%1 \"%2\": a namespace is required").arg(resource, name));
        if (!get(QStringLiteral("namespaces"), QString(), ns))
            return apiFailure(404, "NotFound",
                              QStringLiteral("namespaces \"%1\" not found").arg(ns));
    }
    if (get(resource, ns, name))
        return apiFailure(409, "AlreadyExists",
                          QStringLiteral("%1 \"%2\" already exists").arg(resource, name));
    meta.insert(QStringLiteral("name"), name);
    if (!ns.isEmpty())
        meta.insert(QStringLiteral("namespace"), ns);
    else
        meta.remove(QStringLiteral("namespace"));
    if (meta.value(QStringLiteral("uid")).toString().isEmpty())
        meta.insert(QStringLiteral("uid"), newUid());
    meta.insert(QStringLiteral("creationTimestamp"), nowText());
    meta.remove(QStringLiteral("deletionTimestamp"));
    if (const ResourceInfo* info = findResourceNamed(resource); info && info->countsGeneration)
        meta.insert(QStringLiteral("generation"), 1);
    object.insert(kMetadata, meta);
    if (dryRun)
        return seal(resource, ns, name, std::move(object), m_version);
    const quint64 version = ++m_version;
    ObjectPtr stored = seal(resource, ns, name, std::move(object), version);
    m_objects[resource][key(ns, name)] = stored;
    publish(Change{ChangeType::Added, version, stored, nullptr});
    return stored;
}

ApiOutcome<ObjectPtr> ObjectStore::update(const QString& resource, const QString& namespace_,
                                          const QString& name, QJsonObject object,
                                          quint64 expectedVersion) {
    const QString ns = isNamespaced(resource) ? namespace_ : QString();
    ObjectPtr previous = get(resource, ns, name);
    if (!previous)
        return apiFailure(404, "NotFound",
                          QStringLiteral("%1 \"%2\" not found").arg(resource, name));
    if (expectedVersion != 0 && expectedVersion != previous->resourceVersion)
        return apiFailure(409, "Conflict",
                          QStringLiteral("Operation cannot be fulfilled on %1 \"%2\": the object "
                                         "has been modified; please apply your changes to the "
                                         "latest version and try again")
                              .arg(resource, name));
    const QJsonObject oldMeta = previous->json.value(kMetadata).toObject();
    QJsonObject meta = object.value(kMetadata).toObject();
    meta.insert(QStringLiteral("name"), name);
    if (!ns.isEmpty())
        meta.insert(QStringLiteral("namespace"), ns);
    for (const char* kept : {"uid", "creationTimestamp"})
        meta.insert(QLatin1String(kept), oldMeta.value(QLatin1String(kept)));
    object.insert(kMetadata, meta);
    const quint64 version = ++m_version;
    ObjectPtr stored = seal(resource, ns, name, std::move(object), version);
    m_objects[resource][key(ns, name)] = stored;
    publish(Change{ChangeType::Modified, version, stored, previous});
    return stored;
}

ApiOutcome<ObjectPtr> ObjectStore::remove(const QString& resource, const QString& namespace_,
                                          const QString& name) {
    const QString ns = isNamespaced(resource) ? namespace_ : QString();
    auto& objects = m_objects[resource];
    const auto it = objects.find(key(ns, name));
    if (it == objects.end())
        return apiFailure(404, "NotFound",
                          QStringLiteral("%1 \"%2\" not found").arg(resource, name));
    ObjectPtr previous = it->second;
    objects.erase(it);
    const quint64 version = ++m_version;
    ObjectPtr last = seal(resource, ns, name, previous->json, version);
    publish(Change{ChangeType::Deleted, version, last, previous});
    return last;
}

ObjectPtr ObjectStore::get(const QString& resource, const QString& namespace_,
                           const QString& name) const {
    const auto objects = m_objects.constFind(resource);
    if (objects == m_objects.constEnd())
        return nullptr;
    const QString ns = isNamespaced(resource) ? namespace_ : QString();
    const auto it = objects->find(key(ns, name));
    return it == objects->end() ? nullptr : it->second;
}

std::vector<ObjectPtr> ObjectStore::list(const QString& resource, const QString& namespace_) const {
    std::vector<ObjectPtr> out;
    const auto objects = m_objects.constFind(resource);
    if (objects == m_objects.constEnd())
        return out;
    if (namespace_.isEmpty() || !isNamespaced(resource)) {
        out.reserve(objects->size());
        for (const auto& [k, object] : *objects)
            out.push_back(object);
        return out;
    }
    const QString prefix = namespace_ + QLatin1Char('/');
    for (auto it = objects->lower_bound(prefix);
         it != objects->end() && it->first.startsWith(prefix); ++it)
        out.push_back(it->second);
    return out;
}

std::size_t ObjectStore::count(const QString& resource) const {
    const auto objects = m_objects.constFind(resource);
    return objects == m_objects.constEnd() ? 0 : objects->size();
}

bool ObjectStore::changesSince(quint64 since, const QString& resource,
                               std::vector<Change>& out) const {
    if (since < m_compactedThrough)
        return false;
    // The history is ordered by version: skip to the first change after `since`.
    auto it = std::upper_bound(m_history.begin(), m_history.end(), since,
                               [](quint64 v, const Change& c) { return v < c.resourceVersion; });
    for (; it != m_history.end(); ++it)
        if (it->object->resource == resource)
            out.push_back(*it);
    return true;
}

void ObjectStore::compact() {
    m_history.clear();
    m_compactedThrough = m_version;
}

int ObjectStore::addListener(Listener listener) {
    const int id = m_nextListener++;
    m_listeners.emplace(id, std::move(listener));
    return id;
}

void ObjectStore::removeListener(int id) {
    m_listeners.erase(id);
}

void ObjectStore::publish(const Change& change) {
    m_history.push_back(change);
    while (m_history.size() > m_historyLimit) {
        m_compactedThrough = m_history.front().resourceVersion;
        m_history.pop_front();
    }
    // Listeners may add or remove listeners (a watch closing itself): iterate over a snapshot of
    // the ids and skip the ones gone meanwhile.
    std::vector<int> ids;
    ids.reserve(m_listeners.size());
    for (const auto& [id, l] : m_listeners)
        ids.push_back(id);
    for (const int id : ids) {
        const auto it = m_listeners.find(id);
        if (it != m_listeners.end())
            it->second(change);
    }
}

} // namespace tessera::serve
