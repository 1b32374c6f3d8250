// What tessera serve cannot do, said clearly: pods/exec, pods/attach, pods/portforward and
// pods/ephemeralcontainers need a container runtime, and the pods here are simulated (or, with
// --local, plain processes). Each answers 405 MethodNotAllowed with a Status that carries details
// (kind, name, a cause): kubectl 1.32's `debug` dereferences details.name on a NotFound and
// panicked on the generic 404 without details; every kubectl version prints this message.
#include "ApiServer.h"
#include "ApiValidation.h"

namespace tessera::serve {

void ApiServer::unsupported(HttpConnection* c, const HttpRequest& r, const Target& t) {
    const QString what = t.subresource == QLatin1String("exec")     ? QStringLiteral("exec")
                         : t.subresource == QLatin1String("attach") ? QStringLiteral("attach")
                         : t.subresource == QLatin1String("portforward")
                             ? QStringLiteral("port-forward")
                             : QStringLiteral("ephemeral containers (kubectl debug)");
    ApiFailure f;
    f.code = 405;
    f.reason = QStringLiteral("MethodNotAllowed");
    f.message =
        QStringLiteral("tessera serve does not support %1: its pods are simulated and have "
                       "no container to %2 (pods/%3 of \"%4\")")
            .arg(what,
                 t.subresource == QLatin1String("portforward") ? QStringLiteral("forward ports to")
                 : t.subresource == QLatin1String("ephemeralcontainers")
                     ? QStringLiteral("debug")
                     : QStringLiteral("run commands in"),
                 t.subresource, t.name);
    f.causes.append(fieldCause(QString(), "UnexpectedServerResponse", f.message));
    f.detailsKind = QStringLiteral("pods");
    sendFailure(c, r, f, &t);
}

} // namespace tessera::serve
