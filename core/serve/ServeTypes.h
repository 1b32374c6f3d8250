#pragma once
// Value types shared by the server's parts: stored objects, changes, API errors.
#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <memory>
#include <tl/expected.hpp>

namespace tessera::serve {

// One object as the store holds it: the JSON document plus its compact serialization, cached so
// a list of 10,000 pods is a concatenation rather than 10,000 serializations.
struct StoredObject {
    QString resource;   // "pods", "jobs", ...
    QString namespace_; // "" for cluster-scoped resources
    QString name;
    quint64 resourceVersion = 0;
    QJsonObject json;
    QByteArray bytes;
};
using ObjectPtr = std::shared_ptr<const StoredObject>;

enum class ChangeType { Added, Modified, Deleted };
const char* toString(ChangeType type); // "ADDED", "MODIFIED", "DELETED"

struct Change {
    ChangeType type = ChangeType::Added;
    quint64 resourceVersion = 0;
    ObjectPtr object; // the new state (Deleted: the last state, stamped with the delete's version)
    ObjectPtr previous; // the state before (null for Added)
};

// An API error, turned into a metav1.Status by the HTTP layer.
struct ApiFailure {
    int code = 500;  // HTTP status
    QString reason;  // "NotFound", "AlreadyExists", "Conflict", "Invalid", "BadRequest", ...
    QString message; // names the object or field
    // details.causes (one per field problem of a 422) and the details.kind when it is the kind
    // ("Job", as for Invalid) rather than the resource ("jobs", as for NotFound and Conflict).
    QJsonArray causes;
    QString detailsKind;
    QString detailsName; // when the URL does not name the object (a create)
};

// What a delete does to the objects that name the deleted one in their ownerReferences
// (metav1.DeletionPropagation).
enum class Propagation { Orphan, Background, Foreground };

template <typename T> using ApiOutcome = tl::expected<T, ApiFailure>;

inline tl::unexpected<ApiFailure> apiFailure(int code, const char* reason, const QString& message) {
    return tl::unexpected(ApiFailure{code, QString::fromLatin1(reason), message});
}

} // namespace tessera::serve
