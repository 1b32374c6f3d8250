// kubectl 1.32 and kubectl 1.20 on what users type first: typed creates (which kubectl >= 1.32
// sends as protobuf), get -o yaml, explain (OpenAPI v3 for 1.32, protobuf OpenAPI v2 for 1.20),
// create -f, apply, diff, and 1.20's client-side validation from the served schema.
#include "KubectlFixture.h"

using namespace tessera::serve::test;

namespace {

QStringList args(std::initializer_list<const char*> list) {
    QStringList out;
    for (const char* a : list)
        out << QLatin1String(a);
    return out;
}

} // namespace

TEST_F(Kubectl, CreatesNamespacesConfigMapsAndJobsItSendsAsProtobuf) {
    // -v=8 prints the request headers: the bodies really are protobuf.
    const KubectlRun ns = kubectlRun(args({"create", "namespace", "demo", "-v=8"}));
    EXPECT_OK(ns);
    EXPECT_TRUE(ns.out.contains(QStringLiteral("namespace/demo created"))) << ns.out.toStdString();
    EXPECT_TRUE(
        ns.err.contains(QStringLiteral("Content-Type: application/vnd.kubernetes.protobuf")))
        << "kubectl sent no protobuf body; the test proves nothing:\n"
        << ns.err.toStdString();

    const KubectlRun cm = kubectlRun(
        args({"create", "configmap", "settings", "-n", "demo", "--from-literal=mode=fast"}));
    EXPECT_OK(cm);
    EXPECT_TRUE(cm.out.contains(QStringLiteral("configmap/settings created")))
        << cm.out.toStdString();
    const KubectlRun job = kubectlRun(
        args({"create", "job", "hello", "-n", "demo", "--image=busybox:1.36", "--", "echo", "hi"}));
    EXPECT_OK(job);
    EXPECT_TRUE(job.out.contains(QStringLiteral("job.batch/hello created")))
        << job.out.toStdString();

    const KubectlRun nsYaml = kubectlRun(args({"get", "namespace", "demo", "-o", "yaml"}));
    EXPECT_OK(nsYaml);
    EXPECT_TRUE(nsYaml.out.contains(QStringLiteral("name: demo"))) << nsYaml.out.toStdString();
    EXPECT_TRUE(nsYaml.out.contains(QStringLiteral("phase: Active"))) << nsYaml.out.toStdString();
    const KubectlRun cmYaml =
        kubectlRun(args({"get", "configmap", "settings", "-n", "demo", "-o", "yaml"}));
    EXPECT_OK(cmYaml);
    EXPECT_TRUE(cmYaml.out.contains(QStringLiteral("mode: fast"))) << cmYaml.out.toStdString();
    const KubectlRun jobYaml =
        kubectlRun(args({"get", "job", "hello", "-n", "demo", "-o", "yaml"}));
    EXPECT_OK(jobYaml);
    for (const char* expected : {"image: busybox:1.36", "- echo", "- hi", "name: hello",
                                 "restartPolicy: Never", "completionMode: NonIndexed"})
        EXPECT_TRUE(jobYaml.out.contains(QLatin1String(expected))) << expected << "\n"
                                                                   << jobYaml.out.toStdString();
    // Go's zero values that protobuf carries and JSON leaves out did not become fields.
    EXPECT_FALSE(jobYaml.out.contains(QStringLiteral("stdin:"))) << jobYaml.out.toStdString();
    EXPECT_FALSE(jobYaml.out.contains(QStringLiteral("generateName:")))
        << jobYaml.out.toStdString();

    const KubectlRun wait = kubectlRun(
        args({"wait", "--for=condition=complete", "job/hello", "-n", "demo", "--timeout=60s"}),
        90000);
    EXPECT_OK(wait);

    // describe reads the Job and its events through the typed client: protobuf answers.
    const KubectlRun describe =
        kubectlRun(args({"describe", "job", "hello", "-n", "demo", "-v=8"}));
    EXPECT_OK(describe);
    EXPECT_TRUE(
        describe.err.contains(QStringLiteral("Content-Type: application/vnd.kubernetes.protobuf")))
        << describe.err.toStdString();
    EXPECT_TRUE(describe.out.contains(QStringLiteral("SuccessfulCreate")))
        << describe.out.toStdString();
    EXPECT_TRUE(describe.out.contains(QStringLiteral("busybox:1.36")))
        << describe.out.toStdString();
}

TEST_F(Kubectl, WatchesEventsThroughAProtobufStream) {
    EXPECT_OK(kubectlRun(args({"create", "job", "watched", "--image=busybox:1.36"})));
    // kubectl events --watch is a typed watch: length-prefixed protobuf WatchEvent frames.
    const KubectlRun events = kubectlRun(
        args({"events", "--watch", "--for", "job/watched", "--request-timeout=4s", "-v=8"}), 30000);
    EXPECT_TRUE(events.err.contains(
        QStringLiteral("Content-Type: application/vnd.kubernetes.protobuf;stream=watch")))
        << events.err.toStdString();
    EXPECT_TRUE(events.out.contains(QStringLiteral("Created pod: watched-")))
        << events.out.toStdString();
}

TEST_F(Kubectl, ExplainsJobSpecFromTheOpenApiSchema) {
    const KubectlRun spec = kubectlRun(args({"explain", "job.spec"}));
    EXPECT_OK(spec);
    for (const char* expected :
         {"KIND:       Job", "parallelism\t<integer>", "completionMode\t<string>",
          "template\t<PodTemplateSpec>", "Specifies the maximum desired number of pods"})
        EXPECT_TRUE(spec.out.contains(QLatin1String(expected))) << expected << "\n"
                                                                << spec.out.toStdString();
    const KubectlRun containers =
        kubectlRun(args({"explain", "job.spec.template.spec.containers.resources"}));
    EXPECT_OK(containers);
    EXPECT_TRUE(containers.out.contains(QStringLiteral("limits\t<map[string]")))
        << containers.out.toStdString();
}

TEST_F(Kubectl, SaysAnUnservedKindHasNoMatch) {
    // With a real OpenAPI document kubectl gets as far as the mapping, and says what is wrong.
    const QString deployment = writeFile(
        "deployment.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\n");
    const KubectlRun created = kubectlRun(args({"create", "-f"}) << deployment);
    EXPECT_NE(created.exitCode, 0);
    EXPECT_TRUE(created.err.contains(
        QStringLiteral("no matches for kind \"Deployment\" in version \"apps/v1\"")))
        << created.err.toStdString();
}

TEST_F(Kubectl, AppliesAndDiffsAManifest) {
    const KubectlRun created = kubectlRun(args({"apply", "-f"}) << jobFile);
    EXPECT_OK(created);
    EXPECT_TRUE(created.out.contains(QStringLiteral("job.batch/frames created")))
        << created.out.toStdString();
    QFile original(jobFile);
    ASSERT_TRUE(original.open(QIODevice::ReadOnly));
    const QByteArray changed = original.readAll().replace(
        "labels: {app: frames}\nspec:", "labels: {app: frames, tier: render}\nspec:");
    const QString changedFile = writeFile("changed.yaml", changed);

    const KubectlRun diff = kubectlRun(args({"diff", "-f"}) << changedFile);
    EXPECT_EQ(diff.exitCode, 1) << "kubectl diff exits 1 when there are differences\n"
                                << diff.out.toStdString() << diff.err.toStdString();
    EXPECT_TRUE(diff.out.contains(QStringLiteral("+    tier: render"))) << diff.out.toStdString();

    const KubectlRun applied = kubectlRun(args({"apply", "-f"}) << changedFile);
    EXPECT_OK(applied);
    EXPECT_TRUE(applied.out.contains(QStringLiteral("job.batch/frames configured")))
        << applied.out.toStdString();
    const KubectlRun label =
        kubectlRun(args({"get", "job", "frames", "-o", "jsonpath={.metadata.labels.tier}"}));
    EXPECT_EQ(label.out, QStringLiteral("render"));
    const KubectlRun same = kubectlRun(args({"diff", "-f"}) << changedFile);
    EXPECT_EQ(same.exitCode, 0) << same.out.toStdString() << same.err.toStdString();
}

TEST_F(Kubectl120, CreatesAppliesAndExplainsWithTheProtobufOpenApi) {
    const KubectlRun version = kubectlRun(args({"version", "--client", "--short"}));
    EXPECT_TRUE(version.out.contains(QStringLiteral("v1.20"))) << version.out.toStdString();

    // create -f validates against /openapi/v2 in its protobuf form first.
    const KubectlRun created = kubectlRun(args({"create", "-f"}) << jobFile);
    EXPECT_OK(created);
    EXPECT_TRUE(created.out.contains(QStringLiteral("job.batch/frames created")))
        << created.out.toStdString();

    QFile original(jobFile);
    ASSERT_TRUE(original.open(QIODevice::ReadOnly));
    const QByteArray text = original.readAll();
    const QString changedFile = writeFile(
        "changed.yaml", QByteArray(text).replace("labels: {app: frames}\nspec:",
                                                 "labels: {app: frames, tier: render}\nspec:"));
    const KubectlRun applied = kubectlRun(args({"apply", "-f"}) << changedFile);
    EXPECT_OK(applied);
    EXPECT_TRUE(applied.out.contains(QStringLiteral("job.batch/frames configured")))
        << applied.out.toStdString();
    const KubectlRun label =
        kubectlRun(args({"get", "job", "frames", "-o", "jsonpath={.metadata.labels.tier}"}));
    EXPECT_EQ(label.out, QStringLiteral("render"));

    const KubectlRun explain = kubectlRun(args({"explain", "job.spec.completions"}));
    EXPECT_OK(explain);
    EXPECT_TRUE(explain.out.contains(QStringLiteral("FIELD:    completions <integer>")))
        << explain.out.toStdString();
    EXPECT_TRUE(explain.out.contains(
        QStringLiteral("Specifies the desired number of successfully finished pods")))
        << explain.out.toStdString();

    // Client-side validation from the served schema: the typo never reaches the server.
    const QString typo = writeFile("typo.yaml", QByteArray(text)
                                                    .replace("name: frames\n", "name: typo\n")
                                                    .replace("parallelism: 2", "paralelism: 2"));
    const KubectlRun invalid = kubectlRun(args({"create", "-f"}) << typo);
    EXPECT_NE(invalid.exitCode, 0);
    EXPECT_TRUE(invalid.err.contains(
        QStringLiteral("unknown field \"paralelism\" in io.k8s.api.batch.v1.JobSpec")))
        << invalid.err.toStdString();

    const KubectlRun ns = kubectlRun(args({"create", "namespace", "old-client"}));
    EXPECT_OK(ns);
    EXPECT_TRUE(ns.out.contains(QStringLiteral("namespace/old-client created")))
        << ns.out.toStdString();
}

TEST_F(Kubectl, ValidatesFieldsAsTheApiServerDoes) {
    QFile original(jobFile);
    ASSERT_TRUE(original.open(QIODevice::ReadOnly));
    const QString typo =
        writeFile("typo.yaml", original.readAll().replace("parallelism: 2", "paralelism: 2"));

    // kubectl 1.32 asks for fieldValidation=Strict: the typo is refused, with its path.
    const KubectlRun strict = kubectlRun(args({"create", "-f"}) << typo);
    EXPECT_NE(strict.exitCode, 0);
    EXPECT_TRUE(strict.err.contains(
        QStringLiteral("Job in version \"v1\" cannot be handled as a Job: strict decoding error: "
                       "unknown field \"spec.paralelism\"")))
        << strict.err.toStdString();
    EXPECT_TRUE(kubectlRun(args({"get", "jobs", "-o", "name"})).out.trimmed().isEmpty())
        << "nothing stored";

    // Warn: created, the field dropped, kubectl prints the server's warning.
    const KubectlRun warn = kubectlRun(args({"create", "--validate=warn", "-f"}) << typo);
    EXPECT_OK(warn);
    EXPECT_TRUE(warn.err.contains(QStringLiteral("Warning: unknown field \"spec.paralelism\"")))
        << warn.err.toStdString();
    const KubectlRun spec = kubectlRun(args({"get", "job", "frames", "-o", "jsonpath={.spec}"}));
    EXPECT_FALSE(spec.out.contains(QStringLiteral("paralelism"))) << spec.out.toStdString();

    // A value of the wrong type is refused whatever the mode, naming the field.
    const KubectlRun wrongType = kubectlRun(args(
        {"patch", "job", "frames", "--type=merge", "-p", R"({"spec":{"parallelism":"two"}})"}));
    EXPECT_NE(wrongType.exitCode, 0);
    EXPECT_TRUE(wrongType.err.contains(
        QStringLiteral("spec.parallelism: expected an integer, got a string")))
        << wrongType.err.toStdString();
}
