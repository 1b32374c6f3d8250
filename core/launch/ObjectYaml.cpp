#include "ObjectYaml.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <cmath>

namespace tessera::launch {

ManifestNode manifestNodeOf(const QJsonValue& value) {
    switch (value.type()) {
    case QJsonValue::Object: {
        ManifestNode node;
        const QJsonObject o = value.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            node.add(it.key().toStdString(), manifestNodeOf(it.value()));
        return node;
    }
    case QJsonValue::Array: {
        ManifestNode node = ManifestNode::list();
        for (const QJsonValue& item : value.toArray())
            node.append(manifestNodeOf(item));
        return node;
    }
    case QJsonValue::String:
        return ManifestNode(value.toString().toStdString());
    case QJsonValue::Bool:
        return ManifestNode(value.toBool());
    case QJsonValue::Double: {
        // JSON has one number type; integers (every count in a Job) print as integers.
        const double d = value.toDouble();
        if (std::trunc(d) == d && std::abs(d) < 9.0e15)
            return ManifestNode(static_cast<int64_t>(d));
        return ManifestNode::real(d);
    }
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        break;
    }
    return ManifestNode::null();
}

QByteArray objectYaml(QJsonObject object, ObjectYamlView view) {
    const QString metadataKey = QStringLiteral("metadata");
    QJsonObject metadata = object.value(metadataKey).toObject();
    if (view != ObjectYamlView::LiveWithManagedFields)
        metadata.remove(QStringLiteral("managedFields"));
    if (view == ObjectYamlView::Editable) {
        for (const char* key : {"resourceVersion", "uid", "generation", "creationTimestamp",
                                "selfLink", "deletionTimestamp", "deletionGracePeriodSeconds"})
            metadata.remove(QLatin1String(key));
        object.remove(QStringLiteral("status"));
    }
    if (object.contains(metadataKey))
        object.insert(metadataKey, metadata);
    return QByteArray::fromStdString(manifestNodeOf(object).toYaml() + "\n");
}

QByteArray objectYaml(const QByteArray& json, ObjectYamlView view, QString* error) {
    QJsonParseError pe{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        if (error)
            *error =
                pe.error != QJsonParseError::NoError
                    ? QStringLiteral("not JSON at byte %1: %2").arg(pe.offset).arg(pe.errorString())
                    : QStringLiteral("not a JSON object");
        return {};
    }
    return objectYaml(doc.object(), view);
}

} // namespace tessera::launch
