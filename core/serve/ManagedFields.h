#pragma once
// Field ownership (metadata.managedFields) as the API server records it: which manager set which
// field, as sets of field paths in the FieldsV1 format ("f:spec" a field, `k:{"name":"c"}` the
// item of a keyed list, `v:"x"` the value of a set, "." the node itself when it has children).
// What a field is - a struct to descend into, a map, a list merged by keys, a set or an atomic
// value - comes from the served schema (proto/KubeSchema.h), the same one strategic merge patch,
// the protobuf codec and the OpenAPI documents read.
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>
#include <functional>
#include <map>
#include <vector>

namespace google::protobuf {
class Descriptor;
} // namespace google::protobuf

namespace tessera::serve::fields {

// A set of paths as a tree: a node is in the set when `member`; its children are keyed by path
// element ("f:name", `k:{"name":"c"}`, `v:"x"`).
struct FieldSet {
    bool member = false;
    std::map<QString, FieldSet> children;

    bool empty() const;
    bool operator==(const FieldSet& other) const = default;
};

// A path: the elements from the object's root ("f:spec", "f:parallelism").
using Path = QStringList;

FieldSet fromFieldsV1(const QJsonObject& fieldsV1);
QJsonObject toFieldsV1(const FieldSet& set);

FieldSet unite(const FieldSet& a, const FieldSet& b);
FieldSet subtract(const FieldSet& a, const FieldSet& b);
FieldSet intersect(const FieldSet& a, const FieldSet& b);
// Visits every member of the set; `leaf` is true when the member has no children in the set.
void forEachMember(const FieldSet& set,
                   const std::function<void(const Path& path, bool leaf)>& visit);
// Whether `set` has `path` or anything below it.
bool touches(const FieldSet& set, const Path& path);

// The fields `object` sets, by the schema of `kind` (nullptr: schema-less), without the ones the
// server owns (apiVersion, kind, status and metadata's name, uid, resourceVersion, ...).
// mapsAreMembers: a non-empty map field (labels) is a member too (updates), not only its keys.
FieldSet fieldSetOf(const QJsonObject& object, const google::protobuf::Descriptor* kind,
                    bool mapsAreMembers = false);

// The path as upstream prints it in conflicts: `.spec.template.spec.containers[name="c"].image`.
QString pathString(const Path& path);
// The value at `path` (undefined when absent).
QJsonValue valueAt(const QJsonObject& object, const Path& path);
// Removes the value at `path` (a field, a keyed item or a set's value); nothing when absent.
void removeAt(QJsonObject& object, const Path& path);

// One metadata.managedFields entry.
struct ManagedEntry {
    QString manager;
    QString operation; // "Apply" or "Update"
    QString apiVersion;
    QString time; // RFC 3339
    QString subresource;
    FieldSet fields;
};
std::vector<ManagedEntry> readManagedFields(const QJsonObject& object);
// Writes the entries (empty ones left out) into object.metadata.managedFields.
void writeManagedFields(QJsonObject& object, const std::vector<ManagedEntry>& entries);

// The manager of a non-apply request: the fieldManager query parameter, else the first token of
// the User-Agent (up to its first '/'), as upstream's default.
QString managerFor(const QString& fieldManager, const QByteArray& userAgent);
QString nowRfc3339();

// Records an Update by `manager` of `updated` (previous: the stored object, nullptr on create):
// the fields it changed become the manager's and leave every other manager, the fields it
// removed leave every manager. managedFields sent in `updated` replace the stored ones, as
// upstream (`[{}]` clears them); without any, the stored ones are the base.
void recordUpdate(QJsonObject& updated, const QJsonObject* previous, const QString& manager,
                  const google::protobuf::Descriptor* kind);

} // namespace tessera::serve::fields
