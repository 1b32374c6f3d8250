#include "PemCheck.h"

#include <QSslCertificate>
#include <QSslKey>

namespace tessera::kube {

bool isPemPrivateKey(const QByteArray& pem) {
    for (QSsl::KeyAlgorithm alg : {QSsl::Rsa, QSsl::Ec, QSsl::Dsa})
        if (!QSslKey(pem, alg, QSsl::Pem, QSsl::PrivateKey).isNull())
            return true;
    return false;
}

bool isPemCertificate(const QByteArray& pem) {
    return !QSslCertificate::fromData(pem, QSsl::Pem).isEmpty();
}

QString notPemReason(const QString& what, const QByteArray& bytes) {
    const QString found = bytes.trimmed().startsWith("-----BEGIN")
                              ? QStringLiteral("its PEM block does not parse")
                              : QStringLiteral("it does not start with -----BEGIN");
    return QStringLiteral("not a PEM %1 (%2)").arg(what, found);
}

std::optional<QString> clientKeyProblem(const QByteArray& pem) {
    if (isPemPrivateKey(pem))
        return std::nullopt;
    return notPemReason(QStringLiteral("private key"), pem);
}

std::optional<QString> clientCertificateProblem(const QByteArray& pem) {
    if (isPemCertificate(pem))
        return std::nullopt;
    return notPemReason(QStringLiteral("certificate"), pem);
}

} // namespace tessera::kube
