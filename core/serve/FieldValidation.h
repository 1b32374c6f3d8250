#pragma once
// Field validation as the API server does it (the fieldValidation query parameter): a body's
// fields are checked against the served schema (proto/KubeSchema.h), the same one the protobuf
// codec and the OpenAPI documents use. Unknown fields are an error with Strict, a warning with
// Warn (the default, as upstream) and silently dropped with Ignore; they are never stored.
// Duplicate fields in a JSON body are reported the same way.
// Duplicate fields in a JSON body are treated the same way. A value
// of the wrong type is an error in every mode, as Go's decoder makes it.
#include "Discovery.h"
#include "ServeTypes.h"

#include <QJsonObject>
#include <QStringList>

namespace tessera::serve {

// Checks `object` (a body of `resource`) and drops its unknown fields; `json`, the body as sent
// when it was JSON, is scanned for duplicate fields (which a parsed object no longer shows).
// Returns the warnings to send (Warn), or the 400 the API server answers (Strict, a bad mode, a
// value of the wrong type).
ApiOutcome<QStringList> validateFields(const ResourceInfo& resource, QJsonObject& object,
                                       const QString& mode, const QByteArray& json = {});

// The paths of the fields a JSON text names twice in one object ("spec.parallelism").
QStringList duplicateFields(const QByteArray& json);

// Removes the field at `path` ("spec.template.spec.containers[0].imag") from `object`.
void removeFieldPath(QJsonObject& object, const QString& path);

} // namespace tessera::serve
