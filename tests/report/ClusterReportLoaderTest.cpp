// ClusterReportLoader against a real HTTP server (the kube tests' FakeApiServer): the Job, then
// its pods over two pages, turned into attempts.
#include "report/ClusterReportLoader.h"

#include "../kube/FakeApiServer.h"
#include "kube/ApiClient.h"
#include "report/PodAttempts.h"

#include <QTest>
#include <gtest/gtest.h>

using namespace tessera;
using tessera::kube::test::FakeApiServer;
using tessera::kube::test::HttpRequest;
using tessera::kube::test::ResponderPtr;

namespace {

QByteArray pod(const char* name, int index, const char* phase, int exitCode, const char* ownerUid,
               const char* created, const char* failureCount = "0") {
    const QByteArray terminated =
        QByteArray(phase) == "Running"
            ? QByteArray(R"({"running":{"startedAt":"2026-11-22T10:00:05Z"}})")
            : QByteArray(R"({"terminated":{"exitCode":)") + QByteArray::number(exitCode) +
                  R"(,"reason":")" + (exitCode == 0 ? "Completed" : "Error") +
                  R"(","startedAt":"2026-11-22T10:00:05Z","finishedAt":"2026-11-22T10:01:05Z"}})";
    return QByteArray(R"({"metadata":{"name":")") + name +
           R"(","namespace":"ns","creationTimestamp":")" + created +
           R"(","annotations":{"batch.kubernetes.io/job-completion-index":")" +
           QByteArray::number(index) + R"(","batch.kubernetes.io/job-index-failure-count":")" +
           failureCount +
           R"("},"ownerReferences":[{"apiVersion":"batch/v1","kind":"Job","name":"render","uid":")" +
           ownerUid + R"(","controller":true}]},"spec":{"nodeName":"node-)" +
           QByteArray::number(index) + R"(","containers":[{"name":"main","image":"busybox"}]},)" +
           R"("status":{"phase":")" + phase +
           R"(","startTime":"2026-11-22T10:00:01Z","containerStatuses":[{"name":"main","state":)" +
           terminated + "}]}}";
}

} // namespace

TEST(ClusterReportLoader, ReadsTheJobAndEveryPageOfItsPods) {
    FakeApiServer server;
    server.route(
        "GET", QStringLiteral("/apis/batch/v1/namespaces/ns/jobs/render"),
        [](const HttpRequest&, const ResponderPtr& r) {
            r->replyJson(
                200,
                R"({"kind":"Job","apiVersion":"batch/v1","metadata":{"name":"render","namespace":"ns","uid":"job-uid","annotations":{"tessera.io/original-indexes":"4,9,20"}},
                        "spec":{"completions":3,"parallelism":2,"completionMode":"Indexed","backoffLimitPerIndex":1,"template":{"spec":{"restartPolicy":"Never","containers":[{"name":"main","image":"busybox"}]}}},
                        "status":{"active":1,"succeeded":1,"failed":2,"completedIndexes":"0","failedIndexes":"1"}})");
        });
    QStringList selectors;
    server.route(
        "GET", QStringLiteral("/api/v1/namespaces/ns/pods"),
        [&](const HttpRequest& q, const ResponderPtr& r) {
            selectors << q.param("labelSelector");
            if (q.param("continue").isEmpty()) {
                r->replyJson(
                    200,
                    "{\"kind\":\"PodList\",\"metadata\":{\"continue\":\"p2\"},\"items\":[" +
                        pod("render-0-a", 0, "Succeeded", 0, "job-uid", "2026-11-22T10:00:00Z") +
                        "," +
                        pod("render-1-b", 1, "Failed", 2, "job-uid", "2026-11-22T10:02:00Z", "1") +
                        "," + pod("render-1-a", 1, "Failed", 2, "job-uid", "2026-11-22T10:00:00Z") +
                        "]}");
            } else {
                r->replyJson(
                    200,
                    "{\"kind\":\"PodList\",\"metadata\":{},\"items\":[" +
                        pod("render-2-a", 2, "Running", 0, "job-uid", "2026-11-22T10:00:00Z") +
                        "," +
                        pod("render-0-old", 0, "Failed", 1, "other-uid", "2026-11-21T10:00:00Z") +
                        "]}");
            }
        });
    kube::ClusterConnection connection;
    connection.contextName = QStringLiteral("test");
    connection.server = server.url();
    kube::ApiClient client(connection);
    QObject context;
    std::optional<engine::Result<report::ReportInput>> result;
    report::ClusterReportLoader::load(
        client, QStringLiteral("ns"), QStringLiteral("render"), &context,
        [&](engine::Result<report::ReportInput> r) { result.emplace(std::move(r)); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return result.has_value(); }, 30000));
    ASSERT_TRUE(result->ok()) << result->error().describe();
    const report::ReportInput& in = result->value();
    EXPECT_EQ(in.job.metadata.name, "render");
    EXPECT_EQ(in.source, "test/ns");
    ASSERT_EQ(selectors.size(), 2);
    EXPECT_EQ(selectors[0], QStringLiteral("batch.kubernetes.io/job-name=render"));
    // The pod owned by another Job is left out; the rest are in creation order, numbered per index.
    ASSERT_EQ(in.attempts.size(), 4u);
    EXPECT_EQ(in.attempts[0].podName, "render-0-a");
    EXPECT_EQ(in.attempts[3].podName, "render-1-b");
    EXPECT_EQ(in.attempts[3].number, 2);
    EXPECT_EQ(in.attempts[3].exitCode, 2);
    EXPECT_EQ(in.attempts[3].node, "node-1");
    EXPECT_EQ(in.attempts[3].outcome, engine::AttemptOutcome::Failed);
    EXPECT_EQ(in.originalIndexes, (std::map<int32_t, int32_t>{{0, 4}, {1, 9}, {2, 20}}));

    const report::Report rep = report::ReportBuilder::build(*result->operator->());
    ASSERT_EQ(rep.rows.size(), 3u);
    EXPECT_EQ(rep.rows[0].status, "Succeeded");
    EXPECT_EQ(rep.rows[1].status, "Failed");
    EXPECT_EQ(rep.rows[1].attempts, 2);
    EXPECT_EQ(rep.rows[2].status, "Running");
    EXPECT_EQ(rep.rows[2].originalIndex, 20);
    EXPECT_EQ(rep.rows[0].duration, engine::Duration(std::chrono::seconds(60)));
}

TEST(ClusterReportLoader, ReportsAMissingJobWithTheUrl) {
    FakeApiServer server;
    server.fallback([](const HttpRequest&, const ResponderPtr& r) {
        r->replyJson(
            404,
            R"({"kind":"Status","status":"Failure","message":"jobs.batch \"gone\" not found","reason":"NotFound","code":404})");
    });
    kube::ClusterConnection connection;
    connection.contextName = QStringLiteral("test");
    connection.server = server.url();
    kube::ApiClient client(connection);
    QObject context;
    std::optional<engine::Result<report::ReportInput>> result;
    report::ClusterReportLoader::load(
        client, QStringLiteral("ns"), QStringLiteral("gone"), &context,
        [&](engine::Result<report::ReportInput> r) { result.emplace(std::move(r)); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return result.has_value(); }, 30000));
    ASSERT_FALSE(result->ok());
    EXPECT_NE(result->error().message.find("not found"), std::string::npos)
        << result->error().message;
    EXPECT_NE(result->error().message.find("/jobs/gone"), std::string::npos)
        << result->error().message;
}

TEST(ReportBuilder, ParsesTheOriginalIndexesAnnotation) {
    using report::ReportBuilder;
    EXPECT_EQ(ReportBuilder::originalIndexesFromAnnotation("3,7-9"),
              (std::map<int32_t, int32_t>{{0, 3}, {1, 7}, {2, 8}, {3, 9}}));
    EXPECT_TRUE(ReportBuilder::originalIndexesFromAnnotation("").empty());
    EXPECT_TRUE(ReportBuilder::originalIndexesFromAnnotation("9,3").empty());
}
