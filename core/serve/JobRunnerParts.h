#pragma once
// JobRunner's private parts, shared by its files (JobRunner.cpp: the job controller's loop and
// the simulated pods; JobRunnerProcesses.cpp: the pods of `--local` as processes, and logs).
#include "JobRunner.h"
#include "PodObject.h"
#include "SimSettings.h"
#include "engine/JobController.h"

#include <QJsonObject>
#include <QString>
#include <deque>
#include <map>
#include <memory>

namespace tessera::serve {

using engine::TimePoint;

namespace runner {

inline const QString kPods = QStringLiteral("pods");
inline const QString kJobs = QStringLiteral("jobs");

inline QString key(const QString& ns, const QString& name) {
    return ns + QLatin1Char('/') + name;
}

// How long a pod's process has between SIGTERM and SIGKILL: its terminationGracePeriodSeconds.
inline engine::Duration gracePeriodOf(const QJsonObject& podTemplate) {
    const int seconds = podTemplate.value(QStringLiteral("spec"))
                            .toObject()
                            .value(QStringLiteral("terminationGracePeriodSeconds"))
                            .toInt(30);
    return std::chrono::seconds(std::max(0, seconds));
}

} // namespace runner

struct JobRunner::SimPod {
    using Stage = PodState::Stage;
    QString name;
    int index = -1;
    PodState state; // stage, node, IP, times, exit code: what the stored status shows
    TimePoint createdAt{}, scheduleAt{}, startAt{}, finishAt{}, goneAt{}, nextLogAt{};
    bool failed = false;
    int logStep = 0;
    // --local (ServeOptions::localProcesses): a real process (LocalPods) decides how it ends.
    bool local = false;
    bool processRunning = false;
};

struct JobRunner::RunningJob final : engine::PodExecutor {
    JobRunner* runner = nullptr;
    QString ns, name, uid, mode;
    QJsonObject podTemplate; // spec.template
    std::unique_ptr<engine::JobController> controller;
    std::map<QString, SimPod> pods; // pods not yet released by the controller
    std::deque<QString> finishedPods;
    QByteArray lastStatus;
    bool dirty = true;
    bool removed = false;
    // The Job was deleted with its pods orphaned: they run to their end with no controller.
    bool orphaned = false;
    bool finishedReported = false;
    TimePoint lastSync{};
    SimSettings sim;

    bool createPod(const engine::Pod& pod, engine::PodHandle) override {
        return runner->createPod(*this, pod);
    }
    void deletePod(const engine::Pod& pod, engine::DeletionReason) override {
        runner->deletePod(*this, pod);
    }
};

} // namespace tessera::serve
