#pragma once
// JSON patch (RFC 6902, application/json-patch+json): a list of operations (add, remove, replace,
// move, copy, test) addressed by JSON pointers (RFC 6901: "/spec/template/spec/containers/0",
// "~1" for '/', "~0" for '~', "-" for the end of an array), applied in order; the first failing
// operation fails the whole patch, naming its position and path. What `kubectl patch --type=json`
// and the Python client's list-body patch send.
#include "ServeTypes.h"

#include <QJsonArray>
#include <QJsonObject>

namespace tessera::serve {

ApiOutcome<QJsonObject> applyJsonPatch(const QJsonObject& target, const QJsonArray& operations);

} // namespace tessera::serve
