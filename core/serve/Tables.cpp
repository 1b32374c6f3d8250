#include "Tables.h"

#include "KindPrinters.h"
#include "engine/Clock.h"

#include <QJsonArray>

namespace tessera::serve {

QJsonObject makeTable(const ResourceInfo& resource, const std::vector<ObjectPtr>& objects,
                      const QString& includeObject, bool withColumns,
                      const QString& resourceVersion) {
    const Printer& printer = resource.printer ? *resource.printer : printers::kDefault;
    const int64_t nowMs = engine::toUnixMillis(engine::SystemClock().now());
    QJsonArray rows;
    for (const ObjectPtr& object : objects) {
        QJsonObject row{{QStringLiteral("cells"), printer.cells(object->json, nowMs)}};
        if (includeObject == QLatin1String("Object")) {
            row.insert(QStringLiteral("object"), object->json);
        } else if (includeObject != QLatin1String("None")) {
            row.insert(
                QStringLiteral("object"),
                QJsonObject{
                    {QStringLiteral("kind"), QStringLiteral("PartialObjectMetadata")},
                    {QStringLiteral("apiVersion"), QStringLiteral("meta.k8s.io/v1")},
                    {QStringLiteral("metadata"), object->json.value(QStringLiteral("metadata"))}});
        }
        rows.append(row);
    }
    QJsonObject table{{QStringLiteral("kind"), QStringLiteral("Table")},
                      {QStringLiteral("apiVersion"), QStringLiteral("meta.k8s.io/v1")},
                      {QStringLiteral("metadata"),
                       QJsonObject{{QStringLiteral("resourceVersion"), resourceVersion}}},
                      {QStringLiteral("rows"), rows}};
    table.insert(QStringLiteral("columnDefinitions"),
                 withColumns ? printer.columns() : QJsonArray());
    return table;
}

} // namespace tessera::serve
