#pragma once
// What "Re-run failed indexes" needs from a job of any source, loaded in the store's thread
// (JobStore::loadRelaunchInput): its items and launch settings, and which indexes qualify.
#include "engine/Attempt.h"
#include "engine/Model.h"
#include "launch/Relaunch.h"

#include <QString>
#include <vector>

namespace tessera::store {

struct RelaunchInput {
    launch::Relaunch relaunch;
    bool local = false; // a local run (launch it locally) or a cluster job (launch it there)
    QString origin;     // what the dialog calls it: the run directory or the job's key
    std::vector<int32_t> failed;       // LaunchGenerator::rerunIndexes(..., Failed)
    std::vector<int32_t> notSucceeded; // LaunchGenerator::rerunIndexes(..., NotSucceeded)

    // Fills `failed` and `notSucceeded` from the job's status and attempts.
    void chooseIndexes(const engine::Job& job, const std::vector<engine::Attempt>& attempts);
};

} // namespace tessera::store
