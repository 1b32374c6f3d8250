// End to end against `tessera serve` (a Kubernetes-compatible API server): the real kubectl
// accepts the generated manifests (create --dry-run=server), `tessera launch` creates them with
// the ConfigMap owned by the Job, the Job runs to Complete, and `tessera report` on the cluster
// source shows every index (a re-run shows its original indexes).
#include "support/ServeProcess.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

namespace {

struct Result {
    int exitCode = -1;
    QByteArray out, err;
};

Result run(const QString& program, const QStringList& args, int timeoutMs = 60000) {
    QProcess p;
    p.start(program, args);
    Result r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

const QString kTessera = QStringLiteral(TESSERA_BINARY);

class LaunchServe : public ::testing::Test {
protected:
    void SetUp() override {
        m_kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
        if (!tessera::test::requireProgram(!m_kubectl.isEmpty(), "kubectl"))
            return;
        tessera::test::ServeProcess::Options options;
        options.podDuration = QStringLiteral("1");
        const QString started = m_serve.start(options);
        ASSERT_TRUE(started.isEmpty()) << started.toStdString();
        m_kubeconfig = m_serve.kubeconfig();
        m_list = m_dir.filePath(QStringLiteral("items.csv"));
        QFile f(m_list);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("ITEM\n\"it's $HOME\"\n\"a  b \"\"q\"\"\"\nthird\n");
    }
    Result kubectl(QStringList args) {
        args.prepend(m_kubeconfig);
        args.prepend(QStringLiteral("--kubeconfig"));
        return run(m_kubectl, args);
    }
    QStringList launchArgs(const QString& name) const {
        return {QStringLiteral("launch"),       m_list,
                QStringLiteral("--image"),      QStringLiteral("busybox"),
                QStringLiteral("--command"),    QStringLiteral("printf '%s\\n' \"$ITEM\""),
                QStringLiteral("--name"),       name,
                QStringLiteral("-j"),           QStringLiteral("2"),
                QStringLiteral("--kubeconfig"), m_kubeconfig};
    }
    bool waitComplete(const QString& job) {
        return QTest::qWaitFor(
            [&] {
                const Result r = kubectl({QStringLiteral("get"), QStringLiteral("job"), job,
                                          QStringLiteral("-o"), QStringLiteral("json")});
                const QJsonArray conditions =
                    QJsonDocument::fromJson(r.out).object()[u"status"][u"conditions"].toArray();
                for (const QJsonValue& c : conditions)
                    if (c[u"type"].toString() == u"Complete" && c[u"status"].toString() == u"True")
                        return true;
                return false;
            },
            90000);
    }

    QTemporaryDir m_dir;
    QString m_kubectl, m_kubeconfig, m_list;
    tessera::test::ServeProcess m_serve{m_dir.path()};
};

} // namespace

TEST_F(LaunchServe, KubectlAcceptsTheGeneratedManifests) {
    QStringList args = launchArgs(QStringLiteral("dry"));
    args << QStringLiteral("--output") << QStringLiteral("yaml");
    const Result yaml = run(kTessera, args);
    ASSERT_EQ(yaml.exitCode, 0) << yaml.err.toStdString();
    const QString file = m_dir.filePath(QStringLiteral("generated.yaml"));
    QFile f(file);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(yaml.out);
    f.close();
    const Result r = kubectl(
        {QStringLiteral("create"), QStringLiteral("--dry-run=server"), QStringLiteral("-f"), file});
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains("configmap/dry-items created (server dry run)"))
        << r.out.toStdString();
    EXPECT_TRUE(r.out.contains("job.batch/dry created (server dry run)")) << r.out.toStdString();
}

TEST_F(LaunchServe, LaunchCreatesAnOwnedConfigMapAndTheReportShowsEveryIndex) {
    const Result launched = run(kTessera, launchArgs(QStringLiteral("items")));
    ASSERT_EQ(launched.exitCode, 0) << launched.err.toStdString();
    EXPECT_TRUE(launched.out.contains("job default/items created (3 indexes"))
        << launched.out.toStdString();

    const QJsonObject job =
        QJsonDocument::fromJson(
            kubectl({QStringLiteral("get"), QStringLiteral("job"), QStringLiteral("items"),
                     QStringLiteral("-o"), QStringLiteral("json")})
                .out)
            .object();
    const QString uid = job[u"metadata"][u"uid"].toString();
    ASSERT_FALSE(uid.isEmpty());
    const QJsonObject cm =
        QJsonDocument::fromJson(
            kubectl({QStringLiteral("get"), QStringLiteral("configmap"),
                     QStringLiteral("items-items"), QStringLiteral("-o"), QStringLiteral("json")})
                .out)
            .object();
    const QJsonArray owners = cm[u"metadata"][u"ownerReferences"].toArray();
    ASSERT_EQ(owners.size(), 1);
    EXPECT_EQ(owners[0][u"uid"].toString(), uid);
    EXPECT_EQ(owners[0][u"kind"].toString(), QStringLiteral("Job"));
    EXPECT_EQ(cm[u"data"][u"1.env.ITEM"].toString(), QStringLiteral("a  b \"q\""));

    ASSERT_TRUE(waitComplete(QStringLiteral("items")));
    const QString out = m_dir.filePath(QStringLiteral("report.json"));
    const Result rep =
        run(kTessera, {QStringLiteral("report"), QStringLiteral("--source"),
                       QStringLiteral("tessera"), QStringLiteral("--kubeconfig"), m_kubeconfig,
                       QStringLiteral("items"), QStringLiteral("-o"), out});
    ASSERT_EQ(rep.exitCode, 0) << rep.err.toStdString();
    QFile f(out);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    EXPECT_EQ(root[u"outcome"][u"result"].toString(), QStringLiteral("Complete"));
    EXPECT_EQ(root[u"outcome"][u"completedIndexes"].toString(), QStringLiteral("0-2"));
    const QJsonArray indexes = root[u"indexes"].toArray();
    ASSERT_EQ(indexes.size(), 3);
    for (const QJsonValue& v : indexes) {
        EXPECT_EQ(v[u"status"].toString(), QStringLiteral("Succeeded"));
        EXPECT_GE(v[u"attempts"].toInt(), 1);
    }
}

TEST_F(LaunchServe, ReRunReportShowsTheOriginalIndexes) {
    QStringList args = launchArgs(QStringLiteral("again"));
    args << QStringLiteral("--indexes") << QStringLiteral("0,2");
    const Result launched = run(kTessera, args);
    ASSERT_EQ(launched.exitCode, 0) << launched.err.toStdString();
    ASSERT_TRUE(waitComplete(QStringLiteral("again")));
    const Result rep =
        run(kTessera, {QStringLiteral("report"), QStringLiteral("--source"),
                       QStringLiteral("tessera"), QStringLiteral("--kubeconfig"), m_kubeconfig,
                       QStringLiteral("again"), QStringLiteral("--format"), QStringLiteral("json"),
                       QStringLiteral("-o"), QStringLiteral("-")});
    ASSERT_EQ(rep.exitCode, 0) << rep.err.toStdString();
    const QJsonArray indexes = QJsonDocument::fromJson(rep.out).object()[u"indexes"].toArray();
    ASSERT_EQ(indexes.size(), 2);
    EXPECT_EQ(indexes[0][u"originalIndex"].toInt(), 0);
    EXPECT_EQ(indexes[1][u"originalIndex"].toInt(), 2);
}
