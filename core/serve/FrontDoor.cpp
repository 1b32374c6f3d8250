#include "FrontDoor.h"

#include <QHostInfo>
#include <QNetworkInterface>

namespace tessera::serve {

namespace {

// What kube-apiserver decodes for each verb (its negotiated serializers and patch types).
bool acceptedMediaType(const QByteArray& method, const QByteArray& type) {
    // No Content-Type: the API server reads JSON.
    if (type.isEmpty())
        return true;
    if (method == "PATCH")
        return type == "application/json-patch+json" || type == "application/merge-patch+json" ||
               type == "application/strategic-merge-patch+json" ||
               type == "application/apply-patch+yaml";
    return type == "application/json" || type == "application/yaml" ||
           type == "application/vnd.kubernetes.protobuf";
}

ApiFailure failure(int code, const char* reason, const QString& message) {
    return ApiFailure{code, QLatin1String(reason), message};
}

} // namespace

FrontDoor::FrontDoor(FrontDoorRules rules)
    : m_rules(std::move(rules)) {
    for (QString& name : m_rules.hostNames)
        name = name.toLower();
}

bool FrontDoor::isHealthCheck(const HttpRequest& head) {
    return (head.method == "GET" || head.method == "HEAD") &&
           (head.path == QLatin1String("/healthz") || head.path == QLatin1String("/livez") ||
            head.path == QLatin1String("/readyz"));
}

QStringList FrontDoor::hostNamesFor(const QHostAddress& address) {
    QStringList names;
    const bool wildcard = address == QHostAddress::Any || address == QHostAddress::AnyIPv4 ||
                          address == QHostAddress::AnyIPv6;
    if (wildcard || address.isLoopback())
        names << QStringLiteral("localhost") << QStringLiteral("127.0.0.1")
              << QStringLiteral("::1");
    if (wildcard) {
        for (const QHostAddress& a : QNetworkInterface::allAddresses())
            names << a.toString().section(QLatin1Char('%'), 0, 0); // without an IPv6 scope
        names << QHostInfo::localHostName();
    } else {
        names << address.toString().section(QLatin1Char('%'), 0, 0);
    }
    for (QString& n : names)
        n = n.toLower();
    names.removeDuplicates();
    return names;
}

bool FrontDoor::hostAllowed(const QByteArray& hostHeader) const {
    QString host = QString::fromLatin1(hostHeader).trimmed().toLower();
    if (host.isEmpty())
        return false;
    QString port;
    if (host.startsWith(QLatin1Char('['))) { // [::1]:6443
        const qsizetype close = host.indexOf(QLatin1Char(']'));
        if (close < 0)
            return false;
        if (host.size() > close + 1) {
            if (host.at(close + 1) != QLatin1Char(':'))
                return false;
            port = host.mid(close + 2);
        }
        host = host.mid(1, close - 1);
    } else if (host.count(QLatin1Char(':')) == 1) {
        port = host.section(QLatin1Char(':'), 1);
        host = host.section(QLatin1Char(':'), 0, 0);
    }
    if (!port.isEmpty() && (m_rules.port == 0 || port != QString::number(m_rules.port)))
        return false;
    return m_rules.hostNames.contains(host);
}

bool FrontDoor::tokenMatches(const QByteArray& given) const {
    const QByteArray expected = "Bearer " + m_rules.token.toUtf8();
    // Constant-time comparison: the token must not leak through timing.
    unsigned char diff = given.size() == expected.size() ? 0 : 1;
    for (qsizetype i = 0; i < expected.size(); ++i)
        diff |= static_cast<unsigned char>(expected[i] ^ (i < given.size() ? given[i] : '\0'));
    return diff == 0;
}

std::optional<ApiFailure> FrontDoor::refusalOf(const HttpRequest& head, bool overCapacity) const {
    if (isHealthCheck(head))
        return std::nullopt;
    if (overCapacity)
        return failure(503, "ServiceUnavailable",
                       QStringLiteral("the server has too many connections open; retry later"));
    const QByteArray origin = head.header("origin");
    const QByteArray fetchSite = head.header("sec-fetch-site").toLower();
    if (!origin.isEmpty() || (!fetchSite.isEmpty() && fetchSite != "none"))
        return failure(
            403, "Forbidden",
            QStringLiteral("requests from web pages are refused (Origin: %1, "
                           "Sec-Fetch-Site: %2): tessera serve answers API clients "
                           "such as kubectl only")
                .arg(origin.isEmpty() ? QStringLiteral("none") : QString::fromLatin1(origin),
                     fetchSite.isEmpty() ? QStringLiteral("none")
                                         : QString::fromLatin1(fetchSite)));
    if (!hostAllowed(head.header("host")))
        return failure(421, "MisdirectedRequest",
                       QStringLiteral("Host \"%1\" is not an address of this server (%2, port "
                                      "%3): refused, as a name pointed at it by someone else "
                                      "(DNS rebinding) would be")
                           .arg(QString::fromLatin1(head.header("host")),
                                m_rules.hostNames.join(QStringLiteral(", ")))
                           .arg(m_rules.port));
    if (!m_rules.token.isEmpty() && !tokenMatches(head.header("authorization")))
        return failure(401, "Unauthorized", QStringLiteral("Unauthorized"));
    if (head.method == "POST" || head.method == "PUT" || head.method == "PATCH") {
        const QByteArray type = head.mediaType();
        if (!acceptedMediaType(head.method, type))
            return failure(
                415, "UnsupportedMediaType",
                head.method == "PATCH"
                    ? QStringLiteral("the body of the request was in an unknown format (%1) - "
                                     "accepted media types include: "
                                     "application/json-patch+json, application/merge-patch+json, "
                                     "application/apply-patch+yaml, "
                                     "application/strategic-merge-patch+json")
                          .arg(QString::fromLatin1(type))
                    : QStringLiteral("the body of the request was in an unknown format (%1) - "
                                     "accepted media types include: application/json, "
                                     "application/yaml, application/vnd.kubernetes.protobuf")
                          .arg(QString::fromLatin1(type)));
    }
    return std::nullopt;
}

} // namespace tessera::serve
