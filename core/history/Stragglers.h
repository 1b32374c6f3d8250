#pragma once
// Stragglers: attempts still running for longer than the job's own succeeded attempts say they
// should. The rule: with at least kMinStragglerSamples succeeded durations, an attempt running
// (started, not finished) for longer than the 95th percentile of those durations (nearest rank)
// is a straggler. With fewer samples there is no threshold, and no attempt is called one.
//
// Plain C++20 over AttemptSpans (engine/JobState.h decides each outcome): the window's grid
// marks, its stragglers list and its ETA's spread (store::estimateCompletion) follow it.
#include "history/JobTimeline.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tessera::history {

inline constexpr std::size_t kMinStragglerSamples = 20;
inline constexpr double kStragglerPercentile = 95;

// The 1-based rank of the p-th percentile of n sorted values by the nearest-rank method
// (ceil(p/100 · n), at least 1): the report's percentiles and the straggler threshold use it.
std::size_t nearestRank(std::size_t n, double p);

struct Straggler {
    int32_t index = -1;
    int32_t attempt = 0;
    Ms runningMs = 0;           // now − started
    std::size_t attemptPos = 0; // position in the attempts given
};

struct Stragglers {
    std::size_t samples = 0;          // durations of succeeded attempts (started and finished)
    bool enoughSamples = false;       // samples >= kMinStragglerSamples
    Ms medianMs = 0, thresholdMs = 0; // p50 and p95 of those durations (0 without enough)
    std::vector<Straggler> attempts;  // longest running first
};

// The stragglers among `attempts` at `now` (ms since the epoch).
Stragglers findStragglers(const std::vector<AttemptSpan>& attempts, Ms now);

} // namespace tessera::history
