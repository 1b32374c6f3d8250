#pragma once
// Whether bytes meant for TLS client authentication parse as what they claim to be. A client
// key or certificate that does not parse is silently dropped by TLS and the request then fails
// for an unrelated-looking reason ("Connection refused", a handshake error); checking where the
// bytes come from (a kubeconfig field, an exec plugin's status) lets the error name that source.
#include <QByteArray>
#include <QString>
#include <optional>

namespace tessera::kube {

// A PEM private key QSslKey reads (RSA, EC or DSA).
bool isPemPrivateKey(const QByteArray& pem);
// At least one PEM certificate QSslCertificate reads.
bool isPemCertificate(const QByteArray& pem);

// Why the bytes are not a PEM `what` ("private key", "certificate"): "not a PEM private key (it
// does not start with -----BEGIN)" or "… (its PEM block does not parse)".
QString notPemReason(const QString& what, const QByteArray& bytes);

// nullopt when `pem` is a usable client key / certificate, else the reason above.
std::optional<QString> clientKeyProblem(const QByteArray& pem);
std::optional<QString> clientCertificateProblem(const QByteArray& pem);

} // namespace tessera::kube
