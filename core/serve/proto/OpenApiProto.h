#pragma once
// An OpenAPI v2 JSON document in the protobuf form kubectl asks /openapi/v2 for: gnostic's
// openapi_v2.Document (openapiv2.proto). Vendor extensions (x-kubernetes-*) travel as YAML text.
#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <tl/expected.hpp>

namespace tessera::serve::openapi {

tl::expected<QByteArray, QString> v2ToProtobuf(const QJsonObject& document);

} // namespace tessera::serve::openapi
