// Field sets in the FieldsV1 format and the managedFields bookkeeping of updates (ManagedFields.h).
#include "ManagedFields.h"

#include "proto/KubeSchema.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <google/protobuf/descriptor.h>

namespace tessera::serve::fields {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;

namespace {

const QString kMetadata = QStringLiteral("metadata");
const QString kSelf = QStringLiteral(".");

// A JSON value as compact text ("\"x\"", "80", "{\"name\":\"c\"}").
QString compact(const QJsonValue& v) {
    if (v.isObject())
        return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    QByteArray text = QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(text.mid(1, text.size() - 2));
}

QJsonValue parseCompact(const QString& text) {
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray("[") + text.toUtf8() + QByteArray("]"));
    return doc.array().isEmpty() ? QJsonValue() : doc.array().first();
}

// How the items of a list field are identified: by keys (a list-map), by value (a set), or not at
// all (atomic: the list is one value).
struct ListShape {
    enum Kind { Atomic, Keyed, Set } kind = Atomic;
    std::vector<QString> keys;
};

ListShape listShape(const FieldDescriptor* f) {
    const schema::ListSemantics list = schema::listSemantics(f);
    if (list.listType == QLatin1String("atomic"))
        return {};
    const bool objects = f->type() == FieldDescriptor::TYPE_MESSAGE &&
                         schema::specialType(f->message_type()) == SpecialType::None;
    if (objects) {
        std::vector<QString> keys = list.mapKeys;
        if (keys.empty() && !list.patchMergeKey.isEmpty())
            keys.push_back(list.patchMergeKey);
        if (keys.empty())
            return {};
        return {ListShape::Keyed, keys};
    }
    if (list.listType == QLatin1String("set") ||
        list.patchStrategy.startsWith(QLatin1String("merge")))
        return {ListShape::Set, {}};
    return {};
}

// The `k:{...}` element of a keyed item ("" when the item has none of the keys).
QString itemKey(const QJsonObject& item, const std::vector<QString>& keys) {
    QJsonObject id;
    for (const QString& k : keys)
        if (item.contains(k))
            id.insert(k, item.value(k));
    return id.isEmpty() ? QString() : QStringLiteral("k:") + compact(id);
}

// The message a field's value is described by (nullptr: a scalar, special type or map).
const Descriptor* messageOf(const FieldDescriptor* f) {
    if (!f || f->is_map() || f->type() != FieldDescriptor::TYPE_MESSAGE ||
        schema::specialType(f->message_type()) != SpecialType::None)
        return nullptr;
    return f->message_type();
}

const FieldDescriptor* fieldOf(const Descriptor* message, const QString& key) {
    if (!message)
        return nullptr;
    const JsonField* jf = schema::findJsonField(message, key);
    return jf ? jf->field() : nullptr;
}

void walkObject(const QJsonObject& object, const Descriptor* message, bool mapsAreMembers,
                FieldSet& out);

// The fields of one value of field `f` (nullptr: unknown to the schema) into `node`.
// mapsAreMembers: a map (labels, data, ...) is a member itself, as upstream's comparison of an
// update's objects makes a map it adds.
void walkValue(const QJsonValue& value, const FieldDescriptor* f, bool mapsAreMembers,
               FieldSet& node) {
    if (!f) {
        node.member = true; // a field the schema does not know: one value
        return;
    }
    if (f && f->is_map() && value.isObject()) {
        const FieldDescriptor* mapValue = f->message_type()->map_value();
        const QJsonObject map = value.toObject();
        if (map.isEmpty() || mapsAreMembers)
            node.member = true;
        for (auto it = map.begin(); it != map.end(); ++it) {
            FieldSet& child = node.children[QStringLiteral("f:") + it.key()];
            child.member = true;
            if (const Descriptor* m = messageOf(mapValue); m && it.value().isObject())
                walkObject(it.value().toObject(), m, mapsAreMembers, child);
        }
        return;
    }
    if (f && f->is_repeated() && value.isArray()) {
        const ListShape shape = listShape(f);
        const QJsonArray list = value.toArray();
        if (shape.kind == ListShape::Atomic || list.isEmpty()) {
            node.member = true;
            return;
        }
        for (const QJsonValue& item : list) {
            if (shape.kind == ListShape::Set) {
                node.children[QStringLiteral("v:") + compact(item)].member = true;
                continue;
            }
            const QString key = itemKey(item.toObject(), shape.keys);
            if (key.isEmpty())
                continue;
            FieldSet& child = node.children[key];
            child.member = true;
            walkObject(item.toObject(), f->message_type(), mapsAreMembers, child);
        }
        return;
    }
    if (const Descriptor* m = messageOf(f); m && value.isObject()) {
        if (value.toObject().isEmpty())
            node.member = true;
        walkObject(value.toObject(), m, mapsAreMembers, node);
        return;
    }
    node.member = true; // a scalar, a special type (Quantity, Time, ...) or an atomic value
}

void walkObject(const QJsonObject& object, const Descriptor* message, bool mapsAreMembers,
                FieldSet& out) {
    for (auto it = object.begin(); it != object.end(); ++it) {
        FieldSet child;
        walkValue(it.value(), fieldOf(message, it.key()), mapsAreMembers, child);
        if (!child.empty())
            out.children[QStringLiteral("f:") + it.key()] = std::move(child);
    }
}

void visit(const FieldSet& set, Path& path,
           const std::function<void(const Path& path, bool leaf)>& f) {
    if (set.member && !path.isEmpty())
        f(path, set.children.empty());
    for (const auto& [key, child] : set.children) {
        path.push_back(key);
        visit(child, path, f);
        path.pop_back();
    }
}

// The index of the array item a `k:` or `v:` element names (-1 when absent).
int findItem(const QJsonArray& array, const QString& element) {
    const QJsonValue wanted = parseCompact(element.mid(2));
    for (int i = 0; i < array.size(); ++i) {
        if (element.startsWith(QLatin1String("v:"))) {
            if (array[i] == wanted)
                return i;
            continue;
        }
        const QJsonObject id = wanted.toObject();
        const QJsonObject item = array[i].toObject();
        bool match = !id.isEmpty();
        for (auto it = id.begin(); it != id.end() && match; ++it)
            match = item.value(it.key()) == it.value();
        if (match)
            return i;
    }
    return -1;
}

QJsonValue removeIn(const QJsonValue& node, const Path& path, int depth) {
    const QString& element = path[depth];
    const bool last = depth + 1 == path.size();
    if (element.startsWith(QLatin1String("f:")) && node.isObject()) {
        QJsonObject o = node.toObject();
        const QString key = element.mid(2);
        if (!o.contains(key))
            return node;
        if (last)
            o.remove(key);
        else
            o.insert(key, removeIn(o.value(key), path, depth + 1));
        return o;
    }
    if (node.isArray()) {
        QJsonArray a = node.toArray();
        const int i = findItem(a, element);
        if (i < 0)
            return node;
        if (last)
            a.removeAt(i);
        else
            a[i] = removeIn(a[i], path, depth + 1);
        return a;
    }
    return node;
}

} // namespace

bool FieldSet::empty() const {
    if (member)
        return false;
    for (const auto& [key, child] : children)
        if (!child.empty())
            return false;
    return true;
}

FieldSet fromFieldsV1(const QJsonObject& fieldsV1) {
    FieldSet set;
    for (auto it = fieldsV1.begin(); it != fieldsV1.end(); ++it) {
        if (it.key() == kSelf) {
            set.member = true;
            continue;
        }
        FieldSet child = fromFieldsV1(it.value().toObject());
        // A node written as {} is a member with no children.
        if (it.value().toObject().isEmpty())
            child.member = true;
        set.children[it.key()] = std::move(child);
    }
    return set;
}

QJsonObject toFieldsV1(const FieldSet& set) {
    QJsonObject out;
    if (set.member && !set.children.empty())
        out.insert(kSelf, QJsonObject());
    for (const auto& [key, child] : set.children)
        if (!child.empty())
            out.insert(key, toFieldsV1(child));
    return out;
}

FieldSet unite(const FieldSet& a, const FieldSet& b) {
    FieldSet out = a;
    out.member = a.member || b.member;
    for (const auto& [key, child] : b.children)
        out.children[key] = unite(out.children[key], child);
    return out;
}

FieldSet subtract(const FieldSet& a, const FieldSet& b) {
    FieldSet out;
    out.member = a.member && !b.member;
    for (const auto& [key, child] : a.children) {
        auto it = b.children.find(key);
        FieldSet rest = it == b.children.end() ? child : subtract(child, it->second);
        if (!rest.empty())
            out.children[key] = std::move(rest);
    }
    return out;
}

FieldSet intersect(const FieldSet& a, const FieldSet& b) {
    FieldSet out;
    out.member = a.member && b.member;
    for (const auto& [key, child] : a.children) {
        auto it = b.children.find(key);
        if (it == b.children.end())
            continue;
        FieldSet both = intersect(child, it->second);
        if (!both.empty())
            out.children[key] = std::move(both);
    }
    return out;
}

void forEachMember(const FieldSet& set,
                   const std::function<void(const Path& path, bool leaf)>& visitor) {
    Path path;
    visit(set, path, visitor);
}

bool touches(const FieldSet& set, const Path& path) {
    const FieldSet* node = &set;
    for (const QString& element : path) {
        auto it = node->children.find(element);
        if (it == node->children.end())
            return false;
        node = &it->second;
    }
    return !node->empty();
}

FieldSet fieldSetOf(const QJsonObject& object, const Descriptor* kind, bool mapsAreMembers) {
    QJsonObject owned = object;
    for (const char* serverOwned : {"apiVersion", "kind", "status"})
        owned.remove(QLatin1String(serverOwned));
    QJsonObject meta = owned.value(kMetadata).toObject();
    for (const char* serverSet :
         {"name", "namespace", "uid", "resourceVersion", "generation", "creationTimestamp",
          "deletionTimestamp", "deletionGracePeriodSeconds", "managedFields", "selfLink"})
        meta.remove(QLatin1String(serverSet));
    if (meta.isEmpty())
        owned.remove(kMetadata);
    else
        owned.insert(kMetadata, meta);
    FieldSet set;
    if (kind)
        walkObject(owned, kind, mapsAreMembers, set);
    else
        for (auto it = owned.begin(); it != owned.end(); ++it)
            set.children[QStringLiteral("f:") + it.key()].member = true;
    return set;
}

QString pathString(const Path& path) {
    QString out;
    for (const QString& element : path) {
        if (element.startsWith(QLatin1String("f:"))) {
            out += QLatin1Char('.') + element.mid(2);
        } else if (element.startsWith(QLatin1String("v:"))) {
            out += QStringLiteral("[=") + element.mid(2) + QLatin1Char(']');
        } else if (element.startsWith(QLatin1String("k:"))) {
            const QJsonObject id = parseCompact(element.mid(2)).toObject();
            QStringList parts;
            for (auto it = id.begin(); it != id.end(); ++it)
                parts << it.key() + QLatin1Char('=') + compact(it.value());
            out += QLatin1Char('[') + parts.join(QLatin1Char(',')) + QLatin1Char(']');
        }
    }
    return out;
}

QJsonValue valueAt(const QJsonObject& object, const Path& path) {
    QJsonValue node = object;
    for (const QString& element : path) {
        if (element.startsWith(QLatin1String("f:")) && node.isObject()) {
            node = node.toObject().value(element.mid(2));
        } else if (node.isArray()) {
            const int i = findItem(node.toArray(), element);
            if (i < 0)
                return QJsonValue(QJsonValue::Undefined);
            node = node.toArray().at(i);
        } else {
            return QJsonValue(QJsonValue::Undefined);
        }
        if (node.isUndefined())
            return node;
    }
    return node;
}

void removeAt(QJsonObject& object, const Path& path) {
    if (!path.isEmpty())
        object = removeIn(object, path, 0).toObject();
}

std::vector<ManagedEntry> readManagedFields(const QJsonObject& object) {
    std::vector<ManagedEntry> entries;
    const QJsonArray list =
        object.value(kMetadata).toObject().value(QStringLiteral("managedFields")).toArray();
    for (const QJsonValue& v : list) {
        const QJsonObject e = v.toObject();
        entries.push_back({e.value(QStringLiteral("manager")).toString(),
                           e.value(QStringLiteral("operation")).toString(),
                           e.value(QStringLiteral("apiVersion")).toString(),
                           e.value(QStringLiteral("time")).toString(),
                           e.value(QStringLiteral("subresource")).toString(),
                           fromFieldsV1(e.value(QStringLiteral("fieldsV1")).toObject())});
    }
    return entries;
}

void writeManagedFields(QJsonObject& object, const std::vector<ManagedEntry>& entries) {
    QJsonArray list;
    for (const ManagedEntry& e : entries) {
        if (e.fields.empty())
            continue;
        QJsonObject entry{{QStringLiteral("manager"), e.manager},
                          {QStringLiteral("operation"), e.operation},
                          {QStringLiteral("apiVersion"), e.apiVersion},
                          {QStringLiteral("fieldsType"), QStringLiteral("FieldsV1")},
                          {QStringLiteral("fieldsV1"), toFieldsV1(e.fields)}};
        if (!e.time.isEmpty())
            entry.insert(QStringLiteral("time"), e.time);
        if (!e.subresource.isEmpty())
            entry.insert(QStringLiteral("subresource"), e.subresource);
        list.append(entry);
    }
    QJsonObject meta = object.value(kMetadata).toObject();
    if (list.isEmpty())
        meta.remove(QStringLiteral("managedFields"));
    else
        meta.insert(QStringLiteral("managedFields"), list);
    object.insert(kMetadata, meta);
}

QString managerFor(const QString& fieldManager, const QByteArray& userAgent) {
    if (!fieldManager.isEmpty())
        return fieldManager.left(128);
    const QString agent = QString::fromUtf8(userAgent).section(QLatin1Char('/'), 0, 0).trimmed();
    return agent.left(128);
}

QString nowRfc3339() {
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
}

void recordUpdate(QJsonObject& updated, const QJsonObject* previous, const QString& manager,
                  const Descriptor* kind) {
    // As upstream: managedFields the update sends replace the stored ones (kubectl's migration
    // of client-side apply owners does that; `[{}]` clears them); without any, the stored ones
    // stay.
    const bool sent = !updated.value(QStringLiteral("metadata"))
                           .toObject()
                           .value(QStringLiteral("managedFields"))
                           .toArray()
                           .isEmpty();
    std::vector<ManagedEntry> entries =
        sent ? readManagedFields(updated)
             : (previous ? readManagedFields(*previous) : std::vector<ManagedEntry>{});
    // As upstream, an update owns a map it adds (`f:labels: {.: {}, f:app: {}}`), an apply only
    // the map's keys.
    const FieldSet after = fieldSetOf(updated, kind, true);
    const FieldSet before = previous ? fieldSetOf(*previous, kind, true) : FieldSet{};
    // Changed: new members, and leaves whose value differs.
    FieldSet changed = subtract(after, before);
    forEachMember(intersect(after, before), [&](const Path& path, bool leaf) {
        if (leaf && valueAt(updated, path) != valueAt(*previous, path)) {
            FieldSet* node = &changed;
            for (const QString& element : path)
                node = &node->children[element];
            node->member = true;
        }
    });
    const FieldSet removed = subtract(before, after);
    const QString apiVersion = updated.value(QStringLiteral("apiVersion")).toString();
    bool found = false;
    for (ManagedEntry& e : entries) {
        e.fields = subtract(e.fields, removed);
        if (e.manager == manager && e.operation == QLatin1String("Update") &&
            e.subresource.isEmpty()) {
            found = true;
            if (!changed.empty()) {
                e.fields = unite(e.fields, changed);
                e.apiVersion = apiVersion;
                e.time = nowRfc3339();
            }
        } else {
            e.fields = subtract(e.fields, changed);
        }
    }
    if (!found && !changed.empty())
        entries.push_back(
            {manager, QStringLiteral("Update"), apiVersion, nowRfc3339(), QString(), changed});
    writeManagedFields(updated, entries);
}

} // namespace tessera::serve::fields
