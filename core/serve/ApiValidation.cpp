#include "ApiValidation.h"

#include "codec/ManifestValidation.h"
#include "engine/ValidationNames.h"

#include <QJsonDocument>

namespace tessera::serve {

namespace {

const QString kMetadata = QStringLiteral("metadata");
const QString kSpec = QStringLiteral("spec");

QString quoted(const QString& s) {
    return QString::fromStdString(engine::quoteValue(s.toStdString()));
}

std::string jsonText(const QJsonObject& object) {
    return QJsonDocument(object).toJson(QJsonDocument::Compact).toStdString();
}

QString valueText(const QJsonValue& v) {
    if (v.isString())
        return quoted(v.toString());
    if (v.isDouble())
        return QString::number(v.toDouble(), 'g', 17);
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (v.isObject())
        return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    if (v.isArray())
        return QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
    return QStringLiteral("null");
}

QJsonObject invalidCause(const QString& field, const QJsonValue& value, const QString& detail) {
    return fieldCause(field, "FieldValueInvalid",
                      QStringLiteral("Invalid value: %1: %2").arg(valueText(value), detail));
}

} // namespace

QJsonObject fieldCause(const QString& field, const char* reason, const QString& message) {
    return QJsonObject{{QStringLiteral("reason"), QLatin1String(reason)},
                       {QStringLiteral("message"), message},
                       {QStringLiteral("field"), field}};
}

QJsonObject fieldCause(const engine::Error& e) {
    const QString field = QString::fromStdString(e.field);
    const QString message = QString::fromStdString(e.message);
    if (!e.value.empty())
        return fieldCause(
            field, "FieldValueInvalid",
            QStringLiteral("Invalid value: %1: %2").arg(QString::fromStdString(e.value), message));
    if (message.startsWith(QLatin1String("Required value")))
        return fieldCause(field, "FieldValueRequired", message);
    if (message.startsWith(QLatin1String("Unsupported value")))
        return fieldCause(field, "FieldValueNotSupported", message);
    // The type of a field error is the start of its message, as upstream's ErrorBody writes it.
    static constexpr std::pair<const char*, const char*> kReasons[] = {
        {"Forbidden", "FieldValueForbidden"},
        {"Duplicate value", "FieldValueDuplicate"},
        {"Not found", "FieldValueNotFound"},
        {"Too long", "FieldValueTooLong"},
        {"Too many", "FieldValueTooMany"}};
    for (const auto& [prefix, reason] : kReasons)
        if (message.startsWith(QLatin1String(prefix)))
            return fieldCause(field, reason, message);
    return fieldCause(field, "FieldValueInvalid", message);
}

QJsonArray causesOf(const std::vector<engine::Error>& errors) {
    QJsonArray out;
    for (const engine::Error& e : errors)
        out.append(fieldCause(e));
    return out;
}

ApiFailure invalidObject(const ResourceInfo& resource, const QString& name,
                         const QJsonArray& causes) {
    QStringList parts;
    for (const QJsonValue& c : causes) {
        const QJsonObject cause = c.toObject();
        const QString field = cause.value(QStringLiteral("field")).toString();
        const QString message = cause.value(QStringLiteral("message")).toString();
        parts << (field.isEmpty() ? message : field + QStringLiteral(": ") + message);
    }
    const QString group = QLatin1String(resource.group);
    const QString qualified =
        QLatin1String(resource.kind) + (group.isEmpty() ? QString() : QLatin1Char('.') + group);
    ApiFailure f;
    f.code = 422;
    f.reason = QStringLiteral("Invalid");
    f.message = QStringLiteral("%1 %2 is invalid: %3")
                    .arg(qualified, quoted(name),
                         parts.size() == 1 ? parts.front()
                                           : QLatin1Char('[') + parts.join(QStringLiteral(", ")) +
                                                 QLatin1Char(']'));
    f.causes = causes;
    f.detailsKind = QLatin1String(resource.kind);
    f.detailsName = name;
    return f;
}

QJsonArray validateObjectName(const ResourceInfo& resource, const QJsonObject& object) {
    return causesOf(codec::validateObjectMeta(jsonText(object), resource.nameRule));
}

QJsonArray validatePodSpec(const QJsonObject& podSpec, const QString& path, bool jobTemplate) {
    return causesOf(codec::validatePodSpec(jsonText(podSpec), path.toStdString(),
                                           jobTemplate ? codec::PodSpecOwner::JobTemplate
                                                       : codec::PodSpecOwner::Pod));
}

QJsonArray validateJobTemplateUpdate(const QJsonObject& previous, const QJsonObject& updated) {
    QJsonArray out;
    const QJsonObject a = previous.value(kSpec).toObject();
    const QJsonObject b = updated.value(kSpec).toObject();
    if (a.value(QStringLiteral("selector")) != b.value(QStringLiteral("selector")))
        out.append(invalidCause(QStringLiteral("spec.selector"),
                                b.value(QStringLiteral("selector")),
                                QStringLiteral("field is immutable")));
    QJsonObject ta = a.value(QStringLiteral("template")).toObject();
    QJsonObject tb = b.value(QStringLiteral("template")).toObject();
    // A suspended Job that never started may change its scheduling directives and the pod
    // template's labels and annotations (kube's JobMutableSchedulingDirectives).
    const bool mutableDirectives =
        b.value(QStringLiteral("suspend")).toBool() &&
        !previous.value(QStringLiteral("status")).toObject().contains(QStringLiteral("startTime"));
    if (mutableDirectives) {
        for (QJsonObject* t : {&ta, &tb}) {
            QJsonObject meta = t->value(kMetadata).toObject();
            meta.remove(QStringLiteral("labels"));
            meta.remove(QStringLiteral("annotations"));
            t->insert(kMetadata, meta);
            QJsonObject spec = t->value(kSpec).toObject();
            for (const char* field : {"nodeSelector", "affinity", "tolerations", "schedulingGates"})
                spec.remove(QLatin1String(field));
            t->insert(kSpec, spec);
        }
    }
    if (ta != tb)
        out.append(fieldCause(QStringLiteral("spec.template"), "FieldValueInvalid",
                              QStringLiteral("Invalid value: %1: field is immutable")
                                  .arg(valueText(b.value(QStringLiteral("template"))))));
    return out;
}

} // namespace tessera::serve
