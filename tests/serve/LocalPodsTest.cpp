// `tessera serve --local` running pods as real processes through tessera_local's process runner,
// in-process over real sockets: how a process ends (signals as 128+N), a pod deleted while it
// runs, a work list launched as `tessera launch` generates it (items ConfigMap mounted), ConfigMap
// and Secret volumes and env references, and a pod's environment holding nothing of the server's.
#include "../kube/ClientHarness.h"
#include "launch/LaunchGenerator.h"
#include "serve/Server.h"
#include "worklist/WorkListFormats.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <gtest/gtest.h>
#include <pwd.h>
#include <unistd.h>

using namespace tessera;
using namespace tessera::kube;
using namespace tessera::kube::test;

namespace {

QJsonObject json(const ApiResult<ApiResponse>& r) {
    return r ? QJsonDocument::fromJson(r->body).object() : QJsonObject();
}

QJsonObject at(const QJsonObject& o, const char* path) {
    QJsonObject out = o;
    for (const QString& part : QString::fromLatin1(path).split(QLatin1Char('.')))
        out = out.value(part).toObject();
    return out;
}

class ServeLocal : public testing::Test {
protected:
    void startServer(const QString& token = QString()) {
        serve::ServeOptions o;
        o.localProcesses = true;
        o.startLatency = std::chrono::milliseconds(20);
        o.syncPeriod = std::chrono::milliseconds(50);
        o.tick = std::chrono::milliseconds(20);
        o.token = token;
        server = std::make_unique<serve::Server>(o);
        ASSERT_TRUE(server->listen(QHostAddress::LocalHost, 0))
            << server->errorString().toStdString();
        ClusterConnection c;
        c.contextName = c.clusterName = c.userName = QStringLiteral("tessera");
        c.namespace_ = QStringLiteral("default");
        c.server = server->url();
        c.token = token;
        harness = std::make_unique<ClientHarness>(c);
    }
    void TearDown() override {
        harness.reset();
        server.reset();
    }
    bool waitFor(const std::function<bool()>& f, int ms = 30000) { return QTest::qWaitFor(f, ms); }

    ApiResult<ApiResponse> send(const QByteArray& verb, const QString& path) {
        ApiClient::Request req;
        req.verb = verb;
        req.path = path;
        return harness->wait<ApiResponse>(
            [&](QObject* ctx, auto cb) { harness->client->send(req, ctx, cb); });
    }
    QJsonObject get(const QString& path) { return json(send("GET", path)); }
    QJsonArray pods() {
        return get(QStringLiteral("/api/v1/namespaces/default/pods"))
            .value(QStringLiteral("items"))
            .toArray();
    }
    QByteArray log(const QString& pod) {
        const auto r =
            send("GET", QStringLiteral("/api/v1/namespaces/default/pods/%1/log").arg(pod));
        return r ? r->body : QByteArray();
    }
    // The Job's condition of `type` with status True, once it is there (empty after the wait).
    QJsonObject waitForCondition(const QString& job, const char* type) {
        QJsonObject found;
        waitFor([&] {
            const QJsonObject status =
                get(QStringLiteral("/apis/batch/v1/namespaces/default/jobs/") + job)
                    .value(QStringLiteral("status"))
                    .toObject();
            for (const QJsonValue& c : status.value(QStringLiteral("conditions")).toArray())
                if (c.toObject().value(QStringLiteral("type")) == QLatin1String(type) &&
                    c.toObject().value(QStringLiteral("status")) == QLatin1String("True"))
                    found = c.toObject();
            return !found.isEmpty();
        });
        return found;
    }
    static QString nameOf(const QJsonValue& pod) {
        return at(pod.toObject(), "metadata").value(QStringLiteral("name")).toString();
    }
    static QJsonObject terminatedOf(const QJsonValue& pod) {
        return at(pod.toObject(), "status")
            .value(QStringLiteral("containerStatuses"))
            .toArray()
            .at(0)
            .toObject()
            .value(QStringLiteral("state"))
            .toObject()
            .value(QStringLiteral("terminated"))
            .toObject();
    }

    std::unique_ptr<serve::Server> server;
    std::unique_ptr<ClientHarness> harness;
};

QByteArray job(const char* name, const char* container, const char* extraSpec = "",
               int backoffLimit = 0) {
    return QStringLiteral(R"(apiVersion: batch/v1
kind: Job
metadata:
  name: %1
spec:
  completions: 1
  completionMode: Indexed
  backoffLimit: %4
%3
  template:
    spec:
      restartPolicy: Never
      terminationGracePeriodSeconds: 5
      containers:
      - name: main
        image: ignored
%2
)")
        .arg(QLatin1String(name), QLatin1String(container), QLatin1String(extraSpec))
        .arg(backoffLimit)
        .toUtf8();
}

} // namespace

TEST_F(ServeLocal, APodKilledBySignalEndsWith128PlusTheSignalAndTheSignal) {
    startServer();
    ASSERT_TRUE(server->createFromManifest(
        // "$$" is how a pod spec writes "$" (the kubelet's $(VAR) expansion): the shell's PID.
        job("sigterm", R"(        command: ["/bin/sh", "-c", "kill -TERM $$$$"])")));
    ASSERT_FALSE(waitForCondition(QStringLiteral("sigterm"), "Failed").isEmpty());
    const QJsonArray all = pods();
    ASSERT_EQ(all.size(), 1);
    const QJsonObject terminated = terminatedOf(all[0]);
    EXPECT_EQ(terminated.value(QStringLiteral("exitCode")).toInt(), 143)
        << QJsonDocument(terminated).toJson().toStdString();
    EXPECT_EQ(terminated.value(QStringLiteral("signal")).toInt(), 15);
}

TEST_F(ServeLocal, ARunningPodDeletedEndsWith143AndAPodFailurePolicyRuleOn143ActsOnIt) {
    startServer();
    ASSERT_TRUE(server->createFromManifest(
        job("deleted", R"(        command: ["/bin/sh", "-c", "echo started; sleep 60"])",
            R"(  podFailurePolicy:
    rules:
    - action: FailJob
      onExitCodes:
        containerName: main
        operator: In
        values: [143])",
            6)));
    QString pod;
    ASSERT_TRUE(waitFor([&] {
        const QJsonArray all = pods();
        pod = all.isEmpty() ? QString() : nameOf(all[0]);
        return !pod.isEmpty() && log(pod).contains("started");
    }));
    const auto deleted = send("DELETE", QStringLiteral("/api/v1/namespaces/default/pods/") + pod);
    ASSERT_TRUE(deleted) << deleted.error().message.toStdString();

    // As on a cluster: SIGTERM, the process ends with 143, the rule fails the Job at once.
    const QJsonObject failed = waitForCondition(QStringLiteral("deleted"), "Failed");
    ASSERT_FALSE(failed.isEmpty());
    EXPECT_EQ(failed.value(QStringLiteral("reason")).toString(),
              QStringLiteral("PodFailurePolicy"));
    EXPECT_TRUE(failed.value(QStringLiteral("message")).toString().contains(QStringLiteral("143")))
        << failed.value(QStringLiteral("message")).toString().toStdString();
}

TEST_F(ServeLocal, ADeletedPodEndsAsItsProcessEndsAndPodFailurePolicyRulesSeeThatExitCode) {
    startServer();
    // The process handles SIGTERM itself, as a container may: the controller must see its real
    // exit code (42), not one assumed for every deleted pod.
    ASSERT_TRUE(server->createFromManifest(job(
        "trapped",
        R"(        command: ["/bin/sh", "-c", "trap 'exit 42' TERM; echo started; sleep 60 & wait"])",
        R"(  podFailurePolicy:
    rules:
    - action: FailJob
      onExitCodes:
        containerName: main
        operator: In
        values: [42])",
        6)));
    QString pod;
    ASSERT_TRUE(waitFor([&] {
        const QJsonArray all = pods();
        pod = all.isEmpty() ? QString() : nameOf(all[0]);
        return !pod.isEmpty() && log(pod).contains("started");
    }));
    ASSERT_TRUE(send("DELETE", QStringLiteral("/api/v1/namespaces/default/pods/") + pod));
    const QJsonObject failed = waitForCondition(QStringLiteral("trapped"), "Failed");
    ASSERT_FALSE(failed.isEmpty());
    EXPECT_EQ(failed.value(QStringLiteral("reason")).toString(),
              QStringLiteral("PodFailurePolicy"));
    EXPECT_TRUE(failed.value(QStringLiteral("message")).toString().contains(QStringLiteral("42")))
        << failed.value(QStringLiteral("message")).toString().toStdString();
}

TEST_F(ServeLocal, RunsAWorkListLaunchedAsLaunchGeneratesItAndTheItemsOutputIsThePodsLog) {
    startServer();
    auto list = worklist::parseCsv("NAME\nalpha\n\"it's two  words\"\ngamma\n", "items.csv");
    ASSERT_TRUE(list.ok()) << list.error().describe();
    list->setCommandTemplate("echo \"item $JOB_COMPLETION_INDEX: $NAME\"");
    launch::LaunchSpec spec;
    spec.name = "launched";
    spec.image = "busybox";
    spec.parallelism = 2;
    const auto manifests = launch::LaunchGenerator::generate(spec, *list);
    ASSERT_TRUE(manifests.ok()) << manifests.error().message;
    const auto created = server->createFromManifest(QByteArray::fromStdString(manifests->yaml()));
    ASSERT_TRUE(created) << created.error().message.toStdString();

    ASSERT_FALSE(waitForCondition(QStringLiteral("launched"), "Complete").isEmpty());
    const char* expected[] = {"item 0: alpha\n", "item 1: it's two  words\n", "item 2: gamma\n"};
    const QJsonArray all = pods();
    ASSERT_EQ(all.size(), 3);
    for (const QJsonValue& pod : all) {
        const int index = at(pod.toObject(), "metadata.annotations")
                              .value(QStringLiteral("batch.kubernetes.io/job-completion-index"))
                              .toString()
                              .toInt();
        EXPECT_EQ(log(nameOf(pod)).toStdString(), expected[index]);
        EXPECT_EQ(terminatedOf(pod).value(QStringLiteral("exitCode")).toInt(-1), 0);
    }
}

TEST_F(ServeLocal, APodsEnvironmentIsWhatItsSpecSaysAndNothingOfTheServers) {
    const QByteArray token = "serve-token-that-must-not-leak";
    qputenv("TESSERA_SERVE_TOKEN", token);
    qputenv("TESSERA_TEST_SERVER_ONLY", "server-environment");
    startServer(QString::fromLatin1(token));
    ASSERT_TRUE(server->createFromManifest(R"(apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  colour: blue
---
apiVersion: v1
kind: Secret
metadata:
  name: credentials
stringData:
  password: hunter2
)"));
    ASSERT_TRUE(server->createFromManifest(job("env", R"(        command: ["env"]
        env:
        - name: GREETING
          value: hello $(COLOUR)
        - name: COLOUR
          valueFrom:
            configMapKeyRef: {name: settings, key: colour}
        - name: PASSWORD
          valueFrom:
            secretKeyRef: {name: credentials, key: password}
        - name: POD_NAME
          valueFrom:
            fieldRef: {fieldPath: metadata.name})")));
    ASSERT_FALSE(waitForCondition(QStringLiteral("env"), "Complete").isEmpty());
    qunsetenv("TESSERA_SERVE_TOKEN");
    qunsetenv("TESSERA_TEST_SERVER_ONLY");
    const QJsonArray all = pods();
    ASSERT_EQ(all.size(), 1);
    const QString pod = nameOf(all[0]);
    const QByteArray output = log(pod);
    EXPECT_FALSE(output.contains(token)) << output.toStdString();
    EXPECT_FALSE(output.contains("server-environment")) << output.toStdString();

    QMap<QString, QString> env;
    for (const QByteArray& line : output.split('\n'))
        if (!line.isEmpty())
            env.insert(QString::fromUtf8(line.left(line.indexOf('='))),
                       QString::fromUtf8(line.mid(line.indexOf('=') + 1)));
    const QStringList names = env.keys();
    const QStringList wanted =
        QString::fromLatin1("COLOUR GREETING HOME HOSTNAME JOB_COMPLETION_INDEX PASSWORD "
                            "PATH POD_NAME TESSERA_POD_HOSTNAME TESSERA_POD_ROOT")
            .split(QLatin1Char(' '));
    EXPECT_EQ(names, wanted) << output.toStdString();
    // $(COLOUR) is not defined yet where GREETING is: left as written, as Kubernetes leaves it.
    EXPECT_EQ(env.value(QStringLiteral("GREETING")), QStringLiteral("hello $(COLOUR)"));
    EXPECT_EQ(env.value(QStringLiteral("COLOUR")), QStringLiteral("blue"));
    EXPECT_EQ(env.value(QStringLiteral("PASSWORD")), QStringLiteral("hunter2"));
    EXPECT_EQ(env.value(QStringLiteral("POD_NAME")), pod);
    EXPECT_EQ(env.value(QStringLiteral("JOB_COMPLETION_INDEX")), QStringLiteral("0"));
    EXPECT_EQ(env.value(QStringLiteral("HOSTNAME")), QStringLiteral("env-0"));
    EXPECT_EQ(env.value(QStringLiteral("HOME")),
              QString::fromLocal8Bit(::getpwuid(::getuid())->pw_dir));
}

TEST_F(ServeLocal, MountsConfigMapAndSecretVolumesWithItemsUnderThePodsRoot) {
    startServer();
    ASSERT_TRUE(server->createFromManifest(R"(apiVersion: v1
kind: ConfigMap
metadata:
  name: files
data:
  a: alpha
  b: beta
---
apiVersion: v1
kind: Secret
metadata:
  name: keys
stringData:
  token: s3cret
)"));
    ASSERT_TRUE(server->createFromManifest(job("mounts", R"(        env:
        - name: WHO
          value: world
        command: ["/bin/sh", "-c"]
        args:
        - 'cat "$TESSERA_POD_ROOT/etc/cfg/sub/bee.txt"; echo; cat "$TESSERA_POD_ROOT/etc/sec/token"; echo; ls "$TESSERA_POD_ROOT/etc/cfg"; echo "hello $(WHO) $${WHO}"'
        volumeMounts:
        - {name: cfg, mountPath: /etc/cfg}
        - {name: sec, mountPath: /etc/sec, readOnly: true}
      volumes:
      - name: cfg
        configMap:
          name: files
          items:
          - {key: b, path: sub/bee.txt}
      - name: sec
        secret: {secretName: keys})")));
    ASSERT_FALSE(waitForCondition(QStringLiteral("mounts"), "Complete").isEmpty());
    const QJsonArray all = pods();
    ASSERT_EQ(all.size(), 1);
    // Only the listed key, at its path; $(WHO) expanded by the kubelet's rule, $$ read as $.
    EXPECT_EQ(log(nameOf(all[0])).toStdString(), "beta\ns3cret\nsub\nhello world world\n");
}

TEST_F(ServeLocal, APodWhoseConfigMapIsMissingWaitsForItAndSaysWhy) {
    startServer();
    ASSERT_TRUE(server->createFromManifest(job("later", R"(        command: ["/bin/sh", "-c"]
        args: ['cat "$TESSERA_POD_ROOT/config/greeting"']
        volumeMounts:
        - {name: config, mountPath: /config}
      volumes:
      - name: config
        configMap: {name: created-later})")));
    // As a kubelet: the pod waits in ContainerCreating, its status and an Event name what is
    // missing.
    QJsonObject waiting;
    ASSERT_TRUE(waitFor([&] {
        const QJsonArray all = pods();
        waiting = all.isEmpty() ? QJsonObject()
                                : at(all[0].toObject(), "status")
                                      .value(QStringLiteral("containerStatuses"))
                                      .toArray()
                                      .at(0)
                                      .toObject()
                                      .value(QStringLiteral("state"))
                                      .toObject()
                                      .value(QStringLiteral("waiting"))
                                      .toObject();
        return waiting.value(QStringLiteral("message")).toString().contains(u"created-later");
    })) << QJsonDocument(pods()).toJson().toStdString();
    EXPECT_EQ(waiting.value(QStringLiteral("reason")).toString(),
              QStringLiteral("ContainerCreating"));
    bool eventSeen = false;
    for (const QJsonValue& e : get(QStringLiteral("/api/v1/namespaces/default/events"))
                                   .value(QStringLiteral("items"))
                                   .toArray())
        eventSeen = eventSeen ||
                    e.toObject().value(QStringLiteral("reason")) == QLatin1String("FailedMount");
    EXPECT_TRUE(eventSeen);

    ASSERT_TRUE(server->createFromManifest(R"(apiVersion: v1
kind: ConfigMap
metadata:
  name: created-later
data:
  greeting: here now
)"));
    ASSERT_FALSE(waitForCondition(QStringLiteral("later"), "Complete").isEmpty());
    EXPECT_EQ(log(nameOf(pods()[0])).toStdString(), "here now");
}

TEST_F(ServeLocal, PodsPrintingMoreThanAPipeHoldsRunSideBySideToTheirEnd) {
    startServer();
    // 300 KB each, four at once: no pod's output may hold up another's start or end.
    ASSERT_TRUE(server->createFromManifest(
        job("loud", R"(        command: ["/bin/sh", "-c"]
        args: ["head -c 300000 /dev/zero | tr '\\0' x; echo; echo done"])")
            .replace("completions: 1", "completions: 8\n  parallelism: 4")));
    ASSERT_FALSE(waitForCondition(QStringLiteral("loud"), "Complete").isEmpty());
    const QJsonArray all = pods();
    ASSERT_EQ(all.size(), 8);
    for (const QJsonValue& pod : all) {
        const QByteArray text = log(nameOf(pod));
        EXPECT_TRUE(text.endsWith("xxx\ndone\n")) << text.right(40).toStdString();
        EXPECT_GE(text.size(), 192 * 1024); // the server keeps the last 192-256 KiB
    }
}
