#include "FieldValidation.h"

#include "proto/KubeSchema.h"
#include "proto/ProtoJson.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <google/protobuf/dynamic_message.h>
#include <google/protobuf/message.h>
#include <memory>

namespace tessera::serve {

namespace {

// One step of a field path: a key, or a key and a list index ("containers[0]").
struct Step {
    QString key;
    int index = -1;
};

QList<Step> parsePath(const QString& path) {
    static const QRegularExpression indexed(QStringLiteral("^(.*)\\[(\\d+)\\]$"));
    QList<Step> steps;
    for (const QString& part : path.split(QLatin1Char('.'))) {
        const QRegularExpressionMatch m = indexed.match(part);
        if (m.hasMatch())
            steps << Step{m.captured(1), m.captured(2).toInt()};
        else
            steps << Step{part, -1};
    }
    return steps;
}

void removeSteps(QJsonObject& object, const QList<Step>& steps, qsizetype at) {
    const Step& step = steps[at];
    if (at + 1 == steps.size()) {
        if (step.index < 0)
            object.remove(step.key);
        return;
    }
    if (step.index >= 0) {
        QJsonArray list = object.value(step.key).toArray();
        if (step.index >= list.size() || !list[step.index].isObject())
            return;
        QJsonObject item = list[step.index].toObject();
        removeSteps(item, steps, at + 1);
        list[step.index] = item;
        object.insert(step.key, list);
        return;
    }
    if (!object.value(step.key).isObject())
        return;
    QJsonObject child = object.value(step.key).toObject();
    removeSteps(child, steps, at + 1);
    object.insert(step.key, child);
}

} // namespace

void removeFieldPath(QJsonObject& object, const QString& path) {
    const QList<Step> steps = parsePath(path);
    if (!steps.isEmpty())
        removeSteps(object, steps, 0);
}

ApiOutcome<QStringList> validateFields(const ResourceInfo& resource, QJsonObject& object,
                                       const QString& mode) {
    const QString normal = mode.isEmpty() ? QStringLiteral("Warn") : mode;
    if (normal != QLatin1String("Strict") && normal != QLatin1String("Warn") &&
        normal != QLatin1String("Ignore"))
        return apiFailure(
            400, "BadRequest",
            QStringLiteral(
                "fieldValidation must be one of \"Ignore\", \"Warn\" or \"Strict\", not \"%1\"")
                .arg(mode));
    const auto* descriptor =
        schema::messageFor(resource.apiVersion(), QLatin1String(resource.kind));
    if (!descriptor)
        return QStringList();
    std::unique_ptr<google::protobuf::Message> message(
        google::protobuf::MessageFactory::generated_factory()->GetPrototype(descriptor)->New());
    const JsonToProtoResult checked = jsonToProto(object, *message);
    const QString cannot = QStringLiteral("%1 in version \"%2\" cannot be handled as a %1: ")
                               .arg(QLatin1String(resource.kind), QLatin1String(resource.version));
    if (!checked.ok)
        return apiFailure(400, "BadRequest", cannot + checked.error);
    if (checked.unknown.isEmpty())
        return QStringList();
    if (normal == QLatin1String("Strict")) {
        QStringList quoted;
        for (const QString& path : checked.unknown)
            quoted << QStringLiteral("unknown field \"%1\"").arg(path);
        return apiFailure(400, "BadRequest",
                          cannot + QStringLiteral("strict decoding error: ") +
                              quoted.join(QStringLiteral(", ")));
    }
    for (const QString& path : checked.unknown)
        removeFieldPath(object, path);
    QStringList warnings;
    if (normal == QLatin1String("Warn"))
        for (const QString& path : checked.unknown)
            warnings << QStringLiteral("unknown field \"%1\"").arg(path);
    return warnings;
}

} // namespace tessera::serve
