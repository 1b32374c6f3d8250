// The workbench's requests through the API client, against a real HTTP server on loopback:
// server-side apply as the field manager "tessera" (force only when asked), a 422's causes
// decoded field by field, and the log options a cluster's log endpoint takes.
#include "ClientHarness.h"
#include "FakeApiServer.h"

#include <QTest>
#include <gtest/gtest.h>

using namespace tessera;
using namespace tessera::kube;
using namespace tessera::kube::test;

namespace {

ClusterConnection connectionTo(const QUrl& server) {
    ClusterConnection c;
    c.contextName = QStringLiteral("prod");
    c.userName = QStringLiteral("alice");
    c.namespace_ = QStringLiteral("batch");
    c.server = server;
    return c;
}

const QString kJobPath = QStringLiteral("/apis/batch/v1/namespaces/batch/jobs/render");

} // namespace

TEST(ApiClientObjects, AppliesAJobAsTessera) {
    FakeApiServer server;
    server.route("*", kJobPath, [](const HttpRequest&, const ResponderPtr& r) {
        r->replyJson(200, R"({"kind":"Job","apiVersion":"batch/v1"})");
    });
    ClientHarness h(connectionTo(server.url()));
    const QByteArray manifest = "apiVersion: batch/v1\nkind: Job\nspec:\n  parallelism: 3\n";
    for (bool force : {false, true})
        EXPECT_TRUE(h.wait<ApiResponse>([&](QObject* c, auto cb) {
            h.client->applyJob(QStringLiteral("batch"), QStringLiteral("render"), manifest, force,
                               c, cb);
        }));
    EXPECT_TRUE(h.wait<ApiResponse>([&](QObject* c, auto cb) {
        h.client->getObject(ApiClient::jobPath(QStringLiteral("batch"), QStringLiteral("render")),
                            c, cb);
    }));
    const auto& q = server.requests();
    ASSERT_EQ(q.size(), 3);
    for (int i = 0; i < 2; ++i) {
        EXPECT_EQ(q[i].method, QByteArray("PATCH"));
        EXPECT_EQ(q[i].path, kJobPath);
        EXPECT_EQ(q[i].headers.value("content-type"), QByteArray("application/apply-patch+yaml"));
        EXPECT_EQ(q[i].param("fieldManager"), QStringLiteral("tessera"));
        EXPECT_EQ(q[i].body, manifest);
    }
    EXPECT_FALSE(q[0].query.hasQueryItem(QStringLiteral("force")));
    EXPECT_EQ(q[1].param("force"), QStringLiteral("true"));
    EXPECT_EQ(q[2].method, QByteArray("GET"));
    EXPECT_EQ(q[2].path, kJobPath);
}

TEST(ApiClientObjects, AnInvalidApplyNamesEachRefusedField) {
    FakeApiServer server;
    server.route("PATCH", kJobPath, [](const HttpRequest&, const ResponderPtr& r) {
        r->replyJson(
            422,
            R"({"kind":"Status","apiVersion":"v1","status":"Failure","message":"Job.batch \"render\" is invalid: spec.parallelism: Invalid value: -1: must be greater than or equal to 0","reason":"Invalid","details":{"name":"render","group":"batch","kind":"Job","causes":[{"reason":"FieldValueInvalid","message":"Invalid value: -1: must be greater than or equal to 0","field":"spec.parallelism"}]},"code":422})");
    });
    ClientHarness h(connectionTo(server.url()));
    auto r = h.wait<ApiResponse>([&](QObject* c, auto cb) {
        h.client->applyJob(QStringLiteral("batch"), QStringLiteral("render"), "spec: {}", false, c,
                           cb);
    });
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind, ApiError::Kind::Invalid);
    EXPECT_EQ(r.error().httpStatus, 422);
    ASSERT_EQ(r.error().causes.size(), 1);
    EXPECT_EQ(r.error().causes[0].field, QStringLiteral("spec.parallelism"));
    EXPECT_EQ(r.error().causes[0].message,
              QStringLiteral("Invalid value: -1: must be greater than or equal to 0"));
    EXPECT_EQ(r.error().causes[0].type, QStringLiteral("FieldValueInvalid"));
}

TEST(ApiClientObjects, AsksForLogsWithEveryOptionGiven) {
    FakeApiServer server;
    server.route("GET", QStringLiteral("/api/v1/namespaces/batch/pods/render-3/log"),
                 [](const HttpRequest&, const ResponderPtr& r) {
                     r->beginStream(200, "text/plain");
                     r->write("2026-11-26T10:00:00.000000000Z line 1\n");
                     r->end();
                 });
    ClientHarness h(connectionTo(server.url()));
    QObject ctx;
    QByteArray got;
    bool ended = false;
    h.client->streamPodLog(
        QStringLiteral("batch"), QStringLiteral("render-3"),
        {.tailLines = 50, .timestamps = true, .previous = true, .limitBytes = 4096}, &ctx,
        [&](const QByteArray& d) { got += d; },
        [&](const std::optional<ApiError>&) { ended = true; });
    ASSERT_TRUE(QTest::qWaitFor([&] { return ended; }, 10000));
    EXPECT_EQ(got, QByteArray("2026-11-26T10:00:00.000000000Z line 1\n"));
    const HttpRequest& q = server.requests()[0];
    EXPECT_EQ(q.param("tailLines"), QStringLiteral("50"));
    EXPECT_EQ(q.param("timestamps"), QStringLiteral("true"));
    EXPECT_EQ(q.param("previous"), QStringLiteral("true"));
    EXPECT_EQ(q.param("limitBytes"), QStringLiteral("4096"));
    EXPECT_FALSE(q.query.hasQueryItem(QStringLiteral("follow")));
    EXPECT_FALSE(q.query.hasQueryItem(QStringLiteral("container")));
}
