#pragma once
// Secrets kept in this process only: the fallback when no keychain runs, and the store unit
// tests use. Callbacks are called synchronously.
#include "SecretStore.h"

#include <QHash>

namespace tessera::kube {

class MemorySecretStore final : public SecretStore {
public:
    explicit MemorySecretStore(QString reason = {});

    void read(const QString& key, ReadCallback done) override;
    void write(const QString& key, const QString& secret, DoneCallback done) override;
    void remove(const QString& key, DoneCallback done) override;
    bool persistent() const override { return false; }
    QString status() const override;

    void setReason(const QString& reason) { m_reason = reason; }

private:
    QHash<QString, QString> m_secrets;
    QString m_reason;
};

} // namespace tessera::kube
