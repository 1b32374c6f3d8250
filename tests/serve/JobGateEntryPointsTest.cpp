// Every path that accepts a Job refuses the same invalid manifest with the same causes: the API
// server (a real POST to an in-process `tessera serve`), and `tessera run --job`, `simulate`,
// `reconcile` and `launch` as real processes. A name that is a path never creates anything
// outside the runs folder.
#include "RawHttp.h"
#include "serve/Server.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace tessera::serve;
using namespace tessera::serve::test;

namespace {

// Three problems: a quantity kubectl cannot print, a DNS policy and a negative succeededCount.
const QByteArray kInvalidJob = R"({"apiVersion":"batch/v1","kind":"Job",
  "metadata":{"name":"render"},
  "spec":{"completions":4,"parallelism":2,"completionMode":"Indexed",
    "successPolicy":{"rules":[{"succeededCount":-1}]},
    "template":{"spec":{"restartPolicy":"Never","dnsPolicy":"Maybe",
      "containers":[{"name":"main","image":"busybox",
        "resources":{"limits":{"memory":"12 GB"}}}]}}}})";

struct CliRun {
    int exitCode = -1;
    QString out;
    QString err;
};

CliRun runTessera(const QStringList& args, const QByteArray& input = {},
                  const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment()) {
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(TESSERA_BINARY), args);
    EXPECT_TRUE(p.waitForStarted());
    p.write(input);
    p.closeWriteChannel();
    EXPECT_TRUE(p.waitForFinished(60000));
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    QFile f(dir.filePath(name));
    EXPECT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(text);
    return f.fileName();
}

// "field: message" of each cause the API server answered.
QStringList causesOfPost(const QByteArray& body) {
    Server server;
    EXPECT_TRUE(server.listen()) << server.errorString().toStdString();
    const Answer a =
        request(server, "POST", "/apis/batch/v1/namespaces/default/jobs", "application/json", body);
    EXPECT_EQ(a.status, 422) << a.body.toStdString();
    QStringList out;
    for (const QJsonValue& c : jsonOf(a)
                                   .value(QStringLiteral("details"))
                                   .toObject()
                                   .value(QStringLiteral("causes"))
                                   .toArray())
        out << c.toObject().value(QStringLiteral("field")).toString() + QStringLiteral(": ") +
                   c.toObject().value(QStringLiteral("message")).toString();
    return out;
}

} // namespace

TEST(JobGateEntryPoints, EveryEntryPointRefusesTheSameManifestWithTheSameCauses) {
    const QStringList causes = causesOfPost(kInvalidJob);
    ASSERT_EQ(causes.size(), 3) << causes.join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(causes.contains(QStringLiteral(
        "spec.template.spec.containers[0].resources.limits[memory]: Invalid value: \"12 GB\": "
        "must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")));

    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString manifest = writeFile(dir, QStringLiteral("job.json"), kInvalidJob);
    const QString list = writeFile(dir, QStringLiteral("items.txt"), "echo a\necho b\n");
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("data")));

    struct EntryPoint {
        const char* name;
        CliRun run;
        QString prefix; // the reconcile input holds the Job under "job"
    };
    const EntryPoint entryPoints[] = {
        {"run --job",
         runTessera({QStringLiteral("run"), QStringLiteral("--job"), manifest, list}, {}, env),
         {}},
        {"simulate", runTessera({QStringLiteral("simulate"), manifest}), {}},
        {"reconcile",
         runTessera({QStringLiteral("reconcile"), QStringLiteral("-")},
                    "{\"job\": " + kInvalidJob + ", \"pods\": []}"),
         QStringLiteral("job.")},
    };
    for (const EntryPoint& e : entryPoints) {
        SCOPED_TRACE(e.name);
        EXPECT_NE(e.run.exitCode, 0);
        EXPECT_TRUE(e.run.out.isEmpty()) << e.run.out.toStdString();
        for (const QString& cause : causes)
            EXPECT_TRUE(e.run.err.contains(e.prefix + cause))
                << "missing: " << cause.toStdString() << "\nin: " << e.run.err.toStdString();
        EXPECT_EQ(e.run.err.count(QStringLiteral("\n  ")), causes.size())
            << e.run.err.toStdString();
    }
    // Nothing ran: `run --job` made no run directory.
    EXPECT_FALSE(QDir(dir.filePath(QStringLiteral("data/tessera/runs")))
                     .entryList(QDir::Dirs | QDir::NoDotAndDotDot)
                     .size() > 0);
}

TEST(JobGateEntryPoints, LaunchPassesItsGeneratedJobThroughTheGate) {
    // A 62-character name is a DNS label, but the hostname of the last of two indexes
    // ("<name>-1") is not: only the API server's Job rules see it.
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString list = writeFile(dir, QStringLiteral("items.txt"), "echo a\necho b\n");
    const QString name(62, QLatin1Char('a'));
    const CliRun r = runTessera({QStringLiteral("launch"), list, QStringLiteral("--image"),
                                 QStringLiteral("busybox"), QStringLiteral("--name"), name,
                                 QStringLiteral("--output"), QStringLiteral("yaml")});
    EXPECT_EQ(r.exitCode, 1) << r.err.toStdString();
    EXPECT_TRUE(r.out.isEmpty());
    EXPECT_TRUE(r.err.contains(QStringLiteral("the API server would reject this Job:\n  "
                                              "metadata.name: \"%1-1\" (the hostname of the last "
                                              "index) must be a DNS-1123 label")
                                   .arg(name)))
        << r.err.toStdString();
}

TEST(JobGateEntryPoints, ANameThatIsAPathNeverCreatesAnythingOutsideTheRunsFolder) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString list = writeFile(dir, QStringLiteral("items.txt"), "echo a\n");
    QByteArray job = kInvalidJob;
    job.replace(R"("name":"render")", R"("name":"../../x")");
    const QString manifest = writeFile(dir, QStringLiteral("job.json"), job);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("a/b")));

    const CliRun byName = runTessera(
        {QStringLiteral("run"), QStringLiteral("--name"), QStringLiteral("../../x"), list}, {},
        env);
    EXPECT_EQ(byName.exitCode, 1) << byName.err.toStdString();
    EXPECT_TRUE(byName.err.contains(QStringLiteral(
        "job name: Invalid value: \"../../x\": a lowercase RFC 1123 label must consist of")))
        << byName.err.toStdString();
    const CliRun byManifest =
        runTessera({QStringLiteral("run"), QStringLiteral("--job"), manifest, list}, {}, env);
    EXPECT_EQ(byManifest.exitCode, 1) << byManifest.err.toStdString();
    EXPECT_TRUE(byManifest.err.contains(QStringLiteral(
        "metadata.name: Invalid value: \"../../x\": a lowercase RFC 1123 subdomain")))
        << byManifest.err.toStdString();

    // Nothing but the two input files was created anywhere under the temporary directory.
    QStringList created;
    QDirIterator it(dir.path(), QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        created << QDir(dir.path()).relativeFilePath(it.next());
    created.sort();
    EXPECT_EQ(created, (QStringList{QStringLiteral("items.txt"), QStringLiteral("job.json")}))
        << created.join(QLatin1Char(' ')).toStdString();
}

TEST(JobGateEntryPoints, EscapeCharactersInANameReachTheTerminalQuoted) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString list = writeFile(dir, QStringLiteral("items.txt"), "echo a\n");
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("data")));
    const CliRun r = runTessera(
        {QStringLiteral("run"), QStringLiteral("--name"), QStringLiteral("red\x1b[31m"), list}, {},
        env);
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_FALSE(r.err.contains(QLatin1Char('\x1b'))) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains(QStringLiteral("\"red\\x1b[31m\""))) << r.err.toStdString();
}
