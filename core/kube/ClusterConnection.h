#pragma once
// What a resolved kubeconfig context says about reaching one API server: plain values, copied
// to the worker thread that owns the ApiClient. No secret here is ever logged.
#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <optional>

namespace tessera::kube {

// users[].user.exec: a client.authentication.k8s.io credential plugin.
struct ExecConfig {
    QString apiVersion; // client.authentication.k8s.io/v1 or /v1beta1
    QString command;    // absolute when the kubeconfig gave a path, else a name looked up on PATH
    QStringList args;
    QList<QPair<QString, QString>> env;
    QString installHint;
    bool provideClusterInfo = false;
    QString interactiveMode; // "Never", "IfAvailable", "Always" ("" = IfAvailable for v1beta1)
};

struct ClusterConnection {
    QString contextName;
    QString clusterName;
    QString userName;
    QString namespace_;     // the effective namespace ("default" when nothing sets one)
    QString kubeconfigFile; // where the user entry was defined, for messages

    QUrl server;
    QByteArray caPem;                   // empty: the system's trust store
    bool insecureSkipTlsVerify = false; // shown as a warning by the UI
    QString tlsServerName;              // the name to verify the server certificate against
    QUrl proxyUrl;                      // http, https or socks5; empty: none

    QString token;     // static bearer token
    QString tokenFile; // re-read periodically
    QByteArray clientCertPem;
    QByteArray clientKeyPem;
    QString username; // basic auth
    QString password;
    std::optional<ExecConfig> exec;

    // "context "prod" (user "alice", cluster "eu-1")": how errors name this connection.
    QString describe() const;

    // The one rule for a credential sent in the clear: a bearer token (token, tokenFile, an exec
    // plugin's) or a username and password, to an http:// server that is not on this machine.
    // kubectl sends it anyway; we do too, but say so. Loopback servers (localhost, 127.0.0.0/8,
    // ::1) are exempt: the traffic never leaves the host. A client certificate is never sent
    // over http. Returns the warning ("context "x" sends a bearer token over plain
    // http://host:port; anyone on the network can read it"), or nullopt.
    std::optional<QString> plainHttpCredentialWarning() const;
};

} // namespace tessera::kube

Q_DECLARE_METATYPE(tessera::kube::ClusterConnection)
