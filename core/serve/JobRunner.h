#pragma once
// The controller loop of `tessera serve`: every Job stored is driven by an engine JobController
// (the same rules as `tessera simulate` and local runs) whose PodExecutor creates real Pod
// objects in the ObjectStore and simulates them in real time: scheduled on a fake node, running
// for a few seconds (writing log lines), then exiting 0 or failing. The Job's status is written
// back as the controller computes it, with Events (SuccessfulCreate, Completed, ...) and the
// controller metrics.
//
// Per-job simulation annotations (on the Job's metadata):
//   tessera.dev/sim-duration: "5s" | "1500ms" | "2m"   (default ServeOptions::podDuration)
//   tessera.dev/sim-fail-rate: "0.1"                    (default ServeOptions::failRate)
//   tessera.dev/sim-fail-indexes: "3,7"                 (these indexes fail every attempt)
//   tessera.dev/sim-exit-code: "2"                      (exit code of failures, default 1)
//   tessera.dev/sim-backoff-scale: "0.1"                (multiplies the controller's retry delays,
//                                                        10 s doubling to 10 min; default 1)
#include "ServeOptions.h"
#include "ServeTypes.h"
#include "engine/Model.h"

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

class JobRunner : public QObject {
    Q_OBJECT
public:
    JobRunner(ObjectStore& store, Metrics& metrics, const ServeOptions& options,
              QObject* parent = nullptr);
    ~JobRunner() override;

    // Adopts the jobs already stored and follows the store from now on.
    void start();

    // Pod logs ("" for a pod we do not simulate); nullopt when the pod does not exist.
    std::optional<QByteArray> podLog(const QString& namespace_, const QString& pod) const;
    // True when the pod will write no more log lines (finished, or not ours).
    bool podLogEnded(const QString& namespace_, const QString& pod) const;
    // Follows a pod's log: `onData` for each new piece, `onEnd` once when the pod ends.
    using LogData = std::function<void(const QByteArray&)>;
    using LogEnd = std::function<void()>;
    int followLog(const QString& namespace_, const QString& pod, LogData onData, LogEnd onEnd);
    void unfollowLog(int id);

    int jobsRunning() const;

private:
    struct SimPod;
    struct RunningJob;
    struct LogFollower {
        QString key;
        LogData onData;
        LogEnd onEnd;
    };

    void onChange(const Change& change);
    void adopt(const ObjectPtr& job);
    void tick();
    void step(RunningJob& job, engine::TimePoint now);
    void syncJob(RunningJob& job, engine::TimePoint now);
    bool createPod(RunningJob& job, const engine::Pod& pod);
    void deletePod(RunningJob& job, const engine::Pod& pod);
    void startProcess(RunningJob& job, SimPod& pod);
    void writePod(RunningJob& job, const SimPod& pod, engine::TimePoint now);
    void writeJobStatus(RunningJob& job);
    void recordEvent(const RunningJob& job, const QString& type, const QString& reason,
                     const QString& message, engine::TimePoint now);
    void appendLog(const QString& key, const QByteArray& text);
    void endLog(const QString& key);
    QString pickNode();

    ObjectStore& m_store;
    Metrics& m_metrics;
    ServeOptions m_options;
    int m_listener = 0;
    QTimer m_timer;
    std::map<QString, std::unique_ptr<RunningJob>> m_jobs; // "ns/name"
    std::vector<std::unique_ptr<RunningJob>> m_orphans;    // deleted Jobs' orphaned pods
    QHash<QString, QByteArray> m_logs;                     // "ns/pod"
    QHash<QString, bool> m_logEnded;
    std::map<int, LogFollower> m_followers;
    int m_nextFollower = 1;
    std::deque<std::pair<QString, QString>> m_events; // (namespace, name), oldest first
    quint64 m_eventCounter = 0;
    std::size_t m_nextNode = 0;
    std::mt19937_64 m_random;
    bool m_inTick = false;
};

} // namespace tessera::serve
