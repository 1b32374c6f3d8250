#pragma once
// A certificate and key made on the spot for `tessera serve --local` when no --tls-cert is
// given: kubectl (client-go) sends a bearer token over HTTPS only, and --local always requires
// one, so without TLS the token it generates would be of no use to kubectl. The certificate is
// for 127.0.0.1, ::1 and localhost, valid for 30 days, and is its own CA: the kubeconfig written
// by --write-kubeconfig carries it, so clients verify the server as usual (no
// insecure-skip-tls-verify).
#include <QByteArray>
#include <QString>

namespace tessera::serve {

struct SelfSignedCertificate {
    QByteArray certificatePem;
    QByteArray privateKeyPem;
    QString error; // non-empty when it could not be made
};

// A new P-256 key and a self-signed certificate for the loopback names.
SelfSignedCertificate makeLoopbackCertificate();

} // namespace tessera::serve
