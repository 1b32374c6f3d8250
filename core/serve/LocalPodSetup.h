#pragma once
// What a pod's containers run under `tessera serve --local` (its init containers in order, then
// its first container), as the kubelet would prepare them, on this machine:
//  - the program: command + args, with $(VAR) references expanded as Kubernetes expands them;
//  - the environment, exactly what the spec says and nothing of the server's: a minimal PATH and
//    HOME, HOSTNAME (and TESSERA_POD_HOSTNAME), then envFrom, then env with value, fieldRef,
//    configMapKeyRef and secretKeyRef resolved from the stored objects;
//  - the volumes: configMap, secret (with items, defaultMode, optional) and emptyDir are written
//    as files under the pod's directory. There is no container filesystem, so a mount path is
//    taken relative to the pod's root, `<pod dir>/root`, given to the process as
//    TESSERA_POD_ROOT: `mountPath: /etc/config` is `$TESSERA_POD_ROOT/etc/config`. (The wrapper
//    of a launched work list reads its items from `$TESSERA_POD_ROOT/tessera/items`.)
// The pod's directory is private to the server's user (mode 0700): Secrets are written there.
#include <QHash>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <tl/expected.hpp>

namespace tessera::serve {

class ObjectStore;

struct LocalProcessSpec {
    QStringList argv; // program and arguments
    QStringList env;  // KEY=VALUE, the whole environment
    QString root;     // TESSERA_POD_ROOT
};

struct LocalPodProblem {
    // True: what is missing may still appear (a ConfigMap created later); the kubelet keeps the
    // pod waiting and tries again. False: the pod cannot run here.
    bool retry = false;
    QString reason;  // CreateContainerConfigError, FailedMount, StartError
    QString message; // names the field and the object
};

// Prepares `container` of `pod` (the stored Pod object, status.podIP set; an empty container:
// its first one) in `podDir` (created if needed). The containers of a pod share its directory,
// so an emptyDir written by an init container is there for the next ones, as on a node.
tl::expected<LocalProcessSpec, LocalPodProblem> prepareLocalPod(const ObjectStore& store,
                                                                const QJsonObject& pod,
                                                                const QString& podDir,
                                                                const QJsonObject& container = {});

// Kubernetes' $(VAR) expansion of command, args and env values: $(NAME) is NAME's value when
// NAME is defined, else left as written; $$ is a literal $.
QString expandVariables(const QString& text, const QHash<QString, QString>& defined);

} // namespace tessera::serve
