#include "ClusterConnection.h"

#include <QHostAddress>

namespace tessera::kube {

QString ClusterConnection::describe() const {
    return QStringLiteral("context \"%1\" (user \"%2\", cluster \"%3\")")
        .arg(contextName, userName, clusterName);
}

namespace {

bool isLoopbackHost(const QString& host) {
    if (host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        return true;
    const QHostAddress address(host);
    return !address.isNull() && address.isLoopback();
}

} // namespace

std::optional<QString> ClusterConnection::plainHttpCredentialWarning() const {
    if (server.scheme() != QLatin1String("http") || isLoopbackHost(server.host()))
        return std::nullopt;
    QString credential;
    if (!token.isEmpty() || !tokenFile.isEmpty())
        credential = QStringLiteral("a bearer token");
    else if (exec)
        credential = QStringLiteral("an exec-plugin credential");
    else if (!username.isEmpty() || !password.isEmpty())
        credential = QStringLiteral("a username and password");
    else
        return std::nullopt;
    const QString where = server.toString(QUrl::RemoveUserInfo | QUrl::RemovePath |
                                          QUrl::RemoveQuery | QUrl::RemoveFragment);
    return QStringLiteral(
               "context \"%1\" sends %2 over plain %3; anyone on the network can read it")
        .arg(contextName, credential, where);
}

} // namespace tessera::kube
