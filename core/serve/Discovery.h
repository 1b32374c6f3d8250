#pragma once
// How the server describes what it serves (the table of kinds, ApiKinds.h): the discovery
// documents kubectl and client-go read before anything else (/version, /api, /apis, /api/v1,
// /apis/batch/v1; the OpenAPI documents are OpenApi.h's).
#include "ApiKinds.h"

#include <QByteArray>
#include <QString>
#include <vector>

namespace tessera::serve {

// `group` is an API group the server serves ("batch", "authorization.k8s.io", ...).
bool isServedGroup(const QString& group);

QByteArray versionDocument();
QByteArray apiVersionsDocument(const QString& serverAddress);
QByteArray apiGroupListDocument();
QByteArray apiGroupDocument(const QString& group);                             // "" when unknown
QByteArray resourceListDocument(const QString& group, const QString& version); // "" when unknown
QByteArray rootPathsDocument();

} // namespace tessera::serve
