#pragma once
// The two patch types kubectl sends, applied to JSON documents.
//  - JSON merge patch (RFC 7386, application/merge-patch+json): objects merge recursively, null
//    deletes, anything else (arrays included) replaces.
//  - Strategic merge patch (application/strategic-merge-patch+json): like a merge patch, except
//    that lists with a patch merge key in the served schema (proto/KubeSchema.h: containers and
//    env by name, ports by containerPort, conditions by type, ...) merge element by element,
//    scalar lists with the merge strategy (finalizers) are unions, and the directives
//    `$patch: delete|replace` and `$retainKeys` are honoured;
//    `$setElementOrder/...` and `$deleteFromPrimitiveList/...` keys are read as kubectl means
//    them (order hints are ignored; primitive deletions are applied).
#include "ServeTypes.h"

#include <QJsonObject>

namespace google::protobuf {
class Descriptor;
} // namespace google::protobuf

namespace tessera::serve {

QJsonObject applyMergePatch(const QJsonObject& target, const QJsonObject& patch);
// kind: the kind's message in the served schema; without one, the common Kubernetes lists merge
// by their field names' usual keys.
ApiOutcome<QJsonObject>
applyStrategicMergePatch(const QJsonObject& target, const QJsonObject& patch,
                         const google::protobuf::Descriptor* kind = nullptr);

} // namespace tessera::serve
