#pragma once
// The credentials for one ClusterConnection, fetched when needed and cached while valid:
//  - a static token or username/password: always valid;
//  - a tokenFile: re-read at most once a minute (projected service-account tokens rotate);
//  - an exec plugin (client.authentication.k8s.io v1/v1beta1): run asynchronously with
//    KUBERNETES_EXEC_INFO, its ExecCredential cached until status.expirationTimestamp; found on
//    the session PATH or, failing that, on the login shell's PATH (LoginShellPath);
//  - client certificates from the kubeconfig or from the plugin.
// Lives in the thread of its user (the ApiClient's worker); never logs a secret.
#include "ClusterConnection.h"
#include "engine/Clock.h"
#include "engine/Result.h"

#include <QByteArray>
#include <QDateTime>
#include <QObject>
#include <QString>
#include <chrono>
#include <functional>
#include <optional>
#include <vector>

namespace tessera::kube {

struct Credentials {
    QByteArray authorization; // the Authorization header value ("Bearer …", "Basic …"); empty: none
    QByteArray clientCertPem;
    QByteArray clientKeyPem;
    std::optional<QDateTime> expiry; // exec plugin credentials only
    QString
        source; // where they came from, for messages ("exec plugin aws", "token"); never the secret
};

// status of an ExecCredential as printed by a plugin.
struct ExecCredentialStatus {
    QString token;
    QByteArray clientCertPem;
    QByteArray clientKeyPem;
    std::optional<QDateTime> expiry;
};

class CredentialProvider : public QObject {
    Q_OBJECT
public:
    using Callback = std::function<void(const engine::Result<Credentials>&)>;

    // `clock` (not owned, may be null for the system clock) decides when exec credentials expire.
    explicit CredentialProvider(ClusterConnection connection, const engine::Clock* clock = nullptr,
                                QObject* parent = nullptr);
    ~CredentialProvider() override;

    // Calls `done` with valid credentials: at once (synchronously) when cached, otherwise when
    // the plugin finishes. Concurrent calls share one plugin run.
    void get(Callback done);
    // Forgets cached exec and tokenFile credentials (after a 401: the server rejected them).
    void invalidate();

    int pluginRuns() const { return m_pluginRuns; }
    void setPluginTimeout(std::chrono::milliseconds t) { m_pluginTimeout = t; }
    const ClusterConnection& connection() const { return m_connection; }

    // Parses a plugin's stdout. `who` prefixes messages ("…: users[name=u].user.exec").
    static engine::Result<ExecCredentialStatus>
    parseExecCredential(const QByteArray& json, const QString& expectedApiVersion,
                        const QString& who);

private:
    void runPlugin();
    void startPlugin(const QString& program, const QStringList& loginPath);
    void finishPlugin(const engine::Result<Credentials>& result);
    engine::Result<Credentials> staticCredentials();
    QDateTime now() const;
    QString execKey() const;

    ClusterConnection m_connection;
    const engine::Clock* m_clock;
    std::optional<Credentials> m_cached;
    QDateTime m_tokenFileReadAt;
    std::vector<Callback> m_waiting;
    bool m_running = false;
    int m_pluginRuns = 0;
    std::chrono::milliseconds m_pluginTimeout{60000};
};

} // namespace tessera::kube
