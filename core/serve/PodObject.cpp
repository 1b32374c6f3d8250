#include "PodObject.h"

#include "PodDefaults.h"
#include "codec/Rfc3339.h"

#include <QJsonArray>
#include <QStringList>
#include <utility>

namespace tessera::serve {

namespace {

QJsonObject condition(const char* type, bool status, engine::TimePoint at,
                      const char* reason = nullptr) {
    QJsonObject c{
        {QStringLiteral("type"), QLatin1String(type)},
        {QStringLiteral("status"), status ? QStringLiteral("True") : QStringLiteral("False")},
        {QStringLiteral("lastProbeTime"), QJsonValue::Null},
        {QStringLiteral("lastTransitionTime"), timeText(at)}};
    if (reason)
        c.insert(QStringLiteral("reason"), QLatin1String(reason));
    return c;
}

// JOB_COMPLETION_INDEX from the completion-index annotation, in every container and init
// container that does not set it itself (Indexed jobs), as the job controller adds it
// (addCompletionIndexEnvVariables in pkg/controller/job/indexed_job_utils.go).
QJsonArray withCompletionIndexEnv(QJsonArray containers) {
    const QJsonValue name = QLatin1String(engine::kCompletionIndexEnv);
    for (int i = 0; i < containers.size(); ++i) {
        QJsonObject c = containers[i].toObject();
        QJsonArray env = c.value(QStringLiteral("env")).toArray();
        bool has = false;
        for (const QJsonValue& e : env)
            has = has || e.toObject().value(QStringLiteral("name")) == name;
        if (!has)
            env.append(QJsonObject{
                {QStringLiteral("name"), name},
                {QStringLiteral("valueFrom"),
                 QJsonObject{
                     {QStringLiteral("fieldRef"),
                      QJsonObject{{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                                  {QStringLiteral("fieldPath"),
                                   QStringLiteral("metadata.annotations['%1']")
                                       .arg(QLatin1String(engine::kCompletionIndexKey))}}}}}});
        c.insert(QStringLiteral("env"), env);
        containers[i] = c;
    }
    return containers;
}

// initContainerStatuses as the kubelet reports them, and whether every init container has
// completed (the pod's Initialized condition; else the names still incomplete).
struct InitStatus {
    QJsonArray statuses;
    QStringList incomplete;
};
InitStatus initStatusOf(const QJsonArray& initContainers, const PodState& pod,
                        const QString& podName) {
    InitStatus out;
    for (qsizetype i = 0; i < initContainers.size(); ++i) {
        const QJsonObject spec = initContainers[i].toObject();
        const QString name = spec.value(QStringLiteral("name")).toString();
        const QString image = spec.value(QStringLiteral("image")).toString();
        ContainerRun run;
        const bool known = static_cast<std::size_t>(i) < pod.initContainers.size();
        if (known)
            run = pod.initContainers[static_cast<std::size_t>(i)];
        else if (pod.initContainers.empty() && pod.startedAt && !pod.initFailed)
            run = ContainerRun{pod.startedAt, pod.startedAt, 0, std::nullopt}; // simulated
        QJsonObject state;
        if (run.finishedAt) {
            QJsonObject terminated{
                {QStringLiteral("exitCode"), run.exitCode},
                {QStringLiteral("reason"),
                 run.exitCode == 0 ? QStringLiteral("Completed") : QStringLiteral("Error")},
                {QStringLiteral("startedAt"), timeText(run.startedAt.value_or(*run.finishedAt))},
                {QStringLiteral("finishedAt"), timeText(*run.finishedAt)},
                {QStringLiteral("containerID"),
                 QStringLiteral("containerd://") + QString::number(qHash(podName + name), 16)}};
            if (run.signal)
                terminated.insert(QStringLiteral("signal"), *run.signal);
            state.insert(QStringLiteral("terminated"), terminated);
        } else if (run.startedAt) {
            state.insert(QStringLiteral("running"),
                         QJsonObject{{QStringLiteral("startedAt"), timeText(*run.startedAt)}});
        } else {
            state.insert(
                QStringLiteral("waiting"),
                QJsonObject{{QStringLiteral("reason"), QStringLiteral("PodInitializing")}});
        }
        const bool completed = run.finishedAt && run.exitCode == 0;
        if (!completed)
            out.incomplete << name;
        out.statuses.append(
            QJsonObject{{QStringLiteral("name"), name},
                        {QStringLiteral("image"), image},
                        {QStringLiteral("imageID"), QStringLiteral("docker-pullable://") + image},
                        {QStringLiteral("ready"), completed},
                        {QStringLiteral("restartCount"), 0},
                        {QStringLiteral("started"), run.startedAt && !run.finishedAt},
                        {QStringLiteral("lastState"), QJsonObject()},
                        {QStringLiteral("state"), state}});
    }
    return out;
}

QJsonObject initializedCondition(const InitStatus& init, engine::TimePoint at) {
    if (init.incomplete.isEmpty())
        return condition("Initialized", true, at);
    QJsonObject c = condition("Initialized", false, at, "ContainersNotInitialized");
    c.insert(QStringLiteral("message"), QStringLiteral("containers with incomplete status: [%1]")
                                            .arg(init.incomplete.join(QLatin1Char(' '))));
    return c;
}

} // namespace

QString timeText(engine::TimePoint t) {
    return QString::fromStdString(codec::formatRfc3339(t));
}

QJsonObject newPodObject(const QJsonObject& podTemplate, const QString& namespace_,
                         const QString& jobName, const QString& jobUid, const engine::Pod& pod) {
    const QString name = QString::fromStdString(pod.metadata.name);
    QJsonObject meta = podTemplate.value(QStringLiteral("metadata")).toObject();
    QJsonObject labels = meta.value(QStringLiteral("labels")).toObject();
    labels.insert(QLatin1String(engine::kControllerUidLabel), jobUid);
    labels.insert(QLatin1String(engine::kJobNameLabel), jobName);
    labels.insert(QStringLiteral("controller-uid"), jobUid);
    labels.insert(QStringLiteral("job-name"), jobName);
    QJsonObject annotations = meta.value(QStringLiteral("annotations")).toObject();
    if (pod.completionIndexAnnotation) {
        const QString ix = QString::fromStdString(*pod.completionIndexAnnotation);
        labels.insert(QLatin1String(engine::kCompletionIndexKey), ix);
        annotations.insert(QLatin1String(engine::kCompletionIndexKey), ix);
    }
    if (pod.failureCountAnnotation)
        annotations.insert(QLatin1String(engine::kIndexFailureCountKey),
                           QString::fromStdString(*pod.failureCountAnnotation));
    if (pod.ignoredFailureCountAnnotation)
        annotations.insert(QLatin1String(engine::kIndexIgnoredFailureCountKey),
                           QString::fromStdString(*pod.ignoredFailureCountAnnotation));
    meta = QJsonObject{
        {QStringLiteral("name"), name},
        {QStringLiteral("generateName"), name.left(name.size() - 5)},
        {QStringLiteral("namespace"), namespace_},
        {QStringLiteral("labels"), labels},
        {QStringLiteral("annotations"), annotations},
        {QStringLiteral("ownerReferences"),
         QJsonArray{QJsonObject{{QStringLiteral("apiVersion"), QStringLiteral("batch/v1")},
                                {QStringLiteral("kind"), QStringLiteral("Job")},
                                {QStringLiteral("name"), jobName},
                                {QStringLiteral("uid"), jobUid},
                                {QStringLiteral("controller"), true},
                                {QStringLiteral("blockOwnerDeletion"), true}}}},
        {QStringLiteral("finalizers"), QJsonArray{QLatin1String(engine::kTrackingFinalizer)}},
    };
    QJsonObject spec = podTemplate.value(QStringLiteral("spec")).toObject();
    if (!pod.hostname.empty())
        spec.insert(QStringLiteral("hostname"), QString::fromStdString(pod.hostname));
    if (pod.completionIndexAnnotation)
        for (const char* list : {"initContainers", "containers"})
            if (spec.contains(QLatin1String(list)))
                spec.insert(QLatin1String(list),
                            withCompletionIndexEnv(spec.value(QLatin1String(list)).toArray()));
    defaultContainers(spec);
    for (const auto& [k, v] :
         {std::pair{"dnsPolicy", QJsonValue(QStringLiteral("ClusterFirst"))},
          std::pair{"schedulerName", QJsonValue(QStringLiteral("default-scheduler"))},
          std::pair{"serviceAccountName", QJsonValue(QStringLiteral("default"))},
          std::pair{"terminationGracePeriodSeconds", QJsonValue(30)},
          std::pair{"enableServiceLinks", QJsonValue(true)}, std::pair{"priority", QJsonValue(0)},
          std::pair{"preemptionPolicy", QJsonValue(QStringLiteral("PreemptLowerPriority"))}})
        if (!spec.contains(QLatin1String(k)))
            spec.insert(QLatin1String(k), v);
    return QJsonObject{{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                       {QStringLiteral("kind"), QStringLiteral("Pod")},
                       {QStringLiteral("metadata"), meta},
                       {QStringLiteral("spec"), spec},
                       {QStringLiteral("status"),
                        QJsonObject{{QStringLiteral("phase"), QStringLiteral("Pending")},
                                    {QStringLiteral("qosClass"), QStringLiteral("BestEffort")}}}};
}

QJsonObject podWithStatus(QJsonObject json, const QString& podName, const PodState& pod) {
    using Stage = PodState::Stage;
    QJsonObject spec = json.value(QStringLiteral("spec")).toObject();
    QJsonObject status{{QStringLiteral("qosClass"), QStringLiteral("BestEffort")}};
    if (!pod.node.isEmpty()) {
        spec.insert(QStringLiteral("nodeName"), pod.node);
        status.insert(QStringLiteral("hostIP"),
                      QStringLiteral("192.168.49.%1")
                          .arg(pod.node.section(QLatin1Char('-'), -1).toInt() + 1));
    }
    QJsonArray conditions{condition("PodScheduled", true, pod.scheduledAt)};
    const QJsonObject first = spec.value(QStringLiteral("containers")).toArray().at(0).toObject();
    const QString containerName =
        first.value(QStringLiteral("name")).toString(QStringLiteral("main"));
    const QString image = first.value(QStringLiteral("image")).toString();
    QJsonObject container{{QStringLiteral("name"), containerName},
                          {QStringLiteral("image"), image},
                          {QStringLiteral("imageID"), QStringLiteral("docker-pullable://") + image},
                          {QStringLiteral("restartCount"), 0},
                          {QStringLiteral("started"), pod.stage == Stage::Running}};
    const InitStatus init =
        initStatusOf(spec.value(QStringLiteral("initContainers")).toArray(), pod, podName);
    QString phase = QStringLiteral("Pending");
    if (pod.stage == Stage::Created || pod.stage == Stage::Scheduled ||
        (pod.stage == Stage::Deleting && !pod.startedAt && !pod.finishedAt)) {
        // The containers wait for the init containers first (PodInitializing).
        const QString reason = !pod.waitingReason.isEmpty() ? pod.waitingReason
                               : init.incomplete.isEmpty()  ? QStringLiteral("ContainerCreating")
                                                            : QStringLiteral("PodInitializing");
        QJsonObject waiting{{QStringLiteral("reason"), reason}};
        if (!pod.waitingMessage.isEmpty())
            waiting.insert(QStringLiteral("message"), pod.waitingMessage);
        container.insert(QStringLiteral("ready"), false);
        container.insert(QStringLiteral("state"),
                         QJsonObject{{QStringLiteral("waiting"), waiting}});
        conditions.append(initializedCondition(init, pod.scheduledAt));
        conditions.append(condition("Ready", false, pod.scheduledAt, "ContainersNotReady"));
        conditions.append(
            condition("ContainersReady", false, pod.scheduledAt, "ContainersNotReady"));
    } else if (pod.stage == Stage::Running ||
               (pod.stage == Stage::Deleting && !pod.finishedAt && pod.startedAt)) {
        phase = QStringLiteral("Running");
        container.insert(QStringLiteral("ready"), true);
        container.insert(
            QStringLiteral("state"),
            QJsonObject{{QStringLiteral("running"),
                         QJsonObject{{QStringLiteral("startedAt"), timeText(*pod.startedAt)}}}});
        conditions.append(condition("Initialized", true, pod.scheduledAt));
        conditions.append(condition("Ready", true, *pod.startedAt));
        conditions.append(condition("ContainersReady", true, *pod.startedAt));
    } else if (pod.finishedAt && pod.initFailed) {
        // An init container failed: the containers never started, and wait for an
        // initialization that has ended.
        phase = QStringLiteral("Failed");
        container.insert(QStringLiteral("ready"), false);
        container.insert(QStringLiteral("state"),
                         QJsonObject{{QStringLiteral("waiting"),
                                      QJsonObject{{QStringLiteral("reason"),
                                                   QStringLiteral("PodInitializing")}}}});
        conditions.append(initializedCondition(init, *pod.finishedAt));
        conditions.append(condition("Ready", false, *pod.finishedAt, "PodCompleted"));
        conditions.append(condition("ContainersReady", false, *pod.finishedAt, "PodCompleted"));
    } else if (pod.finishedAt) {
        phase = pod.exitCode == 0 ? QStringLiteral("Succeeded") : QStringLiteral("Failed");
        container.insert(QStringLiteral("ready"), false);
        QJsonObject terminated{{QStringLiteral("exitCode"), pod.exitCode},
                               {QStringLiteral("reason"), pod.exitCode == 0
                                                              ? QStringLiteral("Completed")
                                                              : QStringLiteral("Error")},
                               {QStringLiteral("finishedAt"), timeText(*pod.finishedAt)}};
        if (pod.signal)
            terminated.insert(QStringLiteral("signal"), *pod.signal);
        if (pod.startedAt)
            terminated.insert(QStringLiteral("startedAt"), timeText(*pod.startedAt));
        terminated.insert(QStringLiteral("containerID"),
                          QStringLiteral("containerd://") + QString::number(qHash(podName), 16));
        container.insert(QStringLiteral("state"),
                         QJsonObject{{QStringLiteral("terminated"), terminated}});
        conditions.append(condition("Initialized", true, pod.scheduledAt));
        conditions.append(condition("Ready", false, *pod.finishedAt, "PodCompleted"));
        conditions.append(condition("ContainersReady", false, *pod.finishedAt, "PodCompleted"));
    }
    if (pod.startedAt) {
        status.insert(QStringLiteral("startTime"), timeText(*pod.startedAt));
        status.insert(QStringLiteral("podIP"), pod.podIp);
        status.insert(QStringLiteral("podIPs"),
                      QJsonArray{QJsonObject{{QStringLiteral("ip"), pod.podIp}}});
    }
    status.insert(QStringLiteral("phase"), phase);
    status.insert(QStringLiteral("conditions"), conditions);
    if (!pod.node.isEmpty()) {
        status.insert(QStringLiteral("containerStatuses"), QJsonArray{container});
        if (!init.statuses.isEmpty())
            status.insert(QStringLiteral("initContainerStatuses"), init.statuses);
    }
    json.insert(QStringLiteral("spec"), spec);
    json.insert(QStringLiteral("status"), status);
    return json;
}

bool dropTrackingFinalizer(QJsonObject& metadata) {
    const QString key = QStringLiteral("finalizers");
    QJsonArray kept;
    bool dropped = false;
    for (const QJsonValue& f : metadata.value(key).toArray()) {
        if (f.toString() == QLatin1String(engine::kTrackingFinalizer))
            dropped = true;
        else
            kept.append(f);
    }
    if (kept.isEmpty())
        metadata.remove(key);
    else
        metadata.insert(key, kept);
    return dropped;
}

} // namespace tessera::serve
