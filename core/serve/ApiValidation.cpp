#include "ApiValidation.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

namespace tessera::serve {

namespace {

const QString kMetadata = QStringLiteral("metadata");
const QString kSpec = QStringLiteral("spec");

// The API server's own wording (k8s.io/apimachinery/pkg/util/validation), so users can search it.
const char* const kSubdomainHelp =
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or "
    "'.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used "
    "for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const char* const kLabelHelp =
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and "
    "must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex "
    "used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const char* const kDns1035Help =
    "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an "
    "alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or "
    "'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";

enum class NameRule { Subdomain, Label, Dns1035, PathSegment };

NameRule nameRuleOf(const ResourceInfo& r) {
    const QLatin1String name(r.name);
    if (name == QLatin1String("namespaces"))
        return NameRule::Label;
    if (name == QLatin1String("services"))
        return NameRule::Dns1035;
    if (name == QLatin1String("events"))
        return NameRule::PathSegment;
    return NameRule::Subdomain;
}

QString quoted(const QString& s) {
    // Go's %q for the strings names are made of.
    QString out = s;
    out.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
        .replace(QLatin1Char('"'), QStringLiteral("\\\""));
    return QLatin1Char('"') + out + QLatin1Char('"');
}

// The problems of `name` under `rule` (empty when valid). prefix: generateName is checked with
// its random suffix to come, so a trailing '-' is fine.
QStringList nameProblems(QString name, NameRule rule, bool prefix) {
    if (prefix)
        name += QLatin1Char('a');
    QStringList out;
    static const QRegularExpression subdomain(
        QStringLiteral("^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$"));
    static const QRegularExpression label(QStringLiteral("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$"));
    static const QRegularExpression dns1035(QStringLiteral("^[a-z]([-a-z0-9]*[a-z0-9])?$"));
    switch (rule) {
    case NameRule::Subdomain:
        if (name.size() > 253)
            out << QStringLiteral("must be no more than 253 characters");
        if (!subdomain.match(name).hasMatch())
            out << QLatin1String(kSubdomainHelp);
        break;
    case NameRule::Label:
        if (name.size() > 63)
            out << QStringLiteral("must be no more than 63 characters");
        if (!label.match(name).hasMatch())
            out << QLatin1String(kLabelHelp);
        break;
    case NameRule::Dns1035:
        if (name.size() > 63)
            out << QStringLiteral("must be no more than 63 characters");
        if (!dns1035.match(name).hasMatch())
            out << QLatin1String(kDns1035Help);
        break;
    case NameRule::PathSegment:
        if (name == QLatin1String(".") || name == QLatin1String(".."))
            out << QStringLiteral("may not be '%1'").arg(name);
        else if (name.contains(QLatin1Char('/')) || name.contains(QLatin1Char('%')))
            out << QStringLiteral("may not contain '/' or '%'");
        break;
    }
    return out;
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
    if (message.startsWith(QLatin1String("Forbidden")))
        return fieldCause(field, "FieldValueForbidden", message);
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
    const QJsonObject meta = object.value(kMetadata).toObject();
    const QString name = meta.value(QStringLiteral("name")).toString();
    const QString generate = meta.value(QStringLiteral("generateName")).toString();
    QJsonArray out;
    const NameRule rule = nameRuleOf(resource);
    if (!name.isEmpty()) {
        for (const QString& p : nameProblems(name, rule, false))
            out.append(invalidCause(QStringLiteral("metadata.name"), name, p));
    } else if (!generate.isEmpty()) {
        for (const QString& p : nameProblems(generate, rule, true))
            out.append(invalidCause(QStringLiteral("metadata.generateName"), generate, p));
    } else {
        out.append(fieldCause(QStringLiteral("metadata.name"), "FieldValueRequired",
                              QStringLiteral("Required value: name or generateName is required")));
    }
    return out;
}

QJsonArray validatePodSpec(const QJsonObject& podSpec, const QString& path, bool jobTemplate) {
    QJsonArray out;
    const QJsonArray containers = podSpec.value(QStringLiteral("containers")).toArray();
    if (containers.isEmpty() && !jobTemplate)
        out.append(fieldCause(path + QStringLiteral(".containers"), "FieldValueRequired",
                              QStringLiteral("Required value")));
    QSet<QString> names;
    for (const char* list : {"initContainers", "containers"}) {
        const QJsonArray items = podSpec.value(QLatin1String(list)).toArray();
        for (qsizetype i = 0; i < items.size(); ++i) {
            const QJsonObject c = items[i].toObject();
            const QString at = QStringLiteral("%1.%2[%3]").arg(path, QLatin1String(list)).arg(i);
            const QString name = c.value(QStringLiteral("name")).toString();
            if (name.isEmpty())
                out.append(fieldCause(at + QStringLiteral(".name"), "FieldValueRequired",
                                      QStringLiteral("Required value")));
            else if (names.contains(name))
                out.append(fieldCause(at + QStringLiteral(".name"), "FieldValueDuplicate",
                                      QStringLiteral("Duplicate value: %1").arg(quoted(name))));
            else
                for (const QString& p : nameProblems(name, NameRule::Label, false))
                    out.append(invalidCause(at + QStringLiteral(".name"), name, p));
            names.insert(name);
            if (c.value(QStringLiteral("image")).toString().trimmed().isEmpty())
                out.append(fieldCause(at + QStringLiteral(".image"), "FieldValueRequired",
                                      QStringLiteral("Required value")));
        }
    }
    const QJsonValue restart = podSpec.value(QStringLiteral("restartPolicy"));
    const QString policy = restart.toString();
    if (!jobTemplate && !restart.isUndefined() && policy != QLatin1String("Always") &&
        policy != QLatin1String("OnFailure") && policy != QLatin1String("Never"))
        out.append(fieldCause(path + QStringLiteral(".restartPolicy"), "FieldValueNotSupported",
                              QStringLiteral("Unsupported value: %1: supported values: "
                                             "\"Always\", \"OnFailure\", \"Never\"")
                                  .arg(quoted(policy))));
    return out;
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
