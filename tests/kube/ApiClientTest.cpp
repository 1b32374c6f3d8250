// The API client against real HTTP servers (plain and TLS) on loopback, with the client on its
// own worker thread as in the app.
#include "ClientHarness.h"
#include "FakeApiServer.h"
#include "TestCerts.h"
#include "TestFiles.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrlQuery>
#include <gtest/gtest.h>

using namespace tessera;
using namespace tessera::kube;
using namespace tessera::kube::test;

namespace {

ClusterConnection connectionTo(const QUrl& server) {
    ClusterConnection c;
    c.contextName = QStringLiteral("prod");
    c.clusterName = QStringLiteral("eu-1");
    c.userName = QStringLiteral("alice");
    c.kubeconfigFile = QStringLiteral("/home/alice/.kube/config");
    c.namespace_ = QStringLiteral("batch");
    c.server = server;
    return c;
}

auto sendGet(ClientHarness& h, const QString& path) {
    return h.wait<ApiResponse>(
        [&](QObject* ctx, auto cb) { h.client->send({.path = path}, ctx, cb); });
}

} // namespace

TEST(ApiClient, ReadsVersionAndDiscovery) {
    FakeApiServer server;
    server.route("GET", QStringLiteral("/version"), [](const HttpRequest&, const ResponderPtr& r) {
        r->replyJson(
            200,
            R"({"major":"1","minor":"31","gitVersion":"v1.31.2","platform":"linux/amd64","extra":1})");
    });
    server.route(
        "GET", QStringLiteral("/apis/batch/v1"), [](const HttpRequest&, const ResponderPtr& r) {
            r->replyJson(200, R"({"kind":"APIResourceList","groupVersion":"batch/v1","resources":[
            {"name":"cronjobs","namespaced":true,"kind":"CronJob"},{"name":"jobs","namespaced":true,"kind":"Job"}]})");
        });
    ClientHarness h(connectionTo(server.url()));
    auto info = h.wait<ServerInfo>([&](QObject* ctx, auto cb) { h.client->serverInfo(ctx, cb); });
    ASSERT_TRUE(info) << info.error().message.toStdString();
    EXPECT_EQ(info->gitVersion, QStringLiteral("v1.31.2"));
    EXPECT_EQ(info->minor, QStringLiteral("31"));
    EXPECT_TRUE(info->batchV1Jobs);
}

TEST(ApiClient, AServerThatIsNotKubernetesIsNamed) {
    FakeApiServer server;
    server.route("GET", QStringLiteral("/version"), [](const HttpRequest&, const ResponderPtr& r) {
        r->reply(200, "<html>hello</html>", {{"Content-Type", "text/html"}});
    });
    ClientHarness h(connectionTo(server.url()));
    auto info = h.wait<ServerInfo>([&](QObject* ctx, auto cb) { h.client->serverInfo(ctx, cb); });
    ASSERT_FALSE(info);
    EXPECT_EQ(info.error().kind, ApiError::Kind::BadResponse);
    EXPECT_TRUE(info.error().message.contains(QStringLiteral("is this a Kubernetes API server?")));
}

TEST(ApiClient, SendsTheBearerTokenAndKeepsAServerPathPrefix) {
    FakeApiServer server;
    server.route(
        "GET", QStringLiteral("/k8s/clusters/c-1/api/v1/namespaces"),
        [](const HttpRequest&, const ResponderPtr& r) { r->replyJson(200, R"({"items":[]})"); });
    auto conn = connectionTo(server.url().resolved(QUrl(QStringLiteral("/k8s/clusters/c-1/"))));
    conn.token = QStringLiteral("secret-token");
    ClientHarness h(conn);
    auto r = sendGet(h, QStringLiteral("/api/v1/namespaces"));
    ASSERT_TRUE(r) << r.error().message.toStdString();
    EXPECT_EQ(r->httpStatus, 200);
    ASSERT_EQ(server.requests().size(), 1);
    EXPECT_EQ(server.requests()[0].headers.value("authorization"),
              QByteArray("Bearer secret-token"));
    EXPECT_EQ(server.requests()[0].headers.value("accept"), QByteArray("application/json"));
    EXPECT_TRUE(server.requests()[0].headers.value("user-agent").startsWith("tessera/"));
}

TEST(ApiClient, UnauthorizedAndForbiddenNameTheUserContextAndTheDenial) {
    FakeApiServer server;
    server.route(
        "GET", QStringLiteral("/apis/batch/v1/namespaces/batch/jobs"),
        [](const HttpRequest& q, const ResponderPtr& r) {
            if (q.headers.value("authorization") == "Bearer expired")
                r->replyJson(401, statusJson(401, "Unauthorized", "Unauthorized"));
            else
                r->replyJson(
                    403,
                    statusJson(
                        403, "Forbidden",
                        R"(jobs.batch is forbidden: User \"alice\" cannot list resource \"jobs\" in API group \"batch\" in the namespace \"batch\")"));
        });
    auto conn = connectionTo(server.url());
    conn.token = QStringLiteral("expired");
    {
        ClientHarness h(conn);
        auto r = sendGet(h, ApiClient::jobsPath(QStringLiteral("batch")));
        ASSERT_FALSE(r);
        EXPECT_EQ(r.error().kind, ApiError::Kind::Unauthorized);
        EXPECT_TRUE(r.error().isAuth());
        EXPECT_EQ(
            r.error().message.toStdString(),
            server.url().toString().toStdString() +
                " rejected the credentials of user \"alice\" in context \"prod\": Unauthorized "
                "(credentials: token of user \"alice\")");
        EXPECT_FALSE(
            r.error().message.contains(QStringLiteral("expired"))); // never the token itself
    }
    conn.token = QStringLiteral("valid");
    ClientHarness h(conn);
    auto r = sendGet(h, ApiClient::jobsPath(QStringLiteral("batch")));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind, ApiError::Kind::Forbidden);
    EXPECT_EQ(r.error().httpStatus, 403);
    EXPECT_EQ(r.error().reason, QStringLiteral("Forbidden"));
    EXPECT_EQ(r.error().message.toStdString(),
              "user \"alice\" in context \"prod\" may not GET " +
                  server.url().toString().toStdString() +
                  "/apis/batch/v1/namespaces/batch/jobs: jobs.batch is forbidden: User \"alice\" "
                  "cannot list "
                  "resource \"jobs\" in API group \"batch\" in the namespace \"batch\"");
}

TEST(ApiClient, AnExpiredExecTokenIsRefreshedOnceAfterA401) {
    QTemporaryDir dir;
    const QString count = dir.filePath(QStringLiteral("count"));
    const QString plugin = writeFile(dir, QStringLiteral("plugin"), R"SH(#!/bin/sh
echo run >> "$COUNT_FILE"
n=$(wc -l < "$COUNT_FILE" | tr -d ' ')
echo "{\"apiVersion\":\"client.authentication.k8s.io/v1beta1\",\"kind\":\"ExecCredential\",\"status\":{\"token\":\"token-$n\"}}"
)SH",
                                     true);
    FakeApiServer server;
    server.route("GET", QStringLiteral("/api/v1/namespaces"),
                 [](const HttpRequest& q, const ResponderPtr& r) {
                     // The server considers token-1 expired.
                     if (q.headers.value("authorization") == "Bearer token-2")
                         r->replyJson(200, R"({"items":[]})");
                     else
                         r->replyJson(401, statusJson(401, "Unauthorized", "token expired"));
                 });
    auto conn = connectionTo(server.url());
    ExecConfig x;
    x.apiVersion = QStringLiteral("client.authentication.k8s.io/v1beta1");
    x.command = plugin;
    x.env = {{QStringLiteral("COUNT_FILE"), count}};
    conn.exec = x;
    ClientHarness h(conn);
    auto r = sendGet(h, QStringLiteral("/api/v1/namespaces"));
    ASSERT_TRUE(r) << r.error().message.toStdString();
    const auto seen = server.requests();
    ASSERT_EQ(seen.size(), 2);
    EXPECT_EQ(seen[0].headers.value("authorization"), QByteArray("Bearer token-1"));
    EXPECT_EQ(seen[1].headers.value("authorization"), QByteArray("Bearer token-2"));
    EXPECT_EQ(readFile(count), QByteArray("run\nrun\n"));
}

TEST(ApiClient, RetryAfterIsRespected) {
    FakeApiServer server;
    int calls = 0;
    server.route("GET", QStringLiteral("/api/v1/pods"),
                 [&](const HttpRequest&, const ResponderPtr& r) {
                     if (++calls == 1)
                         r->reply(429, statusJson(429, "TooManyRequests", "slow down"),
                                  {{"Retry-After", "1"}});
                     else
                         r->replyJson(200, R"({"items":[]})");
                 });
    ClientHarness h(connectionTo(server.url()));
    QElapsedTimer t;
    t.start();
    auto r = sendGet(h, QStringLiteral("/api/v1/pods"));
    ASSERT_TRUE(r) << r.error().message.toStdString();
    EXPECT_GE(t.elapsed(), 1000);
    EXPECT_EQ(calls, 2);

    // Without Retry-After, a 429 is an error for the caller to handle.
    server.route("GET", QStringLiteral("/api/v1/pods"),
                 [](const HttpRequest&, const ResponderPtr& out) {
                     out->replyJson(429, statusJson(429, "TooManyRequests", "slow down"));
                 });
    auto e = sendGet(h, QStringLiteral("/api/v1/pods"));
    ASSERT_FALSE(e);
    EXPECT_EQ(e.error().kind, ApiError::Kind::TooManyRequests);
}

TEST(ApiClient, ServerErrorsAndGarbageAreReportedWithTheUrl) {
    FakeApiServer server;
    server.route("GET", QStringLiteral("/api/v1/pods"),
                 [](const HttpRequest&, const ResponderPtr& r) {
                     r->reply(500, "internal meltdown", {{"Content-Type", "text/plain"}});
                 });
    ClientHarness h(connectionTo(server.url()));
    auto r = sendGet(h, QStringLiteral("/api/v1/pods"));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind, ApiError::Kind::Server);
    EXPECT_EQ(r.error().message.toStdString(), "GET " + server.url().toString().toStdString() +
                                                   "/api/v1/pods: HTTP 500: internal meltdown");
}

// The message was built with chained arg(), so the "%2F" and "%3D" escapes of a label
// selector were replaced by the status and the detail.
TEST(ApiClient, AnErrorMessageKeepsTheEscapesOfTheUrlItNames) {
    FakeApiServer server;
    server.route("GET", QStringLiteral("/api/v1/namespaces/batch/pods"),
                 [](const HttpRequest&, const ResponderPtr& r) {
                     r->reply(500, "injected fault", {{"Content-Type", "text/plain"}});
                 });
    ClientHarness h(connectionTo(server.url()));
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("labelSelector"),
                       QStringLiteral("batch.kubernetes.io%2Fjob-name%3Dshards"));
    auto r = h.wait<ApiResponse>([&](QObject* ctx, auto cb) {
        h.client->send({.path = QStringLiteral("/api/v1/namespaces/batch/pods"), .query = query},
                       ctx, cb);
    });
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().message.toStdString(),
              "GET " + server.url().toString().toStdString() +
                  "/api/v1/namespaces/batch/pods?labelSelector=batch.kubernetes.io%2Fjob-name%"
                  "3Dshards: HTTP 500: injected fault");
}

TEST(ApiClient, SlowAnswersTimeOut) {
    FakeApiServer server;
    std::vector<ResponderPtr> held; // never answered
    server.route("GET", QStringLiteral("/version"),
                 [&](const HttpRequest&, const ResponderPtr& r) { held.push_back(r); });
    ApiClient::Options o;
    o.requestTimeout = std::chrono::milliseconds(500);
    ClientHarness h(connectionTo(server.url()), o);
    QElapsedTimer t;
    t.start();
    auto r = sendGet(h, QStringLiteral("/version"));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind, ApiError::Kind::Timeout);
    EXPECT_GE(t.elapsed(), 450);
    EXPECT_LT(t.elapsed(), 5000);
    EXPECT_TRUE(r.error().message.contains(QStringLiteral("did not answer in time")));
}

TEST(ApiClient, ARefusedConnectionNamesTheServerAndContext) {
    quint16 port;
    {
        FakeApiServer gone;
        port = gone.port();
    }
    ClientHarness h(connectionTo(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port))));
    auto r = sendGet(h, QStringLiteral("/version"));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind, ApiError::Kind::Network);
    EXPECT_TRUE(r.error().message.startsWith(
        QStringLiteral("cannot reach http://127.0.0.1:%1/version (context \"prod\"").arg(port)))
        << r.error().message.toStdString();
}

TEST(ApiClient, JobActionsSendTheRightRequests) {
    FakeApiServer server;
    server.fallback([](const HttpRequest& q, const ResponderPtr& r) {
        r->replyJson(q.method == "POST" ? 201 : 200, R"({"kind":"Job","apiVersion":"batch/v1"})");
    });
    ClientHarness h(connectionTo(server.url()));
    const QString ns = QStringLiteral("batch");
    const QString job = QStringLiteral("render");
    auto ok = [](const ApiResult<ApiResponse>& result) {
        return result.has_value();
    };
    EXPECT_TRUE(ok(h.wait<ApiResponse>(
        [&](QObject* c, auto cb) { h.client->setParallelism(ns, job, 7, c, cb); })));
    EXPECT_TRUE(ok(h.wait<ApiResponse>(
        [&](QObject* c, auto cb) { h.client->setSuspended(ns, job, true, c, cb); })));
    EXPECT_TRUE(ok(h.wait<ApiResponse>(
        [&](QObject* c, auto cb) { h.client->setCompletions(ns, job, 200, 20, c, cb); })));
    EXPECT_TRUE(
        ok(h.wait<ApiResponse>([&](QObject* c, auto cb) { h.client->deleteJob(ns, job, c, cb); })));
    const QByteArray manifest =
        R"({"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"render"}})";
    auto created =
        h.wait<ApiResponse>([&](QObject* c, auto cb) { h.client->createJob(ns, manifest, c, cb); });
    ASSERT_TRUE(created);
    EXPECT_EQ(created->httpStatus, 201);
    const QByteArray cm =
        R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"worklist"},"data":{"a":"b"}})";
    EXPECT_TRUE(ok(h.wait<ApiResponse>(
        [&](QObject* c, auto cb) { h.client->createConfigMap(ns, cm, c, cb); })));

    const auto& q = server.requests();
    ASSERT_EQ(q.size(), 6);
    const QString jobPath = QStringLiteral("/apis/batch/v1/namespaces/batch/jobs/render");
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(q[i].method, QByteArray("PATCH"));
        EXPECT_EQ(q[i].path, jobPath);
        EXPECT_EQ(q[i].headers.value("content-type"), QByteArray("application/merge-patch+json"));
    }
    EXPECT_EQ(QJsonDocument::fromJson(q[0].body),
              QJsonDocument::fromJson(R"({"spec":{"parallelism":7}})"));
    EXPECT_EQ(QJsonDocument::fromJson(q[1].body),
              QJsonDocument::fromJson(R"({"spec":{"suspend":true}})"));
    EXPECT_EQ(QJsonDocument::fromJson(q[2].body),
              QJsonDocument::fromJson(R"({"spec":{"completions":200,"parallelism":20}})"));
    EXPECT_EQ(q[3].method, QByteArray("DELETE"));
    EXPECT_EQ(q[3].path, jobPath);
    EXPECT_EQ(q[3].param("propagationPolicy"), QStringLiteral("Background"));
    EXPECT_EQ(q[4].method, QByteArray("POST"));
    EXPECT_EQ(q[4].path, QStringLiteral("/apis/batch/v1/namespaces/batch/jobs"));
    EXPECT_EQ(q[4].body, manifest);
    EXPECT_EQ(q[4].headers.value("content-type"), QByteArray("application/json"));
    EXPECT_EQ(q[5].path, QStringLiteral("/api/v1/namespaces/batch/configmaps"));
    EXPECT_EQ(q[5].body, cm);
}

TEST(ApiClient, AConflictOnCreateIsReportedAsSuch) {
    FakeApiServer server;
    server.route("POST", QStringLiteral("/apis/batch/v1/namespaces/batch/jobs"),
                 [](const HttpRequest&, const ResponderPtr& r) {
                     r->replyJson(409, statusJson(409, "AlreadyExists",
                                                  R"(jobs.batch \"render\" already exists)"));
                 });
    ClientHarness h(connectionTo(server.url()));
    auto r = h.wait<ApiResponse>(
        [&](QObject* c, auto cb) { h.client->createJob(QStringLiteral("batch"), "{}", c, cb); });
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind, ApiError::Kind::Conflict);
    EXPECT_EQ(r.error().reason, QStringLiteral("AlreadyExists"));
    EXPECT_TRUE(r.error().message.endsWith(
        QStringLiteral("conflict: jobs.batch \"render\" already exists")));
}

TEST(ApiClient, ListsEventsOfOneObjectOldestFirst) {
    FakeApiServer server;
    server.route("GET", QStringLiteral("/api/v1/namespaces/batch/events"),
                 [](const HttpRequest&, const ResponderPtr& r) {
                     r->replyJson(200, R"({"kind":"EventList","items":[
          {"type":"Warning","reason":"BackoffLimitExceeded","message":"Job has reached the specified backoff limit",
           "count":1,"lastTimestamp":"2026-11-22T10:05:00Z","source":{"component":"job-controller"},
           "involvedObject":{"kind":"Job","name":"render"}},
          {"type":"Normal","reason":"SuccessfulCreate","message":"Created pod: render-0-abc","count":3,
           "firstTimestamp":"2026-11-22T10:00:00Z","lastTimestamp":"2026-11-22T10:01:00Z",
           "source":{"component":"job-controller"},"involvedObject":{"kind":"Job","name":"render"}},
          {"type":"Normal","reason":"Completed","eventTime":"2026-11-22T10:03:00.000000Z",
           "reportingComponent":"tessera","involvedObject":{"kind":"Job","name":"render"}}]})");
                 });
    ClientHarness h(connectionTo(server.url()));
    auto r = h.wait<QList<KubeEvent>>([&](QObject* c, auto cb) {
        h.client->listEvents(QStringLiteral("batch"), QStringLiteral("uid-1"),
                             QStringLiteral("render"), c, cb);
    });
    ASSERT_TRUE(r) << r.error().message.toStdString();
    ASSERT_EQ(r->size(), 3);
    EXPECT_EQ(r->at(0).reason, QStringLiteral("SuccessfulCreate"));
    EXPECT_EQ(r->at(0).count, 3);
    EXPECT_EQ(r->at(1).reason, QStringLiteral("Completed"));
    EXPECT_EQ(r->at(1).source, QStringLiteral("tessera"));
    EXPECT_EQ(r->at(2).type, QStringLiteral("Warning"));
    EXPECT_EQ(r->at(2).lastTimestamp, QDateTime(QDate(2026, 11, 22), QTime(10, 5), Qt::UTC));
    EXPECT_EQ(server.requests()[0].param("fieldSelector"),
              QStringLiteral("involvedObject.uid=uid-1"));

    h.wait<QList<KubeEvent>>([&](QObject* c, auto cb) {
        h.client->listEvents(QStringLiteral("batch"), QString(), QStringLiteral("render"), c, cb);
    });
    EXPECT_EQ(server.requests()[1].param("fieldSelector"),
              QStringLiteral("involvedObject.name=render"));
}

TEST(ApiClient, FollowsPodLogsAsTheyAreWritten) {
    FakeApiServer server;
    ResponderPtr stream;
    server.route("GET", QStringLiteral("/api/v1/namespaces/batch/pods/render-3/log"),
                 [&](const HttpRequest&, const ResponderPtr& r) {
                     stream = r;
                     r->beginStream(200, "text/plain");
                     r->write("line 1\nline 2\n");
                 });
    ClientHarness h(connectionTo(server.url()));
    QObject ctx;
    QByteArray got;
    std::optional<std::optional<ApiError>> ended;
    h.client->streamLogs(
        QStringLiteral("batch"), QStringLiteral("render-3"), QStringLiteral("main"), 100, true,
        &ctx, [&](const QByteArray& d) { got += d; },
        [&](const std::optional<ApiError>& e) { ended = e; });
    ASSERT_TRUE(QTest::qWaitFor([&] { return got == "line 1\nline 2\n"; }, 10000))
        << got.toStdString();
    // The stream is still open: a new line arrives while it runs.
    EXPECT_FALSE(ended);
    stream->write("line 3\n");
    ASSERT_TRUE(QTest::qWaitFor([&] { return got.endsWith("line 3\n"); }, 10000));
    stream->end();
    ASSERT_TRUE(QTest::qWaitFor([&] { return ended.has_value(); }, 10000));
    EXPECT_FALSE(*ended);
    const HttpRequest& q = server.requests()[0];
    EXPECT_EQ(q.param("container"), QStringLiteral("main"));
    EXPECT_EQ(q.param("tailLines"), QStringLiteral("100"));
    EXPECT_EQ(q.param("follow"), QStringLiteral("true"));
}

TEST(ApiClient, ACancelledStreamIsClosedAndReportsNothing) {
    FakeApiServer server;
    ResponderPtr stream;
    server.route("GET", QStringLiteral("/api/v1/namespaces/batch/pods/p/log"),
                 [&](const HttpRequest&, const ResponderPtr& r) {
                     stream = r;
                     r->beginStream(200, "text/plain");
                     r->write("x\n");
                 });
    ClientHarness h(connectionTo(server.url()));
    QObject ctx;
    QByteArray got;
    bool ended = false;
    const quint64 id = h.client->streamLogs(
        QStringLiteral("batch"), QStringLiteral("p"), {}, -1, true, &ctx,
        [&](const QByteArray& d) { got += d; }, [&](const auto&) { ended = true; });
    ASSERT_TRUE(QTest::qWaitFor([&] { return got == "x\n"; }, 10000));
    h.client->cancelStream(id);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !stream->alive(); }, 10000));
    QTest::qWait(100);
    EXPECT_FALSE(ended);
}

TEST(ApiClient, ReachesTheServerThroughAnHttpProxy) {
    FakeApiServer proxy; // receives absolute-URI requests, as an HTTP proxy does
    proxy.fallback([](const HttpRequest&, const ResponderPtr& r) {
        r->replyJson(200, R"({"gitVersion":"v1.30.0"})");
    });
    auto conn = connectionTo(QUrl(QStringLiteral("http://kube.example.invalid:8080")));
    conn.proxyUrl = proxy.url();
    ClientHarness h(conn);
    auto r = sendGet(h, QStringLiteral("/version"));
    ASSERT_TRUE(r) << r.error().message.toStdString();
    ASSERT_EQ(proxy.requests().size(), 1);
    EXPECT_EQ(proxy.requests()[0].target, QByteArray("http://kube.example.invalid:8080/version"));
}

// ---- TLS ----

class ApiClientTls : public testing::Test {
protected:
    static void SetUpTestSuite() {
        ipCerts = new TestCerts(TestCerts::make(QStringLiteral("IP:127.0.0.1")));
        nameCerts = new TestCerts(TestCerts::make(QStringLiteral("DNS:api.internal")));
    }
    static void TearDownTestSuite() {
        delete ipCerts;
        delete nameCerts;
    }
    static ApiResult<ApiResponse> get(const ClusterConnection& c) {
        ClientHarness h(c);
        return sendGet(h, QStringLiteral("/version"));
    }
    static void serveVersion(FakeApiServer& s) {
        s.route("GET", QStringLiteral("/version"), [](const HttpRequest&, const ResponderPtr& r) {
            r->replyJson(200, R"({"gitVersion":"v1.31.0"})");
        });
    }
    static inline TestCerts* ipCerts = nullptr;
    static inline TestCerts* nameCerts = nullptr;
};

TEST_F(ApiClientTls, VerifiesTheServerAgainstTheKubeconfigCa) {
    ASSERT_TRUE(ipCerts->ok);
    FakeApiServer server(ipCerts->serverConfig());
    serveVersion(server);
    auto conn = connectionTo(server.url());
    conn.caPem = ipCerts->caPem;
    auto ok = get(conn);
    ASSERT_TRUE(ok) << ok.error().message.toStdString();

    conn.caPem = ipCerts->otherCaPem; // the wrong CA
    auto bad = get(conn);
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().kind, ApiError::Kind::Tls);
    EXPECT_TRUE(
        bad.error().message.startsWith(QStringLiteral("TLS with ") + server.url().toString()))
        << bad.error().message.toStdString();

    conn.caPem.clear(); // the system roots do not know our test CA
    auto system = get(conn);
    ASSERT_FALSE(system);
    EXPECT_EQ(system.error().kind, ApiError::Kind::Tls);
}

TEST_F(ApiClientTls, InsecureSkipTlsVerifyConnectsAnyway) {
    FakeApiServer server(ipCerts->serverConfig());
    serveVersion(server);
    auto conn = connectionTo(server.url());
    conn.insecureSkipTlsVerify = true;
    auto r = get(conn);
    EXPECT_TRUE(r) << r.error().message.toStdString();
}

TEST_F(ApiClientTls, TlsServerNameIsTheNameVerified) {
    ASSERT_TRUE(nameCerts->ok);
    FakeApiServer server(nameCerts->serverConfig()); // certificate for api.internal only
    serveVersion(server);
    auto conn = connectionTo(server.url()); // reached by IP
    conn.caPem = nameCerts->caPem;
    auto mismatch = get(conn);
    ASSERT_FALSE(mismatch);
    EXPECT_EQ(mismatch.error().kind, ApiError::Kind::Tls);
    conn.tlsServerName = QStringLiteral("api.internal");
    auto r = get(conn);
    EXPECT_TRUE(r) << r.error().message.toStdString();
}

TEST_F(ApiClientTls, PresentsTheClientCertificate) {
    FakeApiServer server(ipCerts->serverConfig(true));
    serveVersion(server);
    auto conn = connectionTo(server.url());
    conn.caPem = ipCerts->caPem;
    auto without = get(conn);
    ASSERT_FALSE(without);

    conn.clientCertPem = ipCerts->clientCertPem;
    conn.clientKeyPem = ipCerts->clientKeyPem;
    auto with = get(conn);
    EXPECT_TRUE(with) << with.error().message.toStdString();
}

// An exec plugin's client key that is not PEM was handed to TLS, which dropped
// it, and the request failed as a refused connection or handshake. The error now names the
// plugin's field, and no request is sent.
TEST_F(ApiClientTls, AnExecPluginsClientKeyThatIsNotPemIsTheErrorNotAFailedHandshake) {
    ASSERT_TRUE(ipCerts->ok);
    FakeApiServer server(ipCerts->serverConfig(true)); // requires a client certificate
    serveVersion(server);
    QTemporaryDir dir;
    const QString plugin =
        writeFile(dir, QStringLiteral("plugin"), "#!/bin/sh\ncat \"$CREDENTIAL_FILE\"\n", true);
    const QString credential = dir.filePath(QStringLiteral("credential.json"));
    const auto printCredential = [&](const QByteArray& cert, const QByteArray& key) {
        const QJsonObject status{{QStringLiteral("clientCertificateData"), QString::fromUtf8(cert)},
                                 {QStringLiteral("clientKeyData"), QString::fromUtf8(key)}};
        const QJsonObject o{
            {QStringLiteral("kind"), QStringLiteral("ExecCredential")},
            {QStringLiteral("apiVersion"), QStringLiteral("client.authentication.k8s.io/v1")},
            {QStringLiteral("status"), status}};
        writeFile(dir, QStringLiteral("credential.json"), QJsonDocument(o).toJson());
    };
    auto conn = connectionTo(server.url());
    conn.caPem = ipCerts->caPem;
    ExecConfig x;
    x.apiVersion = QStringLiteral("client.authentication.k8s.io/v1");
    x.command = plugin;
    x.env = {{QStringLiteral("CREDENTIAL_FILE"), credential}};
    conn.exec = x;

    // A base64 blob that is no PEM at all (what a plugin printing DER would give).
    printCredential(ipCerts->clientCertPem, ipCerts->clientKeyPem.toBase64());
    auto bad = get(conn);
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().message.toStdString(),
              "/home/alice/.kube/config: users[name=alice].user.exec: the plugin's "
              "status.clientKeyData is not a PEM private key (it does not start with -----BEGIN)");
    EXPECT_TRUE(server.requests().isEmpty());

    // The same plugin with a real key and certificate gets through.
    printCredential(ipCerts->clientCertPem, ipCerts->clientKeyPem);
    auto good = get(conn);
    EXPECT_TRUE(good) << good.error().message.toStdString();
}

TEST_F(ApiClientTls, ACaWithoutCertificatesIsASetupError) {
    auto conn = connectionTo(QUrl(QStringLiteral("https://127.0.0.1:1")));
    conn.caPem = "not a certificate";
    ClientHarness h(conn);
    ASSERT_TRUE(h.client->setupError());
    auto r = sendGet(h, QStringLiteral("/version"));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().message.toStdString(),
              "/home/alice/.kube/config: the certificate authority of cluster \"eu-1\" holds no "
              "PEM certificate");
}
