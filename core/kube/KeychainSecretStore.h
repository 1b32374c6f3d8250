#pragma once
// Secrets in the system keychain through QtKeychain (Secret Service / KWallet on Linux). When
// the keychain cannot be reached (no D-Bus session, no Secret Service), the store switches to
// memory for the rest of the session and status() says why.
#include "MemorySecretStore.h"
#include "SecretStore.h"

#include <QObject>

namespace tessera::kube {

class KeychainSecretStore final : public QObject, public SecretStore {
    Q_OBJECT
public:
    explicit KeychainSecretStore(QString service = QStringLiteral("tessera"),
                                 QObject* parent = nullptr);

    void read(const QString& key, ReadCallback done) override;
    void write(const QString& key, const QString& secret, DoneCallback done) override;
    void remove(const QString& key, DoneCallback done) override;
    bool persistent() const override { return !m_fallenBack; }
    QString status() const override;

signals:
    // Emitted once, when the keychain turned out to be unavailable.
    void keychainUnavailable(const QString& reason);

private:
    // True when `error` means "no keychain here" rather than "this entry failed".
    static bool isUnavailable(int error);
    void fallBack(const QString& reason);

    QString m_service;
    bool m_fallenBack = false;
    MemorySecretStore m_memory;
};

} // namespace tessera::kube
