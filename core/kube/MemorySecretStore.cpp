#include "MemorySecretStore.h"

namespace tessera::kube {

MemorySecretStore::MemorySecretStore(QString reason)
    : m_reason(std::move(reason)) {}

void MemorySecretStore::read(const QString& key, ReadCallback done) {
    const auto it = m_secrets.constFind(key);
    done(it == m_secrets.cend() ? std::optional<QString>() : std::optional<QString>(*it));
}

void MemorySecretStore::write(const QString& key, const QString& secret, DoneCallback done) {
    m_secrets.insert(key, secret);
    done(std::nullopt);
}

void MemorySecretStore::remove(const QString& key, DoneCallback done) {
    m_secrets.remove(key);
    done(std::nullopt);
}

QString MemorySecretStore::status() const {
    QString s = QStringLiteral("Tokens are kept in memory only and forgotten when Tessera quits");
    if (!m_reason.isEmpty())
        s += QStringLiteral(": ") + m_reason;
    return s;
}

} // namespace tessera::kube
