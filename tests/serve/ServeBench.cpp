// serve_bench: the figures of docs/PERFORMANCE.md ("Cluster client and serve"), measured against
// a real `tessera serve` (in-process, over loopback):
//  1. list + decode of N realistic pods (the full Pod JSON of tests/data/valid_pod_running.json,
//     ~4 KB each) by the cluster client: one ApiClient request + codec::decodePodList, and an
//     Informer's paged list (500 per page) as the app runs it;
//  2. `kubectl get pods -o json` on the same server in the same run, and the ratio;
//  3. a watch delivering R pod updates per second for S seconds, ingested by an Informer that
//     hands batches over: events/s delivered, batches/s, the largest backlog seen and whether it
//     grows.
// Usage: serve_bench [PODS=10000] [RATE=5000] [SECONDS=5]   (scripts/bench-list.sh runs it)
#include "codec/Decode.h"
#include "kube/ApiClient.h"
#include "kube/Informer.h"
#include "serve/ObjectStore.h"
#include "serve/Server.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <cstdio>

using namespace tessera;

namespace {

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

QJsonObject podFrom(const QJsonObject& tmpl, int i) {
    QJsonObject pod = tmpl;
    QJsonObject meta = pod.value(QStringLiteral("metadata")).toObject();
    const QString index = QString::number(i);
    meta.insert(
        QStringLiteral("name"),
        QStringLiteral("render-frames-%1-x%2").arg(i).arg(i % 9973, 4, 36, QLatin1Char('0')));
    meta.insert(QStringLiteral("uid"),
                QStringLiteral("a0b1c2d3-0000-4000-8000-%1").arg(i, 12, 10, QLatin1Char('0')));
    meta.remove(QStringLiteral("namespace"));
    QJsonObject labels = meta.value(QStringLiteral("labels")).toObject();
    labels.insert(QStringLiteral("batch.kubernetes.io/job-completion-index"), index);
    meta.insert(QStringLiteral("labels"), labels);
    QJsonObject annotations = meta.value(QStringLiteral("annotations")).toObject();
    annotations.insert(QStringLiteral("batch.kubernetes.io/job-completion-index"), index);
    meta.insert(QStringLiteral("annotations"), annotations);
    pod.insert(QStringLiteral("metadata"), meta);
    QJsonObject spec = pod.value(QStringLiteral("spec")).toObject();
    spec.insert(QStringLiteral("hostname"), QStringLiteral("render-frames-%1").arg(i));
    pod.insert(QStringLiteral("spec"), spec);
    return pod;
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const int podCount = argc > 1 ? std::atoi(argv[1]) : 10000;
    const int rate = argc > 2 ? std::atoi(argv[2]) : 5000;
    const int seconds = argc > 3 ? std::atoi(argv[3]) : 5;

    serve::ServeOptions options;
    options.runJobs = false;
    options.historyLimit =
        static_cast<std::size_t>(rate) * static_cast<std::size_t>(seconds) + 1000;
    serve::Server server(options);
    if (!server.listen(QHostAddress::LocalHost, 0)) {
        std::fprintf(stderr, "serve_bench: %s\n", qPrintable(server.errorString()));
        return 1;
    }
    QFile file(QStringLiteral(TESSERA_TEST_DATA_DIR "/valid_pod_running.json"));
    if (!file.open(QIODevice::ReadOnly))
        return 1;
    const QJsonObject tmpl = QJsonDocument::fromJson(file.readAll()).object();
    qint64 bytes = 0;
    server.run([&](serve::ObjectStore& store, serve::ApiServer&) {
        store.create(QStringLiteral("namespaces"), QString(),
                     QJsonObject{{QStringLiteral("metadata"),
                                  QJsonObject{{QStringLiteral("name"), QStringLiteral("batch")}}}});
        for (int i = 0; i < podCount; ++i) {
            auto stored =
                store.create(QStringLiteral("pods"), QStringLiteral("batch"), podFrom(tmpl, i));
            bytes += stored ? (*stored)->bytes.size() : 0;
        }
    });
    std::printf("server: %d pods, %.2f KB of JSON each (%.1f MB)\n", podCount,
                static_cast<double>(bytes) / podCount / 1024.0,
                static_cast<double>(bytes) / 1048576.0);

    kube::ClusterConnection connection;
    connection.contextName = QStringLiteral("bench");
    connection.server = server.url();
    auto* client = new kube::ApiClient(connection);
    QThread worker;
    client->moveToThread(&worker);
    worker.start();

    // 1a. One request, the whole list, decoded.
    std::vector<double> listTimes;
    std::size_t decodedItems = 0;
    for (int run = 0; run < 5; ++run) {
        QElapsedTimer t;
        t.start();
        bool done = false;
        kube::ApiClient::Request req;
        req.path = QStringLiteral("/api/v1/namespaces/batch/pods");
        QObject context;
        client->send(req, &context, [&](const kube::ApiResult<kube::ApiResponse>& r) {
            if (r) {
                const std::string body = r->body.toStdString();
                auto list = codec::decodePodList(body);
                decodedItems = list ? list->items.size() : 0;
            }
            done = true;
        });
        static_cast<void>(QTest::qWaitFor([&] { return done; }, 120000));
        listTimes.push_back(static_cast<double>(t.nsecsElapsed()) / 1e9);
    }
    // 1b. An Informer's paged list (limit=500), as the app lists.
    std::vector<double> informerTimes;
    for (int run = 0; run < 3; ++run) {
        kube::Informer::Options o;
        o.resource = kube::Resource::Pods;
        o.namespace_ = QStringLiteral("batch");
        o.pageSize = 500;
        auto* informer = new kube::Informer(client, o);
        qint64 ms = -1;
        QObject context;
        QObject::connect(informer, &kube::Informer::listed, &context,
                         [&](int, qint64 m) { ms = m; });
        informer->start();
        static_cast<void>(QTest::qWaitFor([&] { return ms >= 0; }, 120000));
        informerTimes.push_back(static_cast<double>(ms) / 1000.0);
        QMetaObject::invokeMethod(
            informer, [informer] { delete informer; }, Qt::BlockingQueuedConnection);
    }
    const double clientList = median(listTimes);
    std::printf("client list + decode (1 request): median %.3f s over 5 runs (%zu pods decoded)\n",
                clientList, decodedItems);
    std::printf("informer paged list + decode (500/page): median %.3f s over 3 runs\n",
                median(informerTimes));

    // 2. kubectl on the same server.
    const QString kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
    if (kubectl.isEmpty()) {
        std::printf("kubectl: not installed, no ratio\n");
    } else {
        QTemporaryDir dir;
        const QString kubeconfig = dir.filePath(QStringLiteral("kubeconfig"));
        server.writeKubeconfig(kubeconfig);
        std::vector<double> kubectlTimes;
        for (int run = 0; run < 3; ++run) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("HOME"), dir.path());
            p.setProcessEnvironment(env);
            p.setStandardOutputFile(QProcess::nullDevice());
            QElapsedTimer t;
            t.start();
            p.start(kubectl, {QStringLiteral("--kubeconfig"), kubeconfig, QStringLiteral("get"),
                              QStringLiteral("pods"), QStringLiteral("-n"), QStringLiteral("batch"),
                              QStringLiteral("-o"), QStringLiteral("json")});
            p.waitForFinished(300000);
            kubectlTimes.push_back(static_cast<double>(t.nsecsElapsed()) / 1e9);
        }
        const double k = median(kubectlTimes);
        std::printf(
            "kubectl get pods -o json: median %.3f s over 3 runs; ratio kubectl / client = %.1fx\n",
            k, k / clientList);
    }

    // 3. A watch at `rate` updates per second, ingested by an Informer in batches.
    kube::Informer::Options o;
    o.resource = kube::Resource::Pods;
    o.namespace_ = QStringLiteral("batch");
    o.pageSize = 500;
    auto* informer = new kube::Informer(client, o);
    bool listed = false;
    quint64 batches = 0, batchedEvents = 0;
    QObject context;
    QObject::connect(informer, &kube::Informer::listed, &context,
                     [&](int, qint64) { listed = true; });
    QObject::connect(informer, &kube::Informer::batchReady, &context,
                     [&](const kube::InformerBatchPtr& b) {
                         ++batches;
                         batchedEvents += static_cast<quint64>(b->events);
                     });
    informer->start();
    static_cast<void>(QTest::qWaitFor([&] { return listed && server.watchCount() == 1; }, 120000));
    const quint64 total = static_cast<quint64>(rate) * static_cast<quint64>(seconds);
    QTimer* updater = nullptr;
    std::shared_ptr<quint64> sent = std::make_shared<quint64>(0);
    server.run([&](serve::ObjectStore& store, serve::ApiServer&) {
        updater = new QTimer;
        auto clock = std::make_shared<QElapsedTimer>();
        clock->start();
        QObject::connect(
            updater, &QTimer::timeout, updater, [&store, clock, sent, rate, total, podCount, tmpl] {
                const auto due = std::min<quint64>(total, static_cast<quint64>(clock->elapsed()) *
                                                              static_cast<quint64>(rate) / 1000);
                for (; *sent < due; ++*sent) {
                    const int i = static_cast<int>(*sent % static_cast<quint64>(podCount));
                    const QString name = podFrom(tmpl, i)
                                             .value(QStringLiteral("metadata"))
                                             .toObject()
                                             .value(QStringLiteral("name"))
                                             .toString();
                    serve::ObjectPtr current =
                        store.get(QStringLiteral("pods"), QStringLiteral("batch"), name);
                    QJsonObject pod = current->json;
                    QJsonObject meta = pod.value(QStringLiteral("metadata")).toObject();
                    QJsonObject annotations = meta.value(QStringLiteral("annotations")).toObject();
                    annotations.insert(QStringLiteral("bench/update"), QString::number(*sent));
                    meta.insert(QStringLiteral("annotations"), annotations);
                    pod.insert(QStringLiteral("metadata"), meta);
                    store.update(QStringLiteral("pods"), QStringLiteral("batch"), name, pod);
                }
            });
        updater->start(5);
    });
    QElapsedTimer watchClock;
    watchClock.start();
    int maxPending = 0;
    qint64 maxBuffered = 0;
    std::vector<quint64> receivedAt; // per second
    quint64 lastSecond = 0;
    while (informer->eventsReceived() < total && watchClock.elapsed() < (seconds + 60) * 1000) {
        QTest::qWait(20);
        maxPending = std::max(maxPending, informer->pendingCount());
        maxBuffered = std::max(maxBuffered, informer->bufferedBytes());
        if (static_cast<quint64>(watchClock.elapsed() / 1000) > lastSecond) {
            lastSecond = static_cast<quint64>(watchClock.elapsed() / 1000);
            receivedAt.push_back(informer->eventsReceived());
        }
    }
    const double elapsed = static_cast<double>(watchClock.elapsed()) / 1000.0;
    static_cast<void>(
        QTest::qWaitFor([&] { return batchedEvents >= informer->eventsReceived(); }, 5000));
    server.run([&](serve::ObjectStore&, serve::ApiServer&) { delete updater; });
    std::printf("watch: %llu updates sent at %d/s for %d s; informer received %llu in %.2f s "
                "(%.0f events/s), %llu batches (%.1f/s), largest backlog %d objects / %lld bytes; "
                "behind at the end of each second:",
                static_cast<unsigned long long>(*sent), rate, seconds,
                static_cast<unsigned long long>(informer->eventsReceived()), elapsed,
                static_cast<double>(informer->eventsReceived()) / elapsed,
                static_cast<unsigned long long>(batches), static_cast<double>(batches) / elapsed,
                maxPending, static_cast<long long>(maxBuffered));
    for (std::size_t s = 0; s < receivedAt.size(); ++s) {
        const quint64 expected = std::min<quint64>(total, static_cast<quint64>(rate) * (s + 1));
        std::printf(" %lld",
                    static_cast<long long>(expected) - static_cast<long long>(receivedAt[s]));
    }
    std::printf("\n");
    QMetaObject::invokeMethod(
        informer, [informer] { delete informer; }, Qt::BlockingQueuedConnection);
    QMetaObject::invokeMethod(
        client, [client] { delete client; }, Qt::BlockingQueuedConnection);
    worker.quit();
    worker.wait();
    return informer == nullptr ? 1 : 0;
}
