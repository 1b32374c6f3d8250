#pragma once
// Server-side apply (PATCH with Content-Type application/apply-patch+yaml), as upstream's
// structured merge: the applied configuration's fields are set on the live object, the fields the
// manager applied before but no longer does are removed (unless another manager owns them too),
// lists merge by the served schema's keys (ManagedFields.h), and a field another manager owns
// whose value would change is a conflict, unless `force` takes it over.
#include "ManagedFields.h"

#include <QJsonObject>
#include <QString>
#include <vector>

namespace tessera::serve {

struct ApplyConflict {
    QString manager;
    QString operation; // of the other manager's entry: "Apply" or "Update"
    QString apiVersion;
    QString path; // ".spec.parallelism"
};

struct ApplyResult {
    QJsonObject object;                   // the merged object, managedFields recorded
    std::vector<ApplyConflict> conflicts; // when not empty, nothing is to be stored
};

// live: the stored object (empty when the apply creates it). config: the applied configuration.
// kind: the kind's message in the served schema.
ApplyResult serverSideApply(const QJsonObject& live, const QJsonObject& config,
                            const QString& manager, bool force,
                            const google::protobuf::Descriptor* kind);

// The 409 metav1.Status upstream answers for conflicts: one details.causes entry per field
// (reason FieldManagerConflict) and no name or kind, and the message kubectl prints.
QJsonObject conflictStatus(const std::vector<ApplyConflict>& conflicts);

} // namespace tessera::serve
