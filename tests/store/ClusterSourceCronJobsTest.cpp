// ClusterSource's CronJobs against a real `tessera serve` (a subprocess, and in-process where a
// test reaches into the server's store or injects a refusal), over HTTP, no widgets: a
// CronJob's row carries its spec and status and leaves when it is deleted; a refused CronJob list
// leaves the Jobs listed and is said once; a watched job's events arrive by watch.
#include "engine/Clock.h"
#include "kube/ApiClient.h"
#include "kube/Kubeconfig.h"
#include "serve/Fault.h"
#include "serve/JobEvents.h"
#include "serve/ObjectStore.h"
#include "serve/Server.h"
#include "store/ClusterSource.h"
#include "store/StoreThread.h"
#include "support/ServeProcess.h"
#include "support/Wait.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <algorithm>
#include <gtest/gtest.h>
#include <map>

using namespace tessera;
using namespace tessera::store;
using tessera::test::waitUntil;

namespace {

// The job list and the failures as a window would receive them.
struct Rows : QObject {
    std::map<QString, JobSummary> rows;
    std::map<QString, JobSnapshotPtr> snapshots;
    QStringList failures;
    void attach(JobStore* s) {
        connect(s, &JobStore::jobsChanged, this, [this](const JobListDiff& d) {
            if (d.reset)
                rows.clear();
            for (const auto& r : d.upserted)
                rows[r.key] = r;
            for (const auto& k : d.removed)
                rows.erase(k);
        });
        connect(s, &JobStore::jobSnapshotChanged, this,
                [this](const JobSnapshotPtr& p) { snapshots[p->summary.key] = p; });
        connect(s, &JobStore::actionFailed, this,
                [this](const QString&, const QString& m) { failures << m; });
    }
};

struct Serve {
    serve::Server server;
    std::unique_ptr<StoreThread> thread;
    Rows ui;

    Serve() {
        if (!server.listen())
            ADD_FAILURE() << server.errorString().toStdString();
    }
    void start() {
        kube::ClusterConnection c;
        c.contextName = c.clusterName = c.userName = QStringLiteral("cron");
        c.server = server.url();
        ClusterSource::Options o;
        o.emitInterval = std::chrono::milliseconds(20);
        o.informerBatch = std::chrono::milliseconds(20);
        thread = StoreThread::cluster(c, QStringLiteral("cron"), o);
        ui.attach(thread->store());
    }
    ~Serve() { thread.reset(); }
    QString uidOf(const QString& resource, const QString& name) const {
        QString uid;
        server.run([&](serve::ObjectStore& store, serve::ApiServer&) {
            if (const auto o = store.get(resource, QStringLiteral("default"), name))
                uid = o->json.value(QStringLiteral("metadata"))
                          .toObject()
                          .value(QStringLiteral("uid"))
                          .toString();
        });
        return uid;
    }
};

const QByteArray kCronJob = R"yaml(apiVersion: batch/v1
kind: CronJob
metadata: {name: yearly, namespace: default, labels: {team: etl}}
spec:
  schedule: "0 3 1 1 *"
  timeZone: "Etc/UTC"
  suspend: true
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          containers: [{name: main, image: busybox}]
)yaml";

const QByteArray kJob = R"yaml(apiVersion: batch/v1
kind: Job
metadata: {name: plain, namespace: default}
spec:
  suspend: true
  template:
    spec:
      restartPolicy: Never
      containers: [{name: main, image: busybox}]
)yaml";

} // namespace

TEST(ClusterSourceCronJobs, ACronJobsRowCarriesItsSpecAndStatusAndGoesWhenItIsDeleted) {
    Serve serve;
    serve.start();
    ASSERT_TRUE(serve.server.createFromManifest(kCronJob)); // after the list: by watch
    const QString key =
        cronJobRowKey(QStringLiteral("cron"), QStringLiteral("default"), QStringLiteral("yearly"));
    ASSERT_TRUE(waitUntil([&] { return serve.ui.rows.count(key) > 0; }, 20000));
    const JobSummary& row = serve.ui.rows.at(key);
    ASSERT_TRUE(row.cron.has_value());
    EXPECT_EQ(row.name, QStringLiteral("yearly"));
    EXPECT_EQ(row.namespace_, QStringLiteral("default"));
    EXPECT_EQ(row.cronJob, QStringLiteral("yearly")); // its runs' group
    EXPECT_EQ(row.uid, serve.uidOf(QStringLiteral("cronjobs"), QStringLiteral("yearly")));
    EXPECT_EQ(row.labels.value(QStringLiteral("team")), QStringLiteral("etl"));
    EXPECT_EQ(row.cron->schedule, QStringLiteral("0 3 1 1 *"));
    EXPECT_EQ(row.cron->timeZone, QStringLiteral("Etc/UTC"));
    EXPECT_TRUE(row.cron->suspend);
    EXPECT_FALSE(row.cron->lastScheduleTime.isValid());
    EXPECT_EQ(row.cron->active, 0);

    // Its status as the controller writes it.
    serve.server.run([&](serve::ObjectStore& store, serve::ApiServer&) {
        auto o = store.get(QStringLiteral("cronjobs"), QStringLiteral("default"),
                           QStringLiteral("yearly"));
        QJsonObject json = o->json;
        json.insert(
            QStringLiteral("status"),
            QJsonObject{
                {QStringLiteral("lastScheduleTime"), QStringLiteral("2026-01-01T03:00:00Z")},
                {QStringLiteral("lastSuccessfulTime"), QStringLiteral("2026-01-01T03:05:00Z")}});
        ASSERT_TRUE(store.update(QStringLiteral("cronjobs"), QStringLiteral("default"),
                                 QStringLiteral("yearly"), json));
    });
    ASSERT_TRUE(
        waitUntil([&] { return serve.ui.rows.at(key).cron->lastScheduleTime.isValid(); }, 20000));
    EXPECT_EQ(serve.ui.rows.at(key).cron->lastScheduleTime,
              QDateTime(QDate(2026, 1, 1), QTime(3, 0), Qt::UTC));
    EXPECT_EQ(serve.ui.rows.at(key).cron->lastSuccessfulTime,
              QDateTime(QDate(2026, 1, 1), QTime(3, 5), Qt::UTC));

    serve.server.run([&](serve::ObjectStore& store, serve::ApiServer&) {
        ASSERT_TRUE(store.remove(QStringLiteral("cronjobs"), QStringLiteral("default"),
                                 QStringLiteral("yearly")));
    });
    ASSERT_TRUE(waitUntil([&] { return serve.ui.rows.count(key) == 0; }, 20000));
}

TEST(ClusterSourceCronJobs, ARefusedCronJobListLeavesTheJobsListedAndIsSaidOnce) {
    Serve serve;
    serve::Fault refused;
    refused.pathContains = QStringLiteral("/cronjobs");
    refused.status = 403;
    refused.count = -1;
    serve.server.addFault(refused);
    ASSERT_TRUE(serve.server.createFromManifest(kJob));
    serve.start();
    const QString job = QStringLiteral("cron/default/plain");
    ASSERT_TRUE(waitUntil([&] { return serve.ui.rows.count(job) > 0; }, 20000));
    ASSERT_TRUE(waitUntil([&] { return !serve.ui.failures.isEmpty(); }, 20000));
    EXPECT_TRUE(serve.ui.failures.at(0).startsWith(QStringLiteral("CronJobs are not listed")))
        << serve.ui.failures.at(0).toStdString();
    // The refusal stops that informer: later changes of the Jobs arrive, no second refusal.
    ASSERT_TRUE(serve.server.createFromManifest(QByteArray(kJob).replace("plain", "second")));
    ASSERT_TRUE(
        waitUntil([&] { return serve.ui.rows.count(QStringLiteral("cron/default/second")); }));
    EXPECT_EQ(serve.ui.failures.size(), 1)
        << serve.ui.failures.join(QLatin1Char('\n')).toStdString();
}

TEST(ClusterSourceCronJobs, AWatchedJobsEventsArriveByWatch) {
    Serve serve;
    ASSERT_TRUE(serve.server.createFromManifest(kJob));
    serve.start();
    const QString job = QStringLiteral("cron/default/plain");
    ASSERT_TRUE(waitUntil([&] { return serve.ui.rows.count(job) > 0; }, 20000));
    QMetaObject::invokeMethod(serve.thread->store(),
                              [s = serve.thread->store(), job] { s->watchJob(job); });
    ASSERT_TRUE(waitUntil([&] { return serve.ui.snapshots.count(job) > 0; }, 20000));
    // Recorded after the job was opened: the events' watch brings it.
    const QString uid = serve.uidOf(QStringLiteral("jobs"), QStringLiteral("plain"));
    serve.server.run([&](serve::ObjectStore& store, serve::ApiServer&) {
        serve::JobEvents(store, 100)
            .record({QStringLiteral("batch/v1"), QStringLiteral("Job"), QStringLiteral("default"),
                     QStringLiteral("plain"), uid},
                    QStringLiteral("job-controller"), QStringLiteral("Warning"),
                    QStringLiteral("TooManyRetries"), QStringLiteral("index 3 failed"),
                    engine::SystemClock().now());
    });
    ASSERT_TRUE(waitUntil(
        [&] {
            const auto& events = serve.ui.snapshots.at(job)->events;
            return std::any_of(events.begin(), events.end(), [](const Event& e) {
                return e.reason == QStringLiteral("TooManyRetries");
            });
        },
        20000));
    // Watched, not polled: the jobs', CronJobs', the job's pods' and its events' watches are open.
    EXPECT_TRUE(waitUntil([&] { return serve.server.watchCount() == 4; }, 20000))
        << serve.server.watchCount();
}

TEST(ClusterSourceCronJobs, ACronJobCreatedInATesseraServeProcessIsARowUntilItIsDeleted) {
    QTemporaryDir dir;
    test::ServeProcess serve(dir.path());
    const QString started = serve.start({});
    ASSERT_TRUE(started.isEmpty()) << started.toStdString();
    auto config = kube::Kubeconfig::loadFile(serve.kubeconfig());
    ASSERT_TRUE(config.ok()) << config.error().describe();
    auto connection = config->resolve();
    ASSERT_TRUE(connection.ok()) << connection.error().describe();
    ClusterSource::Options o;
    o.emitInterval = std::chrono::milliseconds(20);
    o.informerBatch = std::chrono::milliseconds(20);
    auto thread = StoreThread::cluster(*connection, QStringLiteral("proc"), o);
    Rows ui;
    ui.attach(thread->store());

    // As kubectl would create it: POST to the cronjobs collection.
    kube::ApiClient client(*connection);
    const QByteArray cronJob = QJsonDocument::fromJson(R"({"apiVersion": "batch/v1",
        "kind": "CronJob", "metadata": {"name": "yearly", "namespace": "default"},
        "spec": {"schedule": "0 3 1 1 *", "jobTemplate": {"spec": {"template": {"spec": {
          "restartPolicy": "Never", "containers": [{"name": "main", "image": "busybox"}]}}}}}})")
                                   .toJson(QJsonDocument::Compact);
    std::optional<bool> created;
    client.send({.verb = "POST",
                 .path = kube::ApiClient::cronJobsPath(QStringLiteral("default")),
                 .body = cronJob,
                 .contentType = "application/json"},
                nullptr, [&](const kube::ApiResult<kube::ApiResponse>& r) {
                    if (!r)
                        ADD_FAILURE() << r.error().message.toStdString();
                    created = r.has_value();
                });
    ASSERT_TRUE(waitUntil([&] { return created.has_value(); }, 20000));
    ASSERT_TRUE(*created);
    const QString key =
        cronJobRowKey(QStringLiteral("proc"), QStringLiteral("default"), QStringLiteral("yearly"));
    ASSERT_TRUE(waitUntil([&] { return ui.rows.count(key) > 0; }, 20000));
    ASSERT_TRUE(ui.rows.at(key).cron.has_value());
    EXPECT_EQ(ui.rows.at(key).cron->schedule, QStringLiteral("0 3 1 1 *"));
    EXPECT_FALSE(ui.rows.at(key).cron->suspend);

    std::optional<bool> deleted;
    client.send({.verb = "DELETE",
                 .path = kube::ApiClient::cronJobsPath(QStringLiteral("default")) +
                         QStringLiteral("/yearly")},
                nullptr, [&](const kube::ApiResult<kube::ApiResponse>& r) {
                    if (!r)
                        ADD_FAILURE() << r.error().message.toStdString();
                    deleted = r.has_value();
                });
    ASSERT_TRUE(waitUntil([&] { return deleted.has_value(); }, 20000));
    ASSERT_TRUE(waitUntil([&] { return ui.rows.count(key) == 0; }, 20000));
    thread.reset();
}
