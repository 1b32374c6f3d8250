// CronJobs on `tessera serve`, driven by kubectl: Jobs created on schedule (named by the
// scheduled minute, owned by the CronJob), history pruned to its limits, concurrency policies,
// suspend, time zones, and schedule errors refused at create. The CronJob controller's clock is
// the server's test hook: sped up (a minute per second) or moved to just before a known minute,
// so nothing waits real minutes.
#include "KubectlFixture.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace tessera::serve::test {

namespace {

// A CronJob whose Jobs run `seconds` (simulated) each.
QByteArray cronJob(const char* name, const char* schedule, const QByteArray& extraSpec,
                   const char* jobSeconds = "100ms") {
    return QByteArray("apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: ") + name +
           "\nspec:\n  schedule: \"" + schedule + "\"\n" + extraSpec +
           "  jobTemplate:\n    metadata:\n      annotations:\n        tessera.dev/sim-duration: " +
           jobSeconds +
           "\n    spec:\n      template:\n        spec:\n          restartPolicy: Never\n"
           "          containers:\n          - name: tick\n            image: busybox:1.36\n"
           "            command: [\"date\"]\n";
}

} // namespace

// A minute of the CronJob controller's clock passes in a second; kubectl 1.32 (the system's) or
// 1.20 (Debian's kubernetes-client) drives it.
class KubectlCronJobs : public KubectlFixture, public testing::WithParamInterface<const char*> {
protected:
    QString kubectlBinary() const override {
        return QLatin1String(GetParam()) == QLatin1String("1.20")
                   ? QStringLiteral(TESSERA_KUBECTL_120)
                   : QStandardPaths::findExecutable(QStringLiteral("kubectl"));
    }
    const char* kubectlName() const override { return GetParam(); }
    QStringList extraServerArguments() const override {
        return {QStringLiteral("--cron-clock-rate"), QStringLiteral("60")};
    }

    QJsonObject getJson(const QStringList& args) {
        const KubectlRun run =
            kubectlRun(args + QStringList{QStringLiteral("-o"), QStringLiteral("json")});
        EXPECT_OK(run);
        return QJsonDocument::fromJson(run.out.toUtf8()).object();
    }
    // The reasons of the Events about CronJob `name`, oldest first.
    QStringList eventReasons(const QString& name) {
        QStringList out;
        for (const QJsonValue& e : getJson({QStringLiteral("get"), QStringLiteral("events")})
                                       .value(QStringLiteral("items"))
                                       .toArray()) {
            const QJsonObject involved =
                e.toObject().value(QStringLiteral("involvedObject")).toObject();
            if (involved.value(QStringLiteral("kind")).toString() == QLatin1String("CronJob") &&
                involved.value(QStringLiteral("name")).toString() == name)
                out << e.toObject().value(QStringLiteral("reason")).toString();
        }
        return out;
    }
    // The messages of the Events of `reason` about CronJob `name`.
    QStringList eventMessages(const QString& name, const QString& reason) {
        QStringList out;
        for (const QJsonValue& e : getJson({QStringLiteral("get"), QStringLiteral("events")})
                                       .value(QStringLiteral("items"))
                                       .toArray()) {
            const QJsonObject event = e.toObject();
            if (event.value(QStringLiteral("involvedObject"))
                        .toObject()
                        .value(QStringLiteral("name")) == name &&
                event.value(QStringLiteral("reason")).toString() == reason)
                out << event.value(QStringLiteral("message")).toString();
        }
        return out;
    }
    // The Jobs the CronJob `name` owns.
    QJsonArray jobsOf(const QString& name) {
        QJsonArray out;
        for (const QJsonValue& j : getJson({QStringLiteral("get"), QStringLiteral("jobs")})
                                       .value(QStringLiteral("items"))
                                       .toArray())
            for (const QJsonValue& ref : j.toObject()
                                             .value(QStringLiteral("metadata"))
                                             .toObject()
                                             .value(QStringLiteral("ownerReferences"))
                                             .toArray())
                if (ref.toObject().value(QStringLiteral("name")).toString() == name)
                    out.append(j);
        return out;
    }
};

TEST_P(KubectlCronJobs, CreatesAJobEachMinuteAndPrunesTheHistoryToItsLimits) {
    EXPECT_OK(kubectlRun({QStringLiteral("apply"), QStringLiteral("-f"),
                          writeFile("every.yaml", cronJob("every", "*/1 * * * *",
                                                          "  successfulJobsHistoryLimit: 2\n"))}));
    // Five runs, and the oldest finished ones deleted past the limit of 2.
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            const QStringList reasons = eventReasons(QStringLiteral("every"));
            return reasons.count(QStringLiteral("SuccessfulCreate")) >= 5 &&
                   reasons.count(QStringLiteral("SuccessfulDelete")) >= 2 &&
                   reasons.contains(QStringLiteral("SawCompletedJob"));
        },
        60000))
        << eventReasons(QStringLiteral("every")).join(QLatin1Char(' ')).toStdString();

    // Suspended, it starts nothing more; once its last Job has finished (status.active empty,
    // written in the sync that prunes), exactly the limit's worth of finished Jobs is left.
    EXPECT_OK(kubectlRun({QStringLiteral("patch"), QStringLiteral("cronjob"),
                          QStringLiteral("every"), QStringLiteral("--type=merge"),
                          QStringLiteral("-p"), QStringLiteral(R"({"spec":{"suspend":true}})")}));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return getJson(
                       {QStringLiteral("get"), QStringLiteral("cronjob"), QStringLiteral("every")})
                .value(QStringLiteral("status"))
                .toObject()
                .value(QStringLiteral("active"))
                .toArray()
                .isEmpty();
        },
        30000));

    // Each Job: NAME-<scheduled minutes since the epoch>, controlled by the CronJob, with the
    // scheduled time annotated.
    const QJsonObject cron =
        getJson({QStringLiteral("get"), QStringLiteral("cronjob"), QStringLiteral("every")});
    const QString uid =
        cron.value(QStringLiteral("metadata")).toObject().value(QStringLiteral("uid")).toString();
    int complete = 0;
    for (const QJsonValue& v : jobsOf(QStringLiteral("every"))) {
        const QJsonObject meta = v.toObject().value(QStringLiteral("metadata")).toObject();
        const QString scheduled =
            meta.value(QStringLiteral("annotations"))
                .toObject()
                .value(QStringLiteral("batch.kubernetes.io/cronjob-scheduled-timestamp"))
                .toString();
        const QDateTime at = QDateTime::fromString(scheduled, Qt::ISODate);
        ASSERT_TRUE(at.isValid()) << scheduled.toStdString();
        EXPECT_EQ(at.time().second(), 0);
        EXPECT_EQ(meta.value(QStringLiteral("name")).toString(),
                  QStringLiteral("every-%1").arg(at.toSecsSinceEpoch() / 60));
        const QJsonObject owner =
            meta.value(QStringLiteral("ownerReferences")).toArray().at(0).toObject();
        EXPECT_EQ(owner.value(QStringLiteral("kind")).toString(), QStringLiteral("CronJob"));
        EXPECT_EQ(owner.value(QStringLiteral("uid")).toString(), uid);
        EXPECT_TRUE(owner.value(QStringLiteral("controller")).toBool());
        EXPECT_TRUE(owner.value(QStringLiteral("blockOwnerDeletion")).toBool());
        for (const QJsonValue& c : v.toObject()
                                       .value(QStringLiteral("status"))
                                       .toObject()
                                       .value(QStringLiteral("conditions"))
                                       .toArray())
            complete +=
                c.toObject().value(QStringLiteral("type")).toString() == QLatin1String("Complete");
    }
    EXPECT_EQ(complete, 2) << "finished Jobs past successfulJobsHistoryLimit are deleted";

    const QJsonObject status =
        getJson({QStringLiteral("get"), QStringLiteral("cronjob"), QStringLiteral("every")})
            .value(QStringLiteral("status"))
            .toObject();
    EXPECT_TRUE(status.contains(QStringLiteral("lastScheduleTime")));
    EXPECT_TRUE(status.contains(QStringLiteral("lastSuccessfulTime")));
}

TEST_P(KubectlCronJobs, ForbidSkipsRunsWhileOneIsActiveAndReplaceDeletesIt) {
    // Each Job runs ten minutes of the controller's clock.
    EXPECT_OK(kubectlRun(
        {QStringLiteral("apply"), QStringLiteral("-f"),
         writeFile("forbid.yaml",
                   cronJob("forbid", "* * * * *", "  concurrencyPolicy: Forbid\n", "10s")),
         QStringLiteral("-f"),
         writeFile("replace.yaml",
                   cronJob("replace", "* * * * *", "  concurrencyPolicy: Replace\n", "10s"))}));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return eventReasons(QStringLiteral("forbid"))
                           .count(QStringLiteral("JobAlreadyActive")) >= 2 &&
                   eventReasons(QStringLiteral("replace"))
                           .count(QStringLiteral("SuccessfulDelete")) >= 2;
        },
        60000));
    EXPECT_EQ(eventReasons(QStringLiteral("forbid")).count(QStringLiteral("SuccessfulCreate")), 1);
    const QJsonArray active =
        getJson({QStringLiteral("get"), QStringLiteral("cronjob"), QStringLiteral("replace")})
            .value(QStringLiteral("status"))
            .toObject()
            .value(QStringLiteral("active"))
            .toArray();
    ASSERT_EQ(active.size(), 1) << "Replace keeps one Job running";
    // Each Job it deleted to make room for a later one is gone.
    const QStringList deleted =
        eventMessages(QStringLiteral("replace"), QStringLiteral("SuccessfulDelete"));
    ASSERT_GE(deleted.size(), 2);
    for (const QString& message : deleted) {
        const QString job = message.section(QLatin1Char(' '), -1);
        ASSERT_TRUE(job.startsWith(QLatin1String("replace-"))) << message.toStdString();
        const KubectlRun gone = kubectlRun({QStringLiteral("get"), QStringLiteral("job"), job});
        EXPECT_NE(gone.exitCode, 0) << job.toStdString();
        EXPECT_TRUE(gone.err.contains(QStringLiteral("NotFound"))) << gone.err.toStdString();
    }
}

TEST_P(KubectlCronJobs, ASuspendedCronJobCreatesNothing) {
    EXPECT_OK(kubectlRun(
        {QStringLiteral("apply"), QStringLiteral("-f"),
         writeFile("suspended.yaml", cronJob("suspended", "* * * * *", "  suspend: true\n")),
         QStringLiteral("-f"), writeFile("running.yaml", cronJob("running", "* * * * *", ""))}));
    // While its sibling runs three times, the suspended one runs none.
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return jobsOf(QStringLiteral("running")).size() >= 3; }, 60000));
    EXPECT_EQ(jobsOf(QStringLiteral("suspended")).size(), 0);
    EXPECT_TRUE(eventReasons(QStringLiteral("suspended")).isEmpty());
}

INSTANTIATE_TEST_SUITE_P(Kubectl, KubectlCronJobs, testing::Values("1.32", "1.20"),
                         [](const testing::TestParamInfo<const char*>& version) {
                             return QLatin1String(version.param) == QLatin1String("1.20")
                                        ? std::string("kubectl120")
                                        : std::string("kubectl132");
                         });

TEST_F(Kubectl, RefusesABadScheduleOrTimeZoneNamingTheField) {
    KubectlRun run =
        kubectlRun({QStringLiteral("create"), QStringLiteral("cronjob"), QStringLiteral("bad"),
                    QStringLiteral("--image=busybox"), QStringLiteral("--schedule=61 * * * *")});
    EXPECT_NE(run.exitCode, 0);
    EXPECT_TRUE(run.err.contains(QStringLiteral(
        "spec.schedule: Invalid value: \"61 * * * *\": end of range (61) above maximum (59): 61")))
        << run.err.toStdString();
    run = kubectlRun(
        {QStringLiteral("apply"), QStringLiteral("-f"),
         writeFile("zone.yaml", cronJob("zone", "@hourly", "  timeZone: Mars/Olympus_Mons\n"))});
    EXPECT_NE(run.exitCode, 0);
    EXPECT_TRUE(run.err.contains(
        QStringLiteral("spec.timeZone: Invalid value: \"Mars/Olympus_Mons\": unknown time zone")))
        << run.err.toStdString();
}

// The controller's clock is the wall clock moved to 10 s before the next UTC half hour: a CronJob
// of every minute and one at minute 0 in Asia/Kolkata (UTC+05:30) both fire there, from a timer
// set to the scheduled time, named by it.
class KubectlCronJobsAtAKnownTime : public Kubectl {
protected:
    QStringList extraServerArguments() const override {
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        // The next hh:30 of UTC at least 15 s away.
        boundary = ((now + 15 - 1800) / 3600 + 1) * 3600 + 1800;
        return {QStringLiteral("--cron-clock-offset"), QString::number(boundary - 10 - now)};
    }
    mutable qint64 boundary = 0;
};

TEST_F(KubectlCronJobsAtAKnownTime, FiresAtTheScheduledMinuteOfTheWallClockInItsTimeZone) {
    ASSERT_EQ(boundary % 3600, 1800);
    EXPECT_OK(kubectlRun(
        {QStringLiteral("apply"), QStringLiteral("-f"),
         writeFile("minutely.yaml", cronJob("minutely", "*/1 * * * *", "")), QStringLiteral("-f"),
         writeFile("kolkata.yaml",
                   cronJob("kolkata", "0 * * * *", "  timeZone: Asia/Kolkata\n"))}));
    const QString minutely = QStringLiteral("minutely-%1").arg(boundary / 60);
    const QString kolkata = QStringLiteral("kolkata-%1").arg(boundary / 60);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            const KubectlRun run = kubectlRun({QStringLiteral("get"), QStringLiteral("jobs"),
                                               QStringLiteral("-o"), QStringLiteral("name")});
            return run.out.contains(minutely) && run.out.contains(kolkata);
        },
        30000))
        << kubectlRun({QStringLiteral("get"), QStringLiteral("jobs")}).out.toStdString();
    const KubectlRun annotation =
        kubectlRun({QStringLiteral("get"), QStringLiteral("job"), kolkata, QStringLiteral("-o"),
                    QStringLiteral("jsonpath={.metadata.annotations.batch\\.kubernetes\\.io/"
                                   "cronjob-scheduled-timestamp}")});
    EXPECT_TRUE(annotation.out.endsWith(QStringLiteral(":00:00+05:30")))
        << annotation.out.toStdString();
    const KubectlRun last =
        kubectlRun({QStringLiteral("get"), QStringLiteral("cronjob"), QStringLiteral("minutely"),
                    QStringLiteral("-o"), QStringLiteral("jsonpath={.status.lastScheduleTime}")});
    EXPECT_EQ(last.out, QDateTime::fromSecsSinceEpoch(boundary, Qt::UTC).toString(Qt::ISODate));
}

} // namespace tessera::serve::test
