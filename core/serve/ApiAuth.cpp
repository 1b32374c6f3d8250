// The reviews kubectl posts about its own rights: SelfSubjectAccessReview
// (authorization.k8s.io/v1, `kubectl auth can-i`), SelfSubjectRulesReview (`kubectl auth can-i
// --list`: every verb on every resource and URL) and SelfSubjectReview (authentication.k8s.io/v1,
// `kubectl auth whoami`). tessera serve has one user: whoever holds the token (or anyone, with no
// token), and that user may do everything. Reviews are answered, never stored.
#include "ApiCodec.h"
#include "ApiServer.h"
#include "codec/Rfc3339.h"
#include "engine/Clock.h"

#include <QJsonArray>

namespace tessera::serve {

void ApiServer::review(HttpConnection* c, const HttpRequest& r, const Target& t) {
    auto body = decodeBody(r);
    if (!body)
        return sendFailure(c, r, body.error(), &t);
    const QString kind = QLatin1String(t.resource->kind);
    const QString sent = body->value(QStringLiteral("kind")).toString();
    if (!sent.isEmpty() && sent != kind)
        return sendFailure(c, r,
                           ApiFailure{400, QStringLiteral("BadRequest"),
                                      QStringLiteral("the object's kind \"%1\" does not match the "
                                                     "resource %2 (kind %3)")
                                          .arg(sent, QLatin1String(t.resource->name), kind)},
                           &t);
    QJsonObject out{
        {QStringLiteral("apiVersion"), t.resource->apiVersion()},
        {QStringLiteral("kind"), kind},
        {QStringLiteral("metadata"),
         QJsonObject{{QStringLiteral("creationTimestamp"),
                      QString::fromStdString(codec::formatRfc3339(engine::SystemClock().now()))}}}};
    if (kind == QLatin1String("SelfSubjectAccessReview")) {
        out.insert(QStringLiteral("spec"), body->value(QStringLiteral("spec")));
        out.insert(QStringLiteral("status"),
                   QJsonObject{{QStringLiteral("allowed"), true},
                               {QStringLiteral("reason"),
                                QStringLiteral("tessera serve: its user may do everything")}});
    } else if (kind == QLatin1String("SelfSubjectRulesReview")) {
        const QJsonArray everything{QStringLiteral("*")};
        out.insert(QStringLiteral("spec"), body->value(QStringLiteral("spec")));
        out.insert(
            QStringLiteral("status"),
            QJsonObject{{QStringLiteral("resourceRules"),
                         QJsonArray{QJsonObject{{QStringLiteral("verbs"), everything},
                                                {QStringLiteral("apiGroups"), everything},
                                                {QStringLiteral("resources"), everything}}}},
                        {QStringLiteral("nonResourceRules"),
                         QJsonArray{QJsonObject{{QStringLiteral("verbs"), everything},
                                                {QStringLiteral("nonResourceURLs"), everything}}}},
                        {QStringLiteral("incomplete"), false}});
    } else {
        // With a token the user is its holder, the admin of this server; without one, anyone.
        const bool token = !m_options.token.isEmpty();
        const QJsonArray groups = token ? QJsonArray{QStringLiteral("system:masters"),
                                                     QStringLiteral("system:authenticated")}
                                        : QJsonArray{QStringLiteral("system:unauthenticated")};
        const QJsonObject user{
            {QStringLiteral("username"),
             token ? QStringLiteral("tessera-admin") : QStringLiteral("system:anonymous")},
            {QStringLiteral("groups"), groups}};
        out.insert(QStringLiteral("status"), QJsonObject{{QStringLiteral("userInfo"), user}});
    }
    sendObject(c, r, 201, out);
}

} // namespace tessera::serve
