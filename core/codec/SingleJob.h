#pragma once
// The one Job of a manifest file, for every command that takes one (`run --job`, `simulate`,
// `report --source simulate`): documents of other kinds beside it are left alone (the ConfigMap
// `tessera launch` prints with its Job), but a file of two or more Jobs is an error naming where
// each starts, never a silent choice of the first.
#include "Manifests.h"

#include <string_view>
#include <vector>

namespace tessera::codec {

// Errors: "<source>: no document of kind Job", or "<source>: 3 documents of kind Job (lines 1,
// 9, 17); give one". The message is ready to print.
engine::Result<const Manifest*> singleJobManifest(const std::vector<Manifest>& manifests,
                                                  std::string_view source);

} // namespace tessera::codec
