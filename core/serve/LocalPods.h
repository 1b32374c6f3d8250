#pragma once
// The pods of `tessera serve --local` as real processes on this machine, run by tessera_local's
// process runner (ProcessGroups over a Supervisor) as `tessera run` runs items: one process group
// per pod at a time (its init containers one after the other, in order, then its container; an
// init container that fails ends the pod, as the kubelet does with restartPolicy Never), SIGTERM
// then SIGKILL after the pod's terminationGracePeriodSeconds, exit code 128+N with signal N for a
// process a signal ended. What each process runs, with which environment and files, is
// LocalPodSetup's. Its output, copied by the supervisor into the pod's log file, reaches PodLogs at
// each tick and whole at its end.
//
// Everything lives in a private temporary directory, removed with the server:
//   <tmp>/spawns                  the supervisor's ledger
//   <tmp>/pods/<ns>/<pod>/        the pod's directory (LocalPodSetup.h): root/, volumes/, log
#include "LocalPodSetup.h"
#include "PodLogs.h"
#include "PodObject.h"
#include "engine/Time.h"
#include "local/ProcessGroups.h"

#include <QObject>
#include <QTemporaryDir>
#include <functional>
#include <map>
#include <memory>
#include <optional>

class QSocketNotifier;

namespace tessera::serve {

class ObjectStore;

class LocalPods : public QObject {
    Q_OBJECT
public:
    // A pod's process ended (on its own or terminated): `owner` as given to start().
    using Ended = std::function<void(const QString& owner, const QString& pod,
                                     const local::ExitOutcome& outcome)>;

    // An init container started or ended, or the pod's container started (containerStarted).
    using Progressed =
        std::function<void(const QString& owner, const QString& pod,
                           const std::vector<ContainerRun>& initContainers, bool containerStarted)>;

    LocalPods(const ObjectStore& store, PodLogs& logs, Ended onEnded, QObject* parent = nullptr);
    ~LocalPods() override; // every pod's process group is killed

    void setOnProgress(Progressed onProgress) { m_onProgress = std::move(onProgress); }

    // The PodLogs key of an init container's own log (the pod's container logs under the pod's).
    static QString initLogKey(const QString& namespace_, const QString& pod,
                              const QString& container) {
        return PodLogs::keyOf(namespace_, pod) + QLatin1Char('/') + container;
    }

    struct Started {
        bool started = false;
        // Its init containers run first: the pod's container starts later (Progressed).
        bool initializing = false;
        // Not started: why. problem.retry: try again later (the pod waits, as on a kubelet).
        LocalPodProblem problem;
    };
    // Starts the process of `pod` (the stored object, with status.podIP) and streams its output
    // into the log PodLogs knows it by ("ns/pod").
    Started start(const QString& owner, const QJsonObject& pod);
    // SIGTERM now, SIGKILL at killAt. False when the pod has no process running.
    bool terminate(const QString& namespace_, const QString& pod, engine::TimePoint killAt);
    // Grace periods; new output; ends received while starting others. Call a few times a second.
    void tick(engine::TimePoint now);
    // The pod will not start: its directory goes (a running pod's goes when its process ends).
    void forget(const QString& namespace_, const QString& pod);

private:
    struct Running {
        QString owner;
        QString ns, pod;
        int output = -1;                // the running container's log file, read as it grows
        QString logKey;                 // where its output goes in PodLogs
        QJsonObject object;             // the pod as started
        std::vector<ContainerRun> init; // init containers started so far
        bool containerStarted = false;  // the pod's own container runs
        bool terminating = false;       // terminate() was called: nothing more starts
    };
    // Starts r's next container: its next init container, else its first container.
    tl::expected<void, LocalPodProblem> startNext(Running& r, const std::string& key);
    void podEnded(std::map<std::string, Running>::iterator it, const local::ExitOutcome& outcome);
    QString podDir(const QString& namespace_, const QString& pod) const;
    // Starts the supervisor before the first pod; "" or why no pod can run.
    QString ensureStarted();
    void reap();
    void drain(Running& r);
    void close(Running& r);

    const ObjectStore& m_store;
    PodLogs& m_logs;
    Ended m_onEnded;
    Progressed m_onProgress;
    std::map<QString, QStringList> m_initLogs; // "ns/pod" -> its init containers' log keys
    QTemporaryDir m_dir;
    local::ProcessGroups m_groups;
    QSocketNotifier* m_exits = nullptr;
    std::optional<QString> m_startError;      // set once the supervisor was started (or failed to)
    std::map<std::string, Running> m_running; // by "ns/pod"
};

} // namespace tessera::serve
