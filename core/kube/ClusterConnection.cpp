#include "ClusterConnection.h"

namespace tessera::kube {

QString ClusterConnection::describe() const {
    return QStringLiteral("context \"%1\" (user \"%2\", cluster \"%3\")")
        .arg(contextName, userName, clusterName);
}

} // namespace tessera::kube
