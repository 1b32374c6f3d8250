#pragma once
// A run's journal read back into what the engine would have: the Job's status, every attempt and
// the parallelism it was asked for over time. RunDirectory::load calls it; everything that reads
// a run (the runner on resume, the window, `tessera ctl status`, reports) goes through that load.
#include "Journal.h"
#include "engine/Attempt.h"
#include "engine/Model.h"

#include <cstdint>
#include <vector>

namespace tessera::local {

// A parallelism the run was asked for and from when (the journal's P records, in order), with
// the run's counts at that moment as the journal had them: a progress sample of the run.
struct ParallelismChange {
    engine::TimePoint at{};
    int32_t parallelism = 0;
    int32_t succeeded = 0; // indexes completed
    int32_t failed = 0;    // failed attempts (as status.failed counts them)
    int32_t active = 0;    // attempts started and not ended
    bool operator==(const ParallelismChange&) const = default;
};

struct JournalReplay {
    std::vector<engine::Attempt> attempts; // every attempt, in start order
    std::vector<ParallelismChange> parallelism;
};

// Fills `job`'s status (start and completion time, conditions, completed and failed indexes,
// succeeded and failed counts, the last parallelism) from `records` and returns the attempts and
// the parallelism history. `job.spec` (as makeJob made it) says how failures count: with
// backoffLimitPerIndex each attempt carries the failure count its index had when it started, as
// the controller writes it into a pod's job-index-failure-count annotation.
JournalReplay replayJournal(const std::vector<JournalRecord>& records, engine::Job& job);

} // namespace tessera::local
