// kubectl (v1.32) against `tessera serve`: the controllers around a Job's lifetime. Deleting a
// Job with each propagation policy (its pods and a ConfigMap it owns go, or stay without their
// owner; the foreground and orphan finalizer phase is seen on a watch), a Job created from a
// CronJob going with it, and ttlSecondsAfterFinished deleting a finished Job.
#include "KubectlFixture.h"

using namespace tessera::serve::test;

namespace {

constexpr int kWaitMs = 30000;

class KubectlGarbageCollection : public Kubectl {
protected:
    KubectlRun kc(std::initializer_list<const char*> args, int timeoutMs = 60000) {
        QStringList list;
        for (const char* a : args)
            list << QString::fromUtf8(a);
        return kubectlRun(list, timeoutMs);
    }

    // The `frames` Job of the fixture, complete, with its pods still there (4, finished), and
    // the ConfigMap `frames-items` owned by it (as Tessera's launcher makes one).
    void createCompleteJobWithItsConfigMap() {
        ASSERT_EQ(kubectlRun({QStringLiteral("create"), QStringLiteral("-f"), jobFile}).exitCode,
                  0);
        KubectlRun complete =
            kc({"wait", "--for=condition=complete", "job/frames", "--timeout=60s"}, 90000);
        ASSERT_EQ(complete.exitCode, 0) << complete.err.toStdString();
        const QString uid = kc({"get", "job", "frames", "-o", "jsonpath={.metadata.uid}"}).out;
        ASSERT_FALSE(uid.isEmpty());
        const QString configMap = writeFile("items.yaml", QStringLiteral(R"(apiVersion: v1
kind: ConfigMap
metadata:
  name: frames-items
  ownerReferences:
  - {apiVersion: batch/v1, kind: Job, name: frames, uid: %1}
data: {items: "a\nb\n"}
)")
                                                              .arg(uid)
                                                              .toUtf8());
        ASSERT_EQ(kubectlRun({QStringLiteral("create"), QStringLiteral("-f"), configMap}).exitCode,
                  0);
        ASSERT_EQ(podNames().size(), 4);
    }

    QStringList podNames() {
        return kc({"get", "pods", "-l", "batch.kubernetes.io/job-name=frames", "-o",
                   "jsonpath={.items[*].metadata.name}"})
            .out.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    }

    bool exists(const char* kind, const char* name) {
        return kc({"get", kind, name, "-o", "name"}).exitCode == 0;
    }

    // `kubectl get job frames --watch` printing every event as JSON, from now on.
    void watchTheJob() {
        watch.setProcessEnvironment([&] {
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("HOME"), dir.path());
            return env;
        }());
        watch.start(kubectl, {QStringLiteral("--kubeconfig"), kubeconfig, QStringLiteral("get"),
                              QStringLiteral("job"), QStringLiteral("frames"),
                              QStringLiteral("--watch"), QStringLiteral("--output-watch-events"),
                              QStringLiteral("-o"), QStringLiteral("json")});
        ASSERT_TRUE(watch.waitForStarted(10000));
        // The first event (ADDED) says the watch is established.
        ASSERT_TRUE(QTest::qWaitFor(
            [&] {
                watched += QString::fromUtf8(watch.readAllStandardOutput());
                return watched.contains(QStringLiteral("\"ADDED\""));
            },
            kWaitMs));
    }
    // The watch's output once it has seen the Job's DELETED event.
    QString watchedUntilDeleted() {
        (void)QTest::qWaitFor(
            [&] {
                watched += QString::fromUtf8(watch.readAllStandardOutput());
                return watched.contains(QStringLiteral("\"DELETED\""));
            },
            kWaitMs);
        return watched;
    }
    void TearDown() override {
        if (watch.state() == QProcess::Running) {
            watch.kill();
            watch.waitForFinished();
        }
        Kubectl::TearDown();
    }

    QProcess watch;
    QString watched;
};

} // namespace

TEST_F(KubectlGarbageCollection, BackgroundDeletionTakesTheJobsPodsAndTheConfigMapItOwns) {
    createCompleteJobWithItsConfigMap();
    KubectlRun deleted = kc({"delete", "job", "frames", "--cascade=background"});
    EXPECT_OK(deleted);
    EXPECT_TRUE(deleted.out.contains(QStringLiteral("job.batch \"frames\" deleted")));
    EXPECT_TRUE(QTest::qWaitFor([&] { return podNames().isEmpty(); }, kWaitMs))
        << podNames().join(QLatin1Char(' ')).toStdString();
    EXPECT_TRUE(QTest::qWaitFor([&] { return !exists("configmap", "frames-items"); }, kWaitMs));
}

TEST_F(KubectlGarbageCollection, ForegroundDeletionHoldsTheJobUntilItsPodsAreGone) {
    createCompleteJobWithItsConfigMap();
    watchTheJob();
    // kubectl waits for the Job to be gone; the Job waits for its pods (blockOwnerDeletion).
    EXPECT_OK(kc({"delete", "job", "frames", "--cascade=foreground"}));
    EXPECT_TRUE(podNames().isEmpty()) << podNames().join(QLatin1Char(' ')).toStdString();
    const QString events = watchedUntilDeleted();
    EXPECT_TRUE(events.contains(QStringLiteral("\"foregroundDeletion\""))) << events.toStdString();
    EXPECT_TRUE(events.contains(QStringLiteral("\"deletionTimestamp\""))) << events.toStdString();
    EXPECT_TRUE(events.contains(QStringLiteral("\"DELETED\""))) << events.toStdString();
    // The ConfigMap does not block its owner: it goes after it.
    EXPECT_TRUE(QTest::qWaitFor([&] { return !exists("configmap", "frames-items"); }, kWaitMs));
}

TEST_F(KubectlGarbageCollection, OrphanDeletionLeavesThePodsAndConfigMapWithoutTheirOwner) {
    createCompleteJobWithItsConfigMap();
    const QStringList before = podNames();
    watchTheJob();
    EXPECT_OK(kc({"delete", "job", "frames", "--cascade=orphan"}));
    const QString events = watchedUntilDeleted();
    EXPECT_TRUE(events.contains(QStringLiteral("\"orphan\""))) << events.toStdString();
    EXPECT_TRUE(events.contains(QStringLiteral("\"deletionTimestamp\""))) << events.toStdString();
    EXPECT_EQ(podNames(), before);
    KubectlRun owners = kc({"get", "pods,configmaps", "-o",
                            "jsonpath={range .items[*]}{.metadata.name}={.metadata."
                            "ownerReferences}{.metadata.finalizers};{end}"});
    EXPECT_OK(owners);
    for (const QString& pod : before)
        EXPECT_TRUE(owners.out.contains(pod + QStringLiteral("=;"))) << owners.out.toStdString();
    EXPECT_TRUE(owners.out.contains(QStringLiteral("frames-items=;"))) << owners.out.toStdString();
}

TEST_F(KubectlGarbageCollection, DeletingACronJobDeletesTheJobCreatedFromIt) {
    // A schedule that does not come round during the test: only the Job made by hand exists.
    EXPECT_OK(kc({"create", "cronjob", "nightly", "--image=busybox", "--schedule=0 0 1 1 *"}));
    EXPECT_OK(kc({"create", "job", "by-hand", "--from=cronjob/nightly"}));
    KubectlRun owner =
        kc({"get", "job", "by-hand", "-o", "jsonpath={.metadata.ownerReferences[0].kind}"});
    EXPECT_EQ(owner.out, QStringLiteral("CronJob")) << owner.err.toStdString();
    EXPECT_OK(kc({"delete", "cronjob", "nightly"}));
    EXPECT_TRUE(QTest::qWaitFor([&] { return !exists("job", "by-hand"); }, kWaitMs));
}

TEST_F(KubectlGarbageCollection, TtlAfterFinishedDeletesAFinishedJobAndHonoursAChangedTtl) {
    const auto jobWithTtl = [&](const char* name, int ttl) {
        return writeFile(name, QStringLiteral(R"(apiVersion: batch/v1
kind: Job
metadata: {name: %1}
spec:
  ttlSecondsAfterFinished: %2
  template:
    spec:
      restartPolicy: Never
      containers: [{name: main, image: busybox}]
)")
                                   .arg(QLatin1String(name))
                                   .arg(ttl)
                                   .toUtf8());
    };
    // Kept a day after finishing: still there once complete, until its TTL is cut to 1 s.
    EXPECT_OK(
        kubectlRun({QStringLiteral("create"), QStringLiteral("-f"), jobWithTtl("kept", 86400)}));
    EXPECT_OK(kubectlRun({QStringLiteral("create"), QStringLiteral("-f"), jobWithTtl("short", 1)}));
    EXPECT_OK(kc({"wait", "--for=condition=complete", "job/kept", "--timeout=60s"}, 90000));
    // kubectl waits on a watch for the deletion: the TTL controller's timer, not a poll.
    KubectlRun shortGone = kc({"wait", "--for=delete", "job/short", "--timeout=30s"}, 60000);
    EXPECT_OK(shortGone);
    EXPECT_TRUE(exists("job", "kept"));
    EXPECT_OK(kc({"patch", "job", "kept", "--type=merge", "-p",
                  R"({"spec":{"ttlSecondsAfterFinished":1}})"}));
    EXPECT_OK(kc({"wait", "--for=delete", "job/kept", "--timeout=30s"}, 60000));
    // Deleted with its pods (Foreground, as upstream's controller deletes).
    EXPECT_TRUE(QTest::qWaitFor(
        [&] {
            return kc({"get", "pods", "-o", "name"}).out.trimmed().isEmpty();
        },
        kWaitMs));
}
