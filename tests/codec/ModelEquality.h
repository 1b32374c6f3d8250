#pragma once
// Field-by-field comparison of engine model values for the codec tests (the engine structs do
// not all define operator==). Each helper records gtest failures naming the field.
#include "engine/Model.h"

#include <gtest/gtest.h>
#include <ostream>

namespace tessera::engine {
// Readable gtest output for the structs that have operator==.
inline void PrintTo(const ContainerStatus& c, std::ostream* os) {
    *os << "{" << c.name << " state=" << static_cast<int>(c.state) << " ready=" << c.ready
        << " restarts=" << c.restartCount << " exit=" << c.exitCode
        << " signal=" << (c.signal ? std::to_string(*c.signal) : "-") << " reason=" << c.reason
        << " message=" << c.message
        << " startedAt=" << (c.startedAt ? toUnixMillis(*c.startedAt) : -1)
        << " finishedAt=" << (c.finishedAt ? toUnixMillis(*c.finishedAt) : -1) << "}";
}
inline void PrintTo(const Condition& c, std::ostream* os) {
    *os << "{" << c.type << " " << toString(c.status) << " reason=" << c.reason
        << " message=" << c.message
        << " probe=" << (c.lastProbeTime ? toUnixMillis(*c.lastProbeTime) : -1)
        << " transition=" << (c.lastTransitionTime ? toUnixMillis(*c.lastTransitionTime) : -1)
        << "}";
}
} // namespace tessera::engine

namespace tessera::testing {

// Kubernetes writes metav1.Time with seconds precision; a written-then-read value is the input
// floored to the second.
inline void floorToSecond(std::optional<engine::TimePoint>& t) {
    if (t)
        *t = std::chrono::floor<std::chrono::seconds>(*t);
}
inline void floorTimesToSeconds(std::vector<engine::Condition>& conditions) {
    for (engine::Condition& c : conditions) {
        floorToSecond(c.lastProbeTime);
        floorToSecond(c.lastTransitionTime);
    }
}
inline void floorTimesToSeconds(engine::ObjectMeta& m) {
    floorToSecond(m.creationTimestamp);
    floorToSecond(m.deletionTimestamp);
}
inline void floorTimesToSeconds(engine::Pod& p) {
    floorTimesToSeconds(p.metadata);
    floorTimesToSeconds(p.conditions);
    floorToSecond(p.startTime);
    for (auto* list : {&p.containerStatuses, &p.initContainerStatuses})
        for (engine::ContainerStatus& c : *list) {
            floorToSecond(c.startedAt);
            floorToSecond(c.finishedAt);
        }
}
inline void floorTimesToSeconds(engine::Job& j) {
    floorTimesToSeconds(j.metadata);
    floorTimesToSeconds(j.status.conditions);
    floorToSecond(j.status.startTime);
    floorToSecond(j.status.completionTime);
}

inline int64_t ms(const std::optional<engine::TimePoint>& t) {
    return t ? engine::toUnixMillis(*t) : INT64_MIN;
}

inline void expectSameMeta(const engine::ObjectMeta& a, const engine::ObjectMeta& b) {
    EXPECT_EQ(a.name, b.name);
    EXPECT_EQ(a.namespace_, b.namespace_);
    EXPECT_EQ(a.uid, b.uid);
    EXPECT_EQ(a.resourceVersion, b.resourceVersion);
    EXPECT_EQ(ms(a.creationTimestamp), ms(b.creationTimestamp));
    EXPECT_EQ(ms(a.deletionTimestamp), ms(b.deletionTimestamp));
    EXPECT_EQ(a.deletionGracePeriodSeconds, b.deletionGracePeriodSeconds);
}

inline void expectSameContainers(const std::vector<engine::ContainerInfo>& a,
                                 const std::vector<engine::ContainerInfo>& b) {
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].name, b[i].name);
        EXPECT_EQ(a[i].definesCompletionIndexEnv, b[i].definesCompletionIndexEnv) << a[i].name;
    }
}

inline void expectSameSpec(const engine::JobSpec& a, const engine::JobSpec& b) {
    EXPECT_EQ(a.parallelism, b.parallelism);
    EXPECT_EQ(a.completions, b.completions);
    EXPECT_EQ(a.completionMode, b.completionMode);
    EXPECT_EQ(a.activeDeadlineSeconds, b.activeDeadlineSeconds);
    EXPECT_EQ(a.backoffLimit, b.backoffLimit);
    EXPECT_EQ(a.backoffLimitPerIndex, b.backoffLimitPerIndex);
    EXPECT_EQ(a.maxFailedIndexes, b.maxFailedIndexes);
    EXPECT_EQ(a.suspend, b.suspend);
    EXPECT_EQ(a.podReplacementPolicy, b.podReplacementPolicy);
    EXPECT_EQ(a.managedBy, b.managedBy);
    EXPECT_EQ(a.ttlSecondsAfterFinished, b.ttlSecondsAfterFinished);
    ASSERT_EQ(a.podFailurePolicy.has_value(), b.podFailurePolicy.has_value());
    if (a.podFailurePolicy) {
        const auto& ra = a.podFailurePolicy->rules;
        const auto& rb = b.podFailurePolicy->rules;
        ASSERT_EQ(ra.size(), rb.size());
        for (size_t i = 0; i < ra.size(); ++i) {
            EXPECT_EQ(ra[i].action, rb[i].action) << "rule " << i;
            EXPECT_EQ(ra[i].actionName, rb[i].actionName) << "rule " << i;
            ASSERT_EQ(ra[i].onExitCodes.has_value(), rb[i].onExitCodes.has_value()) << "rule " << i;
            if (ra[i].onExitCodes) {
                EXPECT_EQ(ra[i].onExitCodes->containerName, rb[i].onExitCodes->containerName);
                EXPECT_EQ(ra[i].onExitCodes->op, rb[i].onExitCodes->op);
                EXPECT_EQ(ra[i].onExitCodes->values, rb[i].onExitCodes->values);
            }
            ASSERT_EQ(ra[i].onPodConditions.size(), rb[i].onPodConditions.size());
            for (size_t j = 0; j < ra[i].onPodConditions.size(); ++j) {
                EXPECT_EQ(ra[i].onPodConditions[j].type, rb[i].onPodConditions[j].type);
                EXPECT_EQ(ra[i].onPodConditions[j].status, rb[i].onPodConditions[j].status);
            }
        }
    }
    ASSERT_EQ(a.successPolicy.has_value(), b.successPolicy.has_value());
    if (a.successPolicy) {
        ASSERT_EQ(a.successPolicy->rules.size(), b.successPolicy->rules.size());
        for (size_t i = 0; i < a.successPolicy->rules.size(); ++i) {
            EXPECT_EQ(a.successPolicy->rules[i].succeededIndexes,
                      b.successPolicy->rules[i].succeededIndexes);
            EXPECT_EQ(a.successPolicy->rules[i].succeededCount,
                      b.successPolicy->rules[i].succeededCount);
        }
    }
    expectSameContainers(a.podTemplate.containers, b.podTemplate.containers);
    expectSameContainers(a.podTemplate.initContainers, b.podTemplate.initContainers);
    EXPECT_EQ(a.podTemplate.restartPolicy, b.podTemplate.restartPolicy);
    EXPECT_EQ(a.podTemplate.subdomain, b.podTemplate.subdomain);
}

inline void expectSameStatus(const engine::JobStatus& a, const engine::JobStatus& b) {
    EXPECT_EQ(a.conditions, b.conditions);
    EXPECT_EQ(ms(a.startTime), ms(b.startTime));
    EXPECT_EQ(ms(a.completionTime), ms(b.completionTime));
    EXPECT_EQ(a.active, b.active);
    EXPECT_EQ(a.succeeded, b.succeeded);
    EXPECT_EQ(a.failed, b.failed);
    EXPECT_EQ(a.terminating, b.terminating);
    EXPECT_EQ(a.ready, b.ready);
    EXPECT_EQ(a.completedIndexes, b.completedIndexes);
    EXPECT_EQ(a.failedIndexes, b.failedIndexes);
    ASSERT_EQ(a.uncountedTerminatedPods.has_value(), b.uncountedTerminatedPods.has_value());
    if (a.uncountedTerminatedPods) {
        EXPECT_EQ(a.uncountedTerminatedPods->succeeded, b.uncountedTerminatedPods->succeeded);
        EXPECT_EQ(a.uncountedTerminatedPods->failed, b.uncountedTerminatedPods->failed);
    }
}

inline void expectSameJob(const engine::Job& a, const engine::Job& b) {
    expectSameMeta(a.metadata, b.metadata);
    expectSameSpec(a.spec, b.spec);
    expectSameStatus(a.status, b.status);
}

inline void expectSamePod(const engine::Pod& a, const engine::Pod& b) {
    expectSameMeta(a.metadata, b.metadata);
    EXPECT_EQ(a.completionIndexAnnotation, b.completionIndexAnnotation);
    EXPECT_EQ(a.failureCountAnnotation, b.failureCountAnnotation);
    EXPECT_EQ(a.ignoredFailureCountAnnotation, b.ignoredFailureCountAnnotation);
    EXPECT_EQ(a.hasTrackingFinalizer, b.hasTrackingFinalizer);
    EXPECT_EQ(a.nodeName, b.nodeName);
    EXPECT_EQ(a.hostname, b.hostname);
    EXPECT_EQ(a.phase, b.phase);
    EXPECT_EQ(a.conditions, b.conditions);
    EXPECT_EQ(ms(a.startTime), ms(b.startTime));
    EXPECT_EQ(a.containerStatuses, b.containerStatuses);
    EXPECT_EQ(a.initContainerStatuses, b.initContainerStatuses);
    EXPECT_EQ(a.reason, b.reason);
    EXPECT_EQ(a.message, b.message);
}

} // namespace tessera::testing
