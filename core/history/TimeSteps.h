#pragma once
// Round steps for anything measured in time: the ticks of a time axis and the edges of a
// duration histogram. A step is 1, 2 or 5 × 10^n ms below a second, then 1, 2, 5, 10 or 20 of a
// second, a minute or an hour, then 1, 2 or 5 × 10^n hours, so every tick and every bin edge is a
// number a reader can say ("3 s", "+2 min", "1 h"), and labels printed at the step's own unit
// are all different.
//
// Plain C++20 (no Qt): the window's charts and timeline and the report's histogram use the
// same steps; the text of a label is the caller's (ui::Format).
#include <cstddef>
#include <vector>

namespace tessera::history {

using Ms = long long;

// The smallest round step at or above `atLeastMs` (1 ms at least).
Ms roundTimeStep(Ms atLeastMs);

// The ticks of an axis showing [fromMs, toMs] (offsets, e.g. from a job's start): every multiple
// of the smallest round step that keeps them at `maxTicks` or fewer, ascending; `stepMs` gets that
// step. None when the range is empty or maxTicks < 1.
std::vector<Ms> timeTicks(Ms fromMs, Ms toMs, std::size_t maxTicks, Ms* stepMs = nullptr);

// A histogram bin of durations: [fromMs, toMs), both multiples of the bins' round step.
struct DurationBin {
    Ms fromMs = 0, toMs = 0;
    int count = 0;
};
// Bins of one round width (roundTimeStep) covering the shortest to the longest duration, at most
// `maxBins` of them: a duration d lands in the bin with fromMs <= d < toMs, so a pod of exactly
// 3 s is in the bin that starts at 3 s. The first bin starts at the largest multiple of the width
// at or below the shortest duration. None when there are no durations or maxBins is 0.
std::vector<DurationBin> durationBins(std::vector<Ms> durationsMs, std::size_t maxBins);

} // namespace tessera::history
