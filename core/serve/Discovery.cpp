#include "Discovery.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace tessera::serve {

namespace {

constexpr ResourceInfo kResources[] = {
    {"pods", "pod", "Pod", "", "v1", true, "po",
     "status,log,exec,attach,portforward,ephemeralcontainers"},
    {"configmaps", "configmap", "ConfigMap", "", "v1", true, "cm", ""},
    {"events", "event", "Event", "", "v1", true, "ev", ""},
    {"namespaces", "namespace", "Namespace", "", "v1", false, "ns", "status"},
    {"nodes", "node", "Node", "", "v1", false, "no", "status"},
    {"jobs", "job", "Job", "batch", "v1", true, "", "status"},
    // Stored and served around Jobs (ApiKinds.cpp); secrets are never logged.
    {"secrets", "secret", "Secret", "", "v1", true, "", ""},
    {"services", "service", "Service", "", "v1", true, "svc", "status"},
    {"serviceaccounts", "serviceaccount", "ServiceAccount", "", "v1", true, "sa", ""},
    {"cronjobs", "cronjob", "CronJob", "batch", "v1", true, "cj", "status"},
    // Reviews: answered, never stored (ApiAuth.cpp).
    {"selfsubjectaccessreviews", "selfsubjectaccessreview", "SelfSubjectAccessReview",
     "authorization.k8s.io", "v1", false, "", "", true},
    {"selfsubjectreviews", "selfsubjectreview", "SelfSubjectReview", "authentication.k8s.io", "v1",
     false, "", "", true},
};

// The API groups besides core, in discovery order.
constexpr const char* kGroups[] = {"batch", "authorization.k8s.io", "authentication.k8s.io"};

QByteArray compact(const QJsonObject& o) {
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QJsonArray verbs(bool subresource, bool createOnly = false) {
    if (createOnly)
        return QJsonArray{QStringLiteral("create")};
    if (subresource)
        return QJsonArray{QStringLiteral("get"), QStringLiteral("patch"), QStringLiteral("update")};
    return QJsonArray{
        QStringLiteral("create"), QStringLiteral("delete"), QStringLiteral("deletecollection"),
        QStringLiteral("get"),    QStringLiteral("list"),   QStringLiteral("patch"),
        QStringLiteral("update"), QStringLiteral("watch")};
}

} // namespace

QString ResourceInfo::apiVersion() const {
    return *group ? QLatin1String(group) + QLatin1Char('/') + QLatin1String(version)
                  : QLatin1String(version);
}

std::vector<const ResourceInfo*> servedResources() {
    std::vector<const ResourceInfo*> out;
    for (const ResourceInfo& r : kResources)
        out.push_back(&r);
    return out;
}

bool isServedGroup(const QString& group) {
    for (const char* g : kGroups)
        if (group == QLatin1String(g))
            return true;
    return false;
}

const ResourceInfo* findResource(const QString& group, const QString& name) {
    for (const ResourceInfo& r : kResources)
        if (group == QLatin1String(r.group) && name == QLatin1String(r.name))
            return &r;
    return nullptr;
}

QByteArray versionDocument() {
    return compact(
        QJsonObject{{QStringLiteral("major"), QStringLiteral("1")},
                    {QStringLiteral("minor"), QStringLiteral("32")},
                    {QStringLiteral("gitVersion"), QStringLiteral("v1.32.0-tessera")},
                    {QStringLiteral("gitCommit"), QStringLiteral("tessera")},
                    {QStringLiteral("gitTreeState"), QStringLiteral("clean")},
                    {QStringLiteral("buildDate"), QStringLiteral("2026-01-01T00:00:00Z")},
                    {QStringLiteral("goVersion"), QStringLiteral("n/a")},
                    {QStringLiteral("compiler"), QStringLiteral("gc")},
                    {QStringLiteral("platform"), QStringLiteral("linux/amd64")}});
}

QByteArray apiVersionsDocument(const QString& serverAddress) {
    return compact(QJsonObject{
        {QStringLiteral("kind"), QStringLiteral("APIVersions")},
        {QStringLiteral("versions"), QJsonArray{QStringLiteral("v1")}},
        {QStringLiteral("serverAddressByClientCIDRs"),
         QJsonArray{QJsonObject{{QStringLiteral("clientCIDR"), QStringLiteral("0.0.0.0/0")},
                                {QStringLiteral("serverAddress"), serverAddress}}}}});
}

namespace {
QJsonObject groupObject(const QString& group) {
    const QJsonObject v{{QStringLiteral("groupVersion"), group + QStringLiteral("/v1")},
                        {QStringLiteral("version"), QStringLiteral("v1")}};
    return QJsonObject{{QStringLiteral("name"), group},
                       {QStringLiteral("versions"), QJsonArray{v}},
                       {QStringLiteral("preferredVersion"), v}};
}
} // namespace

QByteArray apiGroupListDocument() {
    return compact(QJsonObject{{QStringLiteral("kind"), QStringLiteral("APIGroupList")},
                               {QStringLiteral("apiVersion"), QStringLiteral("v1")},
                               {QStringLiteral("groups"), [] {
                                    QJsonArray groups;
                                    for (const char* g : kGroups)
                                        groups.append(groupObject(QLatin1String(g)));
                                    return groups;
                                }()}});
}

QByteArray apiGroupDocument(const QString& group) {
    if (!isServedGroup(group))
        return {};
    QJsonObject g = groupObject(group);
    g.insert(QStringLiteral("kind"), QStringLiteral("APIGroup"));
    g.insert(QStringLiteral("apiVersion"), QStringLiteral("v1"));
    return compact(g);
}

QByteArray resourceListDocument(const QString& group, const QString& version) {
    if (version != QLatin1String("v1"))
        return {};
    QJsonArray resources;
    for (const ResourceInfo& r : kResources) {
        if (group != QLatin1String(r.group))
            continue;
        QJsonObject o{{QStringLiteral("name"), QLatin1String(r.name)},
                      {QStringLiteral("singularName"), QLatin1String(r.singular)},
                      {QStringLiteral("namespaced"), r.namespaced},
                      {QStringLiteral("kind"), QLatin1String(r.kind)},
                      {QStringLiteral("verbs"), verbs(false, r.createOnly)}};
        if (*r.shortNames)
            o.insert(QStringLiteral("shortNames"),
                     QJsonArray::fromStringList(
                         QString::fromLatin1(r.shortNames).split(QLatin1Char(','))));
        if (QLatin1String(r.name) == QLatin1String("jobs"))
            o.insert(QStringLiteral("categories"), QJsonArray{QStringLiteral("all")});
        if (QLatin1String(r.name) == QLatin1String("pods"))
            o.insert(QStringLiteral("categories"), QJsonArray{QStringLiteral("all")});
        resources.append(o);
        if (!*r.subresources)
            continue;
        for (const QString& sub : QString::fromLatin1(r.subresources).split(QLatin1Char(','))) {
            const bool log = sub == QLatin1String("log");
            // exec, attach and portforward answer a Status saying they are not supported
            // (ApiUnsupported.cpp); they are listed as a real server lists them.
            const bool stream = sub == QLatin1String("exec") || sub == QLatin1String("attach") ||
                                sub == QLatin1String("portforward");
            const char* streamKind = sub == QLatin1String("exec")     ? "PodExecOptions"
                                     : sub == QLatin1String("attach") ? "PodAttachOptions"
                                                                      : "PodPortForwardOptions";
            const QString kind = log      ? QStringLiteral("Pod")
                                 : stream ? QLatin1String(streamKind)
                                          : QLatin1String(r.kind);
            const QJsonArray subVerbs =
                log      ? QJsonArray{QStringLiteral("get")}
                : stream ? QJsonArray{QStringLiteral("create"), QStringLiteral("get")}
                         : verbs(true);
            resources.append(QJsonObject{
                {QStringLiteral("name"), QLatin1String(r.name) + QLatin1Char('/') + sub},
                {QStringLiteral("singularName"), QString()},
                {QStringLiteral("namespaced"), r.namespaced},
                {QStringLiteral("kind"), kind},
                {QStringLiteral("verbs"), subVerbs}});
        }
    }
    if (resources.isEmpty())
        return {};
    return compact(
        QJsonObject{{QStringLiteral("kind"), QStringLiteral("APIResourceList")},
                    {QStringLiteral("apiVersion"), QStringLiteral("v1")},
                    {QStringLiteral("groupVersion"),
                     group.isEmpty() ? QStringLiteral("v1") : group + QStringLiteral("/v1")},
                    {QStringLiteral("resources"), resources}});
}

QByteArray rootPathsDocument() {
    return compact(
        QJsonObject{{QStringLiteral("paths"),
                     QJsonArray{QStringLiteral("/api"), QStringLiteral("/api/v1"),
                                QStringLiteral("/apis"), QStringLiteral("/apis/batch"),
                                QStringLiteral("/apis/batch/v1"), QStringLiteral("/healthz"),
                                QStringLiteral("/metrics"), QStringLiteral("/openapi/v2"),
                                QStringLiteral("/openapi/v3"), QStringLiteral("/version")}}});
}

} // namespace tessera::serve
