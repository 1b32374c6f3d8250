#pragma once
// Server-side printing: the meta.k8s.io/v1 Table kubectl asks for (Accept: ...;as=Table), with
// the columns and cells of the kind's printer (KindPrinters.h), as a real API server prints them.
#include "Discovery.h"
#include "ServeTypes.h"

#include <QJsonObject>
#include <vector>

namespace tessera::serve {

// includeObject: "Object" (the whole object in each row), "None", or "Metadata" (the default:
// a PartialObjectMetadata). withColumns false leaves the column definitions out (watch events
// after the first one, as the API server does).
QJsonObject makeTable(const ResourceInfo& resource, const std::vector<ObjectPtr>& objects,
                      const QString& includeObject, bool withColumns,
                      const QString& resourceVersion);

} // namespace tessera::serve
