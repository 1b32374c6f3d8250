#pragma once
// The two patch types kubectl sends, applied to JSON documents.
//  - JSON merge patch (RFC 7386, application/merge-patch+json): objects merge recursively, null
//    deletes, anything else (arrays included) replaces.
//  - Strategic merge patch (application/strategic-merge-patch+json), for the fields we patch:
//    like a merge patch, except that lists of objects with a merge key (containers, env, ports,
//    volumes, volumeMounts by "name"; conditions by "type") merge element by element, and the
//    directives `$patch: delete|replace` and `$retainKeys` are honoured;
//    `$setElementOrder/...` and `$deleteFromPrimitiveList/...` keys are read as kubectl means
//    them (order hints are ignored; primitive deletions are applied).
#include "ServeTypes.h"

#include <QJsonObject>

namespace tessera::serve {

QJsonObject applyMergePatch(const QJsonObject& target, const QJsonObject& patch);
ApiOutcome<QJsonObject> applyStrategicMergePatch(const QJsonObject& target,
                                                 const QJsonObject& patch);

} // namespace tessera::serve
