#pragma once
// The Launch dialog's YAML preview is editable: what the user edited is what gets created. This
// turns the text back into launch::LaunchManifests (a ConfigMap with the items and a Job, or a
// Job alone for a dropped Job manifest) and creates a lone Job.
#include "engine/Result.h"
#include "launch/ClusterLauncher.h"
#include "launch/LaunchGenerator.h"

#include <string_view>

namespace tessera::ui::launch {

// Documents of kind ConfigMap (at most one) and Job (exactly one); anything else is an error
// naming the document's line. configMapName stays empty when there is no ConfigMap.
engine::Result<tessera::launch::LaunchManifests> manifestsFromYaml(std::string_view yaml);

// Creates manifests.job alone (no ConfigMap); `done` runs in `context`'s thread.
void launchJobOnly(kube::ApiClient& client, const QString& namespace_,
                   const tessera::launch::LaunchManifests& manifests, QObject* context,
                   tessera::launch::ClusterLauncher::Done done);

} // namespace tessera::ui::launch
