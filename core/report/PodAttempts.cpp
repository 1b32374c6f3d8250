#include "PodAttempts.h"

#include "history/JobTimeline.h"

#include <algorithm>
#include <charconv>

namespace tessera::report {

namespace {

std::optional<int32_t> parseIndex(const std::optional<std::string>& text) {
    if (!text)
        return std::nullopt;
    int32_t v = -1;
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), v);
    if (ec != std::errc() || end != text->data() + text->size() || v < 0)
        return std::nullopt;
    return v;
}

} // namespace

engine::Attempt PodAttempts::fromPod(const engine::Pod& pod) {
    engine::Attempt a;
    a.index = parseIndex(pod.completionIndexAnnotation).value_or(-1);
    a.podName = pod.metadata.name;
    a.node = pod.nodeName;
    a.createdAt =
        pod.metadata.creationTimestamp.value_or(pod.startTime.value_or(engine::TimePoint{}));
    a.failureCount = parseIndex(pod.failureCountAnnotation).value_or(0);
    // The main container tells when the work ran and how it ended; the pod's own startTime is
    // the fallback (it includes image pulls and init containers).
    const engine::ContainerStatus* main =
        pod.containerStatuses.empty() ? nullptr : &pod.containerStatuses.front();
    for (const engine::ContainerStatus& c : pod.containerStatuses) {
        if (c.state == engine::ContainerStateKind::Terminated && c.exitCode != 0) {
            main = &c; // the container that failed explains the failure
            break;
        }
    }
    a.startedAt = main != nullptr && main->startedAt ? main->startedAt : pod.startTime;
    if (main != nullptr && main->state == engine::ContainerStateKind::Terminated) {
        a.finishedAt = main->finishedAt;
        a.exitCode = main->exitCode;
        a.signal = main->signal;
        a.reason = main->reason;
        a.message = main->message;
    }
    if (!pod.reason.empty()) { // DeadlineExceeded, Evicted, ...: the pod-level reason wins
        a.reason = pod.reason;
        if (!pod.message.empty())
            a.message = pod.message;
    }
    a.outcome = engine::attemptOutcomeOf(pod);
    if (!a.finishedAt && !engine::isUnderWay(a.outcome) && pod.metadata.deletionTimestamp)
        a.finishedAt = pod.metadata.deletionTimestamp; // deleted: it ended when that was asked
    if (!a.finishedAt && (a.outcome == engine::AttemptOutcome::Succeeded ||
                          a.outcome == engine::AttemptOutcome::Failed))
        a.finishedAt = a.startedAt; // terminal without a container record (e.g. evicted early)
    return a;
}

std::vector<engine::Attempt> PodAttempts::fromPods(const std::vector<engine::Pod>& pods) {
    std::vector<engine::Attempt> attempts;
    attempts.reserve(pods.size());
    for (const engine::Pod& p : pods)
        attempts.push_back(fromPod(p));
    history::orderAndNumberAttempts(attempts);
    return attempts;
}

} // namespace tessera::report
