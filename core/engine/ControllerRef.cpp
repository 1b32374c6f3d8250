#include "ControllerRef.h"

namespace tessera::engine {

PodClaim claimPod(std::string_view jobUid, bool jobDeleting, const PodClaimFacts& pod) {
    if (pod.controllerUid) {
        // Another owner's, or ours: ours stays ours while the selector matches; one that no
        // longer matches is released (a deleting job releases nothing, but does not count it).
        if (*pod.controllerUid != jobUid || !pod.matchesSelector)
            return PodClaim::NotOurs;
        return PodClaim::Owned;
    }
    // An orphan: adopted only when it matches, is not going away, and the job is not either.
    if (jobDeleting || !pod.matchesSelector || pod.podDeleting)
        return PodClaim::NotOurs;
    return PodClaim::Adopt;
}

} // namespace tessera::engine
