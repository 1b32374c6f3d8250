#include "JobTimeline.h"

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>

namespace tessera::history {

using engine::IndexState;

namespace {

bool isOpen(const AttemptSpan& a) {
    return !a.finished && engine::isUnderWay(a.outcome);
}

std::optional<Ms> startOf(const AttemptSpan& a) {
    return a.started ? a.started : a.created;
}

bool failedState(IndexState s) {
    return s == IndexState::FailedTerminal || s == IndexState::FailedWillRetry;
}

} // namespace

void orderAndNumberAttempts(std::vector<engine::Attempt>& attempts) {
    std::stable_sort(
        attempts.begin(), attempts.end(), [](const engine::Attempt& a, const engine::Attempt& b) {
            return engine::attemptBefore(engine::toUnixMillis(a.createdAt), a.failureCount,
                                         a.podName, engine::toUnixMillis(b.createdAt),
                                         b.failureCount, b.podName);
        });
    std::map<int32_t, int32_t> seen;
    for (engine::Attempt& a : attempts)
        a.number = ++seen[a.index];
}

AttemptSpan spanOf(const engine::Attempt& a, int32_t index) {
    const auto ms = [](engine::TimePoint t) {
        return Ms{t.time_since_epoch().count()};
    };
    AttemptSpan s;
    s.index = index;
    s.attempt = a.number - 1;
    s.created = ms(a.createdAt);
    if (a.startedAt)
        s.started = ms(*a.startedAt);
    if (a.finishedAt)
        s.finished = ms(*a.finishedAt);
    s.outcome = a.outcome;
    return s;
}

std::vector<CountAt> cumulative(std::vector<Ms> times, Ms from, Ms to) {
    std::sort(times.begin(), times.end());
    std::vector<CountAt> out;
    out.reserve(times.size() + 2);
    out.push_back({from, 0});
    int n = 0;
    for (Ms t : times) {
        ++n;
        if (out.back().t == t)
            out.back().value = n;
        else
            out.push_back({t, n});
    }
    out.push_back({std::max(to, out.back().t), n});
    return out;
}

// Within each slice of the range only the last value is kept, plus the slice's maximum when it
// differs (a spike of running pods stays visible).
std::vector<CountAt> thin(const std::vector<CountAt>& curve, std::size_t maxPoints) {
    if (curve.size() <= maxPoints || curve.size() < 3)
        return curve;
    const Ms t0 = curve.front().t, t1 = curve.back().t;
    const Ms slice = std::max<Ms>(1, (t1 - t0) / static_cast<Ms>(maxPoints / 2));
    std::vector<CountAt> out;
    out.push_back(curve.front());
    std::size_t i = 1;
    while (i + 1 < curve.size()) {
        const Ms bucket = (curve[i].t - t0) / slice;
        CountAt peak = curve[i], last = curve[i];
        for (; i + 1 < curve.size() && (curve[i].t - t0) / slice == bucket; ++i) {
            if (curve[i].value > peak.value)
                peak = curve[i];
            last = curve[i];
        }
        if (peak.t != last.t && peak.value != last.value)
            out.push_back(peak);
        out.push_back(last);
    }
    out.push_back(curve.back());
    return out;
}

IndexCounts countIndexes(const engine::IndexStateMap& states,
                         const std::vector<AttemptSpan>& attempts,
                         const std::map<int, int>& failureCount) {
    IndexCounts c;
    const engine::IndexStateMap::Counts counts = states.counts();
    for (std::size_t i = 0; i < counts.size(); ++i)
        c.byState[i] = static_cast<int>(counts[i]);
    for (const AttemptSpan& a : attempts) {
        c.failedAttempts += engine::countsAsFailed(a.outcome) ? 1 : 0;
        c.deletedAttempts += a.outcome == AttemptOutcome::Deleted ? 1 : 0;
        c.lostAttempts += a.outcome == AttemptOutcome::Lost ? 1 : 0;
    }
    if (!failureCount.empty()) {
        for (const auto& [index, failures] : failureCount)
            c.indexesWithFailures += failures > 0 ? 1 : 0;
    } else {
        std::vector<int32_t> failedIndexes;
        for (const AttemptSpan& a : attempts)
            if (engine::countsAsFailed(a.outcome))
                failedIndexes.push_back(a.index);
        std::sort(failedIndexes.begin(), failedIndexes.end());
        c.indexesWithFailures = static_cast<int>(
            std::unique(failedIndexes.begin(), failedIndexes.end()) - failedIndexes.begin());
    }
    return c;
}

int JobTimeline::rowOf(int index) const {
    const auto it = std::lower_bound(rowIndexes.begin(), rowIndexes.end(), index);
    return it == rowIndexes.end() || *it != index ? -1 : static_cast<int>(it - rowIndexes.begin());
}

JobTimeline JobTimeline::of(const std::vector<AttemptSpan>& attempts,
                            const engine::IndexStateMap& states,
                            const std::map<int, int>& failureCount, const JobRange& range) {
    JobTimeline h;
    h.counts = countIndexes(states, attempts, failureCount);

    // The range: from the job's start (or its first attempt) to its end (or now while it runs).
    h.finished = range.finished.has_value() || range.ended;
    constexpr Ms kNone = std::numeric_limits<Ms>::min();
    Ms first = range.started.value_or(std::numeric_limits<Ms>::max());
    Ms lastEnd = kNone;
    for (const AttemptSpan& a : attempts) {
        if (const auto t = startOf(a))
            first = std::min(first, *t);
        if (a.finished)
            lastEnd = std::max(lastEnd, *a.finished);
    }
    if (first == std::numeric_limits<Ms>::max())
        first = range.created.value_or(range.now);
    Ms last = range.now;
    if (h.finished)
        last = range.finished ? std::max(*range.finished, lastEnd)
                              : (lastEnd != kNone ? lastEnd : first);
    h.start = first;
    h.end = std::max(last, first + 1000);

    // Bars in (index, attempt) order, one row per index.
    std::vector<std::size_t> order(attempts.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
        const AttemptSpan &a = attempts[x], &b = attempts[y];
        return a.index != b.index ? a.index < b.index : a.attempt < b.attempt;
    });
    std::vector<Ms> failedAt, succeededAt, failedIndexAt;
    struct Step {
        Ms t;
        int delta;
    };
    std::vector<Step> activeSteps;
    h.bars.reserve(attempts.size());
    for (const std::size_t i : order) {
        const AttemptSpan& a = attempts[i];
        AttemptBar b;
        b.index = a.index;
        b.attempt = a.attempt;
        b.attemptPos = i;
        b.outcome = a.outcome;
        b.start = startOf(a).value_or(h.start);
        if (a.finished) {
            b.end = std::max(b.start, *a.finished);
            b.endKnown = true;
        } else if (isOpen(a)) {
            b.end = std::max(b.start, h.end);
            b.open = true;
        } else {
            b.end = b.start; // it ended, but when was never recorded
        }
        if (h.rowIndexes.empty() || h.rowIndexes.back() != a.index) {
            h.rowIndexes.push_back(a.index);
            h.rowFirst.push_back(h.bars.size());
        }
        h.bars.push_back(b);
        if (engine::countsAsFailed(b.outcome))
            failedAt.push_back(b.endKnown ? b.end : b.start);
        // Active: from start to end of every attempt whose end is known or that still runs.
        if (a.started && (b.endKnown || b.open)) {
            activeSteps.push_back({b.start, +1});
            if (!b.open)
                activeSteps.push_back({b.end, -1});
        }
    }

    // Per index the grid counts: a succeeded index at the end of the attempt that succeeded (its
    // run time is a duration of a succeeded index), a failed one at the end of its last attempt.
    const int n = static_cast<int>(states.size());
    for (std::size_t r = 0; r < h.rowIndexes.size(); ++r) {
        const int index = h.rowIndexes[r];
        if (index < 0 || index >= n)
            continue;
        const IndexState state = states.at(index);
        const std::size_t endBar = r + 1 < h.rowFirst.size() ? h.rowFirst[r + 1] : h.bars.size();
        if (failedState(state)) {
            const AttemptSpan& lastAttempt = attempts[h.bars[endBar - 1].attemptPos];
            if (lastAttempt.finished)
                failedIndexAt.push_back(*lastAttempt.finished);
            continue;
        }
        if (state != IndexState::Succeeded)
            continue;
        const AttemptSpan* won = nullptr;
        for (std::size_t b = h.rowFirst[r]; b < endBar; ++b)
            if (h.bars[b].outcome == AttemptOutcome::Succeeded)
                won = &attempts[h.bars[b].attemptPos];
        if (won && won->finished) {
            succeededAt.push_back(*won->finished);
            if (won->started)
                h.succeededDurationsMs.push_back(std::max<Ms>(0, *won->finished - *won->started));
        }
    }
    h.succeededWithoutTimes =
        std::max(0, h.counts.of(IndexState::Succeeded) - static_cast<int>(succeededAt.size()));

    h.succeeded = thin(cumulative(std::move(succeededAt), h.start, h.end), kMaxCurvePoints);
    h.failedIndexes = thin(cumulative(std::move(failedIndexAt), h.start, h.end), kMaxCurvePoints);
    h.failures = thin(cumulative(std::move(failedAt), h.start, h.end), kMaxCurvePoints);

    std::sort(activeSteps.begin(), activeSteps.end(), [](const Step& a, const Step& b) {
        return a.t != b.t ? a.t < b.t : a.delta < b.delta; // ends before starts at one instant
    });
    std::vector<CountAt> active{{h.start, 0}};
    int running = 0;
    for (const Step& step : activeSteps) {
        running += step.delta;
        if (active.back().t == step.t)
            active.back().value = running;
        else
            active.push_back({step.t, running});
    }
    active.push_back({std::max(h.end, active.back().t), running});
    h.active = thin(active, kMaxCurvePoints);
    return h;
}

JobTimeline historyOfSimulation(const engine::SimulationResult& sim, int32_t completions,
                                engine::TimePoint start) {
    engine::IndexStateMap states(std::max(completions, 0));
    states.paint(sim.failed, IndexState::FailedTerminal);
    states.paint(sim.completed, IndexState::Succeeded);
    std::vector<AttemptSpan> spans;
    spans.reserve(sim.attempts.size());
    for (const engine::Attempt& a : sim.attempts)
        spans.push_back(spanOf(a, a.index));
    JobRange range;
    range.started = start.time_since_epoch().count();
    range.finished = (start + sim.makespan).time_since_epoch().count();
    range.ended = sim.finished;
    range.now = *range.finished;
    return JobTimeline::of(spans, states, {}, range);
}

} // namespace tessera::history
