#pragma once
// Creates generated manifests on a cluster through kube::ApiClient, in the order that never
// leaves a pod waiting for its items: the ConfigMap first, then the Job, then the ConfigMap gets
// an ownerReference to the Job (its UID exists only now), so deleting the Job deletes the items.
// When the Job cannot be created, the ConfigMap is deleted again. Asynchronous: `done` runs in
// `context`'s thread.
//
//   ClusterLauncher::launch(client, "default", manifests, this, [](auto r) { ... });
#include "LaunchGenerator.h"
#include "engine/Result.h"

#include <QObject>
#include <QString>
#include <functional>

namespace tessera::kube {
class ApiClient;
}

namespace tessera::launch {

struct LaunchedJob {
    std::string namespace_;
    std::string name;
    std::string uid;
};

class ClusterLauncher {
public:
    using Done = std::function<void(engine::Result<LaunchedJob>)>;
    static void launch(kube::ApiClient& client, const QString& namespace_,
                       const LaunchManifests& manifests, QObject* context, Done done);
};

} // namespace tessera::launch
