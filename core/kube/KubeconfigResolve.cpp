// Kubeconfig::resolve: a context to everything needed to connect (ClusterConnection), reading
// the certificate files it names.
#include "Kubeconfig.h"
#include "KubeconfigErrors.h"
#include "PemCheck.h"
#include "codec/BoundedFile.h"

#include <QFile>

namespace tessera::kube {

using detail::plainError;

namespace {

// Reads a PEM file named by a kubeconfig key; the error names both.
engine::Result<QByteArray> readReferencedFile(const QString& kubeconfig, const QString& key,
                                              const QString& path) {
    auto text =
        codec::readBoundedFile(QFile::encodeName(path).toStdString(), codec::FileKind::Secret);
    if (!text.ok())
        return plainError(QStringLiteral("%1: %2: cannot read %3")
                              .arg(kubeconfig, key, QString::fromStdString(text.error().message)));
    return QByteArray::fromStdString(*text);
}

} // namespace

engine::Result<ClusterConnection> Kubeconfig::resolve(const QString& contextOverride,
                                                      const QString& namespaceOverride) const {
    const QString files = m_files.join(QStringLiteral(", "));
    const QString contextName = contextOverride.isEmpty() ? m_currentContext : contextOverride;
    if (contextName.isEmpty())
        return plainError(
            QStringLiteral("%1: no current-context is set; choose a context").arg(files));
    const KubeContext* ctx = findContext(contextName);
    if (!ctx)
        return plainError(QStringLiteral("%1: context \"%2\" not found").arg(files, contextName));
    const QString ctxKey = QStringLiteral("contexts[name=%1].context").arg(ctx->name);
    const KubeCluster* cluster = findCluster(ctx->cluster);
    if (!cluster)
        return plainError(QStringLiteral("%1: %2.cluster: cluster \"%3\" not found in %4")
                              .arg(ctx->sourceFile, ctxKey, ctx->cluster, files));
    const KubeUser* user = nullptr;
    if (!ctx->user.isEmpty()) {
        user = findUser(ctx->user);
        if (!user)
            return plainError(QStringLiteral("%1: %2.user: user \"%3\" not found in %4")
                                  .arg(ctx->sourceFile, ctxKey, ctx->user, files));
    }

    ClusterConnection c;
    c.contextName = ctx->name;
    c.clusterName = cluster->name;
    c.userName = ctx->user;
    c.namespace_ = !namespaceOverride.isEmpty() ? namespaceOverride
                   : !ctx->namespace_.isEmpty() ? ctx->namespace_
                                                : QStringLiteral("default");
    c.kubeconfigFile = user ? user->sourceFile : cluster->sourceFile;

    const QString clusterKey = QStringLiteral("clusters[name=%1].cluster").arg(cluster->name);
    if (cluster->server.isEmpty())
        return plainError(
            QStringLiteral("%1: %2.server: missing").arg(cluster->sourceFile, clusterKey));
    c.server = QUrl(cluster->server, QUrl::StrictMode);
    if (!c.server.isValid() ||
        (c.server.scheme() != QLatin1String("https") &&
         c.server.scheme() != QLatin1String("http")) ||
        c.server.host().isEmpty())
        return plainError(QStringLiteral("%1: %2.server: \"%3\" is not an http(s) URL")
                              .arg(cluster->sourceFile, clusterKey, cluster->server));
    // Both would leave it unclear whether the server is verified: kubectl refuses the pair.
    if (cluster->insecureSkipTlsVerify &&
        (!cluster->caData.isEmpty() || !cluster->caFile.isEmpty()))
        return plainError(
            QStringLiteral("%1: %2: insecure-skip-tls-verify is set together with "
                           "certificate-authority%3: specifying a root certificates "
                           "file with the insecure flag is not allowed; keep one")
                .arg(cluster->sourceFile, clusterKey,
                     cluster->caData.isEmpty() ? QString() : QStringLiteral("-data")));
    c.insecureSkipTlsVerify = cluster->insecureSkipTlsVerify;
    c.tlsServerName = cluster->tlsServerName;
    if (!cluster->caData.isEmpty()) {
        c.caPem = cluster->caData;
    } else if (!cluster->caFile.isEmpty()) {
        auto pem = readReferencedFile(cluster->sourceFile,
                                      clusterKey + QStringLiteral(".certificate-authority"),
                                      cluster->caFile);
        if (!pem)
            return pem.error();
        c.caPem = *pem;
    }
    if (!cluster->proxyUrl.isEmpty()) {
        c.proxyUrl = QUrl(cluster->proxyUrl, QUrl::StrictMode);
        static const QStringList schemes = {QStringLiteral("http"), QStringLiteral("https"),
                                            QStringLiteral("socks5")};
        if (!c.proxyUrl.isValid() || !schemes.contains(c.proxyUrl.scheme()) ||
            c.proxyUrl.host().isEmpty())
            return plainError(
                QStringLiteral("%1: %2.proxy-url: \"%3\" is not an http, https or socks5 URL")
                    .arg(cluster->sourceFile, clusterKey, cluster->proxyUrl));
    }

    if (user) {
        const QString userKey = QStringLiteral("users[name=%1].user").arg(user->name);
        if (!user->authProvider.isEmpty())
            return plainError(
                QStringLiteral("%1: %2.auth-provider: \"%3\" auth providers were removed from "
                               "Kubernetes clients; use an exec credential plugin")
                    .arg(user->sourceFile, userKey, user->authProvider));
        const bool hasToken = !user->token.isEmpty() || !user->tokenFile.isEmpty();
        const bool hasBasic = !user->username.isEmpty() || !user->password.isEmpty();
        if (hasToken && hasBasic)
            return plainError(
                QStringLiteral("%1: %2: sets both a token and username/password; keep one")
                    .arg(user->sourceFile, userKey));
        c.token = user->token;
        c.tokenFile = user->tokenFile;
        c.username = user->username;
        c.password = user->password;
        c.exec = user->exec;
        if (!user->clientCertData.isEmpty()) {
            c.clientCertPem = user->clientCertData;
        } else if (!user->clientCertFile.isEmpty()) {
            auto pem = readReferencedFile(user->sourceFile,
                                          userKey + QStringLiteral(".client-certificate"),
                                          user->clientCertFile);
            if (!pem)
                return pem.error();
            c.clientCertPem = *pem;
        }
        if (!user->clientKeyData.isEmpty()) {
            c.clientKeyPem = user->clientKeyData;
        } else if (!user->clientKeyFile.isEmpty()) {
            auto pem = readReferencedFile(user->sourceFile, userKey + QStringLiteral(".client-key"),
                                          user->clientKeyFile);
            if (!pem)
                return pem.error();
            c.clientKeyPem = *pem;
        }
        if (c.clientCertPem.isEmpty() != c.clientKeyPem.isEmpty())
            return plainError(
                QStringLiteral("%1: %2: a client certificate needs both client-certificate and "
                               "client-key")
                    .arg(user->sourceFile, userKey));
        const auto source = [&](const QByteArray& data, const char* dataKey, const char* fileKey) {
            return userKey + QLatin1Char('.') + QLatin1String(data.isEmpty() ? fileKey : dataKey);
        };
        // The client certificate and key are checked here, naming the field, not left to TLS
        // (which drops them silently; the certificate authority is checked by
        // ApiClient::setupError()).
        if (!c.clientCertPem.isEmpty())
            if (const auto why = clientCertificateProblem(c.clientCertPem))
                return plainError(QStringLiteral("%1: %2: %3")
                                      .arg(user->sourceFile,
                                           source(user->clientCertData, "client-certificate-data",
                                                  "client-certificate"),
                                           *why));
        if (!c.clientKeyPem.isEmpty())
            if (const auto why = clientKeyProblem(c.clientKeyPem))
                return plainError(
                    QStringLiteral("%1: %2: %3")
                        .arg(user->sourceFile,
                             source(user->clientKeyData, "client-key-data", "client-key"), *why));
    }
    return c;
}

} // namespace tessera::kube
