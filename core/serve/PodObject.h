#pragma once
// The Pod objects `tessera serve` stores for the pods its job controller creates: the object as
// the job controller builds it from spec.template, and its status as the kubelet would report it
// at each stage of the pod's life.
#include "engine/Model.h"
#include "engine/Time.h"

#include <QJsonObject>
#include <QString>
#include <optional>
#include <vector>

namespace tessera::serve {

QString timeText(engine::TimePoint t);

// The pod the job controller creates for `pod` from the Job's spec.template: labels, annotations,
// owner reference, the tracking finalizer, hostname, JOB_COMPLETION_INDEX in every container, and
// the API server's defaults. Status Pending.
QJsonObject newPodObject(const QJsonObject& podTemplate, const QString& namespace_,
                         const QString& jobName, const QString& jobUid, const engine::Pod& pod);

// Removes the job-tracking finalizer from a pod's metadata, keeping any other finalizer; true
// when it was there. The job controller does this before its own deletions and once it has
// counted a finished pod; the garbage collector when it orphans a Job's pods.
bool dropTrackingFinalizer(QJsonObject& metadata);

// One init container's run (by its index in spec.initContainers), as initContainerStatuses
// shows it.
struct ContainerRun {
    std::optional<engine::TimePoint> startedAt, finishedAt;
    int exitCode = 0;
    std::optional<int> signal;
};

// Where a pod is in its life, as the status shows it.
struct PodState {
    enum class Stage { Created, Scheduled, Running, Finished, Deleting };
    Stage stage = Stage::Created;
    QString node;
    QString podIp;
    engine::TimePoint scheduledAt{};
    std::optional<engine::TimePoint> startedAt, finishedAt;
    int exitCode = 0;
    std::optional<int> signal;
    // While not started: why the container waits (default ContainerCreating), and the details.
    QString waitingReason;
    QString waitingMessage;
    // Init containers that have started, in order (--local). Simulated pods keep none: theirs
    // show as completed once the pod started.
    std::vector<ContainerRun> initContainers;
    // An init container failed: the pod failed before its containers started (restartPolicy
    // Never, as the kubelet ends it).
    bool initFailed = false;
};

// `stored` with spec.nodeName and the status `state` describes.
QJsonObject podWithStatus(QJsonObject stored, const QString& podName, const PodState& state);

} // namespace tessera::serve
