#pragma once
// Whose pod is it: the claim rule of the controllers' ref manager
// (pkg/controller/controller_ref_manager.go, ClaimObject). A pod is a Job's only when its
// controlling owner reference (controller: true) names the Job's uid; an orphan (no controller)
// is adopted when the Job's selector matches it and neither it nor the Job is being deleted.
// Anything else, a recreated Job's predecessor's pods included, is not the Job's to count.
#include <optional>
#include <string>
#include <string_view>

namespace tessera::engine {

enum class PodClaim {
    Owned,   // controlled by the job and matching its selector
    Adopt,   // an orphan the job takes (the controller sets its owner reference)
    NotOurs, // another controller's, released (no longer matching), or an orphan it leaves
};

struct PodClaimFacts {
    std::optional<std::string> controllerUid; // uid of the controlling owner reference
    bool matchesSelector = false;
    bool podDeleting = false; // metadata.deletionTimestamp set
};

PodClaim claimPod(std::string_view jobUid, bool jobDeleting, const PodClaimFacts& pod);

} // namespace tessera::engine
