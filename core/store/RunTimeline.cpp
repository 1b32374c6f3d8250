#include "RunTimeline.h"

#include "engine/IndexSet.h"

#include <algorithm>
#include <limits>
#include <set>

namespace tessera::store {

using engine::IndexState;

namespace {

qint64 ms(const QDateTime& t) {
    return t.toMSecsSinceEpoch();
}

std::optional<history::Ms> msOf(const QDateTime& t) {
    return t.isValid() ? std::optional<history::Ms>(t.toMSecsSinceEpoch()) : std::nullopt;
}

} // namespace

std::vector<history::AttemptSpan> attemptSpans(const JobSnapshot& s) {
    std::vector<history::AttemptSpan> spans;
    spans.reserve(s.attempts.size());
    for (const IndexAttempt& a : s.attempts)
        spans.push_back(
            {a.index, a.attempt, msOf(a.created), msOf(a.started), msOf(a.finished), a.outcome});
    return spans;
}

IndexCounts countIndexes(const JobSnapshot& s) {
    return history::countIndexes(s.states, attemptSpans(s), s.failureCount);
}

int failedAttemptsSeen(const JobSnapshot& s) {
    return static_cast<int>(
        std::count_if(s.attempts.begin(), s.attempts.end(),
                      [](const IndexAttempt& a) { return engine::countsAsFailed(a.outcome); }));
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

history::Stragglers stragglersOf(const JobSnapshot& s, const QDateTime& now) {
    return history::findStragglers(attemptSpans(s), now.toMSecsSinceEpoch());
}

std::optional<CompletionEstimate> estimateCompletion(const JobSnapshot& s, const QDateTime& now,
                                                     const history::Stragglers& stragglers) {
    const JobSummary& j = s.summary;
    if (j.finished.isValid() || j.completions <= 0 || j.succeeded >= j.completions)
        return std::nullopt;
    const auto estimate = [&](int done, double seconds) {
        CompletionEstimate e;
        e.stragglers = static_cast<int>(stragglers.attempts.size());
        if (seconds <= 0 || done <= 0)
            return e;
        const double rate = done / seconds;
        e.known = true;
        e.seconds = static_cast<qint64>((j.completions - j.succeeded) / rate);
        e.perMinute = rate * 60;
        e.secondsLatest = e.seconds;
        if (stragglers.enoughSamples)
            e.secondsLatest += (stragglers.thresholdMs - stragglers.medianMs) / 1000;
        for (const history::Straggler& late : stragglers.attempts)
            e.secondsLatest = std::max<qint64>(e.secondsLatest, late.runningMs / 1000);
        return e;
    };
    // The recorded attempts: succeeded ones that ended in the window.
    const QDateTime windowStart =
        std::max(now.addSecs(-300), j.started.isValid() ? j.started : now.addSecs(-300));
    int recent = 0;
    bool anyRecorded = false;
    for (const IndexAttempt& a : s.attempts) {
        if (a.outcome != engine::AttemptOutcome::Succeeded || !a.finished.isValid())
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
    if (a.exitCode >= 0)
        e.exitCode = a.exitCode;
    e.signal = a.signal;
    e.reason = a.reason.toStdString();
    e.message = a.message.toStdString();
    e.outcome = a.outcome;
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
    history::orderAndNumberAttempts(attempts);
}

RunTimeline RunTimeline::of(const JobSnapshot& s, const QDateTime& now) {
    const JobSummary& j = s.summary;
    history::JobRange range;
    range.created = msOf(j.created);
    range.started = msOf(j.started);
    range.finished = msOf(j.finished);
    range.ended = engine::isFinished(j.status);
    range.now = ms(now);
    RunTimeline h;
    static_cast<history::JobTimeline&>(h) =
        history::JobTimeline::of(attemptSpans(s), s.states, s.failureCount, range);

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
