#include "ProtoCodec.h"

#include "KubeSchema.h"
#include "ProtoJson.h"
#include "meta.pb.h"
#include "runtime.pb.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/dynamic_message.h>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/message.h>
#include <memory>

namespace tessera::serve::protobuf {

namespace {

using google::protobuf::Descriptor;
using google::protobuf::Message;
using google::protobuf::MessageFactory;

namespace runtime = k8s::io::apimachinery::pkg::runtime;
namespace metav1 = k8s::io::apimachinery::pkg::apis::meta::v1;

const QByteArray kMagic("k8s\0", 4);

std::unique_ptr<Message> newMessage(const Descriptor* d) {
    return std::unique_ptr<Message>(MessageFactory::generated_factory()->GetPrototype(d)->New());
}

QByteArray envelope(const QString& apiVersion, const QString& kind, const std::string& raw) {
    runtime::Unknown unknown;
    unknown.mutable_typemeta()->set_apiversion(apiVersion.toStdString());
    unknown.mutable_typemeta()->set_kind(kind.toStdString());
    unknown.set_raw(raw);
    unknown.set_contentencoding("");
    unknown.set_contenttype("");
    return kMagic + QByteArray::fromStdString(unknown.SerializeAsString());
}

tl::expected<std::string, QString> messageBytes(const QJsonObject& object,
                                                const QString& apiVersion, const QString& kind) {
    const Descriptor* d = schema::messageFor(apiVersion, kind);
    if (!d)
        return tl::unexpected(
            QStringLiteral("no protobuf schema for %1, kind %2").arg(apiVersion, kind));
    std::unique_ptr<Message> message = newMessage(d);
    const JsonToProtoResult converted = jsonToProto(object, *message);
    if (!converted.ok)
        return tl::unexpected(QStringLiteral("%1 %2: %3").arg(apiVersion, kind, converted.error));
    return message->SerializeAsString();
}

void appendLengthDelimited(std::string& out, int fieldNumber, const std::string& bytes) {
    google::protobuf::io::StringOutputStream stream(&out);
    google::protobuf::io::CodedOutputStream coded(&stream);
    coded.WriteTag(static_cast<quint32>(fieldNumber << 3 | 2));
    coded.WriteVarint32(static_cast<quint32>(bytes.size()));
    coded.WriteRaw(bytes.data(), static_cast<int>(bytes.size()));
}

} // namespace

tl::expected<QJsonObject, QString> decode(const QByteArray& body) {
    if (!body.startsWith(kMagic))
        return tl::unexpected(
            QStringLiteral("the body does not start with the protobuf magic \"k8s\\0\""));
    runtime::Unknown unknown;
    if (!unknown.ParseFromArray(body.constData() + 4, static_cast<int>(body.size() - 4)))
        return tl::unexpected(QStringLiteral("the body is not a runtime.Unknown message"));
    const QString apiVersion = QString::fromStdString(unknown.typemeta().apiversion());
    const QString kind = QString::fromStdString(unknown.typemeta().kind());
    const Descriptor* d = schema::messageFor(apiVersion, kind);
    if (!d)
        return tl::unexpected(
            QStringLiteral("no protobuf schema for %1, kind %2").arg(apiVersion, kind));
    if (!unknown.contentencoding().empty())
        return tl::unexpected(QStringLiteral("content encoding %1 is not supported")
                                  .arg(QString::fromStdString(unknown.contentencoding())));
    std::unique_ptr<Message> message = newMessage(d);
    if (!message->ParseFromString(unknown.raw()))
        return tl::unexpected(
            QStringLiteral("the %1 message (%2) cannot be parsed").arg(kind, apiVersion));
    QJsonObject json = protoToJson(*message);
    json.insert(QStringLiteral("apiVersion"), apiVersion);
    json.insert(QStringLiteral("kind"), kind);
    return json;
}

tl::expected<QByteArray, QString> encode(const QJsonObject& object) {
    const QString apiVersion = object.value(QStringLiteral("apiVersion")).toString();
    const QString kind = object.value(QStringLiteral("kind")).toString();
    auto raw = messageBytes(object, apiVersion, kind);
    if (!raw)
        return tl::unexpected(raw.error());
    return envelope(apiVersion, kind, *raw);
}

tl::expected<QByteArray, QString> encodeList(const QString& apiVersion, const QString& listKind,
                                             const QJsonObject& listMeta,
                                             const QList<QJsonObject>& items) {
    const QString itemKind =
        listKind.endsWith(QLatin1String("List")) ? listKind.chopped(4) : listKind;
    if (!schema::messageFor(apiVersion, listKind))
        return tl::unexpected(
            QStringLiteral("no protobuf schema for %1, kind %2").arg(apiVersion, listKind));
    metav1::ListMeta meta;
    const JsonToProtoResult converted = jsonToProto(listMeta, meta, QStringLiteral("metadata"));
    if (!converted.ok)
        return tl::unexpected(converted.error);
    // XList is {metadata = 1; repeated X items = 2;}: written field by field, no list in memory.
    std::string raw;
    appendLengthDelimited(raw, 1, meta.SerializeAsString());
    for (const QJsonObject& item : items) {
        auto bytes = messageBytes(item, apiVersion, itemKind);
        if (!bytes)
            return tl::unexpected(bytes.error());
        appendLengthDelimited(raw, 2, *bytes);
    }
    return envelope(apiVersion, listKind, raw);
}

tl::expected<QByteArray, QString> encodeWatchEvent(const QByteArray& type,
                                                   const QJsonObject& object) {
    auto enveloped = encode(object);
    if (!enveloped)
        return tl::unexpected(enveloped.error());
    metav1::WatchEvent event;
    event.set_type(type.toStdString());
    event.mutable_object()->set_raw(enveloped->toStdString());
    const std::string bytes = event.SerializeAsString();
    QByteArray frame(4, '\0');
    const auto size = static_cast<quint32>(bytes.size());
    frame[0] = static_cast<char>(size >> 24);
    frame[1] = static_cast<char>(size >> 16);
    frame[2] = static_cast<char>(size >> 8);
    frame[3] = static_cast<char>(size);
    return frame + QByteArray::fromStdString(bytes);
}

} // namespace tessera::serve::protobuf
