#include "KeychainSecretStore.h"

#include <qt6keychain/keychain.h>

namespace tessera::kube {

namespace {

engine::Error err(const QString& text) {
    engine::Error e;
    e.message = text.toStdString();
    return e;
}

} // namespace

KeychainSecretStore::KeychainSecretStore(QString service, QObject* parent)
    : QObject(parent)
    , m_service(std::move(service)) {}

bool KeychainSecretStore::isUnavailable(int error) {
    // With no D-Bus session or no Secret Service, QtKeychain reports NoBackendAvailable or, from
    // the libsecret path, OtherError; both mean "there is no keychain", not "this key failed".
    return error == QKeychain::NoBackendAvailable || error == QKeychain::NotImplemented ||
           error == QKeychain::OtherError;
}

void KeychainSecretStore::fallBack(const QString& reason) {
    if (m_fallenBack)
        return;
    m_fallenBack = true;
    m_memory.setReason(QStringLiteral("no keychain service is running (%1)").arg(reason));
    emit keychainUnavailable(reason);
}

QString KeychainSecretStore::status() const {
    if (m_fallenBack)
        return m_memory.status();
    return QStringLiteral("Tokens are kept in the system keychain (service \"%1\")").arg(m_service);
}

void KeychainSecretStore::read(const QString& key, ReadCallback done) {
    if (m_fallenBack) {
        m_memory.read(key, std::move(done));
        return;
    }
    auto* job = new QKeychain::ReadPasswordJob(m_service, this);
    job->setAutoDelete(true);
    job->setKey(key);
    connect(
        job, &QKeychain::Job::finished, this,
        [this, key, done = std::move(done)](QKeychain::Job* j) {
            auto* rj = static_cast<QKeychain::ReadPasswordJob*>(j);
            if (j->error() == QKeychain::NoError) {
                done(std::optional<QString>(rj->textData()));
            } else if (j->error() == QKeychain::EntryNotFound) {
                done(std::optional<QString>());
            } else if (isUnavailable(j->error())) {
                fallBack(j->errorString());
                m_memory.read(key, done);
            } else {
                done(err(
                    QStringLiteral("keychain: cannot read \"%1\": %2").arg(key, j->errorString())));
            }
        });
    job->start();
}

void KeychainSecretStore::write(const QString& key, const QString& secret, DoneCallback done) {
    if (m_fallenBack) {
        m_memory.write(key, secret, std::move(done));
        return;
    }
    auto* job = new QKeychain::WritePasswordJob(m_service, this);
    job->setAutoDelete(true);
    job->setKey(key);
    job->setTextData(secret);
    connect(job, &QKeychain::Job::finished, this,
            [this, key, secret, done = std::move(done)](QKeychain::Job* j) {
                if (j->error() == QKeychain::NoError) {
                    done(std::nullopt);
                } else if (isUnavailable(j->error())) {
                    fallBack(j->errorString());
                    m_memory.write(key, secret, done);
                } else {
                    done(err(QStringLiteral("keychain: cannot store \"%1\": %2")
                                 .arg(key, j->errorString())));
                }
            });
    job->start();
}

void KeychainSecretStore::remove(const QString& key, DoneCallback done) {
    if (m_fallenBack) {
        m_memory.remove(key, std::move(done));
        return;
    }
    auto* job = new QKeychain::DeletePasswordJob(m_service, this);
    job->setAutoDelete(true);
    job->setKey(key);
    connect(job, &QKeychain::Job::finished, this,
            [this, key, done = std::move(done)](QKeychain::Job* j) {
                if (j->error() == QKeychain::NoError || j->error() == QKeychain::EntryNotFound) {
                    done(std::nullopt);
                } else if (isUnavailable(j->error())) {
                    fallBack(j->errorString());
                    m_memory.remove(key, done);
                } else {
                    done(err(QStringLiteral("keychain: cannot delete \"%1\": %2")
                                 .arg(key, j->errorString())));
                }
            });
    job->start();
}

} // namespace tessera::kube
