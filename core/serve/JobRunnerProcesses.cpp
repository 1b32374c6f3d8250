// JobRunner: the pods of `serve --local` as real processes (LocalPods), how their init containers
// progress and how the pods end, and the pods' logs.
#include "JobRunnerParts.h"
#include "LocalPods.h"
#include "ObjectStore.h"
#include "engine/Clock.h"

namespace tessera::serve {

using namespace runner;

void JobRunner::startProcess(RunningJob& job, SimPod& pod, TimePoint now) {
    const ObjectPtr stored = m_store.get(kPods, job.ns, pod.name);
    if (!stored)
        return;
    // The object as it will be once running, so fieldRef status.podIP resolves.
    QJsonObject object = podWithStatus(stored->json, pod.name, pod.state);
    QJsonObject status = object.value(QStringLiteral("status")).toObject();
    status.insert(QStringLiteral("podIP"), pod.state.podIp);
    object.insert(QStringLiteral("status"), status);
    const LocalPods::Started started = m_local->start(key(job.ns, job.name), object);
    if (started.started) {
        pod.processRunning = true;
        pod.state.waitingReason.clear();
        pod.state.waitingMessage.clear();
        if (started.initializing) {
            // Its init containers run first; its container starts later (podProgressed).
            pod.startAt = TimePoint::max();
            pod.state.initContainers = {ContainerRun{now, std::nullopt, 0, std::nullopt}};
            writePod(job, pod);
            return;
        }
        pod.state.stage = SimPod::Stage::Running;
        pod.state.startedAt = now;
        return;
    }
    const LocalPodProblem& problem = started.problem;
    if (problem.retry) {
        // A ConfigMap or Secret not there (yet): the kubelet keeps the pod waiting and retries.
        pod.startAt = now + std::chrono::seconds(1);
        const QString reason = problem.reason == QLatin1String("FailedMount")
                                   ? QStringLiteral("ContainerCreating")
                                   : problem.reason;
        if (reason == pod.state.waitingReason && problem.message == pod.state.waitingMessage)
            return;
        pod.state.waitingReason = reason;
        pod.state.waitingMessage = problem.message;
        // Said once per problem (status and Event), not at every retry.
        m_events.record(InvolvedObject{QStringLiteral("v1"), QStringLiteral("Pod"), job.ns,
                                       pod.name,
                                       stored->json.value(QStringLiteral("metadata"))
                                           .toObject()
                                           .value(QStringLiteral("uid"))
                                           .toString()},
                        QStringLiteral("kubelet"), QStringLiteral("Warning"), problem.reason,
                        problem.message, now);
        writePod(job, pod);
        return;
    }
    // It cannot run here: a failed start, as `tessera run` reports one (exit code 127).
    m_logs.append(key(job.ns, pod.name),
                  QStringLiteral("tessera serve --local: %1\n").arg(problem.message).toUtf8());
    pod.state.stage = SimPod::Stage::Running;
    pod.state.startedAt = now;
    pod.state.exitCode = local::kStartErrorExitCode;
    pod.finishAt = now;
}

JobRunner::RunningJob* JobRunner::findJob(const QString& jobKey, const QString& pod) {
    if (const auto j = m_jobs.find(jobKey); j != m_jobs.end() && j->second->pods.count(pod))
        return j->second.get();
    for (const auto& orphan : m_orphans) // an orphaned pod's process ends as well
        if (key(orphan->ns, orphan->name) == jobKey && orphan->pods.count(pod))
            return orphan.get();
    return nullptr;
}

void JobRunner::processEnded(const QString& jobKey, const QString& podName,
                             const local::ExitOutcome& outcome) {
    RunningJob* job = findJob(jobKey, podName);
    if (!job)
        return;
    SimPod& pod = job->pods.at(podName);
    pod.processRunning = false;
    const TimePoint now = engine::SystemClock().now();
    if (pod.state.stage == SimPod::Stage::Deleting) {
        pod.goneAt = now; // deleted by the controller: gone at the next step
        return;
    }
    if (pod.state.stage == SimPod::Stage::Scheduled) {
        // Ended while initializing (an init container failed): the kubelet had started the pod.
        pod.state.stage = SimPod::Stage::Running;
        pod.state.startedAt = now;
        if (!job->orphaned)
            job->controller->podStarted(podName.toStdString(), now);
    }
    // Ended on its own, or stopped because the pod was deleted from outside: the container's
    // exit code and signal either way. The next step writes the status.
    pod.state.exitCode = outcome.exitCode;
    if (outcome.signal)
        pod.state.signal = *outcome.signal;
    pod.finishAt = now;
}

void JobRunner::podProgressed(const QString& jobKey, const QString& podName,
                              const std::vector<ContainerRun>& initContainers,
                              bool containerStarted) {
    RunningJob* job = findJob(jobKey, podName);
    if (!job)
        return;
    SimPod& pod = job->pods.at(podName);
    pod.state.initContainers = initContainers;
    pod.state.initFailed = !initContainers.empty() && initContainers.back().finishedAt &&
                           initContainers.back().exitCode != 0;
    if (containerStarted && pod.state.stage == SimPod::Stage::Scheduled) {
        const TimePoint now = engine::SystemClock().now();
        pod.state.stage = SimPod::Stage::Running;
        pod.state.startedAt = now;
        if (!job->orphaned)
            job->controller->podStarted(podName.toStdString(), now);
        job->dirty = true;
    }
    writePod(*job, pod);
}

std::optional<QByteArray> JobRunner::podLog(const QString& namespace_, const QString& pod,
                                            const QString& container) const {
    if (!m_store.get(kPods, namespace_, pod))
        return std::nullopt;
    return m_logs.text(logKeyOf(namespace_, pod, container));
}

QString JobRunner::logKeyOf(const QString& namespace_, const QString& pod,
                            const QString& container) const {
    if (!container.isEmpty())
        if (const ObjectPtr stored = m_store.get(kPods, namespace_, pod))
            for (const QJsonValue& c : stored->json.value(QStringLiteral("spec"))
                                           .toObject()
                                           .value(QStringLiteral("initContainers"))
                                           .toArray())
                if (c.toObject().value(QStringLiteral("name")).toString() == container)
                    return LocalPods::initLogKey(namespace_, pod, container);
    return key(namespace_, pod);
}

} // namespace tessera::serve
