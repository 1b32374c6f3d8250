#include "Simulator.h"

#include "JobController.h"
#include "PodIndex.h"
#include "Validation.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <queue>
#include <random>
#include <unordered_map>
#include <utility>

namespace tessera::engine {

namespace {

// Portable draws from mt19937_64 (whose sequence the standard fixes, unlike its distributions).
class Random {
public:
    explicit Random(uint64_t seed)
        : m_engine(seed) {}
    double uniform() { return static_cast<double>(m_engine() >> 11) * 0x1.0p-53; }
    Duration between(Duration lo, Duration hi) {
        if (hi <= lo)
            return lo;
        const auto span = static_cast<double>((hi - lo).count());
        return lo + Duration(static_cast<int64_t>(std::llround(uniform() * span)));
    }
    double normal() { // Box-Muller
        const double u1 = std::max(uniform(), 0x1.0p-53);
        const double u2 = uniform();
        return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
    }

private:
    std::mt19937_64 m_engine;
};

enum class EventKind : uint8_t { Sync, Start, Finish, Gone, Reschedule };

struct Event {
    TimePoint at;
    uint64_t sequence; // ties break in scheduling order, so runs are deterministic
    EventKind kind;
    uint32_t pod; // SimulatedCluster::m_pods slot (unused for Sync)
    bool operator>(const Event& o) const { return at != o.at ? at > o.at : sequence > o.sequence; }
};

// Events refer to pods by slot number, not by name: a simulation of 100,000 indexes handles
// millions of events, and hashing names for each one was a tenth of its time.
struct SimPod {
    static constexpr uint32_t kNone = UINT32_MAX;
    std::string name;
    int32_t index = -1;
    int32_t attempt = 1;
    uint32_t previousOfIndex = kNone; // the slot of this index's previous attempt
    PodHandle handle = 0;             // the controller's, for its events
    int subset = -1;
    bool running = false;
    bool deleted = false;
    bool gone = false;
    TimePoint pendingSince{};
};

class SimulatedCluster final : public PodExecutor {
public:
    explicit SimulatedCluster(const SimulationConfig& config)
        : m_config(config)
        , m_random(config.seed) {
        for (const CapacitySubset& s : config.subsets)
            m_usage.push_back({s.name, 0, 0});
        m_running.assign(config.subsets.size(), 0);
        m_waiting.resize(config.subsets.size());
        if (config.job.spec.completionMode == CompletionMode::Indexed) {
            // Most indexes take one attempt: growing by doubling would move every pod ~17 times.
            const auto completions =
                static_cast<std::size_t>(std::max(config.job.spec.completions.value_or(0), 0));
            m_pods.reserve(completions + completions / 16);
        }
    }

    void attach(JobController* controller) { m_controller = controller; }

    SimulationResult run();

    bool createPod(const Pod& pod, PodHandle handle) override {
        const auto slot = static_cast<uint32_t>(m_pods.size());
        SimPod& p = m_pods.emplace_back();
        p.name = pod.metadata.name;
        p.handle = handle;
        p.index = completionIndexOf(pod);
        if (p.index >= 0) {
            const auto ix = static_cast<std::size_t>(p.index);
            if (ix >= m_lastSlotOfIndex.size())
                m_lastSlotOfIndex.resize(ix + 1, SimPod::kNone);
            p.previousOfIndex = std::exchange(m_lastSlotOfIndex[ix], slot);
            if (p.previousOfIndex != SimPod::kNone)
                p.attempt = m_pods[p.previousOfIndex].attempt + 1;
        } else {
            m_slotByName.emplace(p.name, slot);
        }
        p.pendingSince = m_now;
        p.subset = assignSubset();
        if (p.subset >= 0)
            ++m_usage[static_cast<std::size_t>(p.subset)].podsAssigned;
        tryStart(slot);
        return true;
    }

    void deletePod(const Pod& pod, DeletionReason) override {
        const uint32_t slot = slotOf(pod);
        if (slot == SimPod::kNone)
            return;
        m_pods[slot].deleted = true;
        schedule(m_now + m_config.deletionGrace, EventKind::Gone, slot);
    }

private:
    // The live slot of a pod: pods with an index are found along their index's attempts (a few at
    // most), the others by name. No name map for indexed pods: a dry-run of 100,000 indexes
    // would hash and keep 100,000 names for the rare deletion.
    uint32_t slotOf(const Pod& pod) const {
        const int32_t index = completionIndexOf(pod);
        if (index < 0) {
            const auto it = m_slotByName.find(pod.metadata.name);
            return it == m_slotByName.end() ? SimPod::kNone : it->second;
        }
        if (static_cast<std::size_t>(index) >= m_lastSlotOfIndex.size())
            return SimPod::kNone;
        for (uint32_t slot = m_lastSlotOfIndex[static_cast<std::size_t>(index)];
             slot != SimPod::kNone; slot = m_pods[slot].previousOfIndex)
            if (!m_pods[slot].gone && m_pods[slot].name == pod.metadata.name)
                return slot;
        return SimPod::kNone;
    }

    void schedule(TimePoint at, EventKind kind, uint32_t pod = 0) {
        m_queue.push(Event{at, m_sequence++, kind, pod});
    }
    // Pod events are batched into one sync SyncJobBatchPeriod later, as the controller does.
    void requestSync(TimePoint at) {
        if (m_syncAt && *m_syncAt <= at)
            return;
        m_syncAt = at;
        schedule(at, EventKind::Sync);
    }

    int assignSubset() {
        const auto& subsets = m_config.subsets;
        for (std::size_t i = 0; i < subsets.size(); ++i)
            if (!subsets[i].maxReplicas || m_usage[i].podsAssigned < *subsets[i].maxReplicas)
                return static_cast<int>(i);
        return subsets.empty() ? -1 : static_cast<int>(subsets.size()) - 1;
    }
    bool hasRoom(int subset) const {
        if (subset < 0)
            return true;
        const auto& cap = m_config.subsets[static_cast<std::size_t>(subset)].capacity;
        return !cap || m_running[static_cast<std::size_t>(subset)] < *cap;
    }

    void tryStart(uint32_t slot) {
        SimPod& p = m_pods[slot];
        if (!hasRoom(p.subset)) {
            m_waiting[static_cast<std::size_t>(p.subset)].push_back(slot);
            if (m_config.adaptive)
                schedule(m_now + m_config.rescheduleCritical, EventKind::Reschedule, slot);
            return;
        }
        occupy(p);
        schedule(m_now + m_random.between(m_config.startLatencyMin, m_config.startLatencyMax),
                 EventKind::Start, slot);
    }
    void occupy(SimPod& p) {
        p.running = true; // holds a slot from scheduling on
        if (p.subset >= 0) {
            const auto s = static_cast<std::size_t>(p.subset);
            m_usage[s].peakRunning = std::max(m_usage[s].peakRunning, ++m_running[s]);
        }
    }
    void release(SimPod& p) {
        if (!p.running)
            return;
        p.running = false;
        if (p.subset < 0)
            return;
        const auto s = static_cast<std::size_t>(p.subset);
        --m_running[s];
        auto& queue = m_waiting[s];
        while (!queue.empty()) {
            const uint32_t next = queue.front();
            queue.pop_front();
            SimPod& waiting = m_pods[next];
            if (waiting.gone || waiting.deleted || waiting.running || waiting.subset != p.subset)
                continue;
            occupy(waiting);
            schedule(m_now + m_random.between(m_config.startLatencyMin, m_config.startLatencyMax),
                     EventKind::Start, next);
            break;
        }
    }

    Duration durationOf(int32_t index) {
        const DurationModel& d = m_config.duration;
        if (const auto it = d.perIndex.find(index); it != d.perIndex.end())
            return it->second;
        switch (d.kind) {
        case DurationModel::Kind::Fixed:
            return d.fixed;
        case DurationModel::Kind::Uniform:
            return m_random.between(d.min, d.max);
        case DurationModel::Kind::LogNormal: {
            const double ms =
                static_cast<double>(d.median.count()) * std::exp(d.sigma * m_random.normal());
            return Duration(std::max<int64_t>(1, std::llround(ms)));
        }
        }
        return d.fixed;
    }

    void onStart(uint32_t slot) {
        const SimPod& p = m_pods[slot];
        if (p.gone || p.deleted)
            return;
        std::string node = "sim-node-" + std::to_string(p.index >= 0 ? p.index % 16 : 0);
        if (p.subset >= 0)
            node = m_config.subsets[static_cast<std::size_t>(p.subset)].name + "-" + node;
        m_controller->podScheduled(p.handle, node, m_now);
        m_controller->podStarted(p.handle, m_now);
        schedule(m_now + durationOf(p.index), EventKind::Finish, slot);
        requestSync(m_now + m_config.syncBatchPeriod);
    }

    void onFinish(uint32_t slot) {
        SimPod& p = m_pods[slot];
        if (p.gone || p.deleted)
            return;
        const FailureModel& f = m_config.failures;
        bool fails = false;
        if (const auto given = f.failingIndexes.find(p.index); given != f.failingIndexes.end())
            fails = given->second < 0 || p.attempt <= given->second;
        if (!fails && f.probability > 0)
            fails = m_random.uniform() < f.probability;
        if (!fails) {
            m_controller->podFinished(p.handle, 0, std::nullopt, "Completed", "", m_now);
        } else if (f.signalShare > 0 && m_random.uniform() < f.signalShare) {
            m_controller->podFinished(p.handle, 137, 9, "OOMKilled", "simulated out-of-memory kill",
                                      m_now);
        } else {
            m_controller->podFinished(p.handle, pickExitCode(), std::nullopt, "Error",
                                      "simulated failure", m_now);
        }
        release(p);
        requestSync(m_now + m_config.syncBatchPeriod);
    }

    int32_t pickExitCode() {
        double total = 0;
        for (const auto& [code, weight] : m_config.failures.exitCodes)
            total += weight;
        double x = m_random.uniform() * total;
        for (const auto& [code, weight] : m_config.failures.exitCodes) {
            if (x < weight)
                return code;
            x -= weight;
        }
        return m_config.failures.exitCodes.empty() ? 1 : m_config.failures.exitCodes.back().first;
    }

    void onGone(uint32_t slot) {
        SimPod& p = m_pods[slot];
        if (p.gone)
            return;
        release(p);
        p.gone = true;
        if (p.index < 0)
            m_slotByName.erase(p.name);
        m_controller->podDeleted(p.handle, m_now);
        std::string().swap(p.name); // the slot stays (events may still name it), the text goes
        requestSync(m_now + m_config.syncBatchPeriod);
    }

    void onReschedule(uint32_t slot) {
        SimPod& p = m_pods[slot];
        if (p.gone || p.running || p.deleted)
            return;
        for (std::size_t i = 0; i < m_config.subsets.size(); ++i) {
            if (static_cast<int>(i) == p.subset || !hasRoom(static_cast<int>(i)))
                continue;
            p.subset = static_cast<int>(i);
            ++m_usage[i].podsAssigned;
            occupy(p);
            schedule(m_now + m_random.between(m_config.startLatencyMin, m_config.startLatencyMax),
                     EventKind::Start, slot);
            return;
        }
        schedule(m_now + m_config.rescheduleCritical, EventKind::Reschedule, slot);
    }

    void sample(const JobStatus& status) {
        TimelineSample s;
        s.at = m_now - m_config.start;
        // Simulated pods are Ready exactly while they run, so the status counts say it all
        // (no pass over the live pods in every sync).
        s.running = status.ready.value_or(0);
        s.pending = status.active - s.running;
        s.succeeded = status.succeeded;
        s.failed = status.failed;
        static const std::string kNone;
        const std::string& failedIndexes = status.failedIndexes ? *status.failedIndexes : kNone;
        if (failedIndexes != m_lastFailedIndexes) {
            m_lastFailedIndexes = failedIndexes;
            m_lastFailedIndexCount = static_cast<int32_t>(
                IndexSet::parseLenient(failedIndexes,
                                       m_controller->job().spec.completions.value_or(0))
                    .count());
        }
        s.failedIndexes = m_lastFailedIndexCount;
        s.parallelism = m_controller->job().spec.parallelism.value_or(0);
        m_timeline.push_back(s);
    }

    const SimulationConfig& m_config;
    Random m_random;
    JobController* m_controller = nullptr;
    TimePoint m_now{};
    uint64_t m_sequence = 0;
    std::optional<TimePoint> m_syncAt;
    std::priority_queue<Event, std::vector<Event>, std::greater<>> m_queue;
    std::vector<SimPod> m_pods; // by slot, in creation order; gone pods keep their slot
    std::unordered_map<std::string, uint32_t> m_slotByName; // live pods without an index
    std::vector<uint32_t> m_lastSlotOfIndex; // the newest slot of each index (SimPod::kNone)
    std::string m_lastFailedIndexes; // sample() parses status.failedIndexes only when it changed
    int32_t m_lastFailedIndexCount = 0;
    std::vector<SubsetUsage> m_usage;
    std::vector<int32_t> m_running;
    std::vector<std::deque<uint32_t>> m_waiting;
    std::vector<TimelineSample> m_timeline;

public:
    TimePoint now() const { return m_now; }
    std::vector<TimelineSample> takeTimeline() { return std::move(m_timeline); }
    const std::vector<SubsetUsage>& usage() const { return m_usage; }
};

// Keeps at most `limit` samples by dropping every other one while too many (the first and last
// always stay), so a month-long simulation still draws as a chart.
void thin(std::vector<TimelineSample>& samples, std::size_t limit) {
    while (samples.size() > limit && limit >= 2) {
        std::vector<TimelineSample> kept;
        kept.reserve(samples.size() / 2 + 2);
        for (std::size_t i = 0; i < samples.size(); i += 2)
            kept.push_back(samples[i]);
        if (samples.size() % 2 == 0)
            kept.push_back(samples.back());
        samples.swap(kept);
    }
}

} // namespace

SimulationResult SimulatedCluster::run() {
    SimulationResult result;
    m_now = m_config.start;
    schedule(m_now, EventKind::Sync);
    m_syncAt = m_now;
    const TimePoint deadline = m_config.start + m_config.maxVirtualTime;
    while (!m_queue.empty()) {
        if (result.events >= m_config.maxEvents) {
            result.stopReason = "stopped after " + std::to_string(m_config.maxEvents) + " events";
            break;
        }
        if (m_queue.top().at > deadline) {
            result.stopReason = "the job had not finished after the maximum virtual time";
            break;
        }
        const Event e = m_queue.top();
        m_queue.pop();
        ++result.events;
        m_now = e.at;
        switch (e.kind) {
        case EventKind::Start:
            onStart(e.pod);
            break;
        case EventKind::Finish:
            onFinish(e.pod);
            break;
        case EventKind::Gone:
            onGone(e.pod);
            break;
        case EventKind::Reschedule:
            onReschedule(e.pod);
            break;
        case EventKind::Sync: {
            if (m_syncAt != m_now)
                break; // superseded by an earlier sync
            m_syncAt.reset();
            m_controller->sync(m_now);
            ++result.syncs;
            sample(m_controller->job().status);
            if (m_controller->finished())
                break;
            if (const auto next = m_controller->nextSyncAt())
                requestSync(std::max(*next, m_now + Duration(1)));
            break;
        }
        }
        if (m_controller->finished())
            break;
    }
    if (m_queue.empty() && !m_controller->finished() && result.stopReason.empty())
        result.stopReason = "nothing left to happen (no pods running and no sync due)";
    result.finished = m_controller->finished();
    return result;
}

SimulationResult simulate(const SimulationConfig& config) {
    // Callers check first and say so (exit 2); this keeps any other caller from allocating a
    // record per index of a job too large to simulate.
    if (const auto refused = checkDryRunLimits(config.job)) {
        SimulationResult result;
        result.stopReason = refused->describe();
        return result;
    }
    SimulatedCluster cluster(config);
    JobController controller(config.job, cluster);
    cluster.attach(&controller);
    SimulationResult result = cluster.run();

    const JobStatus& status = controller.job().status;
    const int32_t completions = controller.job().spec.completions.value_or(0);
    result.status = status;
    result.completed = IndexSet::parseLenient(status.completedIndexes, completions);
    result.failed = IndexSet::parseLenient(status.failedIndexes.value_or(""), completions);
    result.makespan = cluster.now() - config.start;
    const JobStateInfo state = jobStateOf(controller.job());
    result.state = state.state;
    if (isFinished(state.state)) {
        result.reason = state.reason;
        result.message = state.message;
    }
    result.attempts = controller.takeAttempts();
    result.timeline = cluster.takeTimeline();
    thin(result.timeline, config.maxTimelineSamples);
    result.subsets = cluster.usage();
    return result;
}

} // namespace tessera::engine
