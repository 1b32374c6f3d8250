#pragma once
// JSON <-> protobuf for the served kinds, driven by the descriptors (KubeSchema): the JSON a Go
// client would send for a message, and the message for a JSON document. Time, MicroTime,
// Duration, Quantity, IntOrString, FieldsV1, RawExtension and bytes (base64) take their JSON
// forms; Go-inlined structs are flattened.
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace google::protobuf {
class Message;
} // namespace google::protobuf

namespace tessera::serve {

struct JsonToProtoResult {
    bool ok = true;
    QString error;       // the first value that could not be converted, with its field path
    QStringList unknown; // field paths the schema does not know ("spec.paralelism")
};

// Fills `message` from `json` (top-level "apiVersion" and "kind" are the envelope's business and
// are skipped). Unknown fields are listed, not fatal; a value of the wrong type is an error.
JsonToProtoResult jsonToProto(const QJsonObject& json, google::protobuf::Message& message,
                              const QString& path = QString());

// The JSON object for `message`, as Go's encoding/json would write it.
QJsonObject protoToJson(const google::protobuf::Message& message);

// RFC 3339 helpers shared with the tests: seconds and nanoseconds since the epoch, in UTC.
bool parseRfc3339(const QString& text, qint64& seconds, int& nanos);
QString formatRfc3339(qint64 seconds, int nanos, bool micro);

} // namespace tessera::serve
