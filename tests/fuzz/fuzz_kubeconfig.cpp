// kubeconfig files (YAML, as kubectl reads them) and an exec plugin's ExecCredential (JSON on its
// stdout). Every input goes through both parsers; a kubeconfig that parses is also resolved when
// it names no files (resolve() reads the files a kubeconfig points at).
//
// Kubeconfig::loadFile is the parser's entry point, so the input is written to a file first (one
// per process, in /dev/shm when there is one): the same code path as `tessera --kubeconfig F`.
#include "FuzzTarget.h"
#include "kube/CredentialProvider.h"
#include "kube/Kubeconfig.h"

#include <QDir>
#include <QFile>
#include <unistd.h>

using namespace tessera;

namespace {

// The input's file, removed at exit.
struct InputFile {
    QString path;
    InputFile() {
        const QString dir = QDir(QStringLiteral("/dev/shm")).exists() ? QStringLiteral("/dev/shm")
                                                                      : QDir::tempPath();
        path = QStringLiteral("%1/tessera-fuzz-kubeconfig-%2").arg(dir).arg(::getpid());
    }
    ~InputFile() { QFile::remove(path); }
};

const QString& inputFile() {
    static const InputFile file;
    return file.path;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));

    QFile file(inputFile());
    fuzz::require(file.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
                      file.write(bytes) == bytes.size(),
                  "the input file can be written");
    file.close();
    const auto config = kube::Kubeconfig::loadFile(inputFile());
    if (!config.ok()) {
        fuzz::require(config.error().message.rfind(inputFile().toStdString(), 0) == 0,
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
