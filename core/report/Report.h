#pragma once
// A completion report as plain data: what ReportBuilder computes from a job and its attempts and
// what every writer (JSON, CSV, HTML, PDF) renders. Times stay engine time points; the writers
// format them (RFC 3339 UTC), so every format shows the same instants.
#include "engine/Attempt.h"
#include "engine/IndexStateMap.h"
#include "engine/JobState.h"
#include "engine/Model.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tessera::report {

// One row of the per-index table.
struct IndexRow {
    int32_t index = 0;
    // The index in the job this one re-runs ("Re-run failed indexes"); nullopt when not a re-run.
    std::optional<int32_t> originalIndex;
    std::string status; // Succeeded, Failed, Running, Pending, Deleted, NotStarted
    int32_t attempts = 0;
    int32_t failures = 0; // attempts that count as failed (history::failuresAfter)
    std::string hostname; // $(job)-$(index), the pod hostname of an Indexed Job
    std::string node;     // of the last attempt
    std::optional<engine::TimePoint> start;   // first attempt started (created when never started)
    std::optional<engine::TimePoint> end;     // last attempt finished
    std::optional<engine::Duration> duration; // run time of the last attempt
    std::optional<int32_t> exitCode;          // of the last attempt, once it terminated
    std::optional<int32_t> signal;
    std::string reason; // of the last attempt: Completed, Error, OOMKilled, ...
    std::string message;
    // Positions of this index's attempts in Report::attempts, in order.
    std::vector<std::size_t> attemptIds;
};

struct Percentiles {
    std::optional<engine::Duration> p50, p90, p99;
    std::optional<engine::Duration> min, max, mean;
    std::size_t samples = 0; // succeeded indexes with a measured duration
};

// Progress over time: counts of settled indexes after each change (downsampled).
struct ProgressPoint {
    engine::Duration at{}; // since Report::start
    int32_t succeeded = 0;
    int32_t failed = 0;
};

struct HistogramBin {
    engine::Duration from{}, to{}; // [from, to)
    int32_t count = 0;
};

struct Report {
    // Identity and spec.
    std::string name;
    std::string namespace_;
    std::string uid;
    std::string source; // where the data came from: "local:/path", "context/ns", "simulate", ...
    engine::CompletionMode completionMode = engine::CompletionMode::NonIndexed;
    int32_t completions = 0;
    int32_t parallelism = 0;
    std::optional<int32_t> backoffLimit;
    std::optional<int32_t> backoffLimitPerIndex;
    std::optional<int32_t> maxFailedIndexes;
    std::optional<int64_t> activeDeadlineSeconds;
    std::string successPolicy; // human summary of the rules, "" when none
    bool rerun = false;        // an index map was given (a re-run of some indexes of another job)

    // Outcome.
    engine::JobState outcome = engine::JobState::Pending; // engine::jobStateOf, or the source's
    std::string reason;                                   // the terminal condition's reason
    std::string message;
    std::vector<engine::Condition> conditions;
    std::optional<engine::TimePoint> start; // status.startTime, else the first attempt
    std::optional<engine::TimePoint> end;   // status.completionTime / Failed transition / last end
    std::optional<engine::Duration> duration;
    std::string completedIndexes; // in full, Kubernetes format
    std::string failedIndexes;
    // The three "failed" numbers, each named: indexes failed (the grid's FailedTerminal and
    // FailedWillRetry), the Job's own status.failed (pods, deleted ones included, as the
    // controller counts them), and the attempts recorded that count as failed
    // (engine::countsAsFailed; `deletedAttempts` of them were deleted before they finished).
    int32_t succeededCount = 0; // indexes
    int32_t failedCount = 0;    // indexes
    int32_t failedPods = 0;     // status.failed
    int32_t failedAttempts = 0;
    int32_t deletedAttempts = 0;
    int32_t activeCount = 0;

    // Every index's state (NonIndexed: every attempt row's), by the window's rule
    // (history::indexStatesOf); the rows' status and every count come from it.
    engine::IndexStateMap states;
    std::vector<IndexRow> rows;            // ascending index
    std::vector<engine::Attempt> attempts; // every attempt, in creation order
    std::vector<std::size_t> slowest;      // positions in rows, slowest first
    Percentiles percentiles;
    std::vector<ProgressPoint> progress;
    std::vector<HistogramBin> histogram;
    engine::TimePoint generatedAt{};
};

} // namespace tessera::report
