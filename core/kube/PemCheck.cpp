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

namespace {

// The label of the first PEM block ("CERTIFICATE", "EC PRIVATE KEY"), empty when there is none.
QByteArray pemLabel(const QByteArray& trimmed) {
    static const QByteArray begin = "-----BEGIN ";
    if (!trimmed.startsWith(begin))
        return {};
    const qsizetype end = trimmed.indexOf("-----", begin.size());
    return end < 0 ? QByteArray() : trimmed.mid(begin.size(), end - begin.size());
}

} // namespace

QString notPemReason(const QString& what, const QByteArray& bytes) {
    const QByteArray trimmed = bytes.trimmed();
    QString found;
    if (!trimmed.startsWith("-----BEGIN")) {
        found = QStringLiteral("it does not start with -----BEGIN");
    } else {
        // A block of another kind (a key where the certificate belongs, or the reverse) says so.
        const QByteArray label = pemLabel(trimmed);
        const bool sameKind = what == QLatin1String("certificate") ? label == "CERTIFICATE"
                                                                   : label.endsWith("PRIVATE KEY");
        found = !label.isEmpty() && !sameKind
                    ? QStringLiteral("it holds a PEM \"%1\" block").arg(QString::fromLatin1(label))
                    : QStringLiteral("its PEM block does not parse");
    }
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
