#include "ReportBuilder.h"

#include "engine/IndexSet.h"
#include "engine/Validation.h"

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

std::string outcomeOf(const engine::JobStatus& status, const engine::JobSpec& spec,
                      std::string& reason, std::string& message) {
    for (const char* type : {"Complete", "Failed"}) {
        if (const engine::Condition* c = engine::findCondition(status.conditions, type);
            c != nullptr && c->status == engine::ConditionStatus::True) {
            reason = c->reason;
            message = c->message;
            return type;
        }
    }
    if (spec.suspend.value_or(false))
        return "Suspended";
    return "Running";
}

std::string indexStatus(bool completed, bool failed, const engine::Attempt* last) {
    if (completed)
        return "Succeeded";
    if (failed)
        return "Failed";
    if (last == nullptr)
        return "NotStarted";
    return engine::toString(last->outcome);
}

} // namespace

std::map<int32_t, int32_t> ReportBuilder::originalIndexesFromAnnotation(std::string_view text) {
    std::map<int32_t, int32_t> map;
    const auto set = engine::IndexSet::parseStrict(text, std::numeric_limits<int32_t>::max());
    if (!set)
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
    const auto rank =
        static_cast<std::size_t>(std::ceil(p / 100.0 * static_cast<double>(sorted.size())));
    return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1];
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
    r.outcome = outcomeOf(job.status, job.spec, r.reason, r.message);
    r.conditions = job.status.conditions;
    r.completedIndexes = job.status.completedIndexes;
    r.failedIndexes = job.status.failedIndexes.value_or("");
    r.activeCount = job.status.active;
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
    r.rows.reserve(byIndex.size());
    for (auto& [index, ids] : byIndex) {
        IndexRow row;
        row.index = index;
        if (const auto it = input.originalIndexes.find(index); it != input.originalIndexes.end())
            row.originalIndex = it->second;
        row.attempts = static_cast<int32_t>(ids.size());
        row.hostname = indexed ? r.name + "-" + std::to_string(index)
                               : (ids.empty() ? std::string() : r.attempts[ids.front()].podName);
        const engine::Attempt* last = ids.empty() ? nullptr : &r.attempts[ids.back()];
        const bool isCompleted = indexed
                                     ? completed.contains(index)
                                     : last && last->outcome == engine::AttemptOutcome::Succeeded;
        row.status = indexStatus(isCompleted, indexed && failed.contains(index), last);
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
        if (row.status == "Succeeded")
            ++r.succeededCount;
        else if (row.status == "Failed")
            ++r.failedCount;
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
    if (!r.end) {
        if (const engine::Condition* c = engine::findCondition(r.conditions, "Failed");
            c != nullptr && c->lastTransitionTime)
            r.end = c->lastTransitionTime;
    }
    if (!r.end && (r.outcome == "Complete" || r.outcome == "Failed")) {
        for (const engine::Attempt& a : r.attempts)
            if (a.finishedAt && (!r.end || *a.finishedAt > *r.end))
                r.end = a.finishedAt;
    }
    if (r.start && r.end)
        r.duration = *r.end - *r.start;

    // Durations of succeeded indexes: slowest, percentiles, histogram.
    std::vector<engine::Duration> durations;
    std::vector<std::size_t> succeededRows;
    for (std::size_t i = 0; i < r.rows.size(); ++i) {
        if (r.rows[i].status == "Succeeded" && r.rows[i].duration) {
            durations.push_back(*r.rows[i].duration);
            succeededRows.push_back(i);
        }
    }
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

        // Equal-width bins from the shortest to the longest; the last bin includes the maximum.
        const int64_t lo = durations.front().count(), hi = durations.back().count();
        const std::size_t bins = lo == hi ? 1 : kHistogramBins;
        const int64_t width = std::max<int64_t>(1, (hi - lo + static_cast<int64_t>(bins)) /
                                                       static_cast<int64_t>(bins));
        r.histogram.resize(bins);
        for (std::size_t b = 0; b < bins; ++b) {
            r.histogram[b].from = engine::Duration(lo + width * static_cast<int64_t>(b));
            r.histogram[b].to = engine::Duration(lo + width * static_cast<int64_t>(b + 1));
        }
        for (engine::Duration d : durations) {
            const auto b =
                std::min<std::size_t>(static_cast<std::size_t>((d.count() - lo) / width), bins - 1);
            ++r.histogram[b].count;
        }
    }

    // Progress: the moment each index settled (its final attempt finished), counted over time.
    if (r.start) {
        struct Event {
            engine::TimePoint at;
            bool succeeded;
        };
        std::vector<Event> events;
        for (const IndexRow& row : r.rows)
            if ((row.status == "Succeeded" || row.status == "Failed") && row.end)
                events.push_back({*row.end, row.status == "Succeeded"});
        std::sort(events.begin(), events.end(),
                  [](const Event& a, const Event& b) { return a.at < b.at; });
        r.progress.push_back({engine::Duration(0), 0, 0});
        ProgressPoint current;
        const std::size_t stride = std::max<std::size_t>(1, events.size() / kMaxProgressPoints);
        for (std::size_t i = 0; i < events.size(); ++i) {
            (events[i].succeeded ? current.succeeded : current.failed) += 1;
            current.at = std::max(engine::Duration(0), events[i].at - *r.start);
            if ((i + 1) % stride == 0 || i + 1 == events.size())
                r.progress.push_back(current);
        }
    }
    return r;
}

} // namespace tessera::report
