#pragma once
// What a local run's UIs show, sent at most about ten times a second: small enough to copy
// across threads in a queued signal.
#include "engine/JobState.h"

#include <QMetaType>
#include <cstdint>
#include <string>

namespace tessera::local {

struct LocalProgress {
    int32_t completions = 0;
    int32_t succeeded = 0;        // succeeded indexes
    int32_t failedIndexes = 0;    // indexes failed for good (backoffLimitPerIndex)
    int32_t failedAttempts = 0;   // status.failed: failed attempts counted by the controller
    int32_t active = 0;           // processes running now
    int32_t parallelism = 0;      // what the user asked for
    std::string completedIndexes; // "0-41,43"
    std::string failedIndexesText;
    double elapsedSeconds = 0;
    double etaSeconds = -1; // -1 when unknown
    bool finished = false;
    // Once finished: the run's state (Complete, or Failed: cancelled and halted runs too, as
    // local::runStatusOf reads them back) and the journal's word for it ("Complete", "Failed",
    // "Cancelled", "Halted").
    engine::JobState state = engine::JobState::Running;
    std::string outcome;
    std::string reason; // the condition's reason ("BackoffLimitExceeded", ...)
    std::string message;
};

} // namespace tessera::local

Q_DECLARE_METATYPE(tessera::local::LocalProgress)
