#include "SelfSignedCertificate.h"

#include <memory>
#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

namespace tessera::serve {

namespace {

template <auto Free> struct Deleter {
    template <typename T> void operator()(T* p) const { Free(p); }
};
using Key = std::unique_ptr<EVP_PKEY, Deleter<EVP_PKEY_free>>;
using Certificate = std::unique_ptr<X509, Deleter<X509_free>>;
using Bio = std::unique_ptr<BIO, Deleter<BIO_free>>;
using Extension = std::unique_ptr<X509_EXTENSION, Deleter<X509_EXTENSION_free>>;

QByteArray bioText(BIO* bio) {
    char* data = nullptr;
    const long size = BIO_get_mem_data(bio, &data);
    return QByteArray(data, static_cast<qsizetype>(size));
}

bool addExtension(X509* certificate, int nid, const char* value) {
    X509V3_CTX context;
    X509V3_set_ctx_nodb(&context);
    X509V3_set_ctx(&context, certificate, certificate, nullptr, nullptr, 0);
    const Extension extension(X509V3_EXT_conf_nid(nullptr, &context, nid, value));
    return extension && X509_add_ext(certificate, extension.get(), -1) == 1;
}

} // namespace

SelfSignedCertificate makeLoopbackCertificate() {
    SelfSignedCertificate out;
    const Key key(EVP_EC_gen("P-256"));
    const Certificate certificate(X509_new());
    if (!key || !certificate) {
        out.error = QStringLiteral("cannot make a TLS key for --local (OpenSSL)");
        return out;
    }
    X509* c = certificate.get();
    X509_set_version(c, 2); // v3, for the extensions
    // A random serial: clients that remember certificates must not see two with the same one.
    unsigned char serial[16];
    if (RAND_bytes(serial, sizeof serial) != 1) {
        out.error = QStringLiteral("cannot make a TLS certificate for --local: no random bytes");
        return out;
    }
    serial[0] &= 0x7f; // positive
    BIGNUM* number = BN_bin2bn(serial, sizeof serial, nullptr);
    BN_to_ASN1_INTEGER(number, X509_get_serialNumber(c));
    BN_free(number);
    X509_gmtime_adj(X509_getm_notBefore(c), -60);
    X509_gmtime_adj(X509_getm_notAfter(c), 30L * 24 * 3600);
    X509_NAME* name = X509_get_subject_name(c);
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                               reinterpret_cast<const unsigned char*>("tessera serve --local"), -1,
                               -1, 0);
    X509_set_issuer_name(c, name);
    X509_set_pubkey(c, key.get());
    const bool extensions =
        addExtension(c, NID_basic_constraints, "critical,CA:TRUE") &&
        addExtension(c, NID_key_usage, "critical,digitalSignature,keyCertSign") &&
        addExtension(c, NID_ext_key_usage, "serverAuth") &&
        addExtension(c, NID_subject_alt_name, "IP:127.0.0.1,IP:::1,DNS:localhost");
    if (!extensions || X509_sign(c, key.get(), EVP_sha256()) == 0) {
        out.error = QStringLiteral("cannot make a TLS certificate for --local (OpenSSL)");
        return out;
    }
    const Bio certificateText(BIO_new(BIO_s_mem()));
    const Bio keyText(BIO_new(BIO_s_mem()));
    if (!certificateText || !keyText || PEM_write_bio_X509(certificateText.get(), c) != 1 ||
        PEM_write_bio_PrivateKey(keyText.get(), key.get(), nullptr, nullptr, 0, nullptr, nullptr) !=
            1) {
        out.error = QStringLiteral("cannot write the --local TLS certificate (OpenSSL)");
        return out;
    }
    out.certificatePem = bioText(certificateText.get());
    out.privateKeyPem = bioText(keyText.get());
    return out;
}

} // namespace tessera::serve
