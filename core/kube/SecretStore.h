#pragma once
// Where tokens a user types into Tessera are kept: the system keychain (KeychainSecretStore),
// never QSettings. When no keychain service is running, secrets live in memory for this session
// only, and the store says so (persistent() == false, status()) so the UI can tell the user.
// All calls are asynchronous (keychains answer over D-Bus) and call back in the caller's thread.
#include "engine/Result.h"

#include <QString>
#include <functional>
#include <optional>

namespace tessera::kube {

class SecretStore {
public:
    // nullopt: nothing stored under that key.
    using ReadCallback = std::function<void(const engine::Result<std::optional<QString>>&)>;
    // nullopt: done; otherwise what went wrong.
    using DoneCallback = std::function<void(const std::optional<engine::Error>&)>;

    virtual ~SecretStore() = default;
    virtual void read(const QString& key, ReadCallback done) = 0;
    virtual void write(const QString& key, const QString& secret, DoneCallback done) = 0;
    virtual void remove(const QString& key, DoneCallback done) = 0;

    // True while secrets outlive the process.
    virtual bool persistent() const = 0;
    // One sentence for the UI: where secrets are kept, and why not in the keychain if not.
    virtual QString status() const = 0;

    // The key for a kubeconfig user's token: stable across sessions, free of secrets.
    static QString tokenKey(const QString& contextName, const QString& userName) {
        return QStringLiteral("token/%1/%2").arg(contextName, userName);
    }
};

} // namespace tessera::kube
