// `tessera report` end to end: the binary writes real files, which are read back here.
#include "../app/Subprocess.h"
#include "local/RunDirectory.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkInterface>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <gtest/gtest.h>
#include <set>

using tessera::testing::runTessera;

namespace {

const std::string kJob = std::string(TESSERA_TEST_DATA_DIR) + "/valid_job_indexed_dryrun.yaml";

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

TEST(ReportCli, DryRunReportAsJsonListsEveryIndex) {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("frames.json"));
    const auto r = runTessera({"report", "--source", "simulate", kJob, "--fail-rate", "0.3",
                               "--seed", "5", "-o", out.toStdString()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("12 indexes"), std::string::npos) << r.err;
    const QJsonObject root = QJsonDocument::fromJson(readAll(out)).object();
    EXPECT_EQ(root[u"job"][u"name"].toString(), QStringLiteral("frames"));
    EXPECT_EQ(root[u"spec"][u"completions"].toInt(), 12);
    const QJsonArray indexes = root[u"indexes"].toArray();
    ASSERT_EQ(indexes.size(), 12);
    int attempts = 0, retried = 0;
    for (const QJsonValue& v : indexes) {
        attempts += v[u"attempts"].toInt();
        retried += v[u"attempts"].toInt() > 1 ? 1 : 0;
        EXPECT_EQ(v[u"history"].toArray().size(), v[u"attempts"].toInt());
    }
    // With a 30% failure rate over 12 indexes some index was retried (seeded: always the same).
    EXPECT_GT(retried, 0);
    EXPECT_GT(attempts, 12);
}

TEST(ReportCli, FormatFollowsTheExtensionAndCsvGoesToStdout) {
    const auto csv =
        runTessera({"report", "--source", "simulate", kJob, "--format", "csv", "-o", "-"});
    ASSERT_EQ(csv.exitCode, 0) << csv.err;
    EXPECT_EQ(csv.out.rfind("index,original_index,status,attempts,hostname", 0), 0u);
    // Header + 12 rows, CRLF line ends.
    EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 13);

    QTemporaryDir dir;
    const QString html = dir.filePath(QStringLiteral("r.html"));
    ASSERT_EQ(
        runTessera({"report", "--source", "simulate", kJob, "-o", html.toStdString()}).exitCode, 0);
    EXPECT_TRUE(readAll(html).startsWith("<!DOCTYPE html>"));
}

TEST(ReportCli, PdfHasPages) {
    if (QStandardPaths::findExecutable(QStringLiteral("pdfinfo")).isEmpty()) {
        GTEST_SKIP() << "pdfinfo (poppler-utils) is not installed";
    }
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("r.pdf"));
    const auto r = runTessera({"report", "--source", "simulate", kJob, "-o", pdf.toStdString()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    QProcess p;
    p.start(QStringLiteral("pdfinfo"), {pdf});
    ASSERT_TRUE(p.waitForFinished(60000));
    const auto m = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)"))
                       .match(QString::fromUtf8(p.readAllStandardOutput()));
    ASSERT_TRUE(m.hasMatch());
    EXPECT_GE(m.captured(1).toInt(), 2); // summary + charts + table
}

TEST(ReportCli, ErrorsNameTheProblem) {
    const auto noSource = runTessera({"report", "x"});
    EXPECT_EQ(noSource.exitCode, 2);
    EXPECT_NE(noSource.err.find("--source"), std::string::npos);
    const auto badFormat = runTessera({"report", "--source", "simulate", kJob, "--format", "docx"});
    EXPECT_EQ(badFormat.exitCode, 2);
    EXPECT_NE(badFormat.err.find("docx"), std::string::npos);
    const auto missing = runTessera({"report", "--source", "simulate", "/nonexistent/job.yaml"});
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("/nonexistent/job.yaml"), std::string::npos);
    const auto pdfToStdout =
        runTessera({"report", "--source", "simulate", kJob, "--format", "pdf", "-o", "-"});
    EXPECT_EQ(pdfToStdout.exitCode, 2);
    QTemporaryDir dir;
    const auto unwritable =
        runTessera({"report", "--source", "simulate", kJob, "-o", "/nonexistent-dir/r.html"});
    EXPECT_EQ(unwritable.exitCode, 1);
    EXPECT_NE(unwritable.err.find("/nonexistent-dir/r.html"), std::string::npos);
}

TEST(ReportCli, UnknownContextIsAnError) {
    QTemporaryDir dir;
    const QString kubeconfig = dir.filePath(QStringLiteral("config"));
    QFile f(kubeconfig);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("apiVersion: v1\nkind: Config\nclusters: []\ncontexts: []\nusers: []\n");
    f.close();
    const auto r = runTessera(
        {"report", "--source", "nowhere", "--kubeconfig", kubeconfig.toStdString(), "render"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("nowhere"), std::string::npos) << r.err;
}

namespace {

// A port on `address` where nothing listens (bound, then closed): connecting is refused at once.
quint16 closedPort(const QHostAddress& address) {
    QTcpServer probe;
    return probe.listen(address, 0) ? probe.serverPort() : 0;
}

QString kubeconfigWithToken(const QTemporaryDir& dir, const QString& server) {
    const QString path = dir.filePath(QStringLiteral("config-%1").arg(qHash(server)));
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(QStringLiteral("apiVersion: v1\nkind: Config\ncurrent-context: plain\n"
                           "clusters:\n- name: c\n  cluster:\n    server: %1\n"
                           "users:\n- name: u\n  user:\n    token: secret\n"
                           "contexts:\n- name: plain\n  context: {cluster: c, user: u}\n")
                .arg(server)
                .toUtf8());
    return path;
}

} // namespace

TEST(ReportCli, ATokenSentOverPlainHttpOffThisMachineIsWarnedAbout) {
    // This machine's own non-loopback address: off the loopback, yet refused at once.
    QHostAddress external;
    for (const QHostAddress& a : QNetworkInterface::allAddresses())
        if (a.protocol() == QAbstractSocket::IPv4Protocol && !a.isLoopback())
            external = a;
    if (external.isNull())
        GTEST_SKIP() << "no non-loopback IPv4 address on this machine";
    QTemporaryDir dir;
    const QString remote =
        QStringLiteral("http://%1:%2").arg(external.toString()).arg(closedPort(external));
    const auto warned = runTessera({"report", "--source", "plain", "--kubeconfig",
                                    kubeconfigWithToken(dir, remote).toStdString(), "render"});
    const std::string expected = "tessera report: warning: context \"plain\" sends a bearer token "
                                 "over plain " +
                                 remote.toStdString() + "; anyone on the network can read it\n";
    EXPECT_NE(warned.err.find(expected), std::string::npos) << warned.err;
    EXPECT_EQ(warned.err.find(expected), warned.err.rfind(expected)) << "once: " << warned.err;

    // The same on the loopback: the token never leaves the machine, nothing to say.
    const QString local =
        QStringLiteral("http://127.0.0.1:%1").arg(closedPort(QHostAddress::LocalHost));
    const auto quiet = runTessera({"report", "--source", "plain", "--kubeconfig",
                                   kubeconfigWithToken(dir, local).toStdString(), "render"});
    EXPECT_EQ(quiet.err.find("warning"), std::string::npos) << quiet.err;
    EXPECT_NE(quiet.err.find("127.0.0.1"), std::string::npos) << "it did try: " << quiet.err;
}

// A real local run (tessera run), then its report: exactly the indexes and attempts the journal
// recorded.
TEST(ReportCli, LocalRunReportMatchesTheJournal) {
    QTemporaryDir dir;
    const QString list = dir.filePath(QStringLiteral("items.txt"));
    QFile f(list);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("echo one\nexit 3\necho \"it's $HOME\"\nsleep 0.2\n");
    f.close();
    const std::string runDir = dir.filePath(QStringLiteral("run")).toStdString();
    const auto run =
        runTessera({"run", list.toStdString(), "--run-dir", runDir, "--backoff-limit-per-index",
                    "1", "--backoff-scale", "0.01", "--quiet", "-j", "2"});
    ASSERT_EQ(run.exitCode, 3) << run.err; // index 1 fails: the job fails

    const auto snapshot = tessera::local::RunDirectory::load(runDir);
    ASSERT_TRUE(snapshot.ok()) << snapshot.error().describe();

    const QString out = dir.filePath(QStringLiteral("report.json"));
    const auto r = runTessera({"report", "--source", "local", runDir, "-o", out.toStdString()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const QJsonObject root = QJsonDocument::fromJson(readAll(out)).object();
    EXPECT_EQ(root[u"outcome"][u"result"].toString(), QStringLiteral("Failed"));
    EXPECT_EQ(root[u"outcome"][u"failedIndexes"].toString(), QStringLiteral("1"));
    const QJsonArray indexes = root[u"indexes"].toArray();
    ASSERT_EQ(indexes.size(), 4);
    std::multiset<std::pair<int, std::string>> reported, journal;
    for (const QJsonValue& v : indexes)
        for (const QJsonValue& h : v[u"history"].toArray())
            reported.emplace(v[u"index"].toInt(), h[u"pod"].toString().toStdString());
    for (const tessera::engine::Attempt& a : snapshot->attempts)
        journal.emplace(a.index, a.podName);
    EXPECT_EQ(reported, journal);
    EXPECT_EQ(indexes[1][u"attempts"].toInt(), 2);
    EXPECT_EQ(indexes[1][u"exitCode"].toInt(), 3);
    EXPECT_EQ(indexes[1][u"status"].toString(), QStringLiteral("Failed"));
    EXPECT_EQ(indexes[3][u"status"].toString(), QStringLiteral("Succeeded"));
    EXPECT_EQ(indexes[0][u"hostname"].toString(), QStringLiteral("items-0"));
    EXPECT_FALSE(root[u"spec"][u"rerun"].toBool());
    EXPECT_TRUE(indexes[0][u"originalIndex"].isNull());

    // Had the run been a re-run (its run.conf records the indexes it re-ran), the report says
    // which original index each of its indexes was.
    const std::string conf = runDir + "/run.conf";
    auto config = tessera::local::RunConfig::load(conf);
    ASSERT_TRUE(config.ok()) << config.error().describe();
    config->originalIndexes = {2, 5, 6, 9};
    ASSERT_EQ(config->save(conf), "");
    const auto again = runTessera({"report", "--source", "local", runDir, "-o", out.toStdString()});
    ASSERT_EQ(again.exitCode, 0) << again.err;
    const QJsonObject rerun = QJsonDocument::fromJson(readAll(out)).object();
    EXPECT_TRUE(rerun[u"spec"][u"rerun"].toBool());
    const QJsonArray rows = rerun[u"indexes"].toArray();
    ASSERT_EQ(rows.size(), 4);
    EXPECT_EQ(rows[1][u"originalIndex"].toInt(), 5);
    EXPECT_EQ(rows[3][u"originalIndex"].toInt(), 9);
}

// A run of `tessera run` that completes is reported Complete by `tessera report`, in JSON and in
// HTML, with every index Succeeded in the CSV.
TEST(ReportCli, ACompletedLocalRunIsReportedComplete) {
    QTemporaryDir dir;
    const QString list = dir.filePath(QStringLiteral("items.txt"));
    QFile f(list);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("echo one\necho two\n");
    f.close();
    const std::string runDir = dir.filePath(QStringLiteral("run")).toStdString();
    const auto run = runTessera({"run", list.toStdString(), "--run-dir", runDir, "--quiet"});
    ASSERT_EQ(run.exitCode, 0) << run.err;

    const auto json =
        runTessera({"report", "--source", "local", runDir, "--format", "json", "-o", "-"});
    ASSERT_EQ(json.exitCode, 0) << json.err;
    const QJsonObject outcome = QJsonDocument::fromJson(QByteArray::fromStdString(json.out))
                                    .object()[u"outcome"]
                                    .toObject();
    EXPECT_EQ(outcome[u"result"].toString(), QStringLiteral("Complete"));
    EXPECT_EQ(outcome[u"reason"].toString(), QStringLiteral("CompletionsReached"));
    const auto html =
        runTessera({"report", "--source", "local", runDir, "--format", "html", "-o", "-"});
    ASSERT_EQ(html.exitCode, 0) << html.err;
    EXPECT_NE(html.out.find("<th>Outcome</th><td>Complete</td>"), std::string::npos);
    const auto csv =
        runTessera({"report", "--source", "local", runDir, "--format", "csv", "-o", "-"});
    ASSERT_EQ(csv.exitCode, 0) << csv.err;
    EXPECT_NE(csv.out.find("\r\n0,,Succeeded,1,items-0,"), std::string::npos) << csv.out;
    EXPECT_NE(csv.out.find("\r\n1,,Succeeded,1,items-1,"), std::string::npos) << csv.out;
}
