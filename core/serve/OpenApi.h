#pragma once
// The OpenAPI documents of `tessera serve`, generated from the protobuf descriptors of the served
// kinds (proto/KubeSchema.h), so the schema kubectl validates, explains and patches with is the
// one the server decodes with: v2 (/openapi/v2, JSON or gnostic protobuf) and v3 per group-version
// (/openapi/v3, /openapi/v3/api/v1, /openapi/v3/apis/batch/v1). Every kind carries
// x-kubernetes-group-version-kind; lists carry their list type, map keys and patch merge keys.
#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace tessera::serve {

inline constexpr char kOpenApiV2ProtobufMediaType[] =
    "application/com.github.proto-openapi.spec.v2@v1.0+protobuf";

QJsonObject openApiV2();
// "" when the group-version is not served.
QJsonObject openApiV3(const QString& group, const QString& version);
// The /openapi/v3 index: one entry per served group-version, with a hash of its document.
QJsonObject openApiV3Index();

// Cached encodings of the documents (they never change while the server runs).
const QByteArray& openApiV2Json();
const QByteArray& openApiV2Protobuf();
QByteArray openApiV3Json(const QString& group, const QString& version); // "" when unknown

} // namespace tessera::serve
