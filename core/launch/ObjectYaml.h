#pragma once
// The YAML of a live object as the workbench shows it, written by ManifestNode (the one YAML
// writer of manifests), and the form of it an edit starts from and server-side apply takes.
#include "ManifestNode.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>

namespace tessera::launch {

enum class ObjectYamlView {
    Live,                  // the object, without metadata.managedFields (noise to a reader)
    LiveWithManagedFields, // the object as the API server sent it
    // What an apply configuration may hold: no status, and none of the fields the API server
    // sets (managedFields must be absent in an apply; resourceVersion would make the apply a
    // compare-and-swap that fails on any change made meanwhile; uid, generation,
    // creationTimestamp are the server's).
    Editable,
};

ManifestNode manifestNodeOf(const QJsonValue& value);
QByteArray objectYaml(QJsonObject object, ObjectYamlView view);
// objectYaml of a JSON document; an empty result with `error` set when it is not an object.
QByteArray objectYaml(const QByteArray& json, ObjectYamlView view, QString* error);

} // namespace tessera::launch
