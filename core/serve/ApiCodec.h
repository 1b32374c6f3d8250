#pragma once
// Content negotiation and the codecs of the API server: which encoding a client asked for
// (Accept: JSON, Kubernetes protobuf, or a meta.k8s.io Table), request bodies in JSON or protobuf,
// and the encoded responses (objects, lists, watch events, metav1.Status errors).
#include "HttpConnection.h"
#include "ServeTypes.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <optional>

namespace tessera::serve {

enum class WireFormat { Json, Protobuf };

// The encoding a response should use: the first media type of Accept (by q, then by order)
// that the server can produce; JSON when none is given or only unsupported ones are.
WireFormat responseFormat(const HttpRequest& r);
// Accept asks for a meta.k8s.io Table (kubectl get): always JSON.
bool wantsTable(const HttpRequest& r);
// The body's Content-Type is the Kubernetes protobuf encoding.
bool isProtobufBody(const HttpRequest& r);
// The body is JSON text (application/json, or no Content-Type).
bool isJsonBody(const HttpRequest& r);

// The request body as a JSON object: JSON, YAML (application/yaml) or protobuf turned into the
// same JSON document.
ApiOutcome<QJsonObject> decodeBody(const HttpRequest& r);

// A 400 when a JSON body nests deeper than every reader of Tessera accepts
// (codec::checkJsonNesting), naming the JSON path and byte; nullopt otherwise. Called before Qt
// parses a JSON body (its own limit, 1,024, is another one).
std::optional<ApiFailure> nestingFailure(const QByteArray& body);

// One YAML document (`what` names it in errors: "the request body") as a JSON object.
ApiOutcome<QJsonObject> decodeYamlObject(const QByteArray& body, const char* what);

QByteArray compactJson(const QJsonObject& o);
// A metav1.Status for a failure; details carry the name, group and kind when known.
QJsonObject statusObject(const ApiFailure& failure, const QString& kind, const QString& name,
                         const QString& group);

// An encoded response body and its Content-Type.
struct EncodedBody {
    QByteArray contentType;
    QByteArray body;
};
// A JSON object (with apiVersion and kind) in `format`; `json` may be given when the caller has
// the compact JSON already (stored objects cache it).
ApiOutcome<EncodedBody> encodeObject(WireFormat format, const QJsonObject& object,
                                     const QByteArray& json = {});
ApiOutcome<EncodedBody> encodeList(WireFormat format, const QString& apiVersion,
                                   const QString& listKind, const QJsonObject& listMeta,
                                   const QList<ObjectPtr>& items);
// One watch event: a JSON line or a protobuf frame.
ApiOutcome<QByteArray> encodeWatchEvent(WireFormat format, const QByteArray& type,
                                        const QJsonObject& object, const QByteArray& json = {});
QByteArray watchContentType(WireFormat format);

bool truthy(const QString& v);

} // namespace tessera::serve
