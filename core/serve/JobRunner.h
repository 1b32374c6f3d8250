#pragma once
// The controller loop of `tessera serve`: every Job stored is driven by an engine JobController
// (the same rules as `tessera simulate` and local runs) whose PodExecutor creates real Pod
// objects in the ObjectStore and simulates them in real time: scheduled on a fake node, running
// for a few seconds (writing log lines), then exiting 0 or failing. The Job's status is written
// back as the controller computes it, with Events (SuccessfulCreate, Completed, ...) and the
// controller metrics. How pods are simulated, and the annotations that change it per job:
// SimSettings.h.
//
// With ServeOptions::localProcesses the pods are real processes instead (LocalPods): a pod runs
// until its process ends, and its exit code and signal are the container's.
#include "JobEvents.h"
#include "PodLogs.h"
#include "ServeOptions.h"
#include "ServeTypes.h"
#include "engine/Model.h"
#include "local/ProcessGroups.h"

#include <QHash>
#include <QObject>
#include <QTimer>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <vector>

namespace tessera::serve {

class ObjectStore;
class Metrics;
class LocalPods;
struct ContainerRun;

class JobRunner : public QObject {
    Q_OBJECT
public:
    JobRunner(ObjectStore& store, Metrics& metrics, const ServeOptions& options,
              QObject* parent = nullptr);
    ~JobRunner() override;

    // Adopts the jobs already stored and follows the store from now on.
    void start();

    // Pod logs ("" for a pod we do not simulate); nullopt when the pod does not exist.
    // `container`: an init container's own log; empty or another name, the pod's container's.
    std::optional<QByteArray> podLog(const QString& namespace_, const QString& pod,
                                     const QString& container = QString()) const;
    // Every pod's log, line by line with times (the logs subresource's options need them).
    const PodLogs& podLogs() const { return m_logs; }
    // True when the pod will write no more log lines (finished, or not ours).
    bool podLogEnded(const QString& namespace_, const QString& pod,
                     const QString& container = QString()) const {
        return m_logs.ended(logKeyOf(namespace_, pod, container));
    }
    // Follows a pod's log: `onData` for each new piece, `onEnd` once when the pod ends.
    using LogData = PodLogs::Data;
    using LogEnd = PodLogs::End;
    int followLog(const QString& namespace_, const QString& pod, LogData onData, LogEnd onEnd,
                  const QString& container = QString()) {
        return m_logs.follow(logKeyOf(namespace_, pod, container), std::move(onData),
                             std::move(onEnd));
    }
    void unfollowLog(int id) { m_logs.unfollow(id); }
    // The key of a container's log in podLogs(): an init container's own, else the pod's.
    QString logKeyOf(const QString& namespace_, const QString& pod, const QString& container) const;

    int jobsRunning() const;

private:
    struct SimPod;
    struct RunningJob;

    void onChange(const Change& change);
    void adopt(const ObjectPtr& job);
    void tick();
    void step(RunningJob& job, engine::TimePoint now);
    void syncJob(RunningJob& job, engine::TimePoint now);
    bool createPod(RunningJob& job, const engine::Pod& pod);
    void deletePod(RunningJob& job, const engine::Pod& pod);
    void startProcess(RunningJob& job, SimPod& pod, engine::TimePoint now);
    void processEnded(const QString& jobKey, const QString& pod, const local::ExitOutcome& outcome);
    // --local: an init container started or ended, or the pod's container started.
    void podProgressed(const QString& jobKey, const QString& pod,
                       const std::vector<ContainerRun>& initContainers, bool containerStarted);
    RunningJob* findJob(const QString& jobKey, const QString& pod);
    void writePod(RunningJob& job, const SimPod& pod);
    void writeJobStatus(RunningJob& job);
    QString pickNode();

    ObjectStore& m_store;
    Metrics& m_metrics;
    ServeOptions m_options;
    int m_listener = 0;
    QTimer m_timer;
    JobEvents m_events;
    std::map<QString, std::unique_ptr<RunningJob>> m_jobs; // "ns/name"
    std::vector<std::unique_ptr<RunningJob>> m_orphans;    // deleted Jobs' orphaned pods
    PodLogs m_logs;
    std::unique_ptr<LocalPods> m_local; // ServeOptions::localProcesses
    std::size_t m_nextNode = 0;
    std::mt19937_64 m_random;
    bool m_inTick = false;
};

} // namespace tessera::serve
