#pragma once
// What the server serves and how it describes itself: the resource table (Discovery.cpp: every
// kind served, one row each) and the discovery documents kubectl and
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
    bool createOnly = false;  // a review: POST answers it, nothing is stored

    QString apiVersion() const; // "v1", "batch/v1"
    // "jobs.batch", "pods": how the API server names the resource in its messages.
    QString qualifiedName() const {
        return *group ? QLatin1String(name) + QLatin1Char('.') + QLatin1String(group)
                      : QLatin1String(name);
    }
    QString listKind() const { return QLatin1String(kind) + QLatin1String("List"); }
};

// Every resource served, in discovery order.
std::vector<const ResourceInfo*> servedResources();
// `group` is an API group the server serves ("batch", "authorization.k8s.io", ...).
bool isServedGroup(const QString& group);
// The resource `name` served under `group` ("" core, "batch"); nullptr when unknown.
const ResourceInfo* findResource(const QString& group, const QString& name);

QByteArray versionDocument();
QByteArray apiVersionsDocument(const QString& serverAddress);
QByteArray apiGroupListDocument();
QByteArray apiGroupDocument(const QString& group);                             // "" when unknown
QByteArray resourceListDocument(const QString& group, const QString& version); // "" when unknown
QByteArray rootPathsDocument();

} // namespace tessera::serve
