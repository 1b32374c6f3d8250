#pragma once
// List + watch for one collection (Jobs, Pods, CronJobs or Events), the way client-go's reflector
// does it, with changes handed over in batches. Jobs and Pods are decoded by the codec; the
// collections only shown, never reconciled (CronJobs, Events, a pod described as JSON), are handed
// over as JSON objects for their one reader to pick fields from.
//
//  - List in pages (limit/continue), then watch from the list's resourceVersion with
//    allowWatchBookmarks=true; the stream is read as it arrives and split into lines, each
//    decoded by the codec.
//  - 410 Gone (HTTP, or an ERROR event with code 410), or undecodable data: relist; after a 410
//    at once if a watch made progress since the last list, else after the backoff (a 410 right
//    after a fresh list is a loop, not an expired history).
//  - A dropped connection or a server error: watch again from the last resourceVersion after a
//    capped exponential backoff with jitter; 429 waits at least the Retry-After it names. The
//    backoff starts again from initialBackoff after a watch that worked (it delivered an event or
//    a bookmark, or stayed open longer than maxBackoff), not after a mere list, so a stream that
//    is corrupt every time backs off instead of relisting every second or two.
//  - 401/403: the state says who was refused what, and the informer keeps retrying slowly (the
//    user may log in again or get the role fixed meanwhile).
//  - Watch events are coalesced per object and handed over at most every `batchInterval`
//    (upserts + deletions); a finished (re)list is handed over at once as a `replace` batch.
//
// Lives in the ApiClient's thread (the constructor moves it there); start()/stop() may be called
// from any thread; signals reach the UI queued. Memory: only the current objects of the
// collection, never history; for a job's pods, podsOfJob() selects the active and failed pods
// only, so a job with 100,000 completions costs what its running pods cost.
#include "ApiClient.h"
#include "ApiTypes.h"
#include "codec/Objects.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QTimer>
#include <atomic>
#include <chrono>
#include <memory>
#include <random>
#include <vector>

namespace tessera::kube {

enum class Resource {
    Jobs,     // batch/v1 jobs, decoded (InformerBatch::jobs)
    Pods,     // v1 pods, decoded (InformerBatch::pods)
    CronJobs, // batch/v1 cronjobs, as JSON (InformerBatch::objects)
    Events,   // v1 events, as JSON (InformerBatch::objects); select them with fieldSelector
    PodsJson, // v1 pods, as JSON (InformerBatch::objects): for a view that shows the whole object
};

struct InformerBatch {
    Resource resource = Resource::Jobs;
    // True after a (re)list: `jobs`/`pods` is the whole collection; drop everything else.
    bool replace = false;
    std::vector<codec::JobObject> jobs; // upserts (resource == Jobs)
    std::vector<codec::PodObject> pods; // upserts (resource == Pods)
    std::vector<QJsonObject> objects;   // upserts (the JSON resources)
    std::vector<QString> deleted;       // "namespace/name"
    QString resourceVersion;
    int events = 0; // watch events folded into this batch (0 for a list)

    size_t size() const { return jobs.size() + pods.size() + objects.size() + deleted.size(); }
};
using InformerBatchPtr = std::shared_ptr<const InformerBatch>;

class Informer : public QObject {
    Q_OBJECT
public:
    struct Options {
        Resource resource = Resource::Jobs;
        QString namespace_; // "" = all namespaces
        QString labelSelector;
        QString fieldSelector;
        int pageSize = 500;
        std::chrono::milliseconds batchInterval{150};
        std::chrono::milliseconds initialBackoff{800};
        std::chrono::milliseconds maxBackoff{30000};
        // Asked of the server per watch; 0 picks 5-10 minutes at random, as client-go does,
        // so many clients do not reconnect in step.
        int watchTimeoutSeconds = 0;
    };

    // The pods of one job that the scoreboard needs: selected by the job-name label (or the
    // controller-uid label of older clusters), without succeeded pods. Completed indexes come
    // from the Job's status.completedIndexes instead.
    static Options podsOfJob(const codec::JobObject& job);

    Informer(ApiClient* client, Options options);
    ~Informer() override;

    void start();
    void stop();

    const Options& options() const { return m_options; }

    // Diagnostics, readable from any thread.
    int pendingCount() const { return m_pendingCount.load(); } // coalesced, not handed over yet
    qint64 bufferedBytes() const {
        return m_bufferedBytes.load();
    } // received, not yet split into events
    quint64 eventsReceived() const { return m_eventsReceived.load(); }
    quint64 relists() const { return m_relists.load(); }
    quint64 watchesStarted() const { return m_watches.load(); }

signals:
    void batchReady(tessera::kube::InformerBatchPtr batch);
    void stateChanged(const tessera::kube::WatchState& state);
    // Each complete (re)list: how many objects, and how long listing and decoding took.
    void listed(int objects, qint64 milliseconds);

private:
    struct Pending {
        bool deleted = false;
        std::optional<codec::JobObject> job;
        std::optional<codec::PodObject> pod;
        std::optional<QJsonObject> object;
    };

    void beginList();
    void requestPage(const QString& continueToken);
    void onPage(quint64 generation, const ApiResult<ApiResponse>& r);
    void beginWatch();
    void onWatchData(quint64 generation, const QByteArray& chunk);
    void onWatchEnd(quint64 generation, const std::optional<ApiError>& e);
    // Returns false when the stream must be abandoned (relist or retry scheduled).
    bool handleLine(std::string_view line);
    // A JSON resource's page (false, with the relist scheduled, when it does not decode).
    bool takeJsonPage(const QByteArray& body, codec::ListMeta& meta);
    bool isJsonResource() const;
    // One watch line of a JSON resource (false, with the relist scheduled, when it does not
    // decode).
    bool decodeJsonEvent(std::string_view line, codec::WatchEventType& type,
                         std::string& resourceVersion, codec::ApiStatus& status, QString& key,
                         Pending& pending);
    void fail(const ApiError& e, bool relist);
    void scheduleRetry(std::chrono::milliseconds delay, bool relist, const WatchState& state);
    void setState(const WatchState& s);
    void flush();
    void cancelWatch();
    std::chrono::milliseconds nextBackoff();
    bool watchWorked() const;
    QString path() const;

    ApiClient* m_client;
    Options m_options;
    bool m_running = false;
    quint64 m_generation =
        0; // bumps on every list/watch start and stop: stale callbacks are ignored
    quint64 m_streamId = 0;
    QString m_resourceVersion;
    QByteArray m_lineBuffer;
    QElapsedTimer m_listTimer;
    QElapsedTimer m_watchTimer;
    bool m_watchSawEvent = false;  // any line, even one that did not decode
    bool m_watchDelivered = false; // a decoded event or bookmark
    // A watch since the last list delivered something or stayed open long enough (watchWorked()):
    // decides whether a 410 relists at once or backs off.
    bool m_progressSinceList = false;
    std::vector<codec::JobObject> m_listJobs;
    std::vector<codec::PodObject> m_listPods;
    std::vector<QJsonObject> m_listObjects;
    QHash<QString, Pending> m_pending;
    int m_pendingEvents = 0;
    QTimer m_batchTimer;
    QTimer m_retryTimer;
    bool m_retryRelist = false;
    std::chrono::milliseconds m_backoff;
    std::mt19937 m_random;
    WatchState m_state;

    std::atomic<int> m_pendingCount{0};
    std::atomic<qint64> m_bufferedBytes{0};
    std::atomic<quint64> m_eventsReceived{0};
    std::atomic<quint64> m_relists{0};
    std::atomic<quint64> m_watches{0};
};

} // namespace tessera::kube

Q_DECLARE_METATYPE(tessera::kube::InformerBatchPtr)
