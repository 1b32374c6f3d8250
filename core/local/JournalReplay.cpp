#include "JournalReplay.h"

#include "engine/IndexSet.h"
#include "engine/JobState.h"
#include "engine/PodFailurePolicyMatch.h"

#include <map>
#include <optional>
#include <string>
#include <unordered_map>

namespace tessera::local {

namespace {

uint64_t keyOf(int32_t index, int32_t attempt) {
    return (static_cast<uint64_t>(static_cast<uint32_t>(index)) << 32) |
           static_cast<uint32_t>(attempt);
}

// Whether an ended attempt adds one to its index's failure count: the controller counts a pod
// that ended Failed (a deleted one too: the kubelet's SIGTERM leaves it Failed, exit 143) unless
// a podFailurePolicy Ignore rule matches it (Reconciler: the replacement pod's
// job-index-failure-count). An attempt lost with its supervisor has no status: it counts nothing.
bool countsAsIndexFailure(const engine::Attempt& a, const engine::JobSpec& spec) {
    // A pod the controller removed itself (scale-down: Removed) or lost with its supervisor
    // (Lost) counts nothing; one deleted while tracked (Deleted) counts as failed.
    if (!engine::countsAsFailed(a.outcome))
        return false;
    if (!spec.podFailurePolicy)
        return true;
    engine::Pod pod;
    pod.phase = engine::PodPhase::Failed;
    engine::ContainerStatus c;
    c.name =
        spec.podTemplate.containers.empty() ? "main" : spec.podTemplate.containers.front().name;
    c.state = engine::ContainerStateKind::Terminated;
    c.exitCode = a.outcome == engine::AttemptOutcome::Deleted ? 143 : a.exitCode.value_or(0);
    c.signal = a.outcome == engine::AttemptOutcome::Deleted ? std::optional<int32_t>(15) : a.signal;
    pod.containerStatuses.push_back(std::move(c));
    return engine::matchPodFailurePolicy(spec.podFailurePolicy, pod).countFailed;
}

} // namespace

JournalReplay replayJournal(const std::vector<JournalRecord>& records, engine::Job& job) {
    JournalReplay replay;
    std::vector<engine::Attempt>& attempts = replay.attempts;
    std::unordered_map<uint64_t, std::size_t> byKey;
    // Per index: the failures counted so far (the next attempt's failure count).
    std::map<int32_t, int32_t> indexFailures;
    const bool perIndexBackoff = job.spec.backoffLimitPerIndex.has_value();
    engine::IndexSet completed;
    int32_t failed = 0;
    int32_t active = 0;
    std::optional<std::string> failedIndexes;
    for (const JournalRecord& r : records) {
        switch (r.kind) {
        case 'R':
            if (!job.status.startTime)
                job.status.startTime = engine::fromUnixMillis(r.ms);
            break;
        case 'S': {
            engine::Attempt a;
            a.index = r.index;
            a.number = r.attempt;
            a.podName = r.text;
            a.node = "localhost";
            a.createdAt = engine::fromUnixMillis(r.ms);
            a.startedAt = a.createdAt;
            a.outcome = engine::AttemptOutcome::Running;
            if (perIndexBackoff)
                a.failureCount = indexFailures[r.index];
            byKey[keyOf(r.index, r.attempt)] = attempts.size();
            attempts.push_back(std::move(a));
            ++active;
            break;
        }
        case 'E': {
            const auto it = byKey.find(keyOf(r.index, r.attempt));
            if (it == byKey.end())
                break;
            engine::Attempt& a = attempts[it->second];
            if (!a.finishedAt)
                --active;
            a.finishedAt = engine::fromUnixMillis(r.ms);
            if (r.exitCode >= 0)
                a.exitCode = r.exitCode;
            if (r.signal >= 0)
                a.signal = r.signal;
            a.reason = r.text;
            a.message = r.text2;
            if (r.text == "Lost") {
                a.outcome = engine::AttemptOutcome::Lost;
            } else if (r.text == "Deleted" || r.text == "Removed") {
                a.outcome = r.text == "Deleted" ? engine::AttemptOutcome::Deleted
                                                : engine::AttemptOutcome::Removed;
            } else if (r.exitCode == 0 && r.signal < 0) {
                a.outcome = engine::AttemptOutcome::Succeeded;
                completed.insert(r.index);
            } else {
                a.outcome = engine::AttemptOutcome::Failed;
            }
            // status.failed counts what the controller counts (engine::countsAsFailed).
            failed += engine::countsAsFailed(a.outcome) ? 1 : 0;
            if (perIndexBackoff && countsAsIndexFailure(a, job.spec))
                ++indexFailures[r.index];
            break;
        }
        case 'F':
            failedIndexes = r.text;
            break;
        case 'X':
            job.status.completionTime = engine::fromUnixMillis(r.ms);
            if (r.text == "Complete" || r.text == "Failed") {
                engine::Condition c;
                c.type = r.text;
                c.reason = r.text2;
                c.lastTransitionTime = job.status.completionTime;
                job.status.conditions = {c};
            }
            break;
        case 'P':
            job.spec.parallelism = r.parallelism;
            replay.parallelism.push_back({engine::fromUnixMillis(r.ms), r.parallelism,
                                          static_cast<int32_t>(completed.count()), failed, active});
            break;
        default:
            break;
        }
    }
    const int32_t completions = job.spec.completions.value_or(0);
    completed = completed.clippedBelow(completions);
    job.status.completedIndexes = completed.toString();
    job.status.succeeded = static_cast<int32_t>(completed.count());
    job.status.failed = failed;
    if (job.spec.backoffLimitPerIndex)
        job.status.failedIndexes = failedIndexes.value_or("");
    return replay;
}

} // namespace tessera::local
