#include "ClusterRunSource.h"

#include "Cli.h"
#include "ReportViews.h"
#include "WatchedStore.h"
#include "WindowViews.h"
#include "kube/ApiClient.h"
#include "serve/ObjectStore.h"
#include "serve/Server.h"
#include "store/RunTimeline.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

namespace tessera::agreement {

namespace q = quantity;

namespace {

const QString kSource = QStringLiteral("agree");

QByteArray manifest(const RunPlan& plan, const QString& name) {
    QStringList alwaysFailing;
    int exitCode = 1;
    bool retries = false;
    for (int i = 0; i < plan.completions; ++i) {
        const auto& codes = plan.exitCodes[static_cast<std::size_t>(i)];
        if (codes.size() == 1 && codes[0] != 0) {
            alwaysFailing << QString::number(i);
            exitCode = codes[0];
        }
        retries = retries || codes.size() > 1;
    }
    return QStringLiteral(R"(apiVersion: batch/v1
kind: Job
metadata:
  name: %1
  annotations:
    tessera.dev/sim-duration: "%2ms"
    tessera.dev/sim-fail-indexes: "%3"
    tessera.dev/sim-exit-code: "%4"
    tessera.dev/sim-fail-rate: "%5"
    tessera.dev/sim-backoff-scale: "0.001"
spec:
  completions: %6
  parallelism: %7
  completionMode: Indexed
  backoffLimitPerIndex: %8
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: busybox
)")
        .arg(name)
        .arg(plan.itemMillis)
        .arg(alwaysFailing.join(QLatin1Char(',')))
        .arg(exitCode)
        .arg(retries ? QStringLiteral("0.25") : QStringLiteral("0"))
        .arg(plan.completions)
        .arg(plan.parallelism)
        .arg(plan.backoffLimitPerIndex)
        .toUtf8();
}

kube::ClusterConnection connectionTo(const serve::Server& server) {
    kube::ClusterConnection c;
    c.contextName = c.clusterName = c.userName = kSource;
    c.namespace_ = QStringLiteral("default");
    c.server = server.url();
    return c;
}

std::unique_ptr<WatchedStore> watch(const serve::Server& server, const QString& historyPath,
                                    const QString& key) {
    store::ClusterSource::Options o;
    o.historyPath = historyPath;
    // No cluster name: the History keys attempts by the server's URL, as the window's does, so
    // `tessera report` (which finds the window's History) reads the same rows.
    o.emitInterval = std::chrono::milliseconds(20);
    o.informerBatch = std::chrono::milliseconds(20);
    o.historyFlush = std::chrono::milliseconds(50);
    o.backfillDelay = std::chrono::milliseconds(50);
    return std::make_unique<WatchedStore>(
        store::StoreThread::cluster(connectionTo(server), kSource, o), key);
}

// The Job object as the API server holds it: the source's own record.
void observeJobObject(const serve::Server& server, const QString& name, Observations& out) {
    QJsonObject job;
    server.run([&](serve::ObjectStore& store, serve::ApiServer&) {
        if (const auto o = store.get(QStringLiteral("jobs"), QStringLiteral("default"), name))
            job = o->json;
    });
    const QJsonObject status = job[u"status"].toObject();
    const QString view = QStringLiteral("Job object (API server)");
    QString state = QStringLiteral("Running"), reason;
    for (const QJsonValue& c : status[u"conditions"].toArray())
        if (c[u"status"].toString() == QLatin1String("True") &&
            (c[u"type"].toString() == QLatin1String("Complete") ||
             c[u"type"].toString() == QLatin1String("Failed"))) {
            state = c[u"type"].toString();
            reason = c[u"reason"].toString();
        }
    out.add(view, q::state, state);
    out.add(view, q::reason, reason);
    out.add(view, q::statusFailed, status[u"failed"].toInt());
    out.add(view, q::active, status[u"active"].toInt());
    out.add(view, q::completedIndexSet, status[u"completedIndexes"].toString());
    out.add(view, q::failedIndexSet, status[u"failedIndexes"].toString());
}

// A running pod of the job deleted through the API, as `kubectl delete pod` does.
void deleteRunningPod(const serve::Server& server, const QString& job) {
    QString pod;
    server.run([&](serve::ObjectStore& store, serve::ApiServer&) {
        for (const auto& o : store.list(QStringLiteral("pods"), QStringLiteral("default")))
            if (o->json[u"metadata"][u"labels"][u"batch.kubernetes.io/job-name"].toString() ==
                    job &&
                o->json[u"status"][u"phase"].toString() == QLatin1String("Running"))
                pod = o->json[u"metadata"][u"name"].toString();
    });
    if (pod.isEmpty())
        return;
    kube::ApiClient client(connectionTo(server));
    kube::ApiClient::Request request;
    request.verb = "DELETE";
    request.path = kube::ApiClient::podsPath(QStringLiteral("default")) + QLatin1Char('/') + pod;
    bool done = false;
    QObject context;
    client.send(request, &context, [&](const auto&) { done = true; });
    if (!QTest::qWaitFor([&] { return done; }, 10000))
        ADD_FAILURE() << "DELETE pod " << pod.toStdString() << ": no answer";
}

} // namespace

bool observeClusterRun(const RunPlan& plan, Observations& out) {
    QTemporaryDir dir;
    serve::ServeOptions options;
    options.seed = plan.seed;
    options.startLatency = std::chrono::milliseconds(20);
    options.tick = std::chrono::milliseconds(20);
    options.syncPeriod = std::chrono::milliseconds(20);
    serve::Server server(options);
    if (!server.listen()) {
        ADD_FAILURE() << "serve: " << server.errorString().toStdString();
        return false;
    }
    const QString name = QStringLiteral("agree-%1").arg(plan.seed);
    if (const auto created = server.createFromManifest(manifest(plan, name)); !created) {
        ADD_FAILURE() << "serve: " << created.error().message.toStdString();
        return false;
    }
    // Where `tessera report` finds it too, as it finds the window's: $XDG_DATA_HOME/tessera.
    const QString dataHome = dir.filePath(QStringLiteral("data"));
    const QString history = dataHome + QStringLiteral("/tessera/history.sqlite");
    const QString key = store::JobStore::makeKey(kSource, QStringLiteral("default"), name);
    auto watched = watch(server, history, key);
    const auto running = [&] {
        return watched->waitFor(
            [](const store::JobSnapshot& s) { return s.summary.active > 0 || finished(s); });
    };

    if (plan.newParallelism && running())
        watched->call(
            [key, p = *plan.newParallelism](store::JobStore* s) { s->setParallelism(key, p); });
    if (plan.restartStore && running()) {
        // With a deletion planned, the pod goes while no store watches: the History saw it
        // running and nobody saw it end (a lost attempt).
        watched.reset();
        if (plan.deleteRunningPod)
            deleteRunningPod(server, name);
        watched = watch(server, history, key);
    } else if (plan.deleteRunningPod && running()) {
        deleteRunningPod(server, name);
    }
    if (plan.suspendResume && running()) {
        watched->call([key](store::JobStore* s) { s->setSuspended(key, true); });
        watched->waitFor([](const store::JobSnapshot& s) {
            return (s.summary.suspended && s.summary.active == 0) || finished(s);
        });
        watched->call([key](store::JobStore* s) { s->setSuspended(key, false); });
    }
    if (!watched->waitFor([](const store::JobSnapshot& s) { return finished(s); }, 60000)) {
        ADD_FAILURE() << "the cluster store never showed the job finished";
        return false;
    }
    // Succeeded pods reach the window by a backfill after they left the watch: show the live
    // job once it has them (the window's steady state), or as it is after three seconds (the
    // backfill waits 50 ms here).
    (void)watched->waitFor(
        [](const store::JobSnapshot& s) {
            return store::RunTimeline::of(s, QDateTime::currentDateTimeUtc())
                       .succeededWithoutTimes == 0;
        },
        3000);
    observeJobObject(server, name, out);
    const store::JobSnapshotPtr live = watched->snapshot();
    observeWindow(live, QStringLiteral("live"), out);
    expectEveryAttemptEnded(QStringLiteral("live"), out);
    if (const auto input = watched->loadReportInput())
        observeReport(report::ReportBuilder::build(*input), QStringLiteral("live"), false, out);

    watched.reset();
    watched = watch(server, history, key);
    // A reload lists the pods the API still has and merges the History: wait for all of them.
    watched->waitFor([&](const store::JobSnapshot& s) {
        return finished(s) && s.attempts.size() >= live->attempts.size();
    });
    if (!watched->snapshot()) {
        ADD_FAILURE() << "a reloaded cluster store never showed the job";
        return false;
    }
    observeWindow(watched->snapshot(), QStringLiteral("reload"), out);
    expectEveryAttemptEnded(QStringLiteral("reload"), out);
    if (const auto input = watched->loadReportInput())
        observeReport(report::ReportBuilder::build(*input), QStringLiteral("reload"), true, out);

    const QString kubeconfig = dir.filePath(QStringLiteral("kubeconfig"));
    const QString json = dir.filePath(QStringLiteral("report.json"));
    if (const QString error = server.writeKubeconfig(kubeconfig, kSource); !error.isEmpty()) {
        ADD_FAILURE() << error.toStdString();
        return true;
    }
    const CliResult cli =
        runTessera({QStringLiteral("report"), QStringLiteral("--kubeconfig"), kubeconfig,
                    QStringLiteral("--source"), kSource, name, QStringLiteral("-o"), json},
                   60000, {QStringLiteral("XDG_DATA_HOME=") + dataHome});
    QFile file(json);
    if (cli.exitCode != 0 || !file.open(QIODevice::ReadOnly))
        ADD_FAILURE() << "tessera report --source " << kSource.toStdString() << ": "
                      << cli.err.toStdString();
    else
        observeJsonReport(file.readAll(), QStringLiteral("report JSON (tessera report)"), out);
    return true;
}

} // namespace tessera::agreement
