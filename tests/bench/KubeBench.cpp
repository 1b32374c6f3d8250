// Cluster client benchmarks: list + decode of 10,000 realistic pods (~4 KB JSON each) through
// ApiClient + Informer, side by side with `kubectl get pods -o json` against the same server in
// the same run; and a watch delivering 5,000 pod updates/s, measuring the backlog.
//
// The server is a real HTTP server on loopback in its own thread (the list/watch subset of the
// API plus discovery for kubectl). Set TESSERA_BENCH_SERVER=http://host:port to measure against
// another server instead (e.g. `tessera serve` holding the pods in namespace "bench"); the watch
// benchmark needs the built-in server, which produces the update stream.
// Figures and commands: docs/PERFORMANCE.md.
#include "FakeApiServer.h"
#include "codec/Decode.h"
#include "kube/ApiClient.h"
#include "kube/Informer.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <atomic>
#include <benchmark/benchmark.h>
#include <cstdio>

using namespace tessera;
using namespace tessera::kube;
using tessera::kube::test::FakeApiServer;
using tessera::kube::test::HttpRequest;
using tessera::kube::test::ResponderPtr;

namespace {

constexpr int kPods = 10000;
const QString kNamespace = QStringLiteral("bench");

// A pod as a real cluster stores it (~4 KB): managed fields, a projected service-account volume,
// default tolerations, env, resources, probes, conditions, container status.
QByteArray benchPod(int i, qint64 rv) {
    const QByteArray n = "render-" + QByteArray::number(i) + "-x7k2p";
    const QByteArray idx = QByteArray::number(i);
    QByteArray s;
    s.reserve(4300);
    s +=
        R"({"kind":"Pod","apiVersion":"v1","metadata":{"name":")" + n +
        R"(","generateName":"render-)" + idx +
        R"(-","namespace":"bench","uid":"6f1c2a4e-0d3b-4c1e-9a55-)" +
        QByteArray::number(100000000000LL + i) + R"(","resourceVersion":")" + QByteArray::number(rv) + R"(","creationTimestamp":"2026-11-22T10:00:00Z","labels":{"batch.kubernetes.io/controller-uid":"0b9e4c55-1f7a-4f0e-8c7d-3a2b1c0d9e8f","batch.kubernetes.io/job-completion-index":")" + idx + R"(","batch.kubernetes.io/job-name":"render","controller-uid":"0b9e4c55-1f7a-4f0e-8c7d-3a2b1c0d9e8f","job-name":"render","app.kubernetes.io/name":"render","app.kubernetes.io/part-of":"vfx-pipeline"},"annotations":{"batch.kubernetes.io/job-completion-index":")" + idx + R"(","kubectl.kubernetes.io/default-container":"main"},"ownerReferences":[{"apiVersion":"batch/v1","kind":"Job","name":"render","uid":"0b9e4c55-1f7a-4f0e-8c7d-3a2b1c0d9e8f","controller":true,"blockOwnerDeletion":true}],"finalizers":["batch.kubernetes.io/job-tracking"],"managedFields":[{"manager":"kube-controller-manager","operation":"Update","apiVersion":"v1","time":"2026-11-22T10:00:00Z","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{"f:annotations":{".":{},"f:batch.kubernetes.io/job-completion-index":{}},"f:finalizers":{".":{},"v:\"batch.kubernetes.io/job-tracking\"":{}},"f:generateName":{},"f:labels":{".":{},"f:batch.kubernetes.io/controller-uid":{},"f:batch.kubernetes.io/job-completion-index":{},"f:batch.kubernetes.io/job-name":{},"f:controller-uid":{},"f:job-name":{}},"f:ownerReferences":{".":{},"k:{\"uid\":\"0b9e4c55-1f7a-4f0e-8c7d-3a2b1c0d9e8f\"}":{}}},"f:spec":{"f:containers":{"k:{\"name\":\"main\"}":{".":{},"f:command":{},"f:env":{},"f:image":{},"f:imagePullPolicy":{},"f:name":{},"f:resources":{}}},"f:restartPolicy":{},"f:hostname":{},"f:subdomain":{}}}},{"manager":"kubelet","operation":"Update","apiVersion":"v1","time":"2026-11-22T10:00:06Z","fieldsType":"FieldsV1","fieldsV1":{"f:status":{"f:conditions":{},"f:containerStatuses":{},"f:hostIP":{},"f:phase":{},"f:podIP":{},"f:podIPs":{},"f:startTime":{}}},"subresource":"status"}]},)";
    s +=
        R"("spec":{"volumes":[{"name":"kube-api-access-8xq2z","projected":{"sources":[{"serviceAccountToken":{"expirationSeconds":3607,"path":"token"}},{"configMap":{"name":"kube-root-ca.crt","items":[{"key":"ca.crt","path":"ca.crt"}]}},{"downwardAPI":{"items":[{"path":"namespace","fieldRef":{"apiVersion":"v1","fieldPath":"metadata.namespace"}}]}}],"defaultMode":420}}],"containers":[{"name":"main","image":"registry.example.com/vfx/render:2026.11.3","command":["/bin/render","--scene","/scenes/shot-042.usd","--frame-from-env"],"env":[{"name":"JOB_COMPLETION_INDEX","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.labels['batch.kubernetes.io/job-completion-index']"}}},{"name":"RENDER_THREADS","value":"4"}],"resources":{"limits":{"cpu":"4","memory":"8Gi"},"requests":{"cpu":"2","memory":"4Gi"}},"volumeMounts":[{"name":"kube-api-access-8xq2z","readOnly":true,"mountPath":"/var/run/secrets/kubernetes.io/serviceaccount"}],"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File","imagePullPolicy":"IfNotPresent"}],"restartPolicy":"Never","terminationGracePeriodSeconds":30,"dnsPolicy":"ClusterFirst","serviceAccountName":"default","serviceAccount":"default","nodeName":"node-)" +
        QByteArray::number(i % 40) + R"(","hostname":"render-)" + idx +
        R"(","subdomain":"render","securityContext":{},"schedulerName":"default-scheduler","tolerations":[{"key":"node.kubernetes.io/not-ready","operator":"Exists","effect":"NoExecute","tolerationSeconds":300},{"key":"node.kubernetes.io/unreachable","operator":"Exists","effect":"NoExecute","tolerationSeconds":300}],"priority":0,"enableServiceLinks":true,"preemptionPolicy":"PreemptLowerPriority"},)";
    s +=
        R"("status":{"phase":"Running","conditions":[{"type":"PodReadyToStartContainers","status":"True","lastProbeTime":null,"lastTransitionTime":"2026-11-22T10:00:04Z"},{"type":"Initialized","status":"True","lastProbeTime":null,"lastTransitionTime":"2026-11-22T10:00:01Z"},{"type":"Ready","status":"True","lastProbeTime":null,"lastTransitionTime":"2026-11-22T10:00:06Z"},{"type":"ContainersReady","status":"True","lastProbeTime":null,"lastTransitionTime":"2026-11-22T10:00:06Z"},{"type":"PodScheduled","status":"True","lastProbeTime":null,"lastTransitionTime":"2026-11-22T10:00:00Z"}],"hostIP":"10.0.3.)" +
        QByteArray::number(i % 40) + R"(","hostIPs":[{"ip":"10.0.3.)" + QByteArray::number(i % 40) +
        R"("}],"podIP":"10.244.)" + QByteArray::number(i % 200) + '.' +
        QByteArray::number(i % 250) + R"(","podIPs":[{"ip":"10.244.)" +
        QByteArray::number(i % 200) + '.' + QByteArray::number(i % 250) +
        R"("}],"startTime":"2026-11-22T10:00:01Z","containerStatuses":[{"name":"main","state":{"running":{"startedAt":"2026-11-22T10:00:05Z"}},"lastState":{},"ready":true,"restartCount":0,"image":"registry.example.com/vfx/render:2026.11.3","imageID":"registry.example.com/vfx/render@sha256:3b1f0c9e2d4a5b6c7d8e9f00112233445566778899aabbccddeeff0011223344","containerID":"containerd://9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0","started":true}],"qosClass":"Burstable"}})";
    return s;
}

// The pods as prefix + resourceVersion + suffix, so a new version costs a concatenation.
struct PodTemplates {
    std::vector<QByteArray> prefix;
    std::vector<QByteArray> suffix;
    PodTemplates() {
        for (int i = 0; i < kPods; ++i) {
            const QByteArray full = benchPod(i, 1);
            const QByteArray marker = R"("resourceVersion":"1")";
            const qsizetype at = full.indexOf(marker) + marker.size() - 2; // before the 1
            prefix.push_back(full.left(at));
            suffix.push_back(full.mid(at + 1));
        }
    }
    QByteArray render(int i, qint64 rv) const {
        return prefix[size_t(i)] + QByteArray::number(rv) + suffix[size_t(i)];
    }
};

// Lives on its own thread: the list/watch/discovery server and the update producer.
class BenchServer : public QObject {
public:
    explicit BenchServer(const PodTemplates& pods)
        : m_pods(pods)
        , m_rv(kPods, 1) {
        using namespace tessera::kube::test;
        const QString path = QStringLiteral("/api/v1/namespaces/bench/pods");
        m_server.route("GET", path, [this](const HttpRequest& q, const ResponderPtr& r) {
            if (q.param("watch") == QLatin1String("1") ||
                q.param("watch") == QLatin1String("true")) {
                r->beginStream();
                m_watchers.push_back(r);
                return;
            }
            list(q, r);
        });
        // Discovery, enough for kubectl.
        m_server.route("GET", QStringLiteral("/api"), [](const HttpRequest&, const ResponderPtr& r) {
            r->replyJson(
                200,
                R"({"kind":"APIVersions","versions":["v1"],"serverAddressByClientCIDRs":[{"clientCIDR":"0.0.0.0/0","serverAddress":"127.0.0.1"}]})");
        });
        m_server.route(
            "GET", QStringLiteral("/apis"), [](const HttpRequest&, const ResponderPtr& r) {
                r->replyJson(200, R"({"kind":"APIGroupList","apiVersion":"v1","groups":[]})");
            });
        m_server.route("GET", QStringLiteral("/api/v1"), [](const HttpRequest&, const ResponderPtr& r) {
            r->replyJson(
                200,
                R"({"kind":"APIResourceList","groupVersion":"v1","resources":[{"name":"pods","singularName":"pod","namespaced":true,"kind":"Pod","verbs":["create","delete","get","list","patch","update","watch"],"shortNames":["po"],"categories":["all"]}]})");
        });
        m_server.route(
            "GET", QStringLiteral("/version"), [](const HttpRequest&, const ResponderPtr& r) {
                r->replyJson(
                    200,
                    R"({"major":"1","minor":"32","gitVersion":"v1.32.0","platform":"linux/amd64"})");
            });
        m_tick.setTimerType(Qt::PreciseTimer);
        connect(&m_tick, &QTimer::timeout, this, [this] { produce(); });
    }

    QUrl url() const { return m_server.url(); }
    qint64 produced() const { return m_produced.load(); }
    bool producing() const { return m_producing.load(); }
    qint64 listBytes() const { return m_listBytes.load(); }

    // Sends `rate` MODIFIED events per second for `seconds`, in 10 ms ticks.
    void startProducing(int rate, int seconds) {
        m_rate = rate;
        m_seconds = seconds;
        m_produced = 0;
        m_producing = true;
        m_clock.start();
        m_tick.start(10);
    }

private:
    void list(const HttpRequest& q, const ResponderPtr& r) {
        const int limit =
            std::max(1, q.param("limit").toInt() > 0 ? q.param("limit").toInt() : kPods);
        const int offset = q.param("continue").toInt();
        const int end = std::min(kPods, offset + limit);
        QByteArray body;
        body.reserve(qsizetype(end - offset) * 4400 + 200);
        body += R"({"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":")" +
                QByteArray::number(m_version) + R"(")";
        if (end < kPods)
            body += R"(,"continue":")" + QByteArray::number(end) + '"';
        body += R"(},"items":[)";
        for (int i = offset; i < end; ++i) {
            if (i > offset)
                body += ',';
            body += m_pods.render(i, m_rv[size_t(i)]);
        }
        body += "]}";
        m_listBytes += body.size();
        r->replyJson(200, body);
    }

    void produce() {
        const qint64 due =
            std::min<qint64>(qint64(m_rate) * m_seconds, m_clock.elapsed() * m_rate / 1000);
        QByteArray chunk;
        while (m_produced.load() < due) {
            const int i = int(m_next++ % kPods);
            m_rv[size_t(i)] = ++m_version;
            chunk += R"({"type":"MODIFIED","object":)" + m_pods.render(i, m_version) + "}\n";
            ++m_produced;
        }
        for (const auto& w : m_watchers)
            if (w->alive())
                w->write(chunk);
        if (m_produced.load() >= qint64(m_rate) * m_seconds) {
            m_tick.stop();
            m_producing = false;
        }
    }

    const PodTemplates& m_pods;
    FakeApiServer m_server;
    std::vector<qint64> m_rv;
    qint64 m_version = 1000;
    std::vector<ResponderPtr> m_watchers;
    QTimer m_tick;
    QElapsedTimer m_clock;
    int m_rate = 0;
    int m_seconds = 0;
    quint64 m_next = 0;
    std::atomic<qint64> m_produced{0};
    std::atomic<bool> m_producing{false};
    std::atomic<qint64> m_listBytes{0};
};

// Runs the event loop until `done` (checked every 2 ms and on every event) or the timeout.
bool spinUntil(const std::function<bool()>& done, int timeoutMs) {
    QEventLoop loop;
    QTimer poll;
    QElapsedTimer t;
    t.start();
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (done() || t.elapsed() > timeoutMs)
            loop.quit();
    });
    poll.start(2);
    if (!done())
        loop.exec();
    return done();
}

struct World {
    PodTemplates pods;
    QThread serverThread;
    BenchServer* server = nullptr;
    QThread clientThread;
    ApiClient* client = nullptr;
    QUrl url;
    QTemporaryDir home;
    QString kubeconfig;
    bool external = false;

    World() {
        const QByteArray externalUrl = qgetenv("TESSERA_BENCH_SERVER");
        if (!externalUrl.isEmpty()) {
            external = true;
            url = QUrl(QString::fromLocal8Bit(externalUrl));
        } else {
            serverThread.start();
            // Construct the server on its thread, so its sockets and timers belong there.
            auto* anchor = new QObject;
            anchor->moveToThread(&serverThread);
            BenchServer* created = nullptr;
            QMetaObject::invokeMethod(
                anchor, [&] { created = new BenchServer(pods); }, Qt::BlockingQueuedConnection);
            anchor->deleteLater();
            server = created;
            url = server->url();
        }
        ClusterConnection c;
        c.contextName = QStringLiteral("bench");
        c.userName = QStringLiteral("bench");
        c.clusterName = QStringLiteral("bench");
        c.server = url;
        client = new ApiClient(c);
        client->moveToThread(&clientThread);
        clientThread.start();

        kubeconfig = home.filePath(QStringLiteral("kubeconfig"));
        QFile f(kubeconfig);
        if (f.open(QIODevice::WriteOnly))
            f.write("apiVersion: v1\nkind: Config\ncurrent-context: bench\nclusters:\n- name: "
                    "bench\n  cluster:\n"
                    "    server: " +
                    url.toString().toUtf8() +
                    "\ncontexts:\n- name: bench\n  context: {cluster: bench, user: bench, "
                    "namespace: bench}\n"
                    "users:\n- name: bench\n  user: {token: bench}\n");
    }
    ~World() {
        QMetaObject::invokeMethod(
            client, [c = client] { delete c; }, Qt::BlockingQueuedConnection);
        clientThread.quit();
        clientThread.wait();
        if (server) {
            QMetaObject::invokeMethod(
                server, [s = server] { delete s; }, Qt::BlockingQueuedConnection);
            serverThread.quit();
            serverThread.wait();
        }
    }
};

World* g_world = nullptr;

Informer* newPodInformer() {
    Informer::Options o;
    o.resource = Resource::Pods;
    o.namespace_ = kNamespace;
    o.pageSize = 500; // as kubectl pages
    return new Informer(g_world->client, o);
}

void deleteInformer(Informer* i) {
    QMetaObject::invokeMethod(
        i, [i] { delete i; }, Qt::BlockingQueuedConnection);
}

// ApiClient + Informer: from start() until the complete, decoded list reaches the main thread.
void BM_Tessera_ListDecodePods(benchmark::State& state) {
    QObject context;
    size_t objects = 0;
    for (auto _ : state) {
        Informer* informer = newPodInformer();
        QElapsedTimer t;
        qint64 done = -1;
        QObject::connect(informer, &Informer::batchReady, &context, [&](const InformerBatchPtr& b) {
            if (b->replace && done < 0) {
                done = t.nsecsElapsed();
                objects = b->pods.size();
            }
        });
        t.start();
        informer->start();
        if (!spinUntil([&] { return done >= 0; }, 60000)) {
            state.SkipWithError("the list did not arrive");
            deleteInformer(informer);
            return;
        }
        state.SetIterationTime(double(done) / 1e9);
        deleteInformer(informer);
    }
    state.counters["pods"] = double(objects);
    state.counters["pods/s"] = benchmark::Counter(double(objects) * double(state.iterations()),
                                                  benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Tessera_ListDecodePods)->UseManualTime()->Iterations(5)->Unit(benchmark::kMillisecond);

// `kubectl get pods -o <format>` against the same server, output discarded. `-o json` is the
// comparison the issue asks for (kubectl also re-serializes 48 MB); `-o name` still lists and
// decodes every pod but prints little, isolating kubectl's list + decode.
void kubectlGetPods(benchmark::State& state, const QString& format) {
    const QString kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
    if (kubectl.isEmpty()) {
        state.SkipWithError("kubectl is not installed");
        return;
    }
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"),
               g_world->home.path()); // its discovery cache, warmed by the first run
    env.insert(QStringLiteral("KUBECONFIG"), g_world->kubeconfig);
    auto run = [&] {
        QProcess p;
        p.setProcessEnvironment(env);
        p.setStandardOutputFile(QProcess::nullDevice());
        p.start(kubectl, {QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-n"),
                          kNamespace, QStringLiteral("-o"), format});
        p.waitForFinished(120000);
        if (p.exitCode() != 0)
            std::fprintf(stderr, "kubectl: %s\n", p.readAllStandardError().constData());
        return p.exitCode() == 0;
    };
    if (!run()) {
        state.SkipWithError("kubectl failed");
        return;
    }
    for (auto _ : state) {
        QElapsedTimer t;
        t.start();
        if (!run()) {
            state.SkipWithError("kubectl failed");
            return;
        }
        state.SetIterationTime(double(t.nsecsElapsed()) / 1e9);
    }
}
void BM_Kubectl_GetPodsJson(benchmark::State& state) {
    kubectlGetPods(state, QStringLiteral("json"));
}
void BM_Kubectl_GetPodsName(benchmark::State& state) {
    kubectlGetPods(state, QStringLiteral("name"));
}
BENCHMARK(BM_Kubectl_GetPodsJson)->UseManualTime()->Iterations(3)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Kubectl_GetPodsName)->UseManualTime()->Iterations(3)->Unit(benchmark::kMillisecond);

// The codec alone on one 500-pod page, for the breakdown.
void BM_Codec_DecodePodListPage(benchmark::State& state) {
    QByteArray body =
        R"({"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"5"},"items":[)";
    for (int i = 0; i < 500; ++i) {
        if (i)
            body += ',';
        body += g_world->pods.render(i, 7);
    }
    body += "]}";
    for (auto _ : state) {
        auto list = codec::decodePodList(std::string_view(body.constData(), size_t(body.size())));
        benchmark::DoNotOptimize(list);
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * body.size());
    state.counters["pod_bytes"] = double(body.size()) / 500.0;
}
BENCHMARK(BM_Codec_DecodePodListPage)->Unit(benchmark::kMillisecond);

// A watch delivering `rate` pod updates per second for 10 s. Backlog = updates the server has
// written minus updates the main thread has received in batches (socket buffers, the line
// buffer, pending coalesced events and queued batches all count), sampled every 100 ms.
void BM_Tessera_WatchPodUpdates(benchmark::State& state) {
    if (!g_world->server) {
        state.SkipWithError("needs the built-in server (unset TESSERA_BENCH_SERVER)");
        return;
    }
    const int rate = int(state.range(0));
    constexpr int kSeconds = 10;
    for (auto _ : state) {
        Informer* informer = newPodInformer();
        QObject context;
        qint64 consumed = 0;
        qint64 upserts = 0;
        int batches = 0;
        bool listed = false;
        QObject::connect(informer, &Informer::batchReady, &context, [&](const InformerBatchPtr& b) {
            if (b->replace) {
                listed = true;
                return;
            }
            consumed += b->events;
            upserts += qint64(b->pods.size());
            ++batches;
        });
        informer->start();
        if (!spinUntil([&] { return listed; }, 60000)) {
            state.SkipWithError("the list did not arrive");
            deleteInformer(informer);
            return;
        }
        spinUntil([] { return false; }, 300); // let the watch connect
        BenchServer* server = g_world->server;
        QMetaObject::invokeMethod(
            server, [server, rate] { server->startProducing(rate, kSeconds); },
            Qt::BlockingQueuedConnection);
        std::vector<qint64> backlog;
        qint64 maxPending = 0;
        qint64 maxBuffered = 0;
        QTimer sampler;
        QObject::connect(&sampler, &QTimer::timeout, &context, [&] {
            backlog.push_back(server->produced() - consumed);
            maxPending = std::max<qint64>(maxPending, informer->pendingCount());
            maxBuffered = std::max(maxBuffered, informer->bufferedBytes());
        });
        sampler.start(100);
        QElapsedTimer t;
        t.start();
        spinUntil([&] { return !server->producing(); }, (kSeconds + 30) * 1000);
        const qint64 producedAll = server->produced();
        QElapsedTimer drain;
        drain.start();
        spinUntil([&] { return consumed >= producedAll; }, 30000);
        const double drainMs = double(drain.nsecsElapsed()) / 1e6;
        sampler.stop();
        state.SetIterationTime(double(t.nsecsElapsed()) / 1e9);

        const size_t half = backlog.size() / 2;
        auto mean = [](auto b, auto e) {
            double s = 0;
            size_t n = 0;
            for (auto it = b; it != e; ++it, ++n)
                s += double(*it);
            return n ? s / double(n) : 0.0;
        };
        state.counters["updates"] = double(producedAll);
        state.counters["received"] = double(consumed);
        state.counters["batches"] = double(batches);
        state.counters["upserts_per_batch"] = batches ? double(upserts) / batches : 0;
        state.counters["backlog_max"] =
            backlog.empty() ? 0 : double(*std::max_element(backlog.begin(), backlog.end()));
        state.counters["backlog_mean_1st_half"] =
            mean(backlog.begin(), backlog.begin() + long(half));
        state.counters["backlog_mean_2nd_half"] = mean(backlog.begin() + long(half), backlog.end());
        state.counters["pending_max"] = double(maxPending);
        state.counters["line_buffer_max_bytes"] = double(maxBuffered);
        state.counters["drain_ms"] = drainMs;
        deleteInformer(informer);
    }
}
BENCHMARK(BM_Tessera_WatchPodUpdates)
    ->Arg(5000)
    ->Arg(20000)
    ->UseManualTime()
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    World world;
    g_world = &world;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    g_world = nullptr;
    return 0;
}
