#pragma once
// A Kubernetes API client on Qt Network, owned by one worker thread.
//
// Every public function may be called from any thread: it hops to the client's thread, and the
// callback is delivered in `context`'s thread (dropped if `context` was destroyed meanwhile; with
// a null context it runs in the client's thread). Nothing here blocks.
//
// Per request: credentials from CredentialProvider (a 401 with an exec plugin or token file
// refreshes them and retries once), TLS with the kubeconfig's CA (or VerifyNone when
// insecure-skip-tls-verify), tls-server-name as the peer verify name, client certificates,
// proxy-url; 429 and 503 with Retry-After are retried after the delay the server asks for.
// Errors come back as ApiError with a message that names the URL, the context and the user and
// quotes the server's Status message. Secrets are never logged.
#include "ApiTypes.h"
#include "ClusterConnection.h"
#include "engine/Clock.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSslConfiguration>
#include <QUrlQuery>
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <tl/expected.hpp>

class QNetworkAccessManager;
class QNetworkReply;
class QNetworkRequest;

namespace tessera::kube {

class CredentialProvider;
struct Credentials;

template <typename T> using ApiResult = tl::expected<T, ApiError>;

class ApiClient : public QObject {
    Q_OBJECT
public:
    struct Options {
        std::chrono::milliseconds requestTimeout{30000}; // no bytes for this long: give up
        int maxRetryAfter = 4;                           // 429/503 retries per request
        int maxRetryAfterSeconds = 60;                   // a longer Retry-After is capped
        QByteArray userAgent = "tessera/0.1";
    };

    struct Request {
        QByteArray verb = "GET";
        QString path; // "/apis/batch/v1/namespaces/x/jobs"
        QUrlQuery query;
        QByteArray body;
        QByteArray contentType; // for bodies: application/json, application/merge-patch+json
        // Streams: give up after this long without a byte (0: never). Requests use
        // Options::requestTimeout.
        std::chrono::milliseconds idleTimeout{0};
    };

    template <typename T> using Callback = std::function<void(const ApiResult<T>&)>;
    using StreamData = std::function<void(const QByteArray&)>;
    using StreamEnd = std::function<void(const std::optional<ApiError>&)>;

    explicit ApiClient(ClusterConnection connection, Options options,
                       const engine::Clock* clock = nullptr, QObject* parent = nullptr);
    explicit ApiClient(ClusterConnection connection, QObject* parent = nullptr)
        : ApiClient(std::move(connection), Options{}, nullptr, parent) {}
    ~ApiClient() override;

    const ClusterConnection& connection() const { return m_connection; }
    // A problem with the TLS material (no certificate in the CA data, unreadable key), found at
    // construction: every request fails with it.
    const std::optional<ApiError>& setupError() const { return m_setupError; }

    // ---- Raw requests ----
    void send(const Request& request, QObject* context, Callback<ApiResponse> done);
    // A long response read as it arrives (watch, log follow). Returns an id for cancelStream().
    // `onData` gets the bytes in arrival order, and once an empty chunk when the response
    // headers arrive with a 2xx status (the stream is open); `onEnd` exactly once (nullopt: the
    // server closed the stream normally), never after cancelStream().
    quint64 openStream(const Request& request, QObject* context, StreamData onData,
                       StreamEnd onEnd);
    void cancelStream(quint64 id);

    // ---- Discovery ----
    void serverInfo(QObject* context, const Callback<ServerInfo>& done);

    // ---- Reading ----
    // Events about one object (by uid when known, else by name), oldest first.
    void listEvents(const QString& namespace_, const QString& involvedUid,
                    const QString& involvedName, QObject* context,
                    const Callback<QList<KubeEvent>>& done);
    // Pod logs: the last `tailLines` lines (< 0: all), then, with `follow`, new lines as written.
    quint64 streamLogs(const QString& namespace_, const QString& pod, const QString& container,
                       int tailLines, bool follow, QObject* context, StreamData onData,
                       StreamEnd onEnd);

    // Pod logs with every option of the log endpoint (core/v1 PodLogOptions).
    struct LogRequest {
        QString container;
        int tailLines = -1;      // < 0: the whole log
        bool follow = false;     // then new lines as they are written
        bool timestamps = false; // each line prefixed with its RFC 3339 time
        bool previous = false;   // the container's previous instance (after a restart)
        qint64 limitBytes = 0;   // 0: no limit
    };
    quint64 streamPodLog(const QString& namespace_, const QString& pod, const LogRequest& request,
                         QObject* context, StreamData onData, StreamEnd onEnd);
    // One object as JSON: GET `path` (jobPath(), podPath()).
    void getObject(const QString& path, QObject* context, Callback<ApiResponse> done);

    // ---- Actions on Jobs (batch/v1) ----
    // Server-side apply of a Job's manifest (YAML or JSON) as the field manager "tessera": PATCH
    // with application/apply-patch+yaml. `force` takes over fields another manager owns; only
    // after the user saw the 409 conflict and agreed. A 422 names each refused field in
    // ApiError::causes.
    void applyJob(const QString& namespace_, const QString& name, const QByteArray& manifest,
                  bool force, QObject* context, Callback<ApiResponse> done);
    static constexpr const char* kFieldManager = "tessera";
    void patchJob(const QString& namespace_, const QString& name, const QByteArray& mergePatch,
                  QObject* context, Callback<ApiResponse> done);
    void setParallelism(const QString& namespace_, const QString& name, int parallelism,
                        QObject* context, Callback<ApiResponse> done);
    void setSuspended(const QString& namespace_, const QString& name, bool suspend,
                      QObject* context, Callback<ApiResponse> done);
    // Elastic Indexed Jobs: completions and parallelism change together, in one patch.
    void setCompletions(const QString& namespace_, const QString& name, int completions,
                        int parallelism, QObject* context, Callback<ApiResponse> done);
    void createJob(const QString& namespace_, const QByteArray& json, QObject* context,
                   Callback<ApiResponse> done);
    void createConfigMap(const QString& namespace_, const QByteArray& json, QObject* context,
                         Callback<ApiResponse> done);
    // Deletes with propagationPolicy=Background: the Job goes at once, its pods after.
    void deleteJob(const QString& namespace_, const QString& name, QObject* context,
                   Callback<ApiResponse> done);

    // ---- Actions on Pods (v1) ----
    // Deletes one pod (its default grace period), as `kubectl delete pod` does.
    void deletePod(const QString& namespace_, const QString& name, QObject* context,
                   Callback<ApiResponse> done);

    // Paths, for informers and tests.
    static QString jobsPath(const QString& namespace_); // "" namespace: all namespaces
    static QString podsPath(const QString& namespace_);
    static QString cronJobsPath(const QString& namespace_); // "" namespace: all namespaces
    static QString eventsPath(const QString& namespace_);   // "" namespace: all namespaces
    // The fieldSelector of the events about one object: by uid when known (a deleted and
    // re-created object of the same name has other events), else by name.
    static QString eventsAboutSelector(const QString& involvedUid, const QString& involvedName);
    static QString jobPath(const QString& namespace_, const QString& name);
    static QString podPath(const QString& namespace_, const QString& name);

    // Turns an HTTP failure into an ApiError naming the URL, context and user (public for the
    // watch code, which meets Status objects inside streams).
    ApiError httpError(int status, const QByteArray& body, const QByteArray& verb,
                       const QUrl& url) const;
    ApiError networkError(int qtError, const QString& qtMessage, const QUrl& url) const;

private:
    struct Pending;
    struct Stream;
    void start(const std::shared_ptr<Pending>& p);
    void finishRequest(const std::shared_ptr<Pending>& p, QNetworkReply* reply);
    void startStream(quint64 id);
    QNetworkRequest makeRequest(const Request& r, const Credentials& c, bool stream) const;
    QUrl urlFor(const Request& r) const;
    void buildTls();
    template <typename F> void onClientThread(F&& f);

    ClusterConnection m_connection;
    Options m_options;
    CredentialProvider* m_credentials;
    QNetworkAccessManager* m_nam;
    QNetworkAccessManager* m_streamNam; // long streams get their own connection pool
    QSslConfiguration m_tls;
    std::optional<ApiError> m_setupError;
    QHash<quint64, std::shared_ptr<Stream>> m_streams;
    std::atomic<quint64> m_nextStreamId{1};
};

} // namespace tessera::kube
