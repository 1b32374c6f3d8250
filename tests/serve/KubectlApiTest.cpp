// kubectl 1.32 against `tessera serve` (a subprocess, over TLS with a token) for the API's
// machinery around Jobs: validation errors printed cause by cause, JSON patch,
// finalizers and deletionTimestamp, orphaning, Services (cluster-info), Secrets, CronJobs,
// `auth can-i` / `auth whoami`, and the clear refusal of exec, attach, port-forward and debug.
// A missing kubectl fails the test on CI and skips it elsewhere (test::requireProgram).
#include "support/ServeProcess.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

namespace {

struct KubectlResult {
    int exitCode = -1;
    QString out;
    QString err;
    std::string text() const { return (out + QStringLiteral(" | ") + err).toStdString(); }
};

class KubectlApi : public testing::Test {
protected:
    void SetUp() override {
        kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
        if (!tessera::test::requireProgram(!kubectl.isEmpty(), "kubectl"))
            return;
        ASSERT_TRUE(dir.isValid());
        kubeconfig = m_serve.kubeconfig();
        tessera::test::ServeProcess::Options options;
        options.token = QStringLiteral("api-test-token");
        options.tls = true;
        options.podDuration = QStringLiteral("2");
        const QString started = m_serve.start(options);
        ASSERT_TRUE(started.isEmpty()) << started.toStdString();
    }

    QString write(const char* name, const QByteArray& content) {
        QFile f(dir.filePath(QLatin1String(name)));
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(content);
        return f.fileName();
    }

    KubectlResult kc(const QStringList& args, int timeoutMs = 60000) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), dir.path());
        env.remove(QStringLiteral("KUBECONFIG"));
        p.setProcessEnvironment(env);
        p.start(kubectl, QStringList{QStringLiteral("--kubeconfig"), kubeconfig} + args);
        KubectlResult r;
        if (!p.waitForStarted(10000))
            return r;
        if (!p.waitForFinished(timeoutMs)) {
            p.kill();
            p.waitForFinished();
        }
        r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = QString::fromUtf8(p.readAllStandardOutput());
        r.err = QString::fromUtf8(p.readAllStandardError());
        return r;
    }
    KubectlResult kc(std::initializer_list<const char*> args, int timeoutMs = 60000) {
        QStringList list;
        for (const char* a : args)
            list << QString::fromUtf8(a);
        return kc(list, timeoutMs);
    }
    KubectlResult apply(const char* name, const char* yaml, const char* verb = "create") {
        return kc({verb, "-f", write(name, yaml).toUtf8().constData()});
    }

    QString kubectl;
    QTemporaryDir dir;
    QString kubeconfig;
    tessera::test::ServeProcess m_serve{dir.path()};
};

#define EXPECT_OK(run) EXPECT_EQ((run).exitCode, 0) << (run).text()

const char* const kJob = R"(apiVersion: batch/v1
kind: Job
metadata: {name: %1}
spec:
  completions: 2
  parallelism: %2
  template:
    spec:
      restartPolicy: Never
      containers: [{name: main, image: busybox}]
)";

QByteArray job(const char* name, int parallelism) {
    return QString::fromLatin1(kJob).arg(QLatin1String(name)).arg(parallelism).toUtf8();
}

} // namespace

TEST_F(KubectlApi, PrintsEachValidationCauseAsTheRealServerDoes) {
    KubectlResult negative = apply("neg.yaml", job("neg", -1).constData());
    EXPECT_NE(negative.exitCode, 0);
    EXPECT_TRUE(negative.err.contains(QStringLiteral(
        "The Job \"neg\" is invalid: spec.parallelism: Invalid value: -1: must be greater than "
        "or equal to 0")))
        << negative.text();

    KubectlResult badName = apply("bad.yaml", job("Bad_Name", 1).constData());
    EXPECT_NE(badName.exitCode, 0);
    EXPECT_TRUE(badName.err.contains(QStringLiteral(
        "The Job \"Bad_Name\" is invalid: metadata.name: Invalid value: \"Bad_Name\": a "
        "lowercase RFC 1123 subdomain must consist of")))
        << badName.text();

    // Several problems: one cause each, all printed.
    KubectlResult pod = apply("pod.yaml", R"(apiVersion: v1
kind: Pod
metadata: {name: twice}
spec:
  restartPolicy: Sometimes
  containers: [{name: a, image: busybox}, {name: a}]
)");
    EXPECT_NE(pod.exitCode, 0);
    EXPECT_TRUE(pod.err.contains(QStringLiteral("The Pod \"twice\" is invalid:"))) << pod.text();
    EXPECT_TRUE(pod.err.contains(QStringLiteral("spec.containers[1].name: Duplicate value: \"a\"")))
        << pod.text();
    EXPECT_TRUE(pod.err.contains(QStringLiteral("spec.containers[1].image: Required value")))
        << pod.text();
    EXPECT_TRUE(pod.err.contains(QStringLiteral("spec.restartPolicy: Unsupported value: "
                                                "\"Sometimes\"")))
        << pod.text();

    // A Pod's status is the server's: what the client sends is ignored on create.
    EXPECT_OK(apply("podstatus.yaml", R"(apiVersion: v1
kind: Pod
metadata: {name: claims-success}
spec:
  containers: [{name: a, image: busybox}]
status: {phase: Succeeded}
)"));
    KubectlResult phase = kc({"get", "pod", "claims-success", "-o", "jsonpath={.status.phase}"});
    EXPECT_EQ(phase.out, QStringLiteral("Pending")) << phase.text();

    KubectlResult missing = kc({"get", "job", "nothere"});
    EXPECT_TRUE(missing.err.contains(
        QStringLiteral("Error from server (NotFound): jobs.batch \"nothere\" not found")))
        << missing.text();
}

TEST_F(KubectlApi, PrintsEveryPodTemplateAndOwnerCauseAtOnce) {
    // A problem of each concern of the pod template and object metadata rules: all refused
    // together, each cause printed with upstream's field path and message.
    KubectlResult pod = apply("probes.yaml", R"(apiVersion: v1
kind: Pod
metadata:
  name: careless
  ownerReferences:
  - {apiVersion: v1, kind: ConfigMap, name: a, uid: u-1, controller: true}
  - {apiVersion: v1, kind: ConfigMap, name: b, uid: u-2, controller: true}
spec:
  securityContext: {runAsUser: -1}
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchExpressions: [{key: app, operator: Near}]}
  initContainers:
  - {name: setup, image: busybox, startupProbe: {exec: {command: ["true"]}}}
  containers:
  - name: main
    image: busybox
    securityContext: {allowPrivilegeEscalation: false, privileged: true}
    livenessProbe: {httpGet: {port: 70000, scheme: FTP}, successThreshold: 2}
)");
    EXPECT_NE(pod.exitCode, 0);
    EXPECT_TRUE(pod.err.contains(QStringLiteral("The Pod \"careless\" is invalid:"))) << pod.text();
    for (const char* cause : {
             "metadata.ownerReferences: Invalid value: ",
             "Only one reference can have Controller set to true. Found \"true\" in references "
             "for ConfigMap/a and ConfigMap/b",
             "spec.securityContext.runAsUser: Invalid value: -1: must be between 0 and "
             "2147483647, inclusive",
             "spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]."
             "labelSelector.matchExpressions[0].operator: Invalid value: \"Near\": not a valid "
             "selector operator",
             "spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]."
             "topologyKey: Required value: can not be empty",
             "spec.initContainers[0].startupProbe: Forbidden: may not be set for init "
             "containers without restartPolicy=Always",
             "spec.containers[0].securityContext: Invalid value: ",
             "cannot set `allowPrivilegeEscalation` to false and `privileged` to true",
             "spec.containers[0].livenessProbe.httpGet.port: Invalid value: 70000: must be "
             "between 1 and 65535, inclusive",
             "spec.containers[0].livenessProbe.httpGet.scheme: Unsupported value: \"FTP\": "
             "supported values: \"HTTP\", \"HTTPS\"",
             "spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1",
         })
        EXPECT_TRUE(pod.err.contains(QString::fromUtf8(cause))) << cause << "\n" << pod.text();

    // A Job's template goes through the same gate.
    KubectlResult job = apply("probedjob.yaml", R"(apiVersion: batch/v1
kind: Job
metadata:
  name: probed
  ownerReferences: [{apiVersion: batch/v1, kind: CronJob, name: nightly}]
spec:
  template:
    spec:
      restartPolicy: Never
      affinity:
        nodeAffinity:
          requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: []}
      containers:
      - name: main
        image: busybox
        readinessProbe: {tcpSocket: {port: 80}, grpc: {port: 81}}
        securityContext: {seccompProfile: {type: Localhost}}
)");
    EXPECT_NE(job.exitCode, 0);
    for (const char* cause : {
             "metadata.ownerReferences.uid: Invalid value: \"\": uid must not be empty",
             "spec.template.spec.containers[0].readinessProbe.grpc: Forbidden: may not specify "
             "more than 1 handler type",
             "spec.template.spec.containers[0].securityContext.seccompProfile.localhostProfile: "
             "Required value: must be set when seccomp type is Localhost",
             "spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuring"
             "Execution.nodeSelectorTerms: Required value: must have at least one node selector "
             "term",
         })
        EXPECT_TRUE(job.err.contains(QString::fromUtf8(cause))) << cause << "\n" << job.text();
    EXPECT_EQ(kc({"get", "pods,jobs", "-o", "name"}).out, QString()) << "nothing was created";
}

TEST_F(KubectlApi, KeepsJobFieldsImmutableAndManualSelector) {
    EXPECT_OK(apply("job.yaml", job("steady", 1).constData()));
    KubectlResult again = apply("job.yaml", job("steady", 1).constData());
    EXPECT_TRUE(again.err.contains(QStringLiteral("Error from server (AlreadyExists): error when "
                                                  "creating")))
        << again.text();
    EXPECT_TRUE(again.err.contains(QStringLiteral("jobs.batch \"steady\" already exists")))
        << again.text();
    KubectlResult image = kc(
        {"patch", "job", "steady", "--type=json", "-p",
         R"([{"op":"replace","path":"/spec/template/spec/containers/0/image","value":"alpine"}])"});
    EXPECT_NE(image.exitCode, 0);
    EXPECT_TRUE(image.err.contains(QStringLiteral("The Job \"steady\" is invalid: spec.template: "
                                                  "Invalid value:")))
        << image.text();
    EXPECT_TRUE(image.err.contains(QStringLiteral("field is immutable"))) << image.text();
    KubectlResult selector = kc({"patch", "job", "steady", "--type=merge", "-p",
                                 R"({"spec":{"selector":{"matchLabels":{"x":"y"}}}})"});
    EXPECT_NE(selector.exitCode, 0);
    EXPECT_TRUE(selector.err.contains(QStringLiteral("spec.selector: Invalid value:")))
        << selector.text();
    KubectlResult mode = kc({"patch", "job", "steady", "--type=merge", "-p",
                             R"({"spec":{"completionMode":"Indexed"}})"});
    EXPECT_TRUE(mode.err.contains(
        QStringLiteral("spec.completionMode: Invalid value: \"Indexed\": field is immutable")))
        << mode.text();

    // JSON patch on a mutable field, and the generation that counts spec changes.
    KubectlResult generation0 =
        kc({"get", "job", "steady", "-o", "jsonpath={.metadata.generation}"});
    EXPECT_EQ(generation0.out, QStringLiteral("1"));
    EXPECT_OK(kc({"patch", "job", "steady", "--type=json", "-p",
                  R"([{"op":"replace","path":"/spec/parallelism","value":2},)"
                  R"({"op":"add","path":"/metadata/labels","value":{"patched":"json"}}])"}));
    KubectlResult patched = kc({"get", "job", "steady", "-o",
                                "jsonpath={.spec.parallelism}/{.metadata.labels.patched}/"
                                "{.metadata.generation}"});
    EXPECT_EQ(patched.out, QStringLiteral("2/json/2")) << patched.text();
    KubectlResult failedTest = kc({"patch", "job", "steady", "--type=json", "-p",
                                   R"([{"op":"test","path":"/spec/parallelism","value":5}])"});
    EXPECT_NE(failedTest.exitCode, 0);
    EXPECT_TRUE(failedTest.err.contains(
        QStringLiteral("The Job \"steady\" is invalid: /spec/parallelism: the JSON patch's "
                       "operation 0 (test) failed: the value is [2], not [5]")))
        << failedTest.text();

    EXPECT_OK(apply("manual.yaml", R"(apiVersion: batch/v1
kind: Job
metadata: {name: manual}
spec:
  manualSelector: true
  selector: {matchLabels: {pick: me}}
  template:
    metadata: {labels: {pick: me}}
    spec:
      restartPolicy: Never
      containers: [{name: main, image: busybox}]
)"));
    KubectlResult manual = kc({"get", "job", "manual", "-o", "jsonpath={.spec.manualSelector}"});
    EXPECT_EQ(manual.out, QStringLiteral("true")) << manual.text();
}

TEST_F(KubectlApi, FinalizersHoldADeletionUntilRemoved) {
    EXPECT_OK(apply("cm.yaml", R"(apiVersion: v1
kind: ConfigMap
metadata:
  name: held
  finalizers: [example.com/hold]
data: {a: "1"}
)"));
    EXPECT_OK(kc({"delete", "configmap", "held", "--wait=false"}));
    KubectlResult pending =
        kc({"get", "configmap", "held", "-o",
            "jsonpath={.metadata.deletionTimestamp}/{.metadata.deletionGracePeriodSeconds}"});
    EXPECT_OK(pending);
    EXPECT_TRUE(pending.out.contains(QStringLiteral("T"))) << pending.text();
    EXPECT_TRUE(pending.out.endsWith(QStringLiteral("/0"))) << pending.text();
    EXPECT_OK(kc({"patch", "configmap", "held", "--type=json", "-p",
                  R"([{"op":"remove","path":"/metadata/finalizers"}])"}));
    KubectlResult gone = kc({"get", "configmap", "held"});
    EXPECT_TRUE(gone.err.contains(QStringLiteral("\"held\" not found"))) << gone.text();
}

TEST_F(KubectlApi, OrphanedPodsLoseTheirOwnerAndRunToTheirEnd) {
    EXPECT_OK(apply("job.yaml", job("parent", 2).constData()));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return kc({"get", "pods", "-l", "batch.kubernetes.io/job-name=parent", "-o", "name"})
                       .out.count(QStringLiteral("pod/")) == 2;
        },
        20000));
    EXPECT_OK(kc({"delete", "job", "parent", "--cascade=orphan"}));
    KubectlResult owners =
        kc({"get", "pods", "-l", "batch.kubernetes.io/job-name=parent", "-o",
            "jsonpath={range .items[*]}{.metadata.name}:{.metadata.ownerReferences}:"
            "{.metadata.finalizers};{end}"});
    EXPECT_OK(owners);
    EXPECT_EQ(owners.out.count(QStringLiteral("::;")), 2) << owners.text();
    // Simulated orphans do not freeze: both end Succeeded (2 s pods).
    EXPECT_TRUE(QTest::qWaitFor(
        [&] {
            return kc({"get", "pods", "-l", "batch.kubernetes.io/job-name=parent", "-o",
                       "jsonpath={.items[*].status.phase}"})
                       .out == QStringLiteral("Succeeded Succeeded");
        },
        30000))
        << kc({"get", "pods", "-o", "wide"}).text();
}

TEST_F(KubectlApi, ServesServicesSecretsCronJobsAndReviews) {
    KubectlResult info = kc({"cluster-info"});
    EXPECT_OK(info);
    EXPECT_TRUE(info.out.contains(QStringLiteral("Kubernetes control plane is running at "
                                                 "https://127.0.0.1")))
        << info.text();
    KubectlResult service =
        kc({"get", "service", "kubernetes", "-n", "default", "-o", "jsonpath={.spec.clusterIP}"});
    EXPECT_EQ(service.out, QStringLiteral("10.96.0.1")) << service.text();
    EXPECT_OK(kc({"create", "service", "clusterip", "web", "--tcp=80:8080"}));
    KubectlResult web = kc({"get", "service", "web", "-o", "jsonpath={.spec.ports[0].targetPort}"});
    EXPECT_EQ(web.out, QStringLiteral("8080")) << web.text();
    KubectlResult accounts = kc({"get", "serviceaccount", "default", "-o", "name"});
    EXPECT_EQ(accounts.out.trimmed(), QStringLiteral("serviceaccount/default")) << accounts.text();

    EXPECT_OK(kc({"create", "secret", "generic", "creds", "--from-literal=password=hunter2"}));
    KubectlResult secret =
        kc({"get", "secret", "creds", "-o", "jsonpath={.type}/{.data.password}"});
    EXPECT_EQ(secret.out, QStringLiteral("Opaque/aHVudGVyMg==")) << secret.text();

    EXPECT_OK(kc({"create", "cronjob", "nightly", "--image=busybox", "--schedule=0 3 * * *"}));
    KubectlResult cron = kc(
        {"get", "cronjob", "nightly", "-o", "jsonpath={.spec.schedule}/{.spec.concurrencyPolicy}"});
    EXPECT_EQ(cron.out, QStringLiteral("0 3 * * */Allow")) << cron.text();
    KubectlResult fromCron = kc({"create", "job", "nightly-now", "--from=cronjob/nightly"});
    EXPECT_OK(fromCron);
    EXPECT_TRUE(fromCron.out.contains(QStringLiteral("job.batch/nightly-now created")))
        << fromCron.text();
    KubectlResult owner =
        kc({"get", "job", "nightly-now", "-o", "jsonpath={.metadata.ownerReferences[0].kind}"});
    EXPECT_EQ(owner.out, QStringLiteral("CronJob")) << owner.text();
    KubectlResult badCron =
        kc({"create", "cronjob", "broken", "--image=busybox", "--schedule=every day"});
    EXPECT_NE(badCron.exitCode, 0);
    EXPECT_TRUE(badCron.err.contains(QStringLiteral("spec.schedule: Invalid value: \"every day\"")))
        << badCron.text();

    KubectlResult canI = kc({"auth", "can-i", "create", "jobs"});
    EXPECT_OK(canI);
    EXPECT_EQ(canI.out.trimmed(), QStringLiteral("yes")) << canI.text();
    KubectlResult whoami = kc({"auth", "whoami"});
    EXPECT_OK(whoami);
    EXPECT_TRUE(whoami.out.contains(QStringLiteral("tessera-admin"))) << whoami.text();
}

TEST_F(KubectlApi, RefusesExecAttachPortForwardAndDebugClearly) {
    EXPECT_OK(apply("job.yaml", R"(apiVersion: batch/v1
kind: Job
metadata:
  name: long
  annotations: {tessera.dev/sim-duration: "2m"}
spec:
  template:
    spec:
      restartPolicy: Never
      containers: [{name: main, image: busybox}]
)"));
    QString pod;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            pod = kc({"get", "pods", "-l", "batch.kubernetes.io/job-name=long", "--field-selector",
                      "status.phase=Running", "-o", "name"})
                      .out.trimmed();
            return !pod.isEmpty();
        },
        30000));
    const QByteArray name = pod.toUtf8();
    for (const QStringList& args :
         {QStringList{QStringLiteral("exec"), pod, QStringLiteral("--"), QStringLiteral("true")},
          QStringList{QStringLiteral("attach"), pod},
          QStringList{QStringLiteral("port-forward"), pod, QStringLiteral("8080:80")},
          QStringList{QStringLiteral("debug"), pod, QStringLiteral("--image=busybox"),
                      QStringLiteral("--"), QStringLiteral("true")},
          QStringList{QStringLiteral("cp"), pod.mid(4) + QStringLiteral(":/etc/hostname"),
                      dir.filePath(QStringLiteral("copied"))}}) {
        KubectlResult r = kc(args, 30000);
        EXPECT_NE(r.exitCode, 0) << args.join(QLatin1Char(' ')).toStdString();
        EXPECT_FALSE(r.err.contains(QStringLiteral("panic"))) << r.text();
        EXPECT_TRUE(r.err.contains(QStringLiteral("tessera serve does not support"))) << r.text();
    }
    (void)name;
}
