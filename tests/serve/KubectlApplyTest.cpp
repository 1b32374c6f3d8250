// kubectl 1.32's (and 1.20's) server-side apply against `tessera serve`: create by apply, re-apply
// with a change, a conflict with another manager's patch (as kubectl prints it), --force-conflicts,
// and the managedFields both managers leave (get --show-managed-fields).
#include "KubectlFixture.h"

using namespace tessera::serve::test;

namespace {

QByteArray applyManifest(int parallelism) {
    return QStringLiteral(R"(apiVersion: batch/v1
kind: Job
metadata:
  name: applied
  labels: {app: applied}
spec:
  suspend: true
  completions: 4
  parallelism: %1
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: work
        image: busybox:1.36
        env:
        - {name: MODE, value: fast}
)")
        .arg(parallelism)
        .toUtf8();
}

} // namespace

TEST_F(Kubectl, ServerSideApplyOwnsFieldsAndReportsConflicts) {
    const QString manifest = writeFile("applied.yaml", applyManifest(2));
    KubectlRun created = kubectlRun(
        {QStringLiteral("apply"), QStringLiteral("--server-side"), QStringLiteral("-f"), manifest});
    EXPECT_OK(created);
    EXPECT_TRUE(created.out.contains(QStringLiteral("job.batch/applied serverside-applied")))
        << created.out.toStdString() << created.err.toStdString();

    auto parallelism = [&] {
        return kubectlRun({QStringLiteral("get"), QStringLiteral("job"), QStringLiteral("applied"),
                           QStringLiteral("-o"), QStringLiteral("jsonpath={.spec.parallelism}")})
            .out;
    };
    EXPECT_EQ(parallelism(), QStringLiteral("2"));

    writeFile("applied.yaml", applyManifest(3));
    KubectlRun reapplied = kubectlRun(
        {QStringLiteral("apply"), QStringLiteral("--server-side"), QStringLiteral("-f"), manifest});
    EXPECT_OK(reapplied);
    EXPECT_EQ(parallelism(), QStringLiteral("3"));

    KubectlRun patched =
        kubectlRun({QStringLiteral("patch"), QStringLiteral("job"), QStringLiteral("applied"),
                    QStringLiteral("--type=merge"), QStringLiteral("-p"),
                    QStringLiteral(R"({"spec":{"parallelism":1}})")});
    EXPECT_OK(patched);
    EXPECT_EQ(parallelism(), QStringLiteral("1"));

    KubectlRun managed = kubectlRun(
        {QStringLiteral("get"), QStringLiteral("job"), QStringLiteral("applied"),
         QStringLiteral("-o"), QStringLiteral("yaml"), QStringLiteral("--show-managed-fields")});
    EXPECT_OK(managed);
    for (const char* expected : {"manager: kubectl\n", "operation: Apply", "manager: kubectl-patch",
                                 "operation: Update", "fieldsType: FieldsV1", "f:parallelism: {}",
                                 "k:{\"name\":\"work\"}:", "k:{\"name\":\"MODE\"}:"})
        EXPECT_TRUE(managed.out.contains(QLatin1String(expected))) << expected << "\n"
                                                                   << managed.out.toStdString();

    // The apply would change kubectl-patch's field: a conflict, nothing stored.
    KubectlRun conflict = kubectlRun(
        {QStringLiteral("apply"), QStringLiteral("--server-side"), QStringLiteral("-f"), manifest});
    EXPECT_NE(conflict.exitCode, 0);
    EXPECT_TRUE(conflict.err.contains(QStringLiteral(
        "Apply failed with 1 conflict: conflict with \"kubectl-patch\" using batch/v1: "
        ".spec.parallelism")))
        << conflict.err.toStdString();
    EXPECT_TRUE(conflict.err.contains(QStringLiteral("--force-conflicts")))
        << conflict.err.toStdString();
    EXPECT_EQ(parallelism(), QStringLiteral("1"));

    KubectlRun forced =
        kubectlRun({QStringLiteral("apply"), QStringLiteral("--server-side"),
                    QStringLiteral("--force-conflicts"), QStringLiteral("-f"), manifest});
    EXPECT_OK(forced);
    EXPECT_EQ(parallelism(), QStringLiteral("3"));
    KubectlRun after = kubectlRun(
        {QStringLiteral("get"), QStringLiteral("job"), QStringLiteral("applied"),
         QStringLiteral("-o"), QStringLiteral("yaml"), QStringLiteral("--show-managed-fields")});
    EXPECT_OK(after);
    EXPECT_FALSE(after.out.contains(QStringLiteral("manager: kubectl-patch")))
        << "the forced apply took kubectl-patch's only field\n"
        << after.out.toStdString();

    // diff --server-side: a dry-run apply, shown and not stored.
    writeFile("applied.yaml", applyManifest(5));
    KubectlRun diff = kubectlRun(
        {QStringLiteral("diff"), QStringLiteral("--server-side"), QStringLiteral("-f"), manifest});
    EXPECT_EQ(diff.exitCode, 1) << diff.err.toStdString();
    EXPECT_TRUE(diff.out.contains(QStringLiteral("+  parallelism: 5"))) << diff.out.toStdString();
    EXPECT_EQ(parallelism(), QStringLiteral("3"));
}

// kubectl 1.20 (Debian 12's client) speaks the same server-side apply.
TEST_F(Kubectl120, ServerSideApplyCreatesConflictsAndForces) {
    const QString manifest = writeFile("applied.yaml", applyManifest(2));
    const QStringList apply{QStringLiteral("apply"), QStringLiteral("--server-side"),
                            QStringLiteral("-f"), manifest};
    KubectlRun created = kubectlRun(apply);
    EXPECT_OK(created);
    EXPECT_TRUE(created.out.contains(QStringLiteral("job.batch/applied serverside-applied")))
        << created.out.toStdString() << created.err.toStdString();
    EXPECT_OK(kubectlRun({QStringLiteral("patch"), QStringLiteral("job"), QStringLiteral("applied"),
                          QStringLiteral("--type=merge"), QStringLiteral("-p"),
                          QStringLiteral(R"({"spec":{"parallelism":1}})")}));
    KubectlRun conflict = kubectlRun(apply);
    EXPECT_NE(conflict.exitCode, 0);
    EXPECT_TRUE(conflict.err.contains(QStringLiteral(
        "Apply failed with 1 conflict: conflict with \"kubectl-patch\" using batch/v1: "
        ".spec.parallelism")))
        << conflict.err.toStdString();
    EXPECT_OK(kubectlRun(apply + QStringList{QStringLiteral("--force-conflicts")}));
    EXPECT_EQ(kubectlRun({QStringLiteral("get"), QStringLiteral("job"), QStringLiteral("applied"),
                          QStringLiteral("-o"), QStringLiteral("jsonpath={.spec.parallelism}")})
                  .out,
              QStringLiteral("2"));
}
