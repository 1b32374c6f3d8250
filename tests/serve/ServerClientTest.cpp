// The cluster client (kube::ApiClient, kube::Informer) against the real `tessera serve` server,
// in-process over real sockets: plain HTTP, TLS with a test CA, bearer tokens, and the faults the
// server can inject (500, 410, dropped streams, garbage, slow answers). Jobs created here are run
// by the engine with simulated pods.
#include "../kube/ClientHarness.h"
#include "../kube/TestCerts.h"
#include "kube/Informer.h"
#include "serve/ApiServer.h"
#include "serve/ObjectStore.h"
#include "serve/Server.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace tessera;
using namespace tessera::kube;
using namespace tessera::kube::test;
using serve::Fault;
using serve::Server;

namespace {

serve::ServeOptions fastOptions() {
    serve::ServeOptions o;
    o.podDuration = std::chrono::milliseconds(300);
    o.startLatency = std::chrono::milliseconds(50);
    o.syncPeriod = std::chrono::milliseconds(100);
    o.tick = std::chrono::milliseconds(20);
    o.bookmarkInterval = std::chrono::milliseconds(500);
    return o;
}

ClusterConnection connectionTo(const Server& server) {
    ClusterConnection c;
    c.contextName = QStringLiteral("tessera");
    c.clusterName = QStringLiteral("tessera");
    c.userName = QStringLiteral("tessera");
    c.namespace_ = QStringLiteral("default");
    c.server = server.url();
    c.token = server.options().token;
    c.caPem = server.options().tlsCaPem.isEmpty() ? server.options().tlsCertPem
                                                  : server.options().tlsCaPem;
    return c;
}

QByteArray indexedJob(const char* name, int completions, int parallelism,
                      const char* extraAnnotations = "") {
    return QStringLiteral(R"({"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"%1",
        "annotations":{%4}},
        "spec":{"completionMode":"Indexed","completions":%2,"parallelism":%3,
        "template":{"spec":{"restartPolicy":"Never","containers":[{"name":"main","image":"busybox"}]}}}})")
        .arg(QLatin1String(name))
        .arg(completions)
        .arg(parallelism)
        .arg(QLatin1String(extraAnnotations))
        .toUtf8();
}

QJsonObject json(const ApiResult<ApiResponse>& r) {
    return r ? QJsonDocument::fromJson(r->body).object() : QJsonObject();
}

ApiResult<ApiResponse> get(ClientHarness& h, const QString& path, const QUrlQuery& query = {}) {
    ApiClient::Request req;
    req.path = path;
    req.query = query;
    return h.wait<ApiResponse>([&](QObject* ctx, auto cb) { h.client->send(req, ctx, cb); });
}

// Batches an informer hands over, applied to a map as a UI model would.
struct Collector {
    QMap<QString, codec::JobObject> jobs;
    QMap<QString, codec::PodObject> pods;
    int batches = 0;

    void attach(Informer* informer, QObject* context) {
        QObject::connect(informer, &Informer::batchReady, context,
                         [this](const InformerBatchPtr& b) {
                             ++batches;
                             if (b->replace) {
                                 jobs.clear();
                                 pods.clear();
                             }
                             for (const auto& j : b->jobs)
                                 jobs[QString::fromStdString(j.job.metadata.name)] = j;
                             for (const auto& p : b->pods)
                                 pods[QString::fromStdString(p.pod.metadata.name)] = p;
                             for (const QString& d : b->deleted) {
                                 jobs.remove(d.section(QLatin1Char('/'), 1));
                                 pods.remove(d.section(QLatin1Char('/'), 1));
                             }
                         });
    }
};

class ServeClient : public testing::Test {
protected:
    void startServer(serve::ServeOptions o = fastOptions()) {
        server = std::make_unique<Server>(o);
        ASSERT_TRUE(server->listen(QHostAddress::LocalHost, 0))
            << server->errorString().toStdString();
        harness = std::make_unique<ClientHarness>(connectionTo(*server));
    }
    Informer* startInformer(Informer::Options o) {
        o.initialBackoff = std::chrono::milliseconds(100);
        o.maxBackoff = std::chrono::milliseconds(500);
        o.batchInterval = std::chrono::milliseconds(50);
        auto* informer = new Informer(harness->client, o);
        informers.push_back(informer);
        collector.attach(informer, &context);
        informer->start();
        return informer;
    }
    void TearDown() override {
        for (Informer* i : informers)
            QMetaObject::invokeMethod(
                i, [i] { delete i; }, Qt::BlockingQueuedConnection);
        harness.reset();
        server.reset();
    }
    bool waitFor(const std::function<bool()>& f, int ms = 20000) { return QTest::qWaitFor(f, ms); }

    std::unique_ptr<Server> server;
    std::unique_ptr<ClientHarness> harness;
    std::vector<Informer*> informers;
    Collector collector;
    QObject context;
};

} // namespace

TEST_F(ServeClient, ServesVersionAndDiscoveryTheClientUnderstands) {
    startServer();
    auto info =
        harness->wait<ServerInfo>([&](QObject* c, auto cb) { harness->client->serverInfo(c, cb); });
    ASSERT_TRUE(info) << info.error().message.toStdString();
    EXPECT_EQ(info->major, QStringLiteral("1"));
    EXPECT_TRUE(info->batchV1Jobs);
    const QJsonObject core = json(get(*harness, QStringLiteral("/api/v1")));
    QStringList names;
    for (const QJsonValue& r : core.value(QStringLiteral("resources")).toArray())
        names << r.toObject().value(QStringLiteral("name")).toString();
    EXPECT_TRUE(names.contains(QStringLiteral("pods/log")));
    EXPECT_TRUE(names.contains(QStringLiteral("events")));
    auto missing = get(*harness, QStringLiteral("/apis/apps/v1/deployments"));
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error().kind, ApiError::Kind::NotFound);
}

TEST_F(ServeClient, RunsACreatedIndexedJobToCompletionWithPodsEventsAndLogs) {
    startServer();
    auto created = harness->wait<ApiResponse>([&](QObject* c, auto cb) {
        harness->client->createJob(QStringLiteral("default"), indexedJob("render", 6, 3), c, cb);
    });
    ASSERT_TRUE(created) << created.error().message.toStdString();
    EXPECT_EQ(created->httpStatus, 201);
    const QJsonObject job = QJsonDocument::fromJson(created->body).object();
    const QString uid =
        job.value(QStringLiteral("metadata")).toObject().value(QStringLiteral("uid")).toString();
    EXPECT_EQ(job.value(QStringLiteral("spec"))
                  .toObject()
                  .value(QStringLiteral("selector"))
                  .toObject()
                  .value(QStringLiteral("matchLabels"))
                  .toObject()
                  .value(QStringLiteral("batch.kubernetes.io/controller-uid"))
                  .toString(),
              uid);

    Informer::Options jobs;
    jobs.resource = Resource::Jobs;
    jobs.namespace_ = QStringLiteral("default");
    startInformer(jobs);
    Informer::Options pods;
    pods.resource = Resource::Pods;
    pods.namespace_ = QStringLiteral("default");
    pods.labelSelector = QStringLiteral("batch.kubernetes.io/job-name=render");
    startInformer(pods);

    ASSERT_TRUE(waitFor([&] {
        return collector.jobs.contains(QStringLiteral("render")) &&
               engine::hasTrueCondition(collector.jobs[QStringLiteral("render")].job.status,
                                        "Complete");
    })) << "the job did not complete";
    const engine::JobStatus& s = collector.jobs[QStringLiteral("render")].job.status;
    EXPECT_EQ(s.completedIndexes, "0-5");
    EXPECT_EQ(s.succeeded, 6);
    EXPECT_TRUE(s.completionTime.has_value());
    ASSERT_TRUE(waitFor([&] { return collector.pods.size() >= 6; }));
    std::set<std::string> hostnames, nodes;
    for (const auto& p : collector.pods) {
        hostnames.insert(p.pod.hostname);
        nodes.insert(p.pod.nodeName);
        EXPECT_EQ(p.meta.labels.at("batch.kubernetes.io/controller-uid"), uid.toStdString());
        EXPECT_TRUE(p.pod.completionIndexAnnotation.has_value());
    }
    EXPECT_TRUE(hostnames.count("render-0") && hostnames.count("render-5"));
    EXPECT_GE(nodes.size(), 2u) << "pods are spread over the fake nodes";

    auto events = harness->wait<QList<KubeEvent>>([&](QObject* c, auto cb) {
        harness->client->listEvents(QStringLiteral("default"), uid, QStringLiteral("render"), c,
                                    cb);
    });
    ASSERT_TRUE(events) << events.error().message.toStdString();
    QStringList reasons;
    for (const KubeEvent& e : *events)
        reasons << e.reason;
    EXPECT_TRUE(reasons.contains(QStringLiteral("SuccessfulCreate")))
        << reasons.join(QLatin1Char(',')).toStdString();
    EXPECT_TRUE(reasons.contains(QStringLiteral("Completed")))
        << reasons.join(QLatin1Char(',')).toStdString();

    const QString podName = collector.pods.firstKey();
    QByteArray logText;
    std::optional<std::optional<ApiError>> ended;
    harness->client->streamLogs(
        QStringLiteral("default"), podName, QString(), -1, false, &context,
        [&](const QByteArray& d) { logText += d; },
        [&](const std::optional<ApiError>& e) { ended = e; });
    ASSERT_TRUE(waitFor([&] { return ended.has_value(); }));
    EXPECT_FALSE(ended->has_value());
    EXPECT_TRUE(logText.contains("started on tessera-node-")) << logText.toStdString();
    EXPECT_TRUE(logText.contains("done")) << logText.toStdString();

    const QByteArray metrics = get(*harness, QStringLiteral("/metrics"))->body;
    EXPECT_TRUE(metrics.contains("job_sync_total{completion_mode=\"Indexed\""));
    EXPECT_TRUE(metrics.contains("job_finished_total{completion_mode=\"Indexed\",result="
                                 "\"succeeded\",reason=\"CompletionsReached\"} 1"))
        << metrics.toStdString();
    EXPECT_TRUE(metrics.contains(
        "job_pods_finished_total{completion_mode=\"Indexed\",result=\"succeeded\"} 6"));
}

TEST_F(ServeClient, FollowsTheLogOfARunningPodUntilItEnds) {
    serve::ServeOptions o = fastOptions();
    o.podDuration = std::chrono::milliseconds(2500);
    startServer(o);
    ASSERT_TRUE(server->createFromManifest(indexedJob("slow", 1, 1)));
    ASSERT_TRUE(waitFor([&] {
        return !json(get(*harness, QStringLiteral("/api/v1/namespaces/default/pods")))
                    .value(QStringLiteral("items"))
                    .toArray()
                    .isEmpty();
    }));
    const QString pod = json(get(*harness, QStringLiteral("/api/v1/namespaces/default/pods")))
                            .value(QStringLiteral("items"))
                            .toArray()[0]
                            .toObject()
                            .value(QStringLiteral("metadata"))
                            .toObject()
                            .value(QStringLiteral("name"))
                            .toString();
    // Running long enough to have written a progress line after the start line.
    ASSERT_TRUE(waitFor([&] {
        auto r = get(*harness, QStringLiteral("/api/v1/namespaces/default/pods/%1/log").arg(pod));
        return r && r->body.contains("step 1");
    }));
    QByteArray text;
    std::optional<std::optional<ApiError>> ended;
    harness->client->streamLogs(
        QStringLiteral("default"), pod, QString(), 1, true, &context,
        [&](const QByteArray& d) { text += d; },
        [&](const std::optional<ApiError>& e) { ended = e; });
    ASSERT_TRUE(waitFor([&] { return ended.has_value(); }));
    EXPECT_FALSE(ended->has_value());
    EXPECT_TRUE(text.contains("index 0 done")) << text.toStdString();
    EXPECT_FALSE(text.contains("started on"))
        << "tailLines=1 keeps only the last line before following";
}

// tessera.dev/sim-backoff-scale shortens the controller's per-index retry delays (10 s, then
// 20 s unscaled): index 0 fails all three of its attempts within seconds.
TEST_F(ServeClient, TheBackoffScaleAnnotationShortensRetryDelays) {
    startServer();
    ASSERT_TRUE(server->createFromManifest(
        R"({"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"retry","annotations":{
        "tessera.dev/sim-fail-indexes":"0","tessera.dev/sim-backoff-scale":"0.01"}},
        "spec":{"completionMode":"Indexed","completions":2,"parallelism":2,
        "backoffLimitPerIndex":2,"template":{"spec":{"restartPolicy":"Never",
        "containers":[{"name":"main","image":"busybox"}]}}}})"));
    QElapsedTimer elapsed;
    elapsed.start();
    QJsonObject status;
    ASSERT_TRUE(waitFor(
        [&] {
            status =
                json(get(*harness, QStringLiteral("/apis/batch/v1/namespaces/default/jobs/retry")))
                    .value(QStringLiteral("status"))
                    .toObject();
            return status.value(QStringLiteral("failedIndexes")).toString() == QLatin1String("0");
        },
        10000))
        << "index 0 was not retried twice within 10 s: "
        << QJsonDocument(status).toJson().toStdString();
    EXPECT_LT(elapsed.elapsed(), 10000) << "unscaled, the two retries wait 30 s";
    EXPECT_EQ(status.value(QStringLiteral("failed")).toInt(), 3) << "three attempts of index 0";
}

TEST_F(ServeClient, PatchesParallelismSuspendAndDeletesWithItsPods) {
    serve::ServeOptions o = fastOptions();
    o.podDuration = std::chrono::milliseconds(60000);
    startServer(o);
    ASSERT_TRUE(server->createFromManifest(indexedJob("long", 10, 2)));
    auto podCount = [&](bool runningOnly) {
        const QJsonArray items =
            json(get(*harness, QStringLiteral("/api/v1/namespaces/default/pods")))
                .value(QStringLiteral("items"))
                .toArray();
        int n = 0;
        for (const QJsonValue& p : items)
            n += !runningOnly || !p.toObject()
                                      .value(QStringLiteral("metadata"))
                                      .toObject()
                                      .contains(QStringLiteral("deletionTimestamp"));
        return n;
    };
    ASSERT_TRUE(waitFor([&] { return podCount(true) == 2; }));
    auto patched = harness->wait<ApiResponse>([&](QObject* c, auto cb) {
        harness->client->setParallelism(QStringLiteral("default"), QStringLiteral("long"), 5, c,
                                        cb);
    });
    ASSERT_TRUE(patched) << patched.error().message.toStdString();
    EXPECT_EQ(json(patched)
                  .value(QStringLiteral("spec"))
                  .toObject()
                  .value(QStringLiteral("parallelism"))
                  .toInt(),
              5);
    EXPECT_EQ(json(patched)
                  .value(QStringLiteral("metadata"))
                  .toObject()
                  .value(QStringLiteral("generation"))
                  .toInt(),
              2);
    ASSERT_TRUE(waitFor([&] { return podCount(true) == 5; }));

    auto suspended = harness->wait<ApiResponse>([&](QObject* c, auto cb) {
        harness->client->setSuspended(QStringLiteral("default"), QStringLiteral("long"), true, c,
                                      cb);
    });
    ASSERT_TRUE(suspended);
    ASSERT_TRUE(waitFor([&] {
        const QJsonObject job =
            json(get(*harness, QStringLiteral("/apis/batch/v1/namespaces/default/jobs/long")));
        for (const QJsonValue& c : job.value(QStringLiteral("status"))
                                       .toObject()
                                       .value(QStringLiteral("conditions"))
                                       .toArray())
            if (c.toObject().value(QStringLiteral("type")).toString() == QLatin1String("Suspended"))
                return podCount(true) == 0;
        return false;
    })) << "suspending deletes the active pods and sets the Suspended condition";

    auto bad = harness->wait<ApiResponse>([&](QObject* c, auto cb) {
        harness->client->patchJob(QStringLiteral("default"), QStringLiteral("long"),
                                  R"({"spec":{"completionMode":"NonIndexed"}})", c, cb);
    });
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().kind, ApiError::Kind::Invalid) << bad.error().message.toStdString();

    auto deleted = harness->wait<ApiResponse>([&](QObject* c, auto cb) {
        harness->client->deleteJob(QStringLiteral("default"), QStringLiteral("long"), c, cb);
    });
    ASSERT_TRUE(deleted) << deleted.error().message.toStdString();
    EXPECT_TRUE(waitFor([&] { return podCount(false) == 0; }));
    auto gone = get(*harness, QStringLiteral("/apis/batch/v1/namespaces/default/jobs/long"));
    ASSERT_FALSE(gone);
    EXPECT_EQ(gone.error().kind, ApiError::Kind::NotFound);
}

TEST_F(ServeClient, RejectsAnInvalidJobWithTheFieldPath) {
    startServer();
    auto r = harness->wait<ApiResponse>([&](QObject* c, auto cb) {
        harness->client->createJob(QStringLiteral("default"), indexedJob("bad", -3, 1), c, cb);
    });
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind, ApiError::Kind::Invalid);
    EXPECT_TRUE(r.error().message.contains(QStringLiteral("spec.completions")))
        << r.error().message.toStdString();
}

TEST_F(ServeClient, ListsInPagesWithContinueTokens) {
    serve::ServeOptions o = fastOptions();
    o.runJobs = false;
    startServer(o);
    for (int i = 0; i < 25; ++i)
        ASSERT_TRUE(server->createFromManifest(
            QStringLiteral(
                R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm-%1","labels":{"even":"%2"}}})")
                .arg(i, 2, 10, QLatin1Char('0'))
                .arg(i % 2 == 0 ? QStringLiteral("yes") : QStringLiteral("no"))
                .toUtf8()));
    QStringList names;
    QString token;
    int pages = 0;
    do {
        QUrlQuery q;
        q.addQueryItem(QStringLiteral("limit"), QStringLiteral("10"));
        q.addQueryItem(QStringLiteral("labelSelector"), QStringLiteral("even in (yes)"));
        if (!token.isEmpty())
            q.addQueryItem(QStringLiteral("continue"), token);
        const QJsonObject page =
            json(get(*harness, QStringLiteral("/api/v1/namespaces/default/configmaps"), q));
        for (const QJsonValue& item : page.value(QStringLiteral("items")).toArray())
            names << item.toObject()
                         .value(QStringLiteral("metadata"))
                         .toObject()
                         .value(QStringLiteral("name"))
                         .toString();
        token = page.value(QStringLiteral("metadata"))
                    .toObject()
                    .value(QStringLiteral("continue"))
                    .toString();
        ++pages;
    } while (!token.isEmpty() && pages < 10);
    EXPECT_EQ(pages, 2);
    ASSERT_EQ(names.size(), 13);
    EXPECT_EQ(names.first(), QStringLiteral("cm-00"));
    EXPECT_EQ(names.last(), QStringLiteral("cm-24"));
    QUrlQuery byName;
    byName.addQueryItem(QStringLiteral("fieldSelector"), QStringLiteral("metadata.name=cm-07"));
    EXPECT_EQ(json(get(*harness, QStringLiteral("/api/v1/namespaces/default/configmaps"), byName))
                  .value(QStringLiteral("items"))
                  .toArray()
                  .size(),
              1);
}

TEST_F(ServeClient, TlsWithATestCaAndATokenAndRefusesAWrongToken) {
    const TestCerts certs = TestCerts::make(QStringLiteral("IP:127.0.0.1"));
    ASSERT_TRUE(certs.ok);
    serve::ServeOptions o = fastOptions();
    o.tlsCertPem = certs.serverCertPem;
    o.tlsKeyPem = certs.serverKeyPem;
    o.tlsCaPem = certs.caPem;
    o.token = QStringLiteral("s3cret-token");
    startServer(o);
    EXPECT_EQ(server->url().scheme(), QStringLiteral("https"));
    EXPECT_TRUE(
        server->kubeconfig().contains("certificate-authority-data: " + certs.caPem.toBase64()));
    auto ok = get(*harness, QStringLiteral("/api/v1/namespaces"));
    ASSERT_TRUE(ok) << ok.error().message.toStdString();
    EXPECT_EQ(json(ok).value(QStringLiteral("items")).toArray().size(), 4);

    ClusterConnection wrong = connectionTo(*server);
    wrong.token = QStringLiteral("not-the-token");
    ClientHarness other(wrong);
    auto refused = get(other, QStringLiteral("/api/v1/namespaces"));
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().kind, ApiError::Kind::Unauthorized);
    EXPECT_FALSE(refused.error().message.contains(QStringLiteral("s3cret")))
        << "secrets never in messages";

    ClusterConnection untrusted = connectionTo(*server);
    untrusted.caPem = certs.otherCaPem;
    ClientHarness third(untrusted);
    auto tls = get(third, QStringLiteral("/version"));
    ASSERT_FALSE(tls);
    EXPECT_EQ(tls.error().kind, ApiError::Kind::Tls) << tls.error().message.toStdString();
}

TEST_F(ServeClient, InformerRecoversFromDroppedWatchesServerErrorsAndExpiredVersions) {
    serve::ServeOptions o = fastOptions();
    o.runJobs = false;
    startServer(o);
    auto add = [&](const QString& name) {
        return server->createFromManifest(
            QStringLiteral(
                R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"%1"},"spec":{"containers":[{"name":"c","image":"x"}]}})")
                .arg(name)
                .toUtf8());
    };
    ASSERT_TRUE(add(QStringLiteral("p0")));
    Informer::Options pods;
    pods.resource = Resource::Pods;
    pods.namespace_ = QStringLiteral("default");
    Informer* informer = startInformer(pods);
    ASSERT_TRUE(waitFor([&] {
        return collector.pods.contains(QStringLiteral("p0")) && server->watchCount() == 1;
    }));

    // A dropped stream: the informer watches again from its last version, no relist.
    const quint64 relists = informer->relists();
    server->dropWatches();
    ASSERT_TRUE(add(QStringLiteral("p1")));
    ASSERT_TRUE(waitFor([&] { return collector.pods.contains(QStringLiteral("p1")); }));
    EXPECT_EQ(informer->relists(), relists);
    EXPECT_GE(informer->watchesStarted(), 2u);

    // 500s on the next watches: retried with backoff until the server answers again.
    ASSERT_TRUE(waitFor([&] { return server->watchCount() == 1; }));
    Fault errors;
    errors.kind = Fault::Kind::Status;
    errors.status = 500;
    errors.scope = Fault::Scope::Watch;
    errors.count = 2;
    server->addFault(errors);
    server->dropWatches();
    ASSERT_TRUE(add(QStringLiteral("p2")));
    ASSERT_TRUE(waitFor([&] { return collector.pods.contains(QStringLiteral("p2")); }));

    // The history is gone (compaction) while the informer is away: its next watch gets 410
    // Expired in-stream and it relists.
    ASSERT_TRUE(waitFor([&] { return server->watchCount() == 1; }));
    Fault away = errors;
    away.count = 3;
    server->addFault(away);
    server->dropWatches();
    ASSERT_TRUE(server->createFromManifest(
        R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"bump"}})"));
    server->compactHistory();
    ASSERT_TRUE(add(QStringLiteral("p3")));
    ASSERT_TRUE(waitFor([&] {
        return collector.pods.contains(QStringLiteral("p3")) && informer->relists() > relists;
    }));

    // Garbage on the stream: relist too.
    ASSERT_TRUE(waitFor([&] { return server->watchCount() == 1; }));
    const quint64 before = informer->relists();
    const quint64 eventsBefore = informer->eventsReceived();
    Fault garbage;
    garbage.kind = Fault::Kind::Garbage;
    garbage.scope = Fault::Scope::Watch;
    // Until cleared: QNetworkAccessManager silently re-sends a GET whose connection closed right
    // after the headers, so the first answer after the drop may never reach the informer.
    garbage.count = -1;
    server->addFault(garbage);
    server->dropWatches();
    ASSERT_TRUE(waitFor([&] { return informer->relists() > before; }));
    server->clearFaults();
    ASSERT_TRUE(add(QStringLiteral("p4")));
    ASSERT_TRUE(waitFor([&] {
        return collector.pods.contains(QStringLiteral("p4")) && informer->relists() > before;
    })) << "p4 seen: "
        << collector.pods.contains(QStringLiteral("p4")) << ", relists " << informer->relists()
        << " (before " << before << "), watches started " << informer->watchesStarted()
        << ", server watches " << server->watchCount() << ", events "
        << informer->eventsReceived() - eventsBefore;
    EXPECT_EQ(collector.pods.size(), 5);
}

TEST_F(ServeClient, SlowAnswersAndGarbageListsAreReportedNotFatal) {
    serve::ServeOptions o = fastOptions();
    o.runJobs = false;
    startServer(o);
    Fault slow;
    slow.kind = Fault::Kind::Delay;
    slow.delayMs = 700;
    slow.pathContains = QStringLiteral("/version");
    server->addFault(slow);
    QElapsedTimer t;
    t.start();
    auto info =
        harness->wait<ServerInfo>([&](QObject* c, auto cb) { harness->client->serverInfo(c, cb); });
    ASSERT_TRUE(info);
    EXPECT_GE(t.elapsed(), 650);

    Fault garbage;
    garbage.kind = Fault::Kind::Garbage;
    garbage.scope = Fault::Scope::NotWatch;
    garbage.pathContains = QStringLiteral("/pods");
    server->addFault(garbage);
    Informer::Options pods;
    pods.resource = Resource::Pods;
    pods.namespace_ = QStringLiteral("default");
    Informer* informer = startInformer(pods);
    ASSERT_TRUE(waitFor([&] { return collector.batches >= 1; })) << "the informer retries the list";
    EXPECT_GE(informer->relists() + informer->watchesStarted(), 1u);
}

TEST_F(ServeClient, WatchSendsBookmarksAndHonoursTimeoutSeconds) {
    serve::ServeOptions o = fastOptions();
    o.runJobs = false;
    startServer(o);
    ApiClient::Request req;
    req.path = QStringLiteral("/api/v1/namespaces/default/pods");
    req.query.addQueryItem(QStringLiteral("watch"), QStringLiteral("1"));
    req.query.addQueryItem(QStringLiteral("allowWatchBookmarks"), QStringLiteral("true"));
    req.query.addQueryItem(QStringLiteral("timeoutSeconds"), QStringLiteral("2"));
    QByteArray data;
    std::optional<std::optional<ApiError>> ended;
    harness->client->openStream(
        req, &context, [&](const QByteArray& d) { data += d; },
        [&](const std::optional<ApiError>& e) { ended = e; });
    ASSERT_TRUE(waitFor([&] { return ended.has_value(); }, 15000));
    EXPECT_FALSE(ended->has_value());
    EXPECT_TRUE(data.contains("\"type\":\"BOOKMARK\"")) << data.toStdString();

    QUrlQuery old;
    old.addQueryItem(QStringLiteral("watch"), QStringLiteral("true"));
    old.addQueryItem(QStringLiteral("resourceVersion"), QStringLiteral("1"));
    server->compactHistory();
    auto expired = get(*harness, QStringLiteral("/api/v1/namespaces/default/pods"), old);
    ASSERT_TRUE(expired);
    EXPECT_TRUE(expired->body.contains("\"type\":\"ERROR\"")) << expired->body.toStdString();
    EXPECT_TRUE(expired->body.contains("\"code\":410"));
}

TEST_F(ServeClient, AWatchResumedFromAnOldVersionReplaysOnlyToItself) {
    serve::ServeOptions o = fastOptions();
    o.runJobs = false;
    startServer(o);
    const QString path = QStringLiteral("/api/v1/namespaces/default/configmaps");
    const QString start = json(get(*harness, path))
                              .value(QStringLiteral("metadata"))
                              .toObject()
                              .value(QStringLiteral("resourceVersion"))
                              .toString();
    auto cm = [](const char* name) {
        return QStringLiteral(R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"%1"}})")
            .arg(QLatin1String(name))
            .toUtf8();
    };
    ASSERT_TRUE(server->createFromManifest(cm("a")));
    ASSERT_TRUE(server->createFromManifest(cm("b")));
    const QString now = json(get(*harness, path))
                            .value(QStringLiteral("metadata"))
                            .toObject()
                            .value(QStringLiteral("resourceVersion"))
                            .toString();
    auto open = [&](const QString& from, QByteArray& sink) {
        ApiClient::Request req;
        req.path = path;
        req.query.addQueryItem(QStringLiteral("watch"), QStringLiteral("1"));
        req.query.addQueryItem(QStringLiteral("resourceVersion"), from);
        return harness->client->openStream(
            req, &context, [&sink](const QByteArray& d) { sink += d; },
            [](const std::optional<ApiError>&) {});
    };
    QByteArray current, resumed;
    const quint64 a = open(now, current);
    ASSERT_TRUE(waitFor([&] { return server->watchCount() == 1; }));
    const quint64 b = open(start, resumed);
    ASSERT_TRUE(waitFor([&] { return resumed.count("\"type\":\"ADDED\"") == 2; }));
    ASSERT_TRUE(server->createFromManifest(cm("c")));
    ASSERT_TRUE(waitFor([&] {
        return resumed.count("\"type\":\"ADDED\"") == 3 && current.contains("\"name\":\"c\"");
    }));
    EXPECT_EQ(current.count("\"type\":\"ADDED\""), 1) << current.toStdString();
    harness->client->cancelStream(a);
    harness->client->cancelStream(b);
}

TEST_F(ServeClient, LocalModeRunsEachPodsCommandAsARealProcess) {
    serve::ServeOptions o = fastOptions();
    o.localProcesses = true;
    startServer(o);
    // Index 2 exits 3 (no retries for it); every pod prints what it saw.
    ASSERT_TRUE(server->createFromManifest(R"(apiVersion: batch/v1
kind: Job
metadata:
  name: local
spec:
  completions: 4
  parallelism: 2
  completionMode: Indexed
  backoffLimitPerIndex: 0
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: ignored
        command: ["/bin/sh", "-c"]
        args: ['echo "index=$JOB_COMPLETION_INDEX host=$TESSERA_POD_HOSTNAME greeting=$GREETING"; [ "$JOB_COMPLETION_INDEX" != 2 ] || exit 3']
        env:
        - name: GREETING
          value: hello world
)"));
    QJsonObject status;
    ASSERT_TRUE(waitFor([&] {
        status = json(get(*harness, QStringLiteral("/apis/batch/v1/namespaces/default/jobs/local")))
                     .value(QStringLiteral("status"))
                     .toObject();
        const auto conditions = status.value(QStringLiteral("conditions")).toArray();
        for (const QJsonValue& c : conditions)
            if (c.toObject().value(QStringLiteral("type")) == QStringLiteral("Failed"))
                return true;
        return false;
    })) << QJsonDocument(status).toJson().toStdString();
    EXPECT_EQ(status.value(QStringLiteral("completedIndexes")).toString(), QStringLiteral("0,1,3"));
    EXPECT_EQ(status.value(QStringLiteral("failedIndexes")).toString(), QStringLiteral("2"));

    // Each pod's log is its process's output; the failed pod carries the real exit code.
    const QJsonArray pods = json(get(*harness, QStringLiteral("/api/v1/namespaces/default/pods")))
                                .value(QStringLiteral("items"))
                                .toArray();
    ASSERT_EQ(pods.size(), 4);
    int checked = 0;
    for (const QJsonValue& v : pods) {
        const QJsonObject pod = v.toObject();
        const QString name = pod.value(QStringLiteral("metadata"))
                                 .toObject()
                                 .value(QStringLiteral("name"))
                                 .toString();
        const QString index = pod.value(QStringLiteral("metadata"))
                                  .toObject()
                                  .value(QStringLiteral("annotations"))
                                  .toObject()
                                  .value(QStringLiteral("batch.kubernetes.io/job-completion-index"))
                                  .toString();
        auto log =
            get(*harness, QStringLiteral("/api/v1/namespaces/default/pods/%1/log").arg(name));
        ASSERT_TRUE(log);
        EXPECT_TRUE(log->body.contains(
            QStringLiteral("index=%1 host=local-%1 greeting=hello world").arg(index).toUtf8()))
            << log->body.toStdString();
        const QJsonObject terminated = pod.value(QStringLiteral("status"))
                                           .toObject()
                                           .value(QStringLiteral("containerStatuses"))
                                           .toArray()
                                           .at(0)
                                           .toObject()
                                           .value(QStringLiteral("state"))
                                           .toObject()
                                           .value(QStringLiteral("terminated"))
                                           .toObject();
        EXPECT_EQ(terminated.value(QStringLiteral("exitCode")).toInt(-1),
                  index == QStringLiteral("2") ? 3 : 0)
            << name.toStdString();
        ++checked;
    }
    EXPECT_EQ(checked, 4);
}
