// kubeconfig files (YAML, as kubectl reads them) and an exec plugin's ExecCredential (JSON on its
// stdout). Every input goes through both parsers; a kubeconfig that parses is also resolved when
// it names no files (resolve() reads the files a kubeconfig points at).
#include "FuzzTarget.h"
#include "kube/CredentialProvider.h"
#include "kube/Kubeconfig.h"

using namespace tessera;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));

    const auto config = kube::Kubeconfig::parse(bytes, QStringLiteral("/fuzz/kubeconfig"));
    if (!config.ok()) {
        fuzz::require(config.error().message.rfind("/fuzz/kubeconfig", 0) == 0,
                      "a kubeconfig error starts with the file name");
    } else {
        bool namesFiles = false;
        for (const auto& c : config->clusters())
            namesFiles |= !c.caFile.isEmpty();
        for (const auto& u : config->users())
            namesFiles |=
                !u.tokenFile.isEmpty() || !u.clientCertFile.isEmpty() || !u.clientKeyFile.isEmpty();
        if (!namesFiles)
            (void)config->resolve();
    }

    for (const char* version :
         {"client.authentication.k8s.io/v1", "client.authentication.k8s.io/v1beta1"}) {
        const auto credential = kube::CredentialProvider::parseExecCredential(
            bytes, QString::fromLatin1(version), QStringLiteral("fuzz: users[name=u].user.exec"));
        if (!credential.ok())
            fuzz::require(!credential.error().message.empty(), "an error says what is wrong");
    }
    return 0;
}
