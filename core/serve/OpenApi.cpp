#include "OpenApi.h"

#include "Discovery.h"
#include "proto/KubeSchema.h"
#include "proto/OpenApiProto.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <google/protobuf/descriptor.h>
#include <map>
#include <mutex>

namespace tessera::serve {

namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;

const QString kVersion = QStringLiteral("v1.32.0");

QJsonObject gvk(const QString& group, const QString& version, const QString& kind) {
    return QJsonObject{{QStringLiteral("group"), group},
                       {QStringLiteral("version"), version},
                       {QStringLiteral("kind"), kind}};
}

// Builds the schemas of one document: definitions (v2) or components.schemas (v3), each message
// once, named as upstream names them ("io.k8s.api.batch.v1.JobSpec").
class SchemaBuilder {
public:
    explicit SchemaBuilder(bool v3)
        : m_v3(v3) {}

    QJsonObject schemas;

    static QString nameOf(const Descriptor* d) {
        const QString full = QString::fromStdString(d->full_name());
        return full.startsWith(QLatin1String("k8s.io.")) ? QStringLiteral("io.k8s.") + full.mid(7)
                                                         : full;
    }

    QString refTo(const Descriptor* d) {
        define(d);
        return (m_v3 ? QStringLiteral("#/components/schemas/") : QStringLiteral("#/definitions/")) +
               nameOf(d);
    }

    // A served kind: its schema with apiVersion, kind and x-kubernetes-group-version-kind.
    void defineKind(const QString& apiVersion, const QString& kind) {
        const Descriptor* d = schema::messageFor(apiVersion, kind);
        if (!d)
            return;
        define(d);
        const QString group = apiVersion.contains(QLatin1Char('/'))
                                  ? apiVersion.section(QLatin1Char('/'), 0, 0)
                                  : QString();
        const QString version = apiVersion.section(QLatin1Char('/'), -1);
        QJsonObject s = schemas.value(nameOf(d)).toObject();
        QJsonObject properties = s.value(QStringLiteral("properties")).toObject();
        properties.insert(
            QStringLiteral("apiVersion"),
            QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                        {QStringLiteral("description"),
                         QStringLiteral("APIVersion defines the versioned schema of this "
                                        "representation of an object.")}});
        properties.insert(
            QStringLiteral("kind"),
            QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                        {QStringLiteral("description"),
                         QStringLiteral("Kind is a string value representing the REST resource "
                                        "this object represents.")}});
        s.insert(QStringLiteral("properties"), properties);
        QJsonArray kinds = s.value(QStringLiteral("x-kubernetes-group-version-kind")).toArray();
        const QJsonObject entry = gvk(group, version, kind);
        if (!kinds.contains(entry))
            kinds.append(entry);
        s.insert(QStringLiteral("x-kubernetes-group-version-kind"), kinds);
        schemas.insert(nameOf(d), s);
    }

private:
    bool m_v3;

    void define(const Descriptor* d) {
        const QString name = nameOf(d);
        if (schemas.contains(name))
            return;
        schemas.insert(name, QJsonObject()); // a placeholder: recursive types stop here
        QJsonObject s;
        switch (schema::specialType(d)) {
        case SpecialType::Time:
        case SpecialType::MicroTime:
            s = {{QStringLiteral("type"), QStringLiteral("string")},
                 {QStringLiteral("format"), QStringLiteral("date-time")}};
            break;
        case SpecialType::Duration:
        case SpecialType::Quantity:
            s = {{QStringLiteral("type"), QStringLiteral("string")}};
            break;
        case SpecialType::IntOrString:
            s = {{QStringLiteral("type"), QStringLiteral("string")},
                 {QStringLiteral("format"), QStringLiteral("int-or-string")}};
            break;
        case SpecialType::FieldsV1:
        case SpecialType::RawExtension:
            s = {{QStringLiteral("type"), QStringLiteral("object")}};
            break;
        case SpecialType::None: {
            QJsonObject properties;
            for (const JsonField& jf : schema::jsonFields(d))
                properties.insert(jf.name, field(jf.field()));
            s = {{QStringLiteral("type"), QStringLiteral("object")},
                 {QStringLiteral("properties"), properties}};
            break;
        }
        }
        if (const QString text = schema::description(d); !text.isEmpty())
            s.insert(QStringLiteral("description"), text);
        schemas.insert(name, s);
    }

    QJsonObject scalar(const FieldDescriptor* f) {
        switch (f->cpp_type()) {
        case FieldDescriptor::CPPTYPE_STRING:
            if (f->type() == FieldDescriptor::TYPE_BYTES)
                return {{QStringLiteral("type"), QStringLiteral("string")},
                        {QStringLiteral("format"), QStringLiteral("byte")}};
            return {{QStringLiteral("type"), QStringLiteral("string")}};
        case FieldDescriptor::CPPTYPE_INT32:
            return {{QStringLiteral("type"), QStringLiteral("integer")},
                    {QStringLiteral("format"), QStringLiteral("int32")}};
        case FieldDescriptor::CPPTYPE_INT64:
            return {{QStringLiteral("type"), QStringLiteral("integer")},
                    {QStringLiteral("format"), QStringLiteral("int64")}};
        case FieldDescriptor::CPPTYPE_BOOL:
            return {{QStringLiteral("type"), QStringLiteral("boolean")}};
        case FieldDescriptor::CPPTYPE_DOUBLE:
            return {{QStringLiteral("type"), QStringLiteral("number")},
                    {QStringLiteral("format"), QStringLiteral("double")}};
        case FieldDescriptor::CPPTYPE_MESSAGE:
            return {{QStringLiteral("$ref"), refTo(f->message_type())}};
        default:
            return {};
        }
    }

    QJsonObject field(const FieldDescriptor* f) {
        const QString text = schema::description(f);
        QJsonObject s;
        if (f->is_map()) {
            s = {{QStringLiteral("type"), QStringLiteral("object")},
                 {QStringLiteral("additionalProperties"), scalar(f->message_type()->map_value())}};
        } else if (f->is_repeated()) {
            s = {{QStringLiteral("type"), QStringLiteral("array")},
                 {QStringLiteral("items"), scalar(f)}};
            const schema::ListSemantics list = schema::listSemantics(f);
            if (!list.listType.isEmpty())
                s.insert(QStringLiteral("x-kubernetes-list-type"), list.listType);
            if (!list.mapKeys.empty()) {
                QJsonArray keys;
                for (const QString& k : list.mapKeys)
                    keys.append(k);
                s.insert(QStringLiteral("x-kubernetes-list-map-keys"), keys);
            }
            if (!list.patchMergeKey.isEmpty())
                s.insert(QStringLiteral("x-kubernetes-patch-merge-key"), list.patchMergeKey);
            if (!list.patchStrategy.isEmpty())
                s.insert(QStringLiteral("x-kubernetes-patch-strategy"), list.patchStrategy);
        } else if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE && m_v3) {
            // As upstream's v3 documents: a description beside a $ref needs allOf.
            s = {{QStringLiteral("allOf"),
                  QJsonArray{QJsonObject{{QStringLiteral("$ref"), refTo(f->message_type())}}}}};
        } else {
            s = scalar(f);
        }
        if (!text.isEmpty())
            s.insert(QStringLiteral("description"), text);
        return s;
    }
};

QString pathPrefix(const ResourceInfo& r) {
    return *r.group
               ? QStringLiteral("/apis/%1/%2").arg(QLatin1String(r.group), QLatin1String(r.version))
               : QStringLiteral("/api/%1").arg(QLatin1String(r.version));
}

QJsonObject operation(bool v3, const ResourceInfo& r, const char* action,
                      const QString& responseRef) {
    QJsonObject op{{QStringLiteral("x-kubernetes-action"), QLatin1String(action)},
                   {QStringLiteral("x-kubernetes-group-version-kind"),
                    gvk(QLatin1String(r.group), QLatin1String(r.version), QLatin1String(r.kind))},
                   {QStringLiteral("operationId"),
                    QStringLiteral("%1%2").arg(QLatin1String(action), QLatin1String(r.kind))},
                   {QStringLiteral("tags"),
                    QJsonArray{*r.group ? QLatin1String(r.group) : QStringLiteral("core")}}};
    QJsonArray parameters;
    if (QByteArray(action) == "patch" || QByteArray(action) == "put" ||
        QByteArray(action) == "post") {
        for (const char* p : {"dryRun", "fieldManager", "fieldValidation", "force"}) {
            if (QByteArray(p) == "force" && QByteArray(action) != "patch")
                continue;
            QJsonObject param{{QStringLiteral("name"), QLatin1String(p)},
                              {QStringLiteral("in"), QStringLiteral("query")},
                              {QStringLiteral("uniqueItems"), true}};
            if (v3)
                param.insert(QStringLiteral("schema"),
                             QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}});
            else
                param.insert(QStringLiteral("type"), QStringLiteral("string"));
            parameters.append(param);
        }
    }
    if (!parameters.isEmpty())
        op.insert(QStringLiteral("parameters"), parameters);
    QJsonObject ok{{QStringLiteral("description"), QStringLiteral("OK")}};
    if (v3)
        ok.insert(QStringLiteral("content"),
                  QJsonObject{{QStringLiteral("application/json"),
                               QJsonObject{{QStringLiteral("schema"),
                                            QJsonObject{{QStringLiteral("$ref"), responseRef}}}}}});
    else
        ok.insert(QStringLiteral("schema"), QJsonObject{{QStringLiteral("$ref"), responseRef}});
    op.insert(QStringLiteral("responses"), QJsonObject{{QStringLiteral("200"), ok}});
    return op;
}

// Paths and schemas of the resources accepted by `include`.
template <typename Include> QJsonObject document(bool v3, Include include) {
    SchemaBuilder builder(v3);
    QJsonObject paths;
    for (const ResourceInfo* r : servedResources()) {
        if (!include(*r))
            continue;
        const Descriptor* kind = schema::messageFor(r->apiVersion(), QLatin1String(r->kind));
        const Descriptor* list = schema::messageFor(r->apiVersion(), r->listKind());
        if (!kind)
            continue;
        builder.defineKind(r->apiVersion(), QLatin1String(r->kind));
        const QString itemRef = builder.refTo(kind);
        const QString collection =
            pathPrefix(*r) +
            (r->namespaced ? QStringLiteral("/namespaces/{namespace}/") : QStringLiteral("/")) +
            QLatin1String(r->name);
        if (!list) {
            // A kind that is only ever created (the access reviews): no list, no object paths.
            paths.insert(collection,
                         QJsonObject{{QStringLiteral("post"), operation(v3, *r, "post", itemRef)}});
            continue;
        }
        builder.defineKind(r->apiVersion(), r->listKind());
        const QString listRef = builder.refTo(list);
        paths.insert(collection,
                     QJsonObject{{QStringLiteral("get"), operation(v3, *r, "list", listRef)},
                                 {QStringLiteral("post"), operation(v3, *r, "post", itemRef)}});
        paths.insert(collection + QStringLiteral("/{name}"),
                     QJsonObject{{QStringLiteral("get"), operation(v3, *r, "get", itemRef)},
                                 {QStringLiteral("put"), operation(v3, *r, "put", itemRef)},
                                 {QStringLiteral("patch"), operation(v3, *r, "patch", itemRef)},
                                 {QStringLiteral("delete"), operation(v3, *r, "delete", itemRef)}});
    }
    // The metav1 kinds every group version answers with.
    builder.defineKind(QStringLiteral("v1"), QStringLiteral("Status"));
    builder.defineKind(QStringLiteral("v1"), QStringLiteral("DeleteOptions"));
    const QJsonObject info{{QStringLiteral("title"), QStringLiteral("Kubernetes (tessera serve)")},
                           {QStringLiteral("version"), kVersion}};
    if (v3)
        return QJsonObject{{QStringLiteral("openapi"), QStringLiteral("3.0.0")},
                           {QStringLiteral("info"), info},
                           {QStringLiteral("paths"), paths},
                           {QStringLiteral("components"),
                            QJsonObject{{QStringLiteral("schemas"), builder.schemas}}}};
    return QJsonObject{{QStringLiteral("swagger"), QStringLiteral("2.0")},
                       {QStringLiteral("info"), info},
                       {QStringLiteral("paths"), paths},
                       {QStringLiteral("definitions"), builder.schemas}};
}

QByteArray compactJsonBytes(const QJsonObject& o) {
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

// The served group-versions: "" for core/v1, "batch" for batch/v1.
std::vector<std::pair<QString, QString>> groupVersions() {
    std::vector<std::pair<QString, QString>> out;
    for (const ResourceInfo* r : servedResources()) {
        const std::pair<QString, QString> gv{QLatin1String(r->group), QLatin1String(r->version)};
        if (std::find(out.begin(), out.end(), gv) == out.end())
            out.push_back(gv);
    }
    return out;
}

} // namespace

QJsonObject openApiV2() {
    return document(false, [](const ResourceInfo&) { return true; });
}

QJsonObject openApiV3(const QString& group, const QString& version) {
    const auto gvs = groupVersions();
    if (std::find(gvs.begin(), gvs.end(), std::pair<QString, QString>{group, version}) == gvs.end())
        return {};
    return document(true, [&](const ResourceInfo& r) {
        return group == QLatin1String(r.group) && version == QLatin1String(r.version);
    });
}

QJsonObject openApiV3Index() {
    QJsonObject paths;
    for (const auto& [group, version] : groupVersions()) {
        const QString key = group.isEmpty() ? QStringLiteral("api/") + version
                                            : QStringLiteral("apis/%1/%2").arg(group, version);
        const QByteArray hash =
            QCryptographicHash::hash(openApiV3Json(group, version), QCryptographicHash::Sha256)
                .toHex()
                .toUpper();
        paths.insert(
            key,
            QJsonObject{
                {QStringLiteral("serverRelativeURL"),
                 QStringLiteral("/openapi/v3/%1?hash=%2").arg(key, QString::fromLatin1(hash))}});
    }
    return QJsonObject{{QStringLiteral("paths"), paths}};
}

const QByteArray& openApiV2Json() {
    static const QByteArray json = compactJsonBytes(openApiV2());
    return json;
}

const QByteArray& openApiV2Protobuf() {
    static const QByteArray bytes = [] {
        auto encoded = openapi::v2ToProtobuf(openApiV2());
        if (!encoded)
            qWarning("tessera serve: the OpenAPI v2 document cannot be encoded as protobuf: %s",
                     qUtf8Printable(encoded.error()));
        return encoded ? *encoded : QByteArray();
    }();
    return bytes;
}

QByteArray openApiV3Json(const QString& group, const QString& version) {
    static std::mutex mutex;
    static std::map<std::pair<QString, QString>, QByteArray> cache;
    const std::lock_guard lock(mutex);
    const std::pair key{group, version};
    if (auto it = cache.find(key); it != cache.end())
        return it->second;
    const QJsonObject doc = openApiV3(group, version);
    QByteArray bytes = doc.isEmpty() ? QByteArray() : compactJsonBytes(doc);
    cache.emplace(key, bytes);
    return bytes;
}

} // namespace tessera::serve
