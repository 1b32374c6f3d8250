#include "RunHistory.h"

#include "engine/IndexSet.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>

namespace tessera::store {

using engine::IndexState;

namespace {

bool isActivePhase(const QString& phase) {
    return phase == QLatin1String("Pending") || phase == QLatin1String("Running");
}

qint64 ms(const QDateTime& t) {
    return t.toMSecsSinceEpoch();
}

QDateTime startOf(const IndexAttempt& a) {
    return a.started.isValid() ? a.started : a.created;
}

// Cumulative step curve from unordered event times: value k from the k-th time on. Starts at
// `from` with 0 and ends at `to` with the total, so the line spans the whole range.
std::vector<CountAt> cumulative(std::vector<qint64> times, qint64 from, qint64 to) {
    std::sort(times.begin(), times.end());
    std::vector<CountAt> out;
    out.reserve(times.size() + 2);
    out.push_back({from, 0});
    int n = 0;
    for (qint64 t : times) {
        ++n;
        if (out.back().t == t)
            out.back().value = n;
        else
            out.push_back({t, n});
    }
    out.push_back({std::max(to, out.back().t), n});
    return out;
}

// At most about `maxPoints` steps: within each slice of the range only the last value is kept,
// plus the slice's maximum when it differs (a spike of running pods stays visible).
std::vector<CountAt> thin(const std::vector<CountAt>& curve, std::size_t maxPoints) {
    if (curve.size() <= maxPoints || curve.size() < 3)
        return curve;
    const qint64 t0 = curve.front().t, t1 = curve.back().t;
    const qint64 slice = std::max<qint64>(1, (t1 - t0) / static_cast<qint64>(maxPoints / 2));
    std::vector<CountAt> out;
    out.push_back(curve.front());
    std::size_t i = 1;
    while (i + 1 < curve.size()) {
        const qint64 bucket = (curve[i].t - t0) / slice;
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

constexpr std::size_t kMaxCurvePoints = 2000;

} // namespace

bool attemptFailed(const IndexAttempt& a) {
    return a.phase == QLatin1String("Failed") || (a.finished.isValid() && a.exitCode > 0) ||
           a.signal.has_value();
}

BarOutcome outcomeOf(const IndexAttempt& a) {
    if (attemptFailed(a))
        return BarOutcome::Failed;
    if (a.phase == QLatin1String("Succeeded") || (a.finished.isValid() && a.exitCode == 0))
        return BarOutcome::Succeeded;
    if (a.live && a.phase == QLatin1String("Running"))
        return BarOutcome::Running;
    if (a.live && a.phase == QLatin1String("Pending"))
        return BarOutcome::Pending;
    return BarOutcome::Unknown;
}

IndexCounts countIndexes(const JobSnapshot& s) {
    IndexCounts c;
    const engine::IndexStateMap::Counts counts = s.states.counts();
    for (std::size_t i = 0; i < counts.size(); ++i)
        c.byState[i] = static_cast<int>(counts[i]);
    for (const auto& [index, failures] : s.failureCount)
        c.indexesWithFailures += failures > 0 ? 1 : 0;
    for (const IndexAttempt& a : s.attempts)
        c.failedAttempts += attemptFailed(a) ? 1 : 0;
    return c;
}

QString indexesInState(const JobSnapshot& s, IndexState state) {
    std::vector<engine::Interval> runs;
    for (const engine::IndexStateMap::Run& r : s.states.runs()) {
        if (r.state != state)
            continue;
        if (!runs.empty() && runs.back().last == r.first - 1)
            runs.back().last = r.last;
        else
            runs.push_back({r.first, r.last});
    }
    return QString::fromStdString(engine::IndexSet::fromIntervals(std::move(runs)).toString());
}

std::optional<CompletionEstimate> estimateCompletion(const JobSnapshot& s, const QDateTime& now) {
    const JobSummary& j = s.summary;
    if (j.finished.isValid() || j.completions <= 0 || j.succeeded >= j.completions)
        return std::nullopt;
    const auto estimate = [&](int done, double seconds) {
        CompletionEstimate e;
        if (seconds <= 0 || done <= 0)
            return e;
        const double rate = done / seconds;
        e.known = true;
        e.seconds = static_cast<qint64>((j.completions - j.succeeded) / rate);
        e.perMinute = rate * 60;
        return e;
    };
    // The recorded attempts: succeeded ones that ended in the window.
    const QDateTime windowStart =
        std::max(now.addSecs(-300), j.started.isValid() ? j.started : now.addSecs(-300));
    int recent = 0;
    bool anyRecorded = false;
    for (const IndexAttempt& a : s.attempts) {
        if (outcomeOf(a) != BarOutcome::Succeeded || !a.finished.isValid())
            continue;
        anyRecorded = true;
        if (a.finished > windowStart && a.finished <= now)
            ++recent;
    }
    if (anyRecorded)
        return estimate(recent, double(windowStart.msecsTo(now)) / 1000.0);
    // No recorded ends (pods never seen): the samples taken while the job was watched.
    if (s.timeline.size() < 2)
        return std::nullopt;
    const ProgressSample& last = s.timeline.back();
    const QDateTime since = last.t.addSecs(-300);
    auto it = std::lower_bound(s.timeline.begin(), s.timeline.end(), since,
                               [](const ProgressSample& p, const QDateTime& t) { return p.t < t; });
    if (it == s.timeline.end() || it->t >= last.t)
        it = s.timeline.begin();
    return estimate(last.succeeded - it->succeeded, double(it->t.msecsTo(last.t)) / 1000.0);
}

engine::Attempt toEngineAttempt(const IndexAttempt& a) {
    const auto at = [](const QDateTime& t) {
        return engine::fromUnixMillis(t.toMSecsSinceEpoch());
    };
    engine::Attempt e;
    e.index = a.index;
    e.number = a.attempt + 1;
    e.failureCount = a.attempt;
    e.podName = a.pod.toStdString();
    e.node = a.node.toStdString();
    const QDateTime created = a.created.isValid() ? a.created : a.started;
    if (created.isValid())
        e.createdAt = at(created);
    if (a.started.isValid())
        e.startedAt = at(a.started);
    if (a.finished.isValid())
        e.finishedAt = at(a.finished);
    e.exitCode = std::max(0, a.exitCode);
    e.signal = a.signal;
    e.reason = a.reason.toStdString();
    e.message = a.message.toStdString();
    switch (outcomeOf(a)) {
    case BarOutcome::Succeeded:
        e.outcome = engine::AttemptOutcome::Succeeded;
        break;
    case BarOutcome::Failed:
        e.outcome = engine::AttemptOutcome::Failed;
        break;
    case BarOutcome::Running:
        e.outcome = engine::AttemptOutcome::Running;
        break;
    case BarOutcome::Pending:
        e.outcome = engine::AttemptOutcome::Pending;
        break;
    case BarOutcome::Unknown:
        e.outcome = engine::AttemptOutcome::Deleted;
        break;
    }
    return e;
}

void mergeRecordedAttempts(std::vector<engine::Attempt>& attempts,
                           const std::vector<IndexAttempt>& recorded) {
    std::set<std::string> known;
    for (const engine::Attempt& a : attempts)
        known.insert(a.podName);
    for (const IndexAttempt& r : recorded)
        if (!known.count(r.pod.toStdString()))
            attempts.push_back(toEngineAttempt(r));
    std::stable_sort(attempts.begin(), attempts.end(),
                     [](const engine::Attempt& a, const engine::Attempt& b) {
                         if (a.createdAt != b.createdAt)
                             return a.createdAt < b.createdAt;
                         if (a.failureCount != b.failureCount)
                             return a.failureCount < b.failureCount;
                         return a.podName < b.podName;
                     });
    std::map<int32_t, int32_t> seen;
    for (engine::Attempt& a : attempts)
        a.number = ++seen[a.index];
}

int RunHistory::rowOf(int index) const {
    const auto it = std::lower_bound(rowIndexes.begin(), rowIndexes.end(), index);
    return it == rowIndexes.end() || *it != index ? -1 : static_cast<int>(it - rowIndexes.begin());
}

RunHistory RunHistory::of(const JobSnapshot& s, const QDateTime& now) {
    RunHistory h;
    const JobSummary& j = s.summary;
    const auto& attempts = s.attempts;
    h.counts = countIndexes(s);

    // The range: from the job's start (or its first attempt) to its end (or now while it runs).
    h.finished = j.finished.isValid() || j.status == QLatin1String("Complete") ||
                 j.status == QLatin1String("Failed");
    qint64 first = j.started.isValid() ? ms(j.started) : std::numeric_limits<qint64>::max();
    qint64 lastEnd = std::numeric_limits<qint64>::min();
    for (const IndexAttempt& a : attempts) {
        if (const QDateTime t = startOf(a); t.isValid())
            first = std::min(first, ms(t));
        if (a.finished.isValid())
            lastEnd = std::max(lastEnd, ms(a.finished));
    }
    if (first == std::numeric_limits<qint64>::max())
        first = j.created.isValid() ? ms(j.created) : ms(now);
    qint64 last = ms(now);
    if (h.finished)
        last = j.finished.isValid()
                   ? std::max(ms(j.finished), lastEnd)
                   : (lastEnd > std::numeric_limits<qint64>::min() ? lastEnd : first);
    h.start = first;
    h.end = std::max(last, first + 1000);

    // Bars, rows, and the times the curves are made of.
    std::vector<qint64> failedAt, succeededAt;
    struct Step {
        qint64 t;
        int delta;
    };
    std::vector<Step> activeSteps;
    h.bars.reserve(attempts.size());
    const int n = static_cast<int>(s.states.size());
    for (std::size_t i = 0; i < attempts.size(); ++i) {
        const IndexAttempt& a = attempts[i];
        AttemptBar b;
        b.index = a.index;
        b.attempt = a.attempt;
        b.attemptPos = i;
        b.outcome = outcomeOf(a);
        const QDateTime st = startOf(a);
        b.start = st.isValid() ? ms(st) : h.start;
        if (a.finished.isValid()) {
            b.end = std::max(b.start, ms(a.finished));
            b.endKnown = true;
        } else if (a.live && isActivePhase(a.phase)) {
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
        if (b.outcome == BarOutcome::Failed)
            failedAt.push_back(b.endKnown ? b.end : b.start);
        // Active: from start to end of every attempt whose end is known or that still runs.
        if (a.started.isValid() && (b.endKnown || b.open)) {
            activeSteps.push_back({b.start, +1});
            if (!b.open)
                activeSteps.push_back({b.end, -1});
        }
    }

    // Succeeded indexes: the end of the attempt that succeeded, per index the grid counts.
    for (std::size_t r = 0; r < h.rowIndexes.size(); ++r) {
        const int index = h.rowIndexes[r];
        const std::size_t endBar = r + 1 < h.rowFirst.size() ? h.rowFirst[r + 1] : h.bars.size();
        const bool succeededIndex =
            index >= 0 && index < n && s.states.at(index) == IndexState::Succeeded;
        if (!succeededIndex)
            continue;
        const IndexAttempt* won = nullptr;
        for (std::size_t b = h.rowFirst[r]; b < endBar; ++b)
            if (h.bars[b].outcome == BarOutcome::Succeeded)
                won = &attempts[h.bars[b].attemptPos];
        if (won && won->finished.isValid()) {
            succeededAt.push_back(ms(won->finished));
            if (won->started.isValid())
                h.succeededDurationsMs.push_back(
                    std::max<qint64>(0, won->started.msecsTo(won->finished)));
        }
    }
    const int succeededIndexes = h.counts.of(IndexState::Succeeded);
    h.succeededWithoutTimes = std::max(0, succeededIndexes - static_cast<int>(succeededAt.size()));

    h.succeeded = thin(cumulative(std::move(succeededAt), h.start, h.end), kMaxCurvePoints);
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

    // Parallelism: the samples taken while the job was watched, the spec's value elsewhere.
    const int current = j.parallelism;
    const int initial = s.timeline.empty() ? current : s.timeline.front().parallelism;
    h.parallelism.push_back({h.start, initial});
    for (const ProgressSample& p : s.timeline) {
        const qint64 t = std::clamp(ms(p.t), h.start, h.end);
        if (h.parallelism.back().value != p.parallelism)
            h.parallelism.push_back({t, p.parallelism});
    }
    if (h.parallelism.back().value != current)
        h.parallelism.push_back({h.end, current});
    h.parallelism.push_back({h.end, h.parallelism.back().value});
    return h;
}

} // namespace tessera::store
