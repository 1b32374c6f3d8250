// kubectl 1.32 against `tessera serve` on what a cluster's API server does around the objects:
// pod logs with the kubelet's options, field selectors per kind, `get all`, `auth can-i --list`,
// `explain` descriptions, each kind's printer columns, and a replace that changes the uid.
#include "KubectlFixture.h"

#include <QRegularExpression>

using namespace tessera::serve::test;

namespace {

QStringList args(std::initializer_list<const char*> list) {
    QStringList out;
    for (const char* a : list)
        out << QString::fromUtf8(a);
    return out;
}

// The first line of a table kubectl printed, its columns separated by single spaces.
QString header(const QString& table) {
    return table.section(QLatin1Char('\n'), 0, 0).simplified();
}

} // namespace

class KubectlCluster : public Kubectl {
protected:
    // Creates the fixture's Job and waits until it is complete; the name of one of its pods.
    QString completedJobPod() {
        EXPECT_OK(kubectlRun({QStringLiteral("create"), QStringLiteral("-f"), jobFile}));
        EXPECT_OK(
            kubectlRun(args({"wait", "--for=condition=complete", "job/frames", "--timeout=60s"})));
        const KubectlRun pods =
            kubectlRun(args({"get", "pods", "-l", "job-name=frames", "-o", "name"}));
        EXPECT_OK(pods);
        return pods.out.section(QLatin1Char('\n'), 0, 0).trimmed();
    }
};

TEST_F(KubectlCluster, LogsApplyTailSinceTimestampsAndLimitBytesAsTheKubelet) {
    const QString pod = completedJobPod();
    ASSERT_TRUE(pod.startsWith(QLatin1String("pod/"))) << pod.toStdString();
    const auto logs = [&](std::initializer_list<const char*> options) {
        return kubectlRun(QStringList{QStringLiteral("logs"), pod} + args(options));
    };
    const KubectlRun all = logs({});
    EXPECT_OK(all);
    const QStringList lines = all.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 2) << all.out.toStdString(); // started, done

    // Every line with the time it was written (the kubelet's RFC3339NanoFixed).
    const KubectlRun stamped = logs({"--timestamps"});
    EXPECT_OK(stamped);
    const QStringList stampedLines = stamped.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    ASSERT_EQ(stampedLines.size(), 2) << stamped.out.toStdString();
    static const QRegularExpression time(
        QStringLiteral("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{9}Z $"));
    for (qsizetype i = 0; i < 2; ++i) {
        const QString prefix = stampedLines[i].section(QLatin1Char(' '), 0, 0) + QLatin1Char(' ');
        EXPECT_TRUE(time.match(prefix).hasMatch()) << stampedLines[i].toStdString();
        EXPECT_EQ(stampedLines[i].mid(prefix.size()), lines[i]);
    }

    // tail, then since, then the byte limit over what is written (timestamps included).
    const KubectlRun tail = logs({"--tail=1"});
    EXPECT_OK(tail);
    EXPECT_EQ(tail.out, lines[1] + QLatin1Char('\n'));
    const KubectlRun limited = logs({"--tail=1", "--timestamps", "--limit-bytes=24"});
    EXPECT_OK(limited);
    EXPECT_EQ(limited.out, stampedLines[1].left(24));
    const KubectlRun recent = logs({"--since=1h"});
    EXPECT_OK(recent);
    EXPECT_EQ(recent.out, all.out);
    const KubectlRun future = logs({"--since-time=2099-01-01T00:00:00Z", "--timestamps"});
    EXPECT_OK(future);
    EXPECT_EQ(future.out, QString());
}

// (kubectl checks `-c` against the pod itself; the server's check is PodLogsHttp's.)
TEST_F(KubectlCluster, LogsOfAPreviousAttemptThatNeverRanAreRefused) {
    const QString pod = completedJobPod();
    const QString name = pod.section(QLatin1Char('/'), 1);
    // A container that never restarted has no previous log, as the kubelet says.
    const KubectlRun previous =
        kubectlRun({QStringLiteral("logs"), pod, QStringLiteral("--previous")});
    EXPECT_NE(previous.exitCode, 0);
    EXPECT_TRUE(previous.err.contains(
        QStringLiteral("previous terminated container \"render\" in pod \"%1\" not found")
            .arg(name)))
        << previous.err.toStdString();
}

TEST_F(KubectlCluster, FieldSelectorsAreThoseOfEachKind) {
    const QString pod = completedJobPod().section(QLatin1Char('/'), 1);
    // A field the kind cannot select: upstream's message, for kinds with their own conversion
    // and for the others.
    const KubectlRun unknown = kubectlRun(args({"get", "pods", "--field-selector", "spec.foo=x"}));
    EXPECT_NE(unknown.exitCode, 0);
    EXPECT_TRUE(unknown.err.contains(QStringLiteral("field label not supported: spec.foo")))
        << unknown.err.toStdString();
    const KubectlRun configMaps =
        kubectlRun(args({"get", "configmaps", "--field-selector", "data.a=1"}));
    EXPECT_NE(configMaps.exitCode, 0);
    EXPECT_TRUE(
        configMaps.err.contains(QStringLiteral("\"data.a\" is not a known field selector: only "
                                               "\"metadata.name\", \"metadata.namespace\"")))
        << configMaps.err.toStdString();

    // What each kind can select, read where the kind keeps it.
    const KubectlRun succeeded =
        kubectlRun(args({"get", "jobs", "--field-selector", "status.successful=4", "-o", "name"}));
    EXPECT_OK(succeeded);
    EXPECT_EQ(succeeded.out.trimmed(), QStringLiteral("job.batch/frames"));
    EXPECT_EQ(
        kubectlRun(args({"get", "jobs", "--field-selector", "status.successful=3", "-o", "name"}))
            .out.trimmed(),
        QString());
    const KubectlRun byPhase = kubectlRun(args({"get", "pods", "--field-selector",
                                                "status.phase=Succeeded,spec.hostNetwork=false,"
                                                "spec.restartPolicy=Never",
                                                "-o", "name"}));
    EXPECT_OK(byPhase);
    EXPECT_TRUE(byPhase.out.contains(pod)) << byPhase.out.toStdString();
    const KubectlRun nodes =
        kubectlRun(args({"get", "nodes", "--field-selector", "spec.unschedulable=false"}));
    EXPECT_OK(nodes);
    EXPECT_TRUE(nodes.out.contains(QStringLiteral("tessera-node-1"))) << nodes.out.toStdString();
    EXPECT_OK(kubectlRun(args({"get", "secrets", "--field-selector", "type=Opaque"})));
    EXPECT_OK(kubectlRun(args({"get", "namespaces", "--field-selector", "status.phase=Active"})));
    const KubectlRun events =
        kubectlRun(args({"get", "events", "--field-selector",
                         "involvedObject.kind=Job,reason=Completed", "-o", "name"}));
    EXPECT_OK(events);
}

TEST_F(KubectlCluster, GetAllListsTheAllCategory) {
    EXPECT_OK(kubectlRun({QStringLiteral("create"), QStringLiteral("-f"), jobFile}));
    EXPECT_OK(kubectlRun(
        args({"create", "cronjob", "nightly", "--image=busybox", "--schedule=0 3 * * *"})));
    EXPECT_OK(kubectlRun(args({"create", "configmap", "settings", "--from-literal=a=1"})));
    const KubectlRun all = kubectlRun(args({"get", "all"}));
    EXPECT_OK(all);
    for (const char* shown : {"service/kubernetes", "job.batch/frames", "cronjob.batch/nightly"})
        EXPECT_TRUE(all.out.contains(QLatin1String(shown))) << shown << "\n"
                                                            << all.out.toStdString();
    EXPECT_TRUE(all.out.contains(QStringLiteral("pod/frames-"))) << all.out.toStdString();
    // ConfigMaps are not in the category, as upstream's are not.
    EXPECT_FALSE(all.out.contains(QStringLiteral("settings"))) << all.out.toStdString();
}

TEST_F(KubectlCluster, AuthCanIListPrintsTheRules) {
    const KubectlRun rules = kubectlRun(args({"auth", "can-i", "--list"}));
    EXPECT_OK(rules);
    EXPECT_EQ(header(rules.out),
              QStringLiteral("Resources Non-Resource URLs Resource Names Verbs"));
    EXPECT_TRUE(rules.out.contains(
        QRegularExpression(QStringLiteral("\\n\\*\\.\\*\\s+\\[\\]\\s+\\[\\]\\s+\\[\\*\\]"))))
        << rules.out.toStdString();
    EXPECT_TRUE(rules.out.contains(
        QRegularExpression(QStringLiteral("\\s+\\[\\*\\]\\s+\\[\\]\\s+\\[\\*\\]"))))
        << rules.out.toStdString();
}

TEST_F(KubectlCluster, ExplainDescribesJobCronJobAndPodFields) {
    struct Case {
        const char* path;
        const char* text;
    };
    const Case cases[] = {
        {"job.spec.completions", "Specifies the desired number of successfully finished pods"},
        {"cronjob.spec.schedule", "The schedule in Cron format"},
        {"cronjob.spec.concurrencyPolicy", "Specifies how to treat concurrent executions"},
        {"job.spec.template.spec.restartPolicy", "Restart policy for all containers"},
        {"pod.spec.containers.image", "Container image name"},
        {"pod.spec.containers.env", "List of environment variables to set in the container"},
        {"job.spec.template.spec.nodeSelector", "NodeSelector is a selector which must be true"},
    };
    for (const Case& c : cases) {
        const KubectlRun explained = kubectlRun(args({"explain", c.path}));
        EXPECT_OK(explained);
        EXPECT_TRUE(explained.out.contains(QLatin1String(c.text))) << c.path << "\n"
                                                                   << explained.out.toStdString();
    }
}

TEST_F(KubectlCluster, PrintsEachKindsColumns) {
    EXPECT_OK(kubectlRun(
        args({"create", "cronjob", "nightly", "--image=busybox", "--schedule=0 3 * * *"})));
    EXPECT_OK(kubectlRun(
        args({"create", "configmap", "settings", "--from-literal=a=1", "--from-literal=b=2"})));
    EXPECT_OK(kubectlRun(args({"create", "secret", "generic", "token", "--from-literal=t=x"})));
    struct Case {
        const char* resource;
        const char* header;
        const char* row; // a row's cells after the name, or "" to skip
    };
    const Case cases[] = {
        {"nodes", "NAME STATUS ROLES AGE VERSION", "tessera-node-1 Ready <none>"},
        {"nodes", "NAME STATUS ROLES AGE VERSION", "v1.32.0-tessera"},
        {"namespaces", "NAME STATUS AGE", "default Active"},
        {"configmaps", "NAME DATA AGE", "settings 2"},
        {"secrets", "NAME TYPE DATA AGE", "token Opaque 1"},
        {"serviceaccounts", "NAME SECRETS AGE", "default 0"},
        {"services", "NAME TYPE CLUSTER-IP EXTERNAL-IP PORT(S) AGE",
         "kubernetes ClusterIP 10.96.0.1 <none> 443/TCP"},
        {"cronjobs", "NAME SCHEDULE TIMEZONE SUSPEND ACTIVE LAST SCHEDULE AGE",
         "nightly 0 3 * * * <none> False 0 <none>"},
    };
    for (const Case& c : cases) {
        const KubectlRun table = kubectlRun(args({"get", c.resource}));
        EXPECT_OK(table);
        EXPECT_EQ(header(table.out), QLatin1String(c.header)) << c.resource;
        EXPECT_TRUE(table.out.simplified().contains(QLatin1String(c.row)))
            << c.resource << "\n"
            << table.out.toStdString();
    }
}

TEST_F(KubectlCluster, ReplaceWithAnotherUidIsAPreconditionConflict) {
    EXPECT_OK(kubectlRun(args({"create", "configmap", "settings", "--from-literal=a=1"})));
    const KubectlRun uid =
        kubectlRun(args({"get", "configmap", "settings", "-o", "jsonpath={.metadata.uid}"}));
    EXPECT_OK(uid);
    const QString manifest = writeFile("changed.yaml", R"(apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
  uid: 0b9a0a37-0000-4000-8000-000000000000
data: {a: "2"}
)");
    const KubectlRun replaced =
        kubectlRun({QStringLiteral("replace"), QStringLiteral("-f"), manifest});
    EXPECT_NE(replaced.exitCode, 0);
    EXPECT_TRUE(replaced.err.contains(
        QStringLiteral("Error from server (Conflict): error when replacing \"%1\": Operation "
                       "cannot be fulfilled on configmaps \"settings\": Precondition failed: UID "
                       "in precondition: 0b9a0a37-0000-4000-8000-000000000000, UID in object "
                       "meta: %2")
            .arg(manifest, uid.out.trimmed())))
        << replaced.err.toStdString();
}
