// Pods as the kubelet reports them, on `tessera serve --local` driven by kubectl: the Kubernetes
// website's Indexed Job whose init container writes the item of its JOB_COMPLETION_INDEX into an
// emptyDir that the worker reads
// (https://kubernetes.io/docs/tasks/job/indexed-parallel-processing-static/), logs per container,
// initContainerStatuses, an init container failing its pod, and the API server's container
// defaults.
#include "KubectlFixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace tessera::serve::test {

namespace {

// The website's example. There is no container filesystem under --local: the volume mounted at
// /input is $TESSERA_POD_ROOT/input (docs/SERVE.md); the init container also says what it did
// in its own log.
constexpr const char* kIndexedJob = R"(apiVersion: batch/v1
kind: Job
metadata:
  name: indexed-job
spec:
  completions: 5
  parallelism: 3
  completionMode: Indexed
  template:
    spec:
      restartPolicy: Never
      initContainers:
      - name: input
        image: docker.io/library/bash
        command:
        - bash
        - -c
        - |
          items=(foo bar baz qux xyz)
          echo ${items[$JOB_COMPLETION_INDEX]} > $TESSERA_POD_ROOT/input/data.txt
          echo "input: wrote item $JOB_COMPLETION_INDEX"
        volumeMounts:
        - mountPath: /input
          name: input
      containers:
      - name: worker
        image: docker.io/library/busybox:1.36
        command:
        - rev
        - $(TESSERA_POD_ROOT)/input/data.txt
        volumeMounts:
        - mountPath: /input
          name: input
      volumes:
      - name: input
        emptyDir: {}
)";

constexpr const char* kFailingInit = R"(apiVersion: batch/v1
kind: Job
metadata:
  name: bad-init
spec:
  backoffLimit: 0
  template:
    spec:
      restartPolicy: Never
      initContainers:
      - name: check
        image: busybox
        command: [sh, -c, "echo checking; exit 3"]
      containers:
      - name: main
        image: busybox
        command: [sh, -c, "echo the main container ran"]
)";

} // namespace

class KubectlLocal : public Kubectl {
protected:
    QStringList extraServerArguments() const override { return {QStringLiteral("--local")}; }

    QJsonObject getJson(const QStringList& args) {
        const KubectlRun run =
            kubectlRun(args + QStringList{QStringLiteral("-o"), QStringLiteral("json")});
        EXPECT_OK(run);
        return QJsonDocument::fromJson(run.out.toUtf8()).object();
    }
    QJsonArray podsOf(const QString& job) {
        return getJson({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-l"),
                        QStringLiteral("batch.kubernetes.io/job-name=") + job})
            .value(QStringLiteral("items"))
            .toArray();
    }
    static QJsonObject field(QJsonObject o, const char* path) {
        for (const QString& part : QString::fromLatin1(path).split(QLatin1Char('.')))
            o = o.value(part).toObject();
        return o;
    }
};

TEST_F(KubectlLocal, RunsTheWebsitesIndexedJobWithAnInitContainerAndShowsEachContainersLog) {
    EXPECT_OK(kubectlRun(
        {QStringLiteral("apply"), QStringLiteral("-f"), writeFile("indexed.yaml", kIndexedJob)}));
    EXPECT_OK(kubectlRun({QStringLiteral("wait"), QStringLiteral("--for=condition=complete"),
                          QStringLiteral("--timeout=90s"), QStringLiteral("job/indexed-job")},
                         100000));
    const QStringList reversed{QStringLiteral("oof"), QStringLiteral("rab"), QStringLiteral("zab"),
                               QStringLiteral("xuq"), QStringLiteral("zyx")};
    QSet<int> seen;
    for (const QJsonValue& v : podsOf(QStringLiteral("indexed-job"))) {
        const QJsonObject pod = v.toObject();
        const QString name = field(pod, "metadata").value(QStringLiteral("name")).toString();
        const int index = field(pod, "metadata.annotations")
                              .value(QStringLiteral("batch.kubernetes.io/job-completion-index"))
                              .toString()
                              .toInt();
        if (field(pod, "status").value(QStringLiteral("phase")).toString() !=
            QLatin1String("Succeeded"))
            continue;
        seen.insert(index);
        SCOPED_TRACE(name.toStdString());
        // The worker read what the init container wrote for its index.
        const KubectlRun worker = kubectlRun(
            {QStringLiteral("logs"), name, QStringLiteral("-c"), QStringLiteral("worker")});
        EXPECT_OK(worker);
        EXPECT_EQ(worker.out, reversed.value(index) + QLatin1Char('\n'));
        const KubectlRun input = kubectlRun(
            {QStringLiteral("logs"), name, QStringLiteral("-c"), QStringLiteral("input")});
        EXPECT_OK(input);
        EXPECT_EQ(input.out, QStringLiteral("input: wrote item %1\n").arg(index));
        // The init container's status, as the kubelet reports it.
        const QJsonObject init = field(pod, "status")
                                     .value(QStringLiteral("initContainerStatuses"))
                                     .toArray()
                                     .at(0)
                                     .toObject();
        EXPECT_EQ(init.value(QStringLiteral("name")).toString(), QStringLiteral("input"));
        EXPECT_EQ(field(init, "state.terminated").value(QStringLiteral("reason")).toString(),
                  QStringLiteral("Completed"));
        EXPECT_EQ(field(init, "state.terminated").value(QStringLiteral("exitCode")).toInt(-1), 0);
        // JOB_COMPLETION_INDEX in the init container too, and the API server's defaults.
        const QJsonObject initSpec =
            field(pod, "spec").value(QStringLiteral("initContainers")).toArray().at(0).toObject();
        EXPECT_TRUE(QJsonDocument(initSpec.value(QStringLiteral("env")).toArray())
                        .toJson()
                        .contains("JOB_COMPLETION_INDEX"));
        EXPECT_EQ(initSpec.value(QStringLiteral("imagePullPolicy")).toString(),
                  QStringLiteral("Always"))
            << "no tag is :latest";
        EXPECT_EQ(initSpec.value(QStringLiteral("terminationMessagePath")).toString(),
                  QStringLiteral("/dev/termination-log"));
        EXPECT_EQ(initSpec.value(QStringLiteral("terminationMessagePolicy")).toString(),
                  QStringLiteral("File"));
        EXPECT_TRUE(initSpec.value(QStringLiteral("resources")).isObject());
    }
    EXPECT_EQ(seen.size(), 5);

    // The Job's template as the API server stored it: defaults filled, by the tag rule.
    const QJsonObject job =
        getJson({QStringLiteral("get"), QStringLiteral("job"), QStringLiteral("indexed-job")});
    const QJsonObject worker = field(job, "spec.template.spec")
                                   .value(QStringLiteral("containers"))
                                   .toArray()
                                   .at(0)
                                   .toObject();
    EXPECT_EQ(worker.value(QStringLiteral("imagePullPolicy")).toString(),
              QStringLiteral("IfNotPresent"))
        << "busybox:1.36 has a tag";
    EXPECT_EQ(worker.value(QStringLiteral("terminationMessagePolicy")).toString(),
              QStringLiteral("File"));
}

TEST_F(KubectlLocal, AFailingInitContainerFailsThePodBeforeItsContainerRuns) {
    EXPECT_OK(kubectlRun(
        {QStringLiteral("apply"), QStringLiteral("-f"), writeFile("bad-init.yaml", kFailingInit)}));
    EXPECT_OK(kubectlRun({QStringLiteral("wait"), QStringLiteral("--for=condition=failed"),
                          QStringLiteral("--timeout=60s"), QStringLiteral("job/bad-init")},
                         70000));
    const QJsonArray pods = podsOf(QStringLiteral("bad-init"));
    ASSERT_EQ(pods.size(), 1);
    const QJsonObject pod = pods.at(0).toObject();
    const QString name = field(pod, "metadata").value(QStringLiteral("name")).toString();
    const QJsonObject status = field(pod, "status");
    EXPECT_EQ(status.value(QStringLiteral("phase")).toString(), QStringLiteral("Failed"));
    const QJsonObject init =
        status.value(QStringLiteral("initContainerStatuses")).toArray().at(0).toObject();
    EXPECT_EQ(field(init, "state.terminated").value(QStringLiteral("exitCode")).toInt(), 3);
    EXPECT_EQ(field(init, "state.terminated").value(QStringLiteral("reason")).toString(),
              QStringLiteral("Error"));
    const QJsonObject main =
        status.value(QStringLiteral("containerStatuses")).toArray().at(0).toObject();
    EXPECT_EQ(field(main, "state.waiting").value(QStringLiteral("reason")).toString(),
              QStringLiteral("PodInitializing"));
    bool notInitialized = false;
    for (const QJsonValue& c : status.value(QStringLiteral("conditions")).toArray())
        notInitialized =
            notInitialized ||
            (c.toObject().value(QStringLiteral("type")) == QLatin1String("Initialized") &&
             c.toObject().value(QStringLiteral("status")) == QLatin1String("False"));
    EXPECT_TRUE(notInitialized);
    EXPECT_EQ(
        kubectlRun({QStringLiteral("logs"), name, QStringLiteral("-c"), QStringLiteral("check")})
            .out,
        QStringLiteral("checking\n"));
    EXPECT_EQ(
        kubectlRun({QStringLiteral("logs"), name, QStringLiteral("-c"), QStringLiteral("main")})
            .out,
        QString())
        << "the main container never ran";
}

} // namespace tessera::serve::test
