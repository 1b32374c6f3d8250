#pragma once
// A JobStore over a Kubernetes API server (a kubeconfig context, or the in-process Demo
// endpoint): the ApiClient and informers of core/kube, turned into job-list diffs and per-job
// snapshots for the dashboard.
//
//  - Jobs: Informers on batch/v1 jobs → JobSummary diffs. The scope (JobScope.h) picks them: all
//    namespaces is one informer; a set of namespaces is one informer per namespace, never a
//    cluster-wide one filtered here: a user whose Roles grant only those namespaces may not list
//    cluster-wide at all (403), and the cost follows the namespaces watched, not the cluster
//    (controller-runtime's multi-namespace cache does the same). The label selector goes to the
//    server with every list and watch.
//  - A watched job: an Informer on its active and failed pods only (Informer::podsOfJob: the
//    job-name label, never succeeded pods, so a 100,000-index job costs what its running pods
//    cost); per-index states from status.completedIndexes/failedIndexes (lenient parse, as the
//    controller reads them) plus those pods; its events (an Informer on the events whose
//    involvedObject.uid is the job's); nodes → zones (polled,
//    `topology.kubernetes.io/zone`); progress samples; the attempt history (History).
//  - Backfill: the pods informer never sees succeeded pods, so when a job is first watched, and
//    again (coalesced) after pods left the informer while running, its pods are listed once
//    (paged) and their final state (succeeded, finish time, exit code) goes into the attempts
//    and the History. A job opened after it finished thus has every attempt the API still
//    keeps, and after the pods are gone the History still has them (RunTimeline reads both).
//  - CronJobs: Informers on batch/v1 cronjobs in the jobs' scope → one row each
//    (JobSummary::cron, ClusterSourceCronJobs.cpp), which its runs group under.
//  - Actions: merge patches of spec.parallelism / spec.suspend, delete with
//    propagationPolicy=Background; logs by index (tail, follow).
//
// Lives in the ApiClient's thread (construct it there, or move it there with the client:
// StoreThread does both). Snapshots are built at most once per emit interval per job.
#include "AttemptsByPod.h"
#include "JobStore.h"
#include "StringPool.h"
#include "codec/Objects.h"
#include "kube/ApiClient.h"
#include "kube/Informer.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonObject>
#include <QSet>
#include <QStringDecoder>
#include <QTimer>
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>

namespace tessera::store {

class History;

class ClusterSource : public JobStore {
    Q_OBJECT
public:
    struct Options {
        QString namespace_; // "" = all namespaces (the scope's namespaces, when set, win)
        JobScope scope;
        // Key of the history rows; "" = the server URL.
        QString cluster;
        // SQLite file for the attempt history; "" = none (History::defaultPath() in the app).
        QString historyPath;
        // Rows the History keeps, and attempts of one watched job kept in memory (the oldest
        // first seen that are not live are forgotten past it).
        int historyMaxAttempts = 200000;
        std::chrono::milliseconds emitInterval{100};
        std::chrono::milliseconds informerBatch{100};
        std::chrono::milliseconds nodesPoll{30000};
        std::chrono::milliseconds historyFlush{1000};
        std::chrono::milliseconds timelineStep{1000}; // at most one progress sample per step
        int timelineMax = 2000;                       // older samples are thinned out beyond
        int logTailLines = 1000;                      // fetchLog: last lines, then follow
        int historyLogLines = 20; // lines kept from each failed pod's log (0 = none)
        // Delay before listing a job's finished pods again after some left the informer.
        std::chrono::milliseconds backfillDelay{2000};
    };

    ClusterSource(QString sourceName, kube::ApiClient* client, Options options,
                  QObject* parent = nullptr);
    ~ClusterSource() override;

    kube::ApiClient* client() const { return m_client; }
    History* history() const { return m_history.get(); }

    void start() override;
    void watchJob(const QString& key) override;
    void unwatchJob(const QString& key) override;
    void setNamespace(const QString& ns) override;
    void setScope(const JobScope& scope) override;
    const JobScope& scope() const { return m_options.scope; }
    void refresh() override;
    void setParallelism(const QString& key, int parallelism) override;
    void setSuspended(const QString& key, bool suspended) override;
    void deleteJob(const QString& key) override;
    void deletePod(const QString& key, const QString& pod) override;
    void fetchLog(const QString& key, int index, int attempt, bool follow) override;
    void fetchLogWith(const QString& key, int index, int attempt, LogFetch how) override;
    void saveLog(const QString& key, int index, int attempt, const QString& path,
                 bool timestamps) override;
    void loadReportInput(const QString& key) override;
    void loadRelaunchInput(const QString& key) override;
    void stopLog(const QString& key, int index) override;
    void clearHistory() override;
    void resetHistory() override;
    void repeatHistoryState() override;

    // Turns API objects into store values (public for tests and other sources).
    static JobSummary summarize(const QString& key, const codec::JobObject& job);
    static IndexAttempt attemptOf(const codec::PodObject& pod);
    // A CronJob's row of the job list (JobSummary::cron set), from its JSON.
    static JobSummary summarizeCronJob(const QString& key, const QJsonObject& cronJob);
    // A core/v1 Event as the views show it.
    static Event eventOf(const QJsonObject& event);
    // Events kept by name (a watch's current set), oldest first.
    static std::vector<Event> eventsOldestFirst(const QHash<QString, Event>& events);

protected:
    JobSnapshotPtr buildSnapshot(const QString& key) override;

private:
    // Opens the History (or a new one); false, with historyUnavailable emitted, when it fails.
    bool openHistory();
    // Goes on without the History, says why once, and drops what it had not written (it would
    // grow with every pod, and fail again every second).
    void disableHistory(const QString& reason);
    struct Watched {
        int refs = 0;
        QString uid;
        kube::Informer* pods = nullptr;
        kube::Informer* eventsInformer = nullptr; // the job's events, by uid
        QHash<QString, Event> eventsByName;       // its current set ("namespace/name")
        // The informer's pods (active and failed), by name: only what a snapshot needs of
        // them, not the objects (a failed pod stays in the API, and so here, until the job goes).
        struct LivePod {
            QString node;
            bool active = false; // Pending or Running
        };
        QHash<QString, LivePod> livePods;
        AttemptsByPod attempts; // by pod name: live + history
        std::vector<Event> events;
        std::vector<ProgressSample> timeline;
        // The states of the previous snapshot; unset when a new watcher needs the whole grid.
        std::optional<engine::IndexStateMap> lastStates;
        quint64 serial = 0;
        QSet<QString> logTailTaken; // pods whose failed log tail was asked for
        bool backfillRunning = false, backfillQueued = false;
        int backfills = 0; // lists completed (tests)
        // A re-run's original indexes, parsed when the job's annotation text changes.
        std::string originalIndexesText;
        std::shared_ptr<const std::map<int32_t, int32_t>> originalIndexes;
    };
    struct LogStream {
        quint64 id = 0;
        std::shared_ptr<QStringDecoder> decoder;
    };

    // (Re)starts the job informers of the scope; their first lists arrive as resets.
    void startJobsInformer();
    void onJobsBatch(const kube::InformerBatchPtr& batch);
    void onJobsState(const kube::WatchState& state);
    // Drops the jobs `gone` picks from the list (and stops watching their pods).
    void forgetJobsIf(const std::function<bool(const codec::JobObject&)>& gone);
    void onPodsBatch(const QString& key, const kube::InformerBatchPtr& batch);
    void ensurePodsInformer(const QString& key, Watched& w);
    // Stops the pods' and the events' informers of a watched job.
    void stopPodsInformer(Watched& w);
    void ensureEventsInformer(const QString& key, Watched& w);
    void onEventsBatch(const QString& key, Watched& w, const kube::InformerBatchPtr& batch);
    void startCronJobsInformers();
    void onCronJobsBatch(const kube::InformerBatchPtr& batch);
    void onCronJobsState(const kube::WatchState& state);
    void forgetCronJobsIf(const std::function<bool(const JobSummary&)>& gone);
    void loadHistory(const QString& key, Watched& w);
    // Lists the job's pods (all, or only the succeeded ones) and merges their final states.
    void backfillPods(const QString& key, bool succeededOnly);
    void scheduleBackfill(const QString& key, Watched& w);
    void mergeListedPods(const QString& key, Watched& w, const std::vector<codec::PodObject>& pods);
    void sample(Watched& w, const codec::JobObject& job);
    // Records the job's progress in the History when its parallelism differs from what was last
    // recorded of it (watched or not), so the charts show every change seen, after a restart too.
    void recordParallelism(const codec::JobObject& job);
    // A re-run's original indexes from the job's annotation (cached in `w`); null otherwise.
    static std::shared_ptr<const std::map<int32_t, int32_t>>
    originalIndexesOf(const codec::JobObject& job, Watched& w);
    void pollNodes();
    void takeLogTail(const QString& key, const QString& ns, const IndexAttempt& a);
    // Stores `a` as the attempt of its pod, its repeating strings shared through m_strings.
    const IndexAttempt& keepAttempt(Watched& w, IndexAttempt a);
    void pumpLogTails();
    void jobAction(const QString& key, const char* what,
                   const std::function<void(const QString& ns, const QString& name,
                                            kube::ApiClient::Callback<kube::ApiResponse>)>& call);
    QString clusterKey() const;

    kube::ApiClient* m_client;
    Options m_options;
    bool m_started = false;
    std::vector<kube::Informer*> m_jobsInformers; // one for all namespaces, or one per namespace
    QHash<const kube::Informer*, kube::WatchState> m_jobsStates; // of each, with several
    QHash<QString, codec::JobObject> m_jobs;                     // by key
    QHash<QString, int> m_parallelismRecorded;        // job uid -> the parallelism last recorded
    std::vector<kube::Informer*> m_cronJobsInformers; // as m_jobsInformers
    QHash<QString, JobSummary> m_cronJobs;            // rows of the CronJobs, by row key
    bool m_cronJobsRefusalSaid = false;               // since the informers started
    void fetchMergedLog(const QString& key, const QString& namespace_, const Watched& w);
    // The last log lines the History kept of a pod of `w` ("" when none).
    // The attempt of `index` fetchLog means (-1: the newest), or null.
    const IndexAttempt* findAttempt(const Watched& w, int index, int attempt) const;
    QString recordedLogTail(const Watched& w, const QString& pod);
    std::map<QString, std::unique_ptr<Watched>> m_watched;
    QHash<QString, QString> m_nodeZones;
    StringPool m_strings;             // nodes, phases, reasons, messages of the attempts
    QHash<QString, LogStream> m_logs; // key + '#' + index
    std::unique_ptr<History> m_history;
    QString m_historyProblem; // why the History is not used ("" when it is, or none is asked)
    QTimer m_nodesTimer, m_historyTimer, m_countdownTimer;
    QElapsedTimer m_retryClock;
    int m_retrySeconds = 0;
    QString m_retryDetail;
    struct TailRequest {
        QString key, ns;
        IndexAttempt attempt;
    };
    std::deque<TailRequest> m_tailQueue;
    int m_tailsRunning = 0;
};

} // namespace tessera::store
