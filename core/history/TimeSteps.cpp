#include "TimeSteps.h"

#include <algorithm>

namespace tessera::history {

namespace {

constexpr Ms kSecond = 1000, kMinute = 60 * kSecond, kHour = 60 * kMinute;

// Floor division for offsets that may be negative (a zoomed axis may start before its origin).
Ms floorDiv(Ms a, Ms b) {
    return a / b - ((a % b != 0) && ((a < 0) != (b < 0)) ? 1 : 0);
}

} // namespace

Ms roundTimeStep(Ms atLeastMs) {
    const Ms wanted = std::max<Ms>(1, atLeastMs);
    // Below a second: 1, 2, 5 × 10^n ms.
    for (Ms decade = 1; decade < kSecond; decade *= 10)
        for (const Ms m : {1, 2, 5})
            if (m * decade >= wanted)
                return m * decade;
    // A second, a minute, an hour: 1, 2, 5, 10, 20 of each.
    for (const Ms unit : {kSecond, kMinute})
        for (const Ms m : {1, 2, 5, 10, 20})
            if (m * unit >= wanted)
                return m * unit;
    // Hours: 1, 2, 5 × 10^n.
    for (Ms decade = kHour;; decade *= 10)
        for (const Ms m : {1, 2, 5})
            if (m * decade >= wanted || decade > (Ms{1} << 50))
                return m * decade;
}

std::vector<Ms> timeTicks(Ms fromMs, Ms toMs, std::size_t maxTicks, Ms* stepMs) {
    std::vector<Ms> ticks;
    if (toMs < fromMs || maxTicks == 0)
        return ticks;
    // Each candidate step's tick count is known without listing them: take the first that fits.
    Ms step = roundTimeStep((toMs - fromMs) / static_cast<Ms>(maxTicks));
    auto count = [&](Ms s) {
        return floorDiv(toMs, s) - floorDiv(fromMs - 1, s);
    };
    while (count(step) > static_cast<Ms>(maxTicks))
        step = roundTimeStep(step + 1);
    for (Ms t = (floorDiv(fromMs - 1, step) + 1) * step; t <= toMs; t += step)
        ticks.push_back(t);
    if (stepMs != nullptr)
        *stepMs = step;
    return ticks;
}

std::vector<DurationBin> durationBins(std::vector<Ms> d, std::size_t maxBins) {
    std::vector<DurationBin> out;
    if (d.empty() || maxBins == 0)
        return out;
    const auto [lo, hi] = std::minmax_element(d.begin(), d.end());
    const Ms shortest = std::max<Ms>(0, *lo), longest = std::max<Ms>(0, *hi);
    // A bin holds [from, from + width): the longest needs a bin of its own start.
    auto binsFor = [&](Ms width) {
        return longest / width - shortest / width + 1;
    };
    // All alike: one bin about a tenth of the value wide (never a bin of zero width).
    Ms width = roundTimeStep(std::max<Ms>(1, (longest - shortest) / static_cast<Ms>(maxBins)));
    if (longest == shortest)
        width = roundTimeStep(std::max<Ms>(1, shortest / 10));
    while (binsFor(width) > static_cast<Ms>(maxBins))
        width = roundTimeStep(width + 1);
    const Ms first = shortest / width;
    out.resize(static_cast<std::size_t>(binsFor(width)));
    for (std::size_t b = 0; b < out.size(); ++b) {
        out[b].fromMs = (first + static_cast<Ms>(b)) * width;
        out[b].toMs = out[b].fromMs + width;
    }
    for (const Ms v : d)
        ++out[static_cast<std::size_t>(std::max<Ms>(0, v) / width - first)].count;
    return out;
}

} // namespace tessera::history
