#include "ApiCodec.h"

#include "codec/InputRules.h"
#include "codec/Manifests.h"
#include "proto/ProtoCodec.h"

#include <QJsonDocument>
#include <algorithm>

namespace tessera::serve {

namespace {

struct MediaRange {
    QByteArray type;
    QList<QByteArray> params;
    double q = 1.0;
    int order = 0;
};

QList<MediaRange> parseAccept(const QByteArray& accept) {
    QList<MediaRange> out;
    int order = 0;
    for (const QByteArray& part : accept.split(',')) {
        const QList<QByteArray> pieces = part.split(';');
        MediaRange m;
        m.type = pieces.value(0).trimmed().toLower();
        m.order = order++;
        for (qsizetype i = 1; i < pieces.size(); ++i) {
            const QByteArray p = pieces[i].trimmed();
            if (p.startsWith("q="))
                m.q = p.mid(2).toDouble();
            else
                m.params << p;
        }
        if (!m.type.isEmpty() && m.q > 0)
            out << m;
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const MediaRange& a, const MediaRange& b) { return a.q > b.q; });
    return out;
}

tl::unexpected<ApiFailure> encodeFailure(const QString& message) {
    return apiFailure(
        500, "InternalError",
        QStringLiteral("the response cannot be encoded as protobuf: %1").arg(message));
}

} // namespace

bool truthy(const QString& v) {
    return v == QLatin1String("1") || v.compare(QLatin1String("true"), Qt::CaseInsensitive) == 0;
}

WireFormat responseFormat(const HttpRequest& r) {
    for (const MediaRange& m : parseAccept(r.header("accept"))) {
        const bool table = std::any_of(m.params.begin(), m.params.end(),
                                       [](const QByteArray& p) { return p.startsWith("as="); });
        if (table)
            continue; // Tables are answered as JSON elsewhere; as a plain encoding, skip them
        if (m.type == kProtobufMediaType)
            return WireFormat::Protobuf;
        if (m.type == "application/json" || m.type == "application/*" || m.type == "*/*")
            return WireFormat::Json;
    }
    return WireFormat::Json;
}

bool wantsTable(const HttpRequest& r) {
    const QByteArray accept = r.header("accept");
    return accept.contains("as=Table") && accept.contains("g=meta.k8s.io");
}

bool isProtobufBody(const HttpRequest& r) {
    return r.mediaType() == kProtobufMediaType;
}

bool isJsonBody(const HttpRequest& r) {
    const QByteArray type = r.mediaType();
    return type.isEmpty() || type == "application/json";
}

ApiOutcome<QJsonObject> decodeYamlObject(const QByteArray& body, const char* what) {
    auto manifests = codec::parseManifests(std::string_view(body.constData(), body.size()), what);
    if (!manifests)
        return apiFailure(400, "BadRequest",
                          QStringLiteral("error decoding YAML: %1")
                              .arg(QString::fromStdString(manifests.error().message)));
    if (manifests->size() != 1)
        return apiFailure(400, "BadRequest",
                          QStringLiteral("%1 must be one object, not %2")
                              .arg(QLatin1String(what))
                              .arg(manifests->size()));
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray::fromStdString(manifests->front().json));
    if (!doc.isObject())
        return apiFailure(400, "BadRequest",
                          QStringLiteral("%1 is not an object").arg(QLatin1String(what)));
    return doc.object();
}

ApiOutcome<QJsonObject> decodeBody(const HttpRequest& r) {
    if (isProtobufBody(r)) {
        auto decoded = protobuf::decode(r.body);
        if (!decoded)
            return apiFailure(400, "BadRequest",
                              QStringLiteral("the request body is not a valid protobuf object: %1")
                                  .arg(decoded.error()));
        return *decoded;
    }
    // application/yaml: one document, read as kube-apiserver's YAML serializer reads it.
    if (r.mediaType() == "application/yaml")
        return decodeYamlObject(r.body, "the request body");
    if (std::optional<ApiFailure> deep = nestingFailure(r.body))
        return tl::unexpected(*deep);
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(r.body, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return apiFailure(400, "BadRequest",
                          QStringLiteral("the request body is not a JSON object: %1 (at byte %2)")
                              .arg(error.error != QJsonParseError::NoError
                                       ? error.errorString()
                                       : QStringLiteral("not an object"),
                                   QString::number(error.offset)));
    return doc.object();
}

std::optional<ApiFailure> nestingFailure(const QByteArray& body) {
    const std::optional<engine::Error> deep = codec::checkJsonNesting(
        std::string_view(body.constData(), static_cast<std::size_t>(body.size())));
    if (!deep)
        return std::nullopt;
    return ApiFailure{400,
                      QStringLiteral("BadRequest"),
                      QStringLiteral("the request body is not acceptable JSON: %1: %2 (at byte %3)")
                          .arg(QString::fromStdString(deep->field),
                               QString::fromStdString(deep->message),
                               QString::number(deep->position)),
                      {},
                      {},
                      {}};
}

QByteArray compactJson(const QJsonObject& o) {
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QJsonObject statusObject(const ApiFailure& f, const QString& kind, const QString& name,
                         const QString& group) {
    QJsonObject details;
    if (!name.isEmpty())
        details.insert(QStringLiteral("name"), name);
    if (!group.isEmpty())
        details.insert(QStringLiteral("group"), group);
    if (!kind.isEmpty())
        details.insert(QStringLiteral("kind"), kind);
    if (!f.causes.isEmpty())
        details.insert(QStringLiteral("causes"), f.causes);
    QJsonObject status{{QStringLiteral("kind"), QStringLiteral("Status")},
                       {QStringLiteral("apiVersion"), QStringLiteral("v1")},
                       {QStringLiteral("metadata"), QJsonObject()},
                       {QStringLiteral("status"), QStringLiteral("Failure")},
                       {QStringLiteral("message"), f.message},
                       {QStringLiteral("reason"), f.reason},
                       {QStringLiteral("code"), f.code}};
    // Always present, as clients dereference it (kubectl 1.32's debug read details.name of a 404).
    status.insert(QStringLiteral("details"), details);
    return status;
}

ApiOutcome<EncodedBody> encodeObject(WireFormat format, const QJsonObject& object,
                                     const QByteArray& json) {
    if (format == WireFormat::Json)
        return EncodedBody{"application/json", json.isEmpty() ? compactJson(object) : json};
    auto encoded = protobuf::encode(object);
    if (!encoded)
        return encodeFailure(encoded.error());
    return EncodedBody{kProtobufMediaType, *encoded};
}

ApiOutcome<EncodedBody> encodeList(WireFormat format, const QString& apiVersion,
                                   const QString& listKind, const QJsonObject& listMeta,
                                   const QList<ObjectPtr>& items) {
    if (format == WireFormat::Protobuf) {
        QList<QJsonObject> objects;
        objects.reserve(items.size());
        for (const ObjectPtr& o : items)
            objects << o->json;
        auto encoded = protobuf::encodeList(apiVersion, listKind, listMeta, objects);
        if (!encoded)
            return encodeFailure(encoded.error());
        return EncodedBody{kProtobufMediaType, *encoded};
    }
    // JSON: the items' cached bytes are concatenated, not re-serialized.
    QByteArray body;
    qsizetype size = 256;
    for (const ObjectPtr& o : items)
        size += o->bytes.size() + 1;
    body.reserve(size);
    body += "{\"kind\":\"" + listKind.toUtf8() + "\",\"apiVersion\":\"" + apiVersion.toUtf8() +
            "\",\"metadata\":" + compactJson(listMeta) + ",\"items\":[";
    for (qsizetype i = 0; i < items.size(); ++i) {
        if (i)
            body += ',';
        body += items[i]->bytes;
    }
    body += "]}";
    return EncodedBody{"application/json", body};
}

ApiOutcome<QByteArray> encodeWatchEvent(WireFormat format, const QByteArray& type,
                                        const QJsonObject& object, const QByteArray& json) {
    if (format == WireFormat::Json)
        return "{\"type\":\"" + type +
               "\",\"object\":" + (json.isEmpty() ? compactJson(object) : json) + "}\n";
    auto frame = protobuf::encodeWatchEvent(type, object);
    if (!frame)
        return encodeFailure(frame.error());
    return *frame;
}

QByteArray watchContentType(WireFormat format) {
    return format == WireFormat::Protobuf ? QByteArray(kProtobufWatchMediaType)
                                          : QByteArray("application/json");
}

} // namespace tessera::serve
