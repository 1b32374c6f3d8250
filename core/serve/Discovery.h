#pragma once
// What the server serves and how it describes itself: the resource table (core/v1 pods,
// configmaps, events, namespaces, nodes; batch/v1 jobs) and the discovery documents kubectl and
// client-go read before anything else (/version, /api, /apis, /api/v1, /apis/batch/v1; the OpenAPI
// documents are OpenApi.h's).
#include <QByteArray>
#include <QString>
#include <vector>

namespace tessera::serve {

struct ResourceInfo {
    const char* name;     // "pods"
    const char* singular; // "pod"
    const char* kind;     // "Pod"
    const char* group;    // "" for core
    const char* version;  // "v1"
    bool namespaced;
    const char* shortNames;   // comma-separated, may be ""
    const char* subresources; // comma-separated ("status,log"), may be ""

    QString apiVersion() const; // "v1", "batch/v1"
    QString listKind() const { return QLatin1String(kind) + QLatin1String("List"); }
};

// Every served resource, in discovery order.
std::vector<const ResourceInfo*> servedResources();
// The resource `name` served under `group` ("" core, "batch"); nullptr when unknown.
const ResourceInfo* findResource(const QString& group, const QString& name);

QByteArray versionDocument();
QByteArray apiVersionsDocument(const QString& serverAddress);
QByteArray apiGroupListDocument();
QByteArray apiGroupDocument(const QString& group);                             // "" when unknown
QByteArray resourceListDocument(const QString& group, const QString& version); // "" when unknown
QByteArray rootPathsDocument();

} // namespace tessera::serve
