#pragma once
// kubeconfig files as kubectl reads them (client-go clientcmd semantics):
//  - an explicit file (--kubeconfig) must exist; otherwise KUBECONFIG lists several files
//    (':'-separated, empty and duplicate entries ignored, missing files skipped), merged so that
//    the first file defining a cluster / user / context name wins and `current-context` comes
//    from the first file that sets it; without KUBECONFIG, ~/.kube/config;
//  - relative paths (certificate-authority, client-certificate, client-key, tokenFile, an exec
//    command containing '/') are relative to the file that holds them;
//  - inline *-data fields are base64 and decoded here, so a bad value is reported with its file,
//    line and key, not later at connection time.
// Errors are values: engine::Error whose `message` is complete on its own
// ("/home/u/.kube/config:12:5: users[1].user.client-key-data: not valid base64"), with
// `field`, `line` and `column` filled in as well for callers that want them.
#include "ClusterConnection.h"
#include "engine/Result.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace tessera::kube {

struct KubeCluster {
    QString name;
    QString server;
    QString caFile;    // absolute
    QByteArray caData; // decoded PEM
    bool insecureSkipTlsVerify = false;
    QString tlsServerName;
    QString proxyUrl;
    QString sourceFile; // the kubeconfig file that defined it
};

struct KubeUser {
    QString name;
    QString token;
    QString tokenFile;      // absolute
    QString clientCertFile; // absolute
    QString clientKeyFile;  // absolute
    QByteArray clientCertData;
    QByteArray clientKeyData;
    QString username;
    QString password;
    std::optional<ExecConfig> exec;
    QString authProvider; // legacy auth-provider name (not supported; reported on use)
    QString sourceFile;
};

struct KubeContext {
    QString name;
    QString cluster;
    QString user;
    QString namespace_;
    QString sourceFile;
};

class Kubeconfig {
public:
    struct LoadOptions {
        // --kubeconfig: used alone, must exist. Wins over `kubeconfigEnv`.
        QString explicitFile;
        // The value of KUBECONFIG; nullopt reads the process environment.
        std::optional<QString> kubeconfigEnv;
        // The home directory for ~/.kube/config; empty reads the process environment ($HOME).
        QString homeDir;
    };

    // Loads and merges as kubectl does (see above).
    static engine::Result<Kubeconfig> load(const LoadOptions& options);
    static engine::Result<Kubeconfig> load() { return load(LoadOptions{}); }
    // The files load() would read, in precedence order (whether they exist or not).
    static QStringList candidateFiles(const LoadOptions& options);
    // Whether there is a kubeconfig at all: having none is not an error worth showing, a broken
    // one is.
    static bool anyFileExists(const LoadOptions& options = {});
    // Parses one file (no merging): used by load() and by tests.
    static engine::Result<Kubeconfig> loadFile(const QString& path);
    // Parses one file's bytes; `file` names it in errors.
    static engine::Result<Kubeconfig> parse(const QByteArray& bytes, const QString& file);

    // The files that contributed, in precedence order.
    const QStringList& files() const { return m_files; }
    const QString& currentContext() const { return m_currentContext; }
    const QList<KubeContext>& contexts() const { return m_contexts; }
    const QList<KubeCluster>& clusters() const { return m_clusters; }
    const QList<KubeUser>& users() const { return m_users; }

    const KubeContext* findContext(const QString& name) const;
    const KubeCluster* findCluster(const QString& name) const;
    const KubeUser* findUser(const QString& name) const;

    // Everything needed to connect: the context (override, else current-context), its cluster
    // and user, the namespace (override, else the context's, else "default"). CA and client
    // certificate files are read here, so a missing file is reported now, naming the
    // kubeconfig file and key. Tokens from tokenFile and exec plugins are fetched later, by
    // CredentialProvider, because they change over time.
    engine::Result<ClusterConnection> resolve(const QString& contextOverride = {},
                                              const QString& namespaceOverride = {}) const;

private:
    // Adds the entries of `other` whose names are not defined yet (first file wins).
    void mergeFrom(const Kubeconfig& other);

    QStringList m_files;
    QString m_currentContext;
    QList<KubeContext> m_contexts;
    QList<KubeCluster> m_clusters;
    QList<KubeUser> m_users;
};

} // namespace tessera::kube
