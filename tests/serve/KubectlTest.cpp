// The real kubectl (v1.32) against `tessera serve` run as a subprocess: discovery, get (tables),
// label selectors, describe, create -f, server-side dry-run, merge and strategic patches,
// get -w, wait --for=condition=complete, delete.
#include "KubectlFixture.h"

#include <QRegularExpression>

using namespace tessera::serve::test;

TEST_F(Kubectl, DrivesTheServerEndToEnd) {
    KubectlRun version =
        kubectlRun({QStringLiteral("version"), QStringLiteral("-o"), QStringLiteral("json")});
    EXPECT_OK(version);
    EXPECT_TRUE(version.out.contains(QStringLiteral("v1.32.0-tessera")));

    KubectlRun dry = kubectlRun({QStringLiteral("create"), QStringLiteral("--dry-run=server"),
                                 QStringLiteral("-f"), jobFile});
    EXPECT_OK(dry);
    EXPECT_TRUE(dry.out.contains(QStringLiteral("job.batch/frames created (server dry run)")))
        << dry.out.toStdString();
    KubectlRun none = kubectlRun({QStringLiteral("get"), QStringLiteral("jobs")});
    EXPECT_OK(none);
    EXPECT_FALSE(none.out.contains(QStringLiteral("frames"))) << "a dry run stores nothing";

    KubectlRun created = kubectlRun({QStringLiteral("create"), QStringLiteral("-f"), jobFile});
    EXPECT_OK(created);
    EXPECT_TRUE(created.out.contains(QStringLiteral("job.batch/frames created")));

    KubectlRun watch =
        kubectlRun({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-w"),
                    QStringLiteral("-l"), QStringLiteral("batch.kubernetes.io/job-name=frames"),
                    QStringLiteral("--request-timeout=4s")},
                   30000);
    EXPECT_TRUE(watch.out.contains(QStringLiteral("frames-0-")))
        << watch.out.toStdString() << watch.err.toStdString();

    KubectlRun wait =
        kubectlRun({QStringLiteral("wait"), QStringLiteral("--for=condition=complete"),
                    QStringLiteral("job/frames"), QStringLiteral("--timeout=60s")},
                   90000);
    EXPECT_OK(wait);
    EXPECT_TRUE(wait.out.contains(QStringLiteral("job.batch/frames condition met")));

    KubectlRun jobs = kubectlRun({QStringLiteral("get"), QStringLiteral("jobs")});
    EXPECT_OK(jobs);
    EXPECT_TRUE(jobs.out.contains(QStringLiteral("COMPLETIONS"))) << jobs.out.toStdString();
    EXPECT_TRUE(jobs.out.contains(QStringLiteral("4/4"))) << jobs.out.toStdString();
    EXPECT_TRUE(jobs.out.contains(QStringLiteral("Complete"))) << jobs.out.toStdString();

    KubectlRun pods =
        kubectlRun({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-l"),
                    QStringLiteral("batch.kubernetes.io/job-completion-index in (0,3)"),
                    QStringLiteral("-o"), QStringLiteral("wide")});
    EXPECT_OK(pods);
    EXPECT_TRUE(pods.out.contains(QStringLiteral("Completed"))) << pods.out.toStdString();
    EXPECT_TRUE(pods.out.contains(QStringLiteral("tessera-node-")));
    EXPECT_EQ(pods.out.count(QStringLiteral("frames-")), 2) << pods.out.toStdString();

    KubectlRun describe =
        kubectlRun({QStringLiteral("describe"), QStringLiteral("job"), QStringLiteral("frames")});
    EXPECT_OK(describe);
    EXPECT_TRUE(
        describe.out.contains(QRegularExpression(QStringLiteral("Completion Mode:\\s+Indexed"))))
        << describe.out.toStdString();
    EXPECT_TRUE(
        describe.out.contains(QRegularExpression(QStringLiteral("Completed Indexes:\\s+0-3"))))
        << describe.out.toStdString();
    EXPECT_TRUE(describe.out.contains(QStringLiteral("SuccessfulCreate")))
        << describe.out.toStdString();

    KubectlRun merge =
        kubectlRun({QStringLiteral("patch"), QStringLiteral("job"), QStringLiteral("frames"),
                    QStringLiteral("--type=merge"), QStringLiteral("-p"),
                    QStringLiteral(R"({"metadata":{"labels":{"patched":"merge"}}})")});
    EXPECT_OK(merge);
    KubectlRun strategic =
        kubectlRun({QStringLiteral("patch"), QStringLiteral("job"), QStringLiteral("frames"),
                    QStringLiteral("-p"),
                    QStringLiteral(R"({"metadata":{"annotations":{"note":"strategic"}}})")});
    EXPECT_OK(strategic);
    KubectlRun json = kubectlRun(
        {QStringLiteral("get"), QStringLiteral("job"), QStringLiteral("frames"),
         QStringLiteral("-o"),
         QStringLiteral("jsonpath={.metadata.labels.patched}/{.metadata.annotations.note}")});
    EXPECT_OK(json);
    EXPECT_EQ(json.out, QStringLiteral("merge/strategic"));

    KubectlRun immutable =
        kubectlRun({QStringLiteral("patch"), QStringLiteral("job"), QStringLiteral("frames"),
                    QStringLiteral("--type=merge"), QStringLiteral("-p"),
                    QStringLiteral(R"({"spec":{"completionMode":"NonIndexed"}})")});
    EXPECT_NE(immutable.exitCode, 0);
    EXPECT_TRUE(immutable.err.contains(QStringLiteral("is invalid")))
        << immutable.err.toStdString();

    KubectlRun deleted =
        kubectlRun({QStringLiteral("delete"), QStringLiteral("job"), QStringLiteral("frames")});
    EXPECT_OK(deleted);
    EXPECT_TRUE(deleted.out.contains(QStringLiteral("job.batch \"frames\" deleted")));
    EXPECT_TRUE(QTest::qWaitFor(
        [&] {
            return kubectlRun({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-o"),
                               QStringLiteral("name")})
                .out.trimmed()
                .isEmpty();
        },
        20000))
        << "the job's pods go with it";
}

// A valid Job of 2,000,000,000 completions: the server used to allocate per index up front and
// die on std::bad_alloc. Now it runs it ten pods at a time in memory that follows the pods,
// kubectl lists it with pods running, and `tessera report` refuses it (a row per index) with
// exit 2 and the field, instead of exhausting memory.
TEST_F(Kubectl, ServesAJobOfTwoBillionCompletions) {
    QFile manifest(dir.filePath(QStringLiteral("huge.yaml")));
    ASSERT_TRUE(manifest.open(QIODevice::WriteOnly));
    manifest.write(R"(apiVersion: batch/v1
kind: Job
metadata:
  name: huge
spec:
  completionMode: Indexed
  completions: 2000000000
  parallelism: 10
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: busybox:1.36
)");
    manifest.close();
    KubectlRun created =
        kubectlRun({QStringLiteral("create"), QStringLiteral("-f"), manifest.fileName()});
    EXPECT_OK(created);

    // Pods come and go (0.5 s each): wait for some to have succeeded and others to be running.
    QString completed;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            completed = kubectlRun({QStringLiteral("get"), QStringLiteral("job"),
                                    QStringLiteral("huge"), QStringLiteral("-o"),
                                    QStringLiteral("jsonpath={.status.completedIndexes}")})
                            .out;
            return completed.startsWith(QStringLiteral("0-")) ||
                   server.state() != QProcess::Running;
        },
        60000))
        << completed.toStdString();
    ASSERT_EQ(server.state(), QProcess::Running) << "the server died on the job";
    KubectlRun pods =
        kubectlRun({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-l"),
                    QStringLiteral("batch.kubernetes.io/job-name=huge")});
    EXPECT_OK(pods);
    EXPECT_TRUE(pods.out.contains(QStringLiteral("huge-"))) << pods.out.toStdString();
    KubectlRun jobs = kubectlRun({QStringLiteral("get"), QStringLiteral("jobs")});
    EXPECT_OK(jobs);
    EXPECT_TRUE(jobs.out.contains(QStringLiteral("/2000000000"))) << jobs.out.toStdString();

    // Memory follows what runs: well under what one byte per index would take (2 GB).
    QFile status(QStringLiteral("/proc/%1/status").arg(server.processId()));
    ASSERT_TRUE(status.open(QIODevice::ReadOnly));
    const QRegularExpressionMatch rss = QRegularExpression(QStringLiteral("VmRSS:\\s+(\\d+) kB"))
                                            .match(QString::fromUtf8(status.readAll()));
    ASSERT_TRUE(rss.hasMatch());
    EXPECT_LT(rss.captured(1).toLongLong(), 512 * 1024) << "server RSS in kB";

    // A report has one row per index: refused, with the field and the limit, exit 2.
    const QString context =
        kubectlRun({QStringLiteral("config"), QStringLiteral("current-context")}).out.trimmed();
    QProcess report;
    report.start(QStringLiteral(TESSERA_BINARY),
                 {QStringLiteral("report"), QStringLiteral("--source"), context,
                  QStringLiteral("--kubeconfig"), kubeconfig, QStringLiteral("-o"),
                  dir.filePath(QStringLiteral("huge.json")), QStringLiteral("huge")});
    ASSERT_TRUE(report.waitForFinished(60000));
    const QString err = QString::fromUtf8(report.readAllStandardError());
    EXPECT_EQ(report.exitCode(), 2) << err.toStdString();
    EXPECT_TRUE(err.contains(
        QStringLiteral("spec.completions: 2000000000 is above the report limit of 1000000")))
        << err.toStdString();
    EXPECT_FALSE(QFile::exists(dir.filePath(QStringLiteral("huge.json"))));
    EXPECT_EQ(server.state(), QProcess::Running);
}
