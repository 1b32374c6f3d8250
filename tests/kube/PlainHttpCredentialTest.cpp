// ClusterConnection::plainHttpCredentialWarning: a credential sent in the clear to a server off
// this machine is named; loopback servers, https and connections without a credential are not.
#include "kube/ClusterConnection.h"

#include <gtest/gtest.h>

using tessera::kube::ClusterConnection;
using tessera::kube::ExecConfig;

namespace {

ClusterConnection connection(const char* server) {
    ClusterConnection c;
    c.contextName = QStringLiteral("prod");
    c.server = QUrl(QString::fromLatin1(server));
    return c;
}

ClusterConnection withToken(const char* server) {
    ClusterConnection c = connection(server);
    c.token = QStringLiteral("secret");
    return c;
}

} // namespace

TEST(PlainHttpCredential, ATokenToARemoteHttpServerIsNamedWithTheContextAndTheServer) {
    const auto warning = withToken("http://10.1.2.3:8080/api").plainHttpCredentialWarning();
    ASSERT_TRUE(warning);
    EXPECT_EQ(warning->toStdString(), "context \"prod\" sends a bearer token over plain "
                                      "http://10.1.2.3:8080; anyone on the network can read it");
    EXPECT_TRUE(withToken("http://api.example.com").plainHttpCredentialWarning());
}

TEST(PlainHttpCredential, EveryCredentialSentInTheClearCounts) {
    ClusterConnection file = connection("http://api.example.com:80");
    file.tokenFile = QStringLiteral("/var/run/token");
    EXPECT_TRUE(file.plainHttpCredentialWarning()->contains(QLatin1String("a bearer token")));

    ClusterConnection plugin = connection("http://api.example.com:80");
    plugin.exec = ExecConfig{};
    EXPECT_TRUE(
        plugin.plainHttpCredentialWarning()->contains(QLatin1String("an exec-plugin credential")));

    ClusterConnection basic = connection("http://api.example.com:80");
    basic.username = QStringLiteral("admin");
    basic.password = QStringLiteral("pw");
    EXPECT_TRUE(
        basic.plainHttpCredentialWarning()->contains(QLatin1String("a username and password")));
}

TEST(PlainHttpCredential, LoopbackServersAreExempt) {
    for (const char* server : {"http://127.0.0.1:8001", "http://127.9.9.9", "http://[::1]:6443",
                               "http://localhost:8080", "http://LOCALHOST"})
        EXPECT_FALSE(withToken(server).plainHttpCredentialWarning()) << server;
}

TEST(PlainHttpCredential, HttpsOrNoCredentialSaysNothing) {
    EXPECT_FALSE(withToken("https://api.example.com:6443").plainHttpCredentialWarning());
    EXPECT_FALSE(connection("http://api.example.com:8080").plainHttpCredentialWarning());
    // A client certificate is only ever presented in a TLS handshake.
    ClusterConnection certificate = connection("http://api.example.com:8080");
    certificate.clientCertPem = "cert";
    certificate.clientKeyPem = "key";
    EXPECT_FALSE(certificate.plainHttpCredentialWarning());
}
