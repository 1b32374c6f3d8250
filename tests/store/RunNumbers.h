#pragma once
// The numbers of one run that the window (store::RunHistory over the job's snapshot: charts,
// timeline, counts) and the exported report (report::ReportBuilder: counts, progress curve,
// duration histogram) must agree on. Tests compute both and compare them.
#include "report/ReportBuilder.h"
#include "store/RunHistory.h"

#include <algorithm>
#include <ostream>

namespace tessera::store::test {

struct RunNumbers {
    int succeeded = 0;      // indexes
    int failed = 0;         // indexes
    int failedAttempts = 0; // pods / processes
    int succeededAtEnd = 0; // the succeeded-over-time curve's last value
    int failedAtEnd = 0;    // the failed-indexes curve's last value
    int durations = 0;      // durations of succeeded indexes (the histogram's total)
    bool operator==(const RunNumbers&) const = default;
    friend std::ostream& operator<<(std::ostream& o, const RunNumbers& n) {
        return o << "{succeeded " << n.succeeded << ", failed " << n.failed << ", failedAttempts "
                 << n.failedAttempts << ", succeededAtEnd " << n.succeededAtEnd << ", failedAtEnd "
                 << n.failedAtEnd << ", durations " << n.durations << "}";
    }
};

inline RunNumbers windowNumbers(const JobSnapshot& s) {
    const RunHistory h = RunHistory::of(s, QDateTime::currentDateTimeUtc());
    return {h.counts.of(engine::IndexState::Succeeded),
            h.counts.of(engine::IndexState::FailedTerminal) +
                h.counts.of(engine::IndexState::FailedWillRetry),
            h.counts.failedAttempts,
            h.succeeded.back().value,
            h.failedIndexes.back().value,
            static_cast<int>(h.succeededDurationsMs.size())};
}

inline RunNumbers reportNumbers(const report::Report& r) {
    RunNumbers n;
    n.succeeded = r.succeededCount;
    n.failed = r.failedCount;
    n.failedAttempts = static_cast<int>(
        std::count_if(r.attempts.begin(), r.attempts.end(), [](const engine::Attempt& a) {
            return a.outcome == engine::AttemptOutcome::Failed;
        }));
    if (!r.progress.empty()) {
        n.succeededAtEnd = r.progress.back().succeeded;
        n.failedAtEnd = r.progress.back().failed;
    }
    for (const report::HistogramBin& b : r.histogram)
        n.durations += b.count;
    return n;
}

} // namespace tessera::store::test
