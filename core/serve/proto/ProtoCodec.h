#pragma once
// Kubernetes' protobuf encoding (application/vnd.kubernetes.protobuf): the 4-byte "k8s\0" magic,
// then a runtime.Unknown whose typeMeta names the kind and whose raw bytes are the object's
// message. Lists are the kind's List message; watch streams are frames of a 4-byte big-endian
// length and a metav1.WatchEvent whose object.raw is an enveloped object.
#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <tl/expected.hpp>

namespace tessera::serve {

inline constexpr char kProtobufMediaType[] = "application/vnd.kubernetes.protobuf";
inline constexpr char kProtobufWatchMediaType[] =
    "application/vnd.kubernetes.protobuf;stream=watch";

namespace protobuf {

// A protobuf body as the JSON document a JSON client would have sent (apiVersion and kind from
// the envelope). An error names what was wrong (no magic, unknown kind, bad message).
tl::expected<QJsonObject, QString> decode(const QByteArray& body);

// The enveloped protobuf form of a JSON object with apiVersion and kind. Fields the schema does
// not know are left out; an error names the kind or value that could not be encoded.
tl::expected<QByteArray, QString> encode(const QJsonObject& object);

// A list (kind "<Kind>List") of already-JSON items, encoded item by item.
tl::expected<QByteArray, QString> encodeList(const QString& apiVersion, const QString& listKind,
                                             const QJsonObject& listMeta,
                                             const QList<QJsonObject>& items);

// One watch frame: length-prefixed WatchEvent{type, object: the enveloped object}.
tl::expected<QByteArray, QString> encodeWatchEvent(const QByteArray& type,
                                                   const QJsonObject& object);

} // namespace protobuf
} // namespace tessera::serve
