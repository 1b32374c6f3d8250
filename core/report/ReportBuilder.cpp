#include "ReportBuilder.h"

#include "engine/IndexSet.h"
#include "engine/PodIndex.h"
#include "engine/Validation.h"
#include "history/IndexStates.h"
#include "history/JobTimeline.h"
#include "history/Stragglers.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tessera::report {

namespace {

std::string describeSuccessPolicy(const std::optional<engine::SuccessPolicy>& policy) {
    if (!policy)
        return {};
    std::string out;
    for (const engine::SuccessPolicyRule& rule : policy->rules) {
        if (!out.empty())
            out += "; ";
        std::string part;
        if (rule.succeededIndexes)
            part += "succeededIndexes " + *rule.succeededIndexes;
        if (rule.succeededCount)
            part += (part.empty() ? "" : ", ") + std::string("succeededCount ") +
                    std::to_string(*rule.succeededCount);
        out += part;
    }
    return out;
}

// A row's status: its index's state (history::indexStatesOf, the window's rule) by name; an index
// whose only news is an attempt that ended unrecorded (deleted, lost) says so.
std::string rowStatus(engine::IndexState state, const engine::Attempt* last) {
    switch (state) {
    case engine::IndexState::Succeeded:
        return "Succeeded";
    case engine::IndexState::FailedWillRetry:
    case engine::IndexState::FailedTerminal:
        return "Failed";
    case engine::IndexState::Running:
        return "Running";
    case engine::IndexState::Pending:
        return "Pending";
    case engine::IndexState::NotStarted:
    case engine::IndexState::OutOfRange:
        break;
    }
    return last ? engine::toString(last->outcome) : "NotStarted";
}

history::Ms msOf(engine::TimePoint t) {
    return t.time_since_epoch().count();
}

std::optional<history::Ms> msOf(const std::optional<engine::TimePoint>& t) {
    return t ? std::optional<history::Ms>(msOf(*t)) : std::nullopt;
}

// The report's progress: indexes succeeded and failed over time, one point per change.
std::vector<ProgressPoint> progressOf(const history::JobTimeline& h, engine::TimePoint start,
                                      std::size_t maxPoints) {
    std::vector<ProgressPoint> changes;
    const auto& s = h.succeeded;
    const auto& f = h.failedIndexes;
    std::size_t i = 0, k = 0;
    ProgressPoint current;
    while (i < s.size() || k < f.size()) {
        constexpr history::Ms kNever = std::numeric_limits<history::Ms>::max();
        const history::Ms t =
            std::min(i < s.size() ? s[i].t : kNever, k < f.size() ? f[k].t : kNever);
        ProgressPoint next = current;
        for (; i < s.size() && s[i].t == t; ++i)
            next.succeeded = s[i].value;
        for (; k < f.size() && f[k].t == t; ++k)
            next.failed = f[k].value;
        if (next.succeeded == current.succeeded && next.failed == current.failed)
            continue;
        next.at = std::max(engine::Duration(0), engine::Duration(t) - start.time_since_epoch());
        changes.push_back(next);
        current = next;
    }
    std::vector<ProgressPoint> out{ProgressPoint{}};
    const std::size_t stride = std::max<std::size_t>(1, changes.size() / maxPoints);
    for (std::size_t c = 0; c < changes.size(); ++c)
        if ((c + 1) % stride == 0 || c + 1 == changes.size())
            out.push_back(changes[c]);
    return out;
}

} // namespace

std::map<int32_t, int32_t> ReportBuilder::originalIndexesFromAnnotation(std::string_view text,
                                                                        int64_t maxCount) {
    std::map<int32_t, int32_t> map;
    const auto set = engine::IndexSet::parseStrict(text, std::numeric_limits<int32_t>::max());
    if (!set || set->count() > maxCount)
        return map;
    int32_t i = 0;
    for (const int32_t original : *set)
        map.emplace(i++, original);
    return map;
}

std::optional<engine::Duration>
ReportBuilder::percentile(const std::vector<engine::Duration>& sorted, double p) {
    if (sorted.empty())
        return std::nullopt;
    return sorted[history::nearestRank(sorted.size(), p) - 1];
}

std::optional<engine::Error> ReportBuilder::checkLimits(const engine::Job& job) {
    if (job.spec.completionMode != engine::CompletionMode::Indexed ||
        job.spec.completions.value_or(0) <= engine::kMaxReportCompletions)
        return std::nullopt;
    engine::Error e;
    e.field = "spec.completions";
    e.message = std::to_string(*job.spec.completions) + " is above the report limit of " +
                std::to_string(engine::kMaxReportCompletions) +
                " indexes (a report has one row per index; the window shows such a job)";
    return e;
}

Report ReportBuilder::build(ReportInput input) {
    Report r;
    const engine::Job& job = input.job;
    r.name = job.metadata.name;
    r.namespace_ = job.metadata.namespace_;
    r.uid = job.metadata.uid;
    r.source = input.source;
    r.generatedAt = input.generatedAt;
    r.completionMode = job.spec.completionMode;
    r.completions = job.spec.completions.value_or(1);
    r.parallelism = job.spec.parallelism.value_or(1);
    r.backoffLimit = job.spec.backoffLimit;
    r.backoffLimitPerIndex = job.spec.backoffLimitPerIndex;
    r.maxFailedIndexes = job.spec.maxFailedIndexes;
    r.activeDeadlineSeconds = job.spec.activeDeadlineSeconds;
    r.successPolicy = describeSuccessPolicy(job.spec.successPolicy);
    r.rerun = !input.originalIndexes.empty();
    const engine::JobStateInfo state = engine::jobStateOf(job);
    r.outcome = state.state;
    r.reason = state.reason;
    r.message = state.message;
    if (input.status.state && *input.status.state != r.outcome) {
        // The source's own status (a local run cancelled, halted or interrupted).
        r.outcome = *input.status.state;
        r.reason = input.status.reason;
        r.message.clear();
    }
    r.conditions = job.status.conditions;
    r.completedIndexes = job.status.completedIndexes;
    r.failedIndexes = job.status.failedIndexes.value_or("");
    r.activeCount = job.status.active;
    r.failedPods = job.status.failed;
    r.attempts = std::move(input.attempts);

    const bool indexed = job.spec.completionMode == engine::CompletionMode::Indexed;
    const engine::IndexSet completed =
        engine::IndexSet::parseLenient(r.completedIndexes, r.completions);
    const engine::IndexSet failed = engine::IndexSet::parseLenient(r.failedIndexes, r.completions);

    // Rows: every index 0..completions-1 of an Indexed Job (indexes never started included), plus
    // any index an attempt names beyond that. A NonIndexed job has one row per attempt.
    std::map<int32_t, std::vector<std::size_t>> byIndex;
    for (std::size_t i = 0; i < r.attempts.size(); ++i) {
        const int32_t index = indexed ? r.attempts[i].index : static_cast<int32_t>(i);
        byIndex[index].push_back(i);
    }
    if (indexed && !checkLimits(job)) {
        for (int32_t i = 0; i < r.completions; ++i)
            byIndex.try_emplace(i);
    }
    // Every index's state by the window's rule: the newest attempt of each, then the index sets.
    std::vector<history::NewestAttempt> newest;
    newest.reserve(byIndex.size());
    int32_t size = indexed ? std::max(0, r.completions) : 0;
    for (const auto& [index, ids] : byIndex) {
        if (index < 0 || ids.empty())
            continue;
        size = std::max(size, index + 1);
        const bool failures = std::any_of(ids.begin(), ids.end(), [&](std::size_t id) {
            return engine::countsAsFailed(r.attempts[id].outcome);
        });
        newest.push_back({index, history::spanOf(r.attempts[ids.back()], index).outcome, failures});
    }
    r.states = history::indexStatesOf(size, newest, indexed ? completed : engine::IndexSet(),
                                      indexed ? failed : engine::IndexSet(),
                                      r.outcome == engine::JobState::Failed);

    r.rows.reserve(byIndex.size());
    for (auto& [index, ids] : byIndex) {
        IndexRow row;
        row.index = index;
        if (const auto it = input.originalIndexes.find(index); it != input.originalIndexes.end())
            row.originalIndex = it->second;
        row.attempts = static_cast<int32_t>(ids.size());
        for (const std::size_t id : ids)
            row.failures = history::failuresAfter(row.failures, r.attempts[id].failureCount,
                                                  r.attempts[id].outcome);
        row.hostname = indexed ? engine::podHostname(r.name, index)
                               : (ids.empty() ? std::string() : r.attempts[ids.front()].podName);
        const engine::Attempt* last = ids.empty() ? nullptr : &r.attempts[ids.back()];
        row.status =
            rowStatus(index >= 0 ? r.states.at(index) : engine::IndexState::NotStarted, last);
        if (!ids.empty()) {
            const engine::Attempt& first = r.attempts[ids.front()];
            row.start = first.startedAt ? first.startedAt : std::optional(first.createdAt);
            row.end = last->finishedAt;
            row.duration = last->duration();
            row.node = last->node;
            if (last->finishedAt) {
                row.exitCode = last->exitCode;
                row.signal = last->signal;
            }
            row.reason = last->reason;
            row.message = last->message;
        }
        row.attemptIds = std::move(ids);
        r.rows.push_back(std::move(row));
    }

    // Start and end of the job.
    r.start = job.status.startTime;
    for (const engine::Attempt& a : r.attempts) {
        const engine::TimePoint t = a.startedAt.value_or(a.createdAt);
        if (!r.start || t < *r.start)
            r.start = t;
    }
    r.end = job.status.completionTime;
    if (!r.end && engine::hasEnded(r.outcome))
        r.end = input.status.end;
    if (!r.end) {
        if (const engine::Condition* c = engine::findCondition(r.conditions, "Failed");
            c != nullptr && c->lastTransitionTime)
            r.end = c->lastTransitionTime;
    }
    if (!r.end && engine::hasEnded(r.outcome)) {
        for (const engine::Attempt& a : r.attempts)
            if (a.finishedAt && (!r.end || *a.finishedAt > *r.end))
                r.end = a.finishedAt;
    }
    if (r.start && r.end)
        r.duration = *r.end - *r.start;

    // Counts, durations of succeeded indexes and progress: the history the window computes from
    // the same attempts and per-index states (core/history), so report and window agree.
    const history::JobTimeline history = historyOf(r);
    r.succeededCount = history.counts.of(engine::IndexState::Succeeded);
    r.failedCount = history.counts.of(engine::IndexState::FailedTerminal) +
                    history.counts.of(engine::IndexState::FailedWillRetry);
    r.failedAttempts = history.counts.failedAttempts;
    r.deletedAttempts = history.counts.deletedAttempts;
    std::vector<engine::Duration> durations;
    durations.reserve(history.succeededDurationsMs.size());
    for (const history::Ms d : history.succeededDurationsMs)
        durations.emplace_back(d);

    // Slowest: any row with a duration (a slow failure is as interesting as a slow success).
    std::vector<std::size_t> timed;
    for (std::size_t i = 0; i < r.rows.size(); ++i)
        if (r.rows[i].duration)
            timed.push_back(i);
    const std::size_t slowN = std::min(kSlowestCount, timed.size());
    std::partial_sort(timed.begin(), timed.begin() + static_cast<std::ptrdiff_t>(slowN),
                      timed.end(), [&](std::size_t a, std::size_t b) {
                          if (*r.rows[a].duration != *r.rows[b].duration)
                              return *r.rows[a].duration > *r.rows[b].duration;
                          return r.rows[a].index < r.rows[b].index;
                      });
    r.slowest.assign(timed.begin(), timed.begin() + static_cast<std::ptrdiff_t>(slowN));

    std::sort(durations.begin(), durations.end());
    Percentiles& p = r.percentiles;
    p.samples = durations.size();
    p.p50 = percentile(durations, 50);
    p.p90 = percentile(durations, 90);
    p.p99 = percentile(durations, 99);
    if (!durations.empty()) {
        p.min = durations.front();
        p.max = durations.back();
        int64_t sum = 0;
        for (engine::Duration d : durations)
            sum += d.count();
        p.mean = engine::Duration(sum / static_cast<int64_t>(durations.size()));

        for (const history::DurationBin& bin :
             history::durationBins(history.succeededDurationsMs, kHistogramBins))
            r.histogram.push_back(
                {engine::Duration(bin.fromMs), engine::Duration(bin.toMs), bin.count});
    }

    // Progress: indexes succeeded (the end of the attempt that succeeded) and failed (the end of
    // their last attempt) over time.
    if (r.start)
        r.progress = progressOf(history, *r.start, kMaxProgressPoints);
    return r;
}

history::JobTimeline ReportBuilder::historyOf(const Report& r) {
    std::vector<history::AttemptSpan> spans;
    spans.reserve(r.attempts.size());
    for (const IndexRow& row : r.rows) {
        if (row.index < 0)
            continue;
        for (const std::size_t id : row.attemptIds)
            spans.push_back(history::spanOf(r.attempts[id], row.index));
    }
    history::JobRange range;
    range.started = msOf(r.start);
    range.finished = msOf(r.end);
    range.ended = engine::hasEnded(r.outcome);
    range.now = msOf(r.generatedAt);
    return history::JobTimeline::of(spans, r.states, {}, range);
}

} // namespace tessera::report
