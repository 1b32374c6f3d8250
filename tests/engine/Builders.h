#pragma once
// Small builders that keep the engine's table-driven tests readable:
//   JobBuilder().indexed(5).parallelism(2).build()
//   PodBuilder("p1").index(3).running().ready().build()
#include "engine/Defaults.h"
#include "engine/Model.h"

#include <string>

namespace tessera::engine::testing {

// 2026-11-22T10:00:00Z: every test's "now" unless it says otherwise.
inline constexpr TimePoint kNow = fromUnixMillis(1795341600000);
inline constexpr TimePoint secondsBefore(int64_t s) {
    return kNow - std::chrono::seconds(s);
}

class JobBuilder {
public:
    JobBuilder() {
        m_job.metadata.name = "job";
        m_job.metadata.namespace_ = "default";
        m_job.metadata.uid = "job-uid";
        m_job.spec.podTemplate.containers.push_back({"main", false});
    }
    JobBuilder& name(std::string n) {
        m_job.metadata.name = std::move(n);
        return *this;
    }
    JobBuilder& indexed(int32_t completions) {
        m_job.spec.completionMode = CompletionMode::Indexed;
        m_job.spec.completions = completions;
        return *this;
    }
    JobBuilder& nonIndexed(std::optional<int32_t> completions) {
        m_job.spec.completionMode = CompletionMode::NonIndexed;
        m_job.spec.completions = completions;
        return *this;
    }
    JobBuilder& parallelism(int32_t p) {
        m_job.spec.parallelism = p;
        return *this;
    }
    JobBuilder& backoffLimit(int32_t b) {
        m_job.spec.backoffLimit = b;
        return *this;
    }
    JobBuilder& backoffLimitPerIndex(int32_t b) {
        m_job.spec.backoffLimitPerIndex = b;
        return *this;
    }
    JobBuilder& maxFailedIndexes(int32_t m) {
        m_job.spec.maxFailedIndexes = m;
        return *this;
    }
    JobBuilder& activeDeadlineSeconds(int64_t s) {
        m_job.spec.activeDeadlineSeconds = s;
        return *this;
    }
    JobBuilder& suspend(bool s) {
        m_job.spec.suspend = s;
        return *this;
    }
    JobBuilder& replacement(PodReplacementPolicy p) {
        m_job.spec.podReplacementPolicy = p;
        return *this;
    }
    JobBuilder& restartPolicy(RestartPolicy r) {
        m_job.spec.podTemplate.restartPolicy = r;
        return *this;
    }
    JobBuilder& managedBy(std::string m) {
        m_job.spec.managedBy = std::move(m);
        return *this;
    }
    JobBuilder& deleted() {
        m_job.metadata.deletionTimestamp = secondsBefore(1);
        return *this;
    }
    JobBuilder& container(std::string name, bool definesIndexEnv = false) {
        m_job.spec.podTemplate.containers.push_back({std::move(name), definesIndexEnv});
        return *this;
    }
    JobBuilder& initContainer(std::string name, bool definesIndexEnv = false) {
        m_job.spec.podTemplate.initContainers.push_back({std::move(name), definesIndexEnv});
        return *this;
    }
    JobBuilder& failureRule(PodFailurePolicyAction action, std::vector<int32_t> exitCodes,
                            ExitCodesOperator op = ExitCodesOperator::In,
                            std::optional<std::string> container = std::nullopt) {
        PodFailurePolicyRule rule;
        rule.action = action;
        rule.actionName = toString(action);
        rule.onExitCodes =
            PodFailurePolicyOnExitCodes{std::move(container), op, std::move(exitCodes)};
        policy().rules.push_back(std::move(rule));
        return *this;
    }
    JobBuilder& conditionRule(PodFailurePolicyAction action, std::string type,
                              ConditionStatus status = ConditionStatus::True) {
        PodFailurePolicyRule rule;
        rule.action = action;
        rule.actionName = toString(action);
        rule.onPodConditions.push_back({std::move(type), status});
        policy().rules.push_back(std::move(rule));
        return *this;
    }
    JobBuilder& successRule(std::optional<std::string> indexes, std::optional<int32_t> count) {
        if (!m_job.spec.successPolicy)
            m_job.spec.successPolicy = SuccessPolicy{};
        m_job.spec.successPolicy->rules.push_back({std::move(indexes), count});
        return *this;
    }
    JobBuilder& startedSecondsAgo(int64_t s) {
        m_job.status.startTime = secondsBefore(s);
        return *this;
    }
    JobBuilder& completedIndexes(std::string s) {
        m_job.status.completedIndexes = std::move(s);
        return *this;
    }
    JobBuilder& failedIndexes(std::string s) {
        m_job.status.failedIndexes = std::move(s);
        return *this;
    }
    JobBuilder& succeeded(int32_t n) {
        m_job.status.succeeded = n;
        return *this;
    }
    JobBuilder& failed(int32_t n) {
        m_job.status.failed = n;
        return *this;
    }
    JobBuilder& condition(std::string type, std::string reason, std::string message = "",
                          ConditionStatus status = ConditionStatus::True) {
        Condition c;
        c.type = std::move(type);
        c.status = status;
        c.reason = std::move(reason);
        c.message = std::move(message);
        c.lastTransitionTime = secondsBefore(100);
        c.lastProbeTime = secondsBefore(100);
        m_job.status.conditions.push_back(std::move(c));
        return *this;
    }
    // Defaults are applied as the API server would; raw() skips them.
    Job build() const {
        Job job = m_job;
        applyDefaults(job.spec);
        return job;
    }
    Job raw() const { return m_job; }

private:
    PodFailurePolicy& policy() {
        if (!m_job.spec.podFailurePolicy)
            m_job.spec.podFailurePolicy = PodFailurePolicy{};
        return *m_job.spec.podFailurePolicy;
    }
    Job m_job;
};

class PodBuilder {
public:
    explicit PodBuilder(std::string name) {
        m_pod.metadata.name = name;
        m_pod.metadata.namespace_ = "default";
        m_pod.metadata.uid = "uid-" + name;
        m_pod.metadata.creationTimestamp = secondsBefore(600);
    }
    PodBuilder& index(int32_t i) {
        m_pod.completionIndexAnnotation = std::to_string(i);
        return *this;
    }
    PodBuilder& indexText(std::string s) {
        m_pod.completionIndexAnnotation = std::move(s);
        return *this;
    }
    PodBuilder& failureCount(int32_t n) {
        m_pod.failureCountAnnotation = std::to_string(n);
        return *this;
    }
    PodBuilder& ignoredCount(int32_t n) {
        m_pod.ignoredFailureCountAnnotation = std::to_string(n);
        return *this;
    }
    PodBuilder& pending() {
        m_pod.phase = PodPhase::Pending;
        return *this;
    }
    PodBuilder& running() {
        m_pod.phase = PodPhase::Running;
        m_pod.nodeName = "node-a";
        ContainerStatus c;
        c.name = "main";
        c.state = ContainerStateKind::Running;
        c.startedAt = secondsBefore(500);
        m_pod.containerStatuses = {c};
        return *this;
    }
    PodBuilder& scheduled(std::string node = "node-a") {
        m_pod.nodeName = std::move(node);
        return *this;
    }
    PodBuilder& ready(int64_t sinceSecondsAgo = 300) {
        Condition c;
        c.type = "Ready";
        c.status = ConditionStatus::True;
        c.lastTransitionTime = secondsBefore(sinceSecondsAgo);
        m_pod.conditions.push_back(c);
        return *this;
    }
    PodBuilder& succeeded(int64_t finishedSecondsAgo = 10) {
        return terminated(PodPhase::Succeeded, 0, finishedSecondsAgo);
    }
    PodBuilder& failed(int32_t exitCode = 1, int64_t finishedSecondsAgo = 10) {
        return terminated(PodPhase::Failed, exitCode, finishedSecondsAgo);
    }
    PodBuilder& withCondition(std::string type, ConditionStatus status = ConditionStatus::True) {
        Condition c;
        c.type = std::move(type);
        c.status = status;
        c.lastTransitionTime = secondsBefore(5);
        m_pod.conditions.push_back(c);
        return *this;
    }
    PodBuilder& restarts(int32_t n) {
        if (m_pod.containerStatuses.empty())
            m_pod.containerStatuses.push_back(ContainerStatus{});
        m_pod.containerStatuses.front().restartCount = n;
        return *this;
    }
    PodBuilder& deleting(int64_t secondsAgo = 1) {
        m_pod.metadata.deletionTimestamp = secondsBefore(secondsAgo);
        return *this;
    }
    PodBuilder& createdSecondsAgo(int64_t s) {
        m_pod.metadata.creationTimestamp = secondsBefore(s);
        return *this;
    }
    PodBuilder& noFinalizer() {
        m_pod.hasTrackingFinalizer = false;
        return *this;
    }
    Pod build() const { return m_pod; }

private:
    PodBuilder& terminated(PodPhase phase, int32_t exitCode, int64_t finishedSecondsAgo) {
        m_pod.phase = phase;
        m_pod.nodeName = "node-a";
        ContainerStatus c;
        c.name = "main";
        c.state = ContainerStateKind::Terminated;
        c.exitCode = exitCode;
        c.reason = exitCode == 0 ? "Completed" : "Error";
        c.startedAt = secondsBefore(finishedSecondsAgo + 60);
        c.finishedAt = secondsBefore(finishedSecondsAgo);
        m_pod.containerStatuses = {c};
        return *this;
    }
    Pod m_pod;
};

} // namespace tessera::engine::testing
