#include "Stragglers.h"

#include <algorithm>
#include <cmath>

namespace tessera::history {

std::size_t nearestRank(std::size_t n, double p) {
    const auto rank = static_cast<std::size_t>(std::ceil(p / 100.0 * static_cast<double>(n)));
    return std::clamp<std::size_t>(rank, 1, std::max<std::size_t>(n, 1));
}

Stragglers findStragglers(const std::vector<AttemptSpan>& attempts, Ms now) {
    Stragglers out;
    std::vector<Ms> durations;
    for (const AttemptSpan& a : attempts)
        if (a.outcome == AttemptOutcome::Succeeded && a.started && a.finished)
            durations.push_back(std::max<Ms>(0, *a.finished - *a.started));
    out.samples = durations.size();
    out.enoughSamples = out.samples >= kMinStragglerSamples;
    if (!out.enoughSamples)
        return out;
    // Two order statistics: nth_element, not a sort (a job may have 200,000 attempts).
    auto at = [&](double p) {
        const auto k = static_cast<std::ptrdiff_t>(nearestRank(durations.size(), p) - 1);
        std::nth_element(durations.begin(), durations.begin() + k, durations.end());
        return durations[static_cast<std::size_t>(k)];
    };
    out.thresholdMs = at(kStragglerPercentile);
    out.medianMs = at(50);
    for (std::size_t i = 0; i < attempts.size(); ++i) {
        const AttemptSpan& a = attempts[i];
        if (a.finished || !engine::isUnderWay(a.outcome) || !a.started)
            continue;
        const Ms running = now - *a.started;
        if (running > out.thresholdMs)
            out.attempts.push_back({a.index, a.attempt, running, i});
    }
    std::sort(out.attempts.begin(), out.attempts.end(), [](const Straggler& x, const Straggler& y) {
        return x.runningMs != y.runningMs ? x.runningMs > y.runningMs : x.index < y.index;
    });
    return out;
}

} // namespace tessera::history
