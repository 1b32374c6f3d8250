#include "RelaunchInput.h"

#include "launch/LaunchGenerator.h"

namespace tessera::store {

void RelaunchInput::chooseIndexes(const engine::Job& job,
                                  const std::vector<engine::Attempt>& attempts) {
    using launch::LaunchGenerator;
    failed = LaunchGenerator::rerunIndexes(job, attempts, LaunchGenerator::Rerun::Failed);
    notSucceeded =
        LaunchGenerator::rerunIndexes(job, attempts, LaunchGenerator::Rerun::NotSucceeded);
}

} // namespace tessera::store
