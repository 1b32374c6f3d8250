#pragma once
// The HTTP side of `tessera serve`: a Kubernetes API server for the subset Tessera and kubectl
// use, over the ObjectStore.
//
//  - discovery (/version, /api, /apis, /api/v1, /apis/batch/v1), OpenAPI v2 (JSON and protobuf)
//    and v3 generated from the served schema (OpenApi.h), /metrics, /healthz;
//  - the kinds of the table of kinds (ApiKinds.h): core/v1 pods (+ /status, /log with the
//    kubelet's options: PodLogQuery.h), configmaps, events, namespaces, nodes, secrets, services,
//    serviceaccounts; batch/v1 jobs (+ /status), cronjobs; SelfSubjectAccessReview,
//    SelfSubjectRulesReview and SelfSubjectReview (ApiAuth.cpp); the legacy watch paths
//    (/api/v1/watch/...); pods/exec, attach,
//    portforward and ephemeralcontainers answer a clear 405 (ApiUnsupported.cpp);
//  - get, list (limit/continue, labelSelector, fieldSelector), watch (chunked JSON lines from a
//    resourceVersion, BOOKMARK events with allowWatchBookmarks, 410 Expired for versions older
//    than the history window, timeoutSeconds), create (dryRun=All), update, merge, strategic
//    merge and JSON patches (JsonPointerPatch.h), server-side apply with managedFields
//    (ApiApply.cpp, ServerSideApply.h), delete (propagationPolicy, finalizers and
//    deletionTimestamp: ApiLifecycle.cpp) and deletecollection;
//  - Jobs are defaulted and validated by the engine's rules (selector, labels, defaults), and
//    Table output for kubectl (Accept: as=Table);
//  - JSON and Kubernetes protobuf (requests, responses, lists, watch streams; ApiCodec.h);
//  - errors as metav1.Status objects with details; 422s carry one cause per field problem
//    (ApiValidation.h); optional TLS (QSslSocket per connection, since QSslServer
//    only exists from Qt 6.4's successors) and bearer-token authentication;
//  - injectable faults for client tests (Fault.h).
// Lives in the server thread, like the store.
#include "Deletion.h"
#include "Discovery.h"
#include "Fault.h"
#include "FieldSelector.h"
#include "FrontDoor.h"
#include "HttpConnection.h"
#include "LabelSelector.h"
#include "ServeOptions.h"
#include "ServeTypes.h"

#include <QPointer>
#include <QSslConfiguration>
#include <QTcpServer>
#include <QTimer>
#include <map>
#include <memory>
#include <vector>

namespace tessera::serve {

class ObjectStore;
class Metrics;
class JobRunner;

class ApiServer : public QTcpServer {
    Q_OBJECT
public:
    ApiServer(ObjectStore& store, Metrics& metrics, JobRunner* runner, const ServeOptions& options,
              QObject* parent = nullptr);
    ~ApiServer() override;

    // An error message when the TLS certificate or key cannot be used ("" when fine).
    QString tlsError() const { return m_tlsError; }

    // Creates an object as a POST would (admission included): what `--demo` and
    // Server::createFromManifest use.
    ApiOutcome<ObjectPtr> createObject(const QString& resource, const QString& namespace_,
                                       QJsonObject object, bool dryRun = false);

    // Deletes an object as a DELETE with this propagationPolicy would: what controllers use
    // (the CronJob controller removes its Jobs with Background). False when it is not there.
    bool deleteObject(const QString& resource, const QString& namespace_, const QString& name,
                      Propagation propagation);

    void addFault(const Fault& fault);
    void clearFaults();
    // Closes every watch stream at once (the connections go away, as when a proxy restarts).
    void dropWatches();
    int watchCount() const { return static_cast<int>(m_watches.size()); }
    int connectionCount() const { return m_connections; }

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    struct Watch;
    struct Target {
        const ResourceInfo* resource = nullptr;
        QString namespace_;
        QString name;
        QString subresource;
        // The legacy watch path (/api/v1/watch/..., /apis/G/V/watch/...): a watch whatever the
        // query says, of one object when a name is given.
        bool legacyWatch = false;
    };

    // The front door (FrontDoor.h) on a request's head; false when it was refused (answered).
    bool admitHead(HttpConnection* c, const HttpRequest& head, bool overCapacity);
    void onRequest(HttpConnection* c, const HttpRequest& r);
    void dispatch(HttpConnection* c, const HttpRequest& r);
    bool applyFault(HttpConnection* c, const HttpRequest& r);
    // A metav1.Status in the encoding the request asked for.
    void sendFailure(HttpConnection* c, const HttpRequest& r, const ApiFailure& failure,
                     const Target* target = nullptr);
    // An object in the encoding the request asked for; json: its cached compact JSON, if any.
    // warnings: sent as `Warning: 299 - "..."` headers (kubectl prints them).
    void sendObject(HttpConnection* c, const HttpRequest& r, int status, const QJsonObject& object,
                    const QByteArray& json = {}, const QStringList& warnings = {});
    void sendNotFound(HttpConnection* c, const HttpRequest& r, const Target& t);
    std::optional<Target> parseTarget(const QStringList& segments) const;

    void list(HttpConnection* c, const HttpRequest& r, const Target& t);
    void get(HttpConnection* c, const HttpRequest& r, const Target& t);
    void create(HttpConnection* c, const HttpRequest& r, const Target& t);
    void replace(HttpConnection* c, const HttpRequest& r, const Target& t);
    void patch(HttpConnection* c, const HttpRequest& r, const Target& t);
    // Server-side apply (ApiApply.cpp); the manager of other writes and their managedFields.
    void apply(HttpConnection* c, const HttpRequest& r, const Target& t);
    static QString fieldManagerOf(const HttpRequest& r);
    void recordManagedFields(const ResourceInfo& resource, QJsonObject& object,
                             const ObjectPtr& previous);
    void remove(HttpConnection* c, const HttpRequest& r, const Target& t);
    void removeCollection(HttpConnection* c, const HttpRequest& r, const Target& t);
    void watch(HttpConnection* c, const HttpRequest& r, const Target& t);
    void logs(HttpConnection* c, const HttpRequest& r, const Target& t);
    void metrics(HttpConnection* c);
    // SelfSubjectAccessReview and SelfSubjectReview (ApiAuth.cpp).
    void review(HttpConnection* c, const HttpRequest& r, const Target& t);
    // pods/exec, attach, portforward, ephemeralcontainers: a Status saying why not
    // (ApiUnsupported.cpp).
    void unsupported(HttpConnection* c, const HttpRequest& r, const Target& t);

    // Admission: apiVersion/kind, server-set metadata, Job defaulting and validation. previous:
    // the stored object for updates (status or spec kept as the subresource demands).
    ApiOutcome<QJsonObject> admit(const ResourceInfo& resource, const QString& namespace_,
                                  QJsonObject object, const ObjectPtr& previous,
                                  const QString& subresource);
    ApiOutcome<ObjectPtr> store(const ResourceInfo& resource, const QString& namespace_,
                                const QString& name, const QString& subresource, QJsonObject object,
                                const ObjectPtr& previous, bool dryRun);
    // Object lifecycle (ApiLifecycle.cpp): a delete as the API server does it (Deletion.h; the
    // propagation when none is named is the kind's: batch/v1 Jobs orphan), and the end of a
    // pending deletion once an update removed the last finalizer.
    ApiOutcome<DeleteOutcome> deleteObject(const ResourceInfo& resource, const ObjectPtr& object,
                                           std::optional<Propagation> requested, bool dryRun);
    ObjectPtr finishDeletion(const ObjectPtr& stored);

    void onChange(const Change& change);
    void deliver(Watch& watch, const Change& change);
    void queueEvent(Watch& w, const char* type, const ObjectPtr& object);
    void flushWatch(quint64 id);
    void closeWatch(quint64 id, bool abort);
    void sendBookmarks();

    ObjectStore& m_store;
    Metrics& m_metrics;
    JobRunner* m_runner;
    ServeOptions m_options;
    QSslConfiguration m_tls;
    bool m_useTls = false;
    QString m_tlsError;
    FrontDoor m_door;
    int m_listener = 0;
    int m_connections = 0;
    std::vector<Fault> m_faults;
    std::map<quint64, std::unique_ptr<Watch>> m_watches;
    quint64 m_nextWatch = 1;
    QTimer m_bookmarkTimer;
    QString m_fieldManager; // of the request being handled: store() records its managedFields
};

} // namespace tessera::serve
