#pragma once
// Computes a Report from plain engine data: a Job (spec + status) and every attempt of its pods.
// The same builder serves every source (local run journal, cluster, dry-run), so a report looks
// the same wherever the job ran. Pure computation, no I/O: safe on any thread.
#include "Report.h"
#include "engine/Result.h"
#include "engine/Validation.h"
#include "history/JobTimeline.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::report {

struct ReportInput {
    engine::Job job;
    std::vector<engine::Attempt> attempts;
    // For a re-run job: index in this job -> index in the original job (empty otherwise).
    std::map<int32_t, int32_t> originalIndexes;
    std::string source;
    engine::TimePoint generatedAt{};
    // The job's status when its source knows more than the Job's conditions: a local run that was
    // cancelled, halted or interrupted (local::runStatusOf, the window's rule). No `state`: the
    // Job decides (engine::jobStateOf).
    struct Status {
        std::optional<engine::JobState> state;
        std::string reason;
        std::optional<engine::TimePoint> end; // when it ended (an interrupted run: its last record)
    } status;
};

class ReportBuilder {
public:
    // The Job annotation a re-run job carries (core/launch writes it): the original indexes in
    // Kubernetes index-set format, ascending; index i of the re-run is the i-th of that set.
    static constexpr const char* kOriginalIndexesAnnotation = "tessera.io/original-indexes";
    // Parses that annotation (the report, `tessera report` and the window's ClusterSource all
    // read it here); an empty map when the text is empty, malformed, or names more than
    // `maxCount` indexes (a re-run names one per completion; the annotation is the cluster's
    // text, and a map entry per index must not be a way to exhaust memory).
    static std::map<int32_t, int32_t>
    originalIndexesFromAnnotation(std::string_view text,
                                  int64_t maxCount = engine::kMaxReportCompletions);

    static constexpr std::size_t kSlowestCount = 10;
    static constexpr std::size_t kHistogramBins = 20;
    static constexpr std::size_t kMaxProgressPoints = 400;

    // nullopt when a report of the job fits; else an error naming spec.completions and the limit
    // (engine::kMaxReportCompletions: a report has one row per index). build() of such a job
    // still never allocates per index: it then has rows for the attempted indexes only.
    static std::optional<engine::Error> checkLimits(const engine::Job& job);

    static Report build(ReportInput input);

    // The report's attempts and per-index states as the window's history computes them
    // (core/history): build() takes its counts, durations and progress from it.
    static history::JobTimeline historyOf(const Report& report);

    // Nearest-rank percentile (p in (0, 100]) of ascending values; nullopt when empty.
    static std::optional<engine::Duration> percentile(const std::vector<engine::Duration>& sorted,
                                                      double p);
};

} // namespace tessera::report
