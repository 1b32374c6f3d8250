#pragma once
// The API server's validation answers, shaped as kube-apiserver shapes them: a 422 Status whose
// details name the object (name, group, kind) and carry one cause per problem (field, reason,
// message), so kubectl prints `The Job "neg" is invalid: spec.parallelism: Invalid value: -1: ...`.
// A new Job goes through the one Job gate (codec/ManifestValidation.h) every entry point shares;
// this file turns its errors into causes and adds what only the server needs: object metadata
// per kind, Pod specs of Pods and CronJobs, and the Job fields that are immutable in the JSON
// (pod template, selector).
#include "Discovery.h"
#include "ServeTypes.h"
#include "engine/Result.h"

#include <QJsonArray>
#include <QJsonObject>
#include <vector>

namespace tessera::serve {

// One metav1.StatusCause. reason: FieldValueInvalid, FieldValueRequired, FieldValueNotSupported,
// FieldValueForbidden, ...; message as the API prints it ("Invalid value: -1: must be ...").
QJsonObject fieldCause(const QString& field, const char* reason, const QString& message);
// An engine validation error as a cause (the reason read from its value and the start of its
// message, as upstream's field.ErrorType prints it).
QJsonObject fieldCause(const engine::Error& error);
QJsonArray causesOf(const std::vector<engine::Error>& errors);

// The 422 Invalid failure for `name` of `resource` with `causes`: the message is
// `Kind.group "name" is invalid: field: message` (several causes: `[a, b]`).
ApiFailure invalidObject(const ResourceInfo& resource, const QString& name,
                         const QJsonArray& causes);

// metadata (codec::validateObjectMeta): name (or generateName) by the rules of the kind (DNS-1123
// subdomains for most, DNS-1123 labels for namespaces, DNS-1035 labels for services), labels and
// annotations.
QJsonArray validateObjectName(const ResourceInfo& resource, const QJsonObject& object);
// The Pod spec at `path` ("spec", "spec.jobTemplate.spec.template.spec"), as
// codec::validatePodSpec checks it (containers, volumes, resources, probes, security contexts,
// policies, tolerations, affinity).
QJsonArray validatePodSpec(const QJsonObject& podSpec, const QString& path, bool jobTemplate);
// A Job update's JSON-only immutable fields: spec.selector, and spec.template except the
// scheduling directives a suspended Job that never started may change.
QJsonArray validateJobTemplateUpdate(const QJsonObject& previous, const QJsonObject& updated);

} // namespace tessera::serve
