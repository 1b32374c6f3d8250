#pragma once
// Computes a Report from plain engine data: a Job (spec + status) and every attempt of its pods.
// The same builder serves every source (local run journal, cluster, dry-run), so a report looks
// the same wherever the job ran. Pure computation, no I/O: safe on any thread.
#include "Report.h"
#include "engine/Result.h"
#include "history/JobHistory.h"

#include <map>
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
};

class ReportBuilder {
public:
    // The Job annotation a re-run job carries (core/launch writes it): the original indexes in
    // Kubernetes index-set format, ascending; index i of the re-run is the i-th of that set.
    static constexpr const char* kOriginalIndexesAnnotation = "tessera.io/original-indexes";
    // Parses that annotation; an empty map when the text is empty or malformed.
    static std::map<int32_t, int32_t> originalIndexesFromAnnotation(std::string_view text);

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
    static history::JobHistory historyOf(const Report& report);

    // Nearest-rank percentile (p in (0, 100]) of ascending values; nullopt when empty.
    static std::optional<engine::Duration> percentile(const std::vector<engine::Duration>& sorted,
                                                      double p);
};

} // namespace tessera::report
