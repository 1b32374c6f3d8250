#include "OpenApiProto.h"

#include "openapiv2.pb.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace tessera::serve::openapi {

namespace {

namespace v2 = ::openapi::v2;

std::string str(const QJsonValue& v) {
    return v.toString().toStdString();
}

std::string yamlOf(const QJsonValue& v) {
    if (v.isObject())
        return QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact).toStdString();
    if (v.isArray())
        return QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact).toStdString();
    if (v.isBool())
        return v.toBool() ? "true" : "false";
    if (v.isDouble())
        return QString::number(v.toDouble()).toStdString();
    return QJsonDocument(QJsonArray{v})
        .toJson(QJsonDocument::Compact)
        .mid(1)
        .chopped(1)
        .toStdString();
}

template <typename Message> void extensions(const QJsonObject& o, Message& m) {
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!it.key().startsWith(QLatin1String("x-")))
            continue;
        v2::NamedAny* named = m.add_vendor_extension();
        named->set_name(it.key().toStdString());
        named->mutable_value()->set_yaml(yamlOf(it.value()));
    }
}

void schema(const QJsonObject& o, v2::Schema& s) {
    if (o.contains(QStringLiteral("$ref")))
        s.set__ref(str(o.value(QStringLiteral("$ref"))));
    s.set_format(str(o.value(QStringLiteral("format"))));
    s.set_description(str(o.value(QStringLiteral("description"))));
    if (o.contains(QStringLiteral("type")))
        s.mutable_type()->add_value(str(o.value(QStringLiteral("type"))));
    if (o.value(QStringLiteral("items")).isObject())
        schema(o.value(QStringLiteral("items")).toObject(), *s.mutable_items()->add_schema());
    const QJsonValue additional = o.value(QStringLiteral("additionalProperties"));
    if (additional.isObject())
        schema(additional.toObject(), *s.mutable_additional_properties()->mutable_schema());
    else if (additional.isBool())
        s.mutable_additional_properties()->set_boolean(additional.toBool());
    const QJsonObject properties = o.value(QStringLiteral("properties")).toObject();
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        v2::NamedSchema* named = s.mutable_properties()->add_additional_properties();
        named->set_name(it.key().toStdString());
        schema(it.value().toObject(), *named->mutable_value());
    }
    for (const QJsonValue& r : o.value(QStringLiteral("required")).toArray())
        s.add_required(str(r));
    for (const QJsonValue& a : o.value(QStringLiteral("allOf")).toArray())
        schema(a.toObject(), *s.add_all_of());
    extensions(o, s);
}

void operation(const QJsonObject& o, v2::Operation& op) {
    for (const QJsonValue& t : o.value(QStringLiteral("tags")).toArray())
        op.add_tags(str(t));
    op.set_operation_id(str(o.value(QStringLiteral("operationId"))));
    op.set_description(str(o.value(QStringLiteral("description"))));
    for (const QJsonValue& p : o.value(QStringLiteral("parameters")).toArray()) {
        const QJsonObject param = p.toObject();
        auto* query = op.add_parameters()
                          ->mutable_parameter()
                          ->mutable_non_body_parameter()
                          ->mutable_query_parameter_sub_schema();
        query->set_name(str(param.value(QStringLiteral("name"))));
        query->set_in(str(param.value(QStringLiteral("in"))));
        query->set_type(str(param.value(QStringLiteral("type"))));
        query->set_unique_items(param.value(QStringLiteral("uniqueItems")).toBool());
    }
    const QJsonObject responses = o.value(QStringLiteral("responses")).toObject();
    for (auto it = responses.begin(); it != responses.end(); ++it) {
        v2::NamedResponseValue* named = op.mutable_responses()->add_response_code();
        named->set_name(it.key().toStdString());
        const QJsonObject r = it.value().toObject();
        v2::Response* response = named->mutable_value()->mutable_response();
        response->set_description(str(r.value(QStringLiteral("description"))));
        if (r.value(QStringLiteral("schema")).isObject())
            schema(r.value(QStringLiteral("schema")).toObject(),
                   *response->mutable_schema()->mutable_schema());
    }
    extensions(o, op);
}

} // namespace

tl::expected<QByteArray, QString> v2ToProtobuf(const QJsonObject& document) {
    if (document.value(QStringLiteral("swagger")).toString() != QLatin1String("2.0"))
        return tl::unexpected(
            QStringLiteral("not an OpenAPI v2 document (swagger is not \"2.0\")"));
    v2::Document doc;
    doc.set_swagger("2.0");
    const QJsonObject info = document.value(QStringLiteral("info")).toObject();
    doc.mutable_info()->set_title(str(info.value(QStringLiteral("title"))));
    doc.mutable_info()->set_version(str(info.value(QStringLiteral("version"))));
    const QJsonObject paths = document.value(QStringLiteral("paths")).toObject();
    for (auto it = paths.begin(); it != paths.end(); ++it) {
        v2::NamedPathItem* named = doc.mutable_paths()->add_path();
        named->set_name(it.key().toStdString());
        const QJsonObject item = it.value().toObject();
        v2::PathItem* path = named->mutable_value();
        const std::pair<const char*, v2::Operation* (v2::PathItem::*)()> verbs[] = {
            {"get", &v2::PathItem::mutable_get},
            {"put", &v2::PathItem::mutable_put},
            {"post", &v2::PathItem::mutable_post},
            {"delete", &v2::PathItem::mutable_delete_},
            {"patch", &v2::PathItem::mutable_patch}};
        for (const auto& [verb, mutableOp] : verbs)
            if (item.value(QLatin1String(verb)).isObject())
                operation(item.value(QLatin1String(verb)).toObject(), *(path->*mutableOp)());
    }
    const QJsonObject definitions = document.value(QStringLiteral("definitions")).toObject();
    for (auto it = definitions.begin(); it != definitions.end(); ++it) {
        v2::NamedSchema* named = doc.mutable_definitions()->add_additional_properties();
        named->set_name(it.key().toStdString());
        schema(it.value().toObject(), *named->mutable_value());
    }
    return QByteArray::fromStdString(doc.SerializeAsString());
}

} // namespace tessera::serve::openapi
