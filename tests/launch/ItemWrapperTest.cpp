// The pod wrapper run for real: the ConfigMap's data written out as the kubelet would mount it
// (one file per key), then `sh -c WRAPPER` with JOB_COMPLETION_INDEX set, under /bin/sh and,
// when installed, busybox sh. Every tricky item must come out exactly as written.
#include "launch/ItemWrapper.h"

#include "launch/LaunchGenerator.h"
#include "worklist/WorkListFormats.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace tessera;

namespace {

const std::vector<std::string> kTricky = {
    "plain",
    "two  spaces",
    "it's",
    "\"double\" quotes",
    "$HOME and ${PATH} and $(echo pwned) and `echo pwned`",
    "back\\slash\\n",
    "* glob ? [a]",
    "-n",
    "; rm -rf /nonexistent-tessera ;",
    "tab\there",
    "line one\nline two",
    "ünïcødé ✓",
    "",
};

// Writes the ConfigMap data as files, as a configMap volume does.
void materialize(const launch::LaunchManifests& m, const QString& dir) {
    const QJsonObject data =
        QJsonDocument::fromJson(QByteArray::fromStdString(m.configMap.toJson()))
            .object()[u"data"]
            .toObject();
    for (auto it = data.begin(); it != data.end(); ++it) {
        QFile f(dir + QLatin1Char('/') + it.key());
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(it.value().toString().toUtf8());
    }
}

struct WrapperRun {
    int exitCode = -1;
    QByteArray out, err;
};

WrapperRun runWrapper(const QStringList& shell, const QString& dir, int index,
                      const std::string& commandTemplate) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("JOB_COMPLETION_INDEX"), QString::number(index));
    env.insert(QString::fromUtf8(launch::ItemWrapper::kItemsDirEnv), dir);
    env.remove(QString::fromUtf8(launch::ItemWrapper::kCommandEnv));
    if (!commandTemplate.empty())
        env.insert(QString::fromUtf8(launch::ItemWrapper::kCommandEnv),
                   QString::fromStdString(commandTemplate));
    p.setProcessEnvironment(env);
    QStringList args = shell.mid(1);
    args << QStringLiteral("-c") << QString::fromStdString(launch::ItemWrapper::script());
    p.start(shell.front(), args);
    WrapperRun r;
    if (!p.waitForFinished(60000))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

std::vector<QStringList> shells() {
    std::vector<QStringList> out{{QStringLiteral("/bin/sh")}};
    const QString busybox = QStandardPaths::findExecutable(QStringLiteral("busybox"));
    if (!busybox.isEmpty())
        out.push_back({busybox, QStringLiteral("sh")});
    return out;
}

std::string csvQuote(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

} // namespace

TEST(ItemWrapper, PassesTrickyValuesThroughExactly) {
    std::string csv = "ITEM,N\n";
    for (std::size_t i = 0; i < kTricky.size(); ++i)
        csv += csvQuote(kTricky[i]) + "," + std::to_string(i) + "\n";
    auto list = worklist::parseCsv(csv, "tricky.csv");
    ASSERT_TRUE(list.ok()) << list.error().describe();
    ASSERT_EQ(list->size(), static_cast<int32_t>(kTricky.size()));
    const std::string tmpl = "printf '%s|%s|%s' \"$ITEM\" \"$N\" \"$JOB_COMPLETION_INDEX\"";
    list->setCommandTemplate(tmpl);
    launch::LaunchSpec spec;
    spec.name = "tricky";
    spec.image = "busybox";
    const auto m = launch::LaunchGenerator::generate(spec, *list);
    ASSERT_TRUE(m.ok()) << m.error().message;
    QTemporaryDir dir;
    materialize(*m, dir.path());
    for (const QStringList& shell : shells()) {
        for (std::size_t i = 0; i < kTricky.size(); ++i) {
            const WrapperRun r = runWrapper(shell, dir.path(), static_cast<int>(i), tmpl);
            EXPECT_EQ(r.exitCode, 0)
                << shell.join(u' ').toStdString() << " item " << i << ": " << r.err.toStdString();
            EXPECT_EQ(r.out.toStdString(),
                      kTricky[i] + "|" + std::to_string(i) + "|" + std::to_string(i))
                << shell.join(u' ').toStdString() << " item " << i;
        }
    }
}

TEST(ItemWrapper, RunsItemCommandsAsTheShellWouldAndKeepsExitCodes) {
    const std::vector<std::string> commands = {
        "printf '%s\\n' \"it's $JOB_COMPLETION_INDEX\"",
        "echo \"a  b\" 'c  $d' \\$e",
        "exit 7",
        "for x in 1 2; do printf '[%s]' \"$x\"; done",
    };
    std::string text;
    for (const std::string& c : commands)
        text += c + "\n";
    auto list = worklist::parseLines(text, "cmds.txt");
    ASSERT_TRUE(list.ok());
    launch::LaunchSpec spec;
    spec.name = "cmds";
    spec.image = "busybox";
    const auto m = launch::LaunchGenerator::generate(spec, *list);
    ASSERT_TRUE(m.ok()) << m.error().message;
    QTemporaryDir dir;
    materialize(*m, dir.path());
    for (const QStringList& shell : shells()) {
        for (std::size_t i = 0; i < commands.size(); ++i) {
            // What the command prints when run directly by the shell, with the same index.
            QProcess direct;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("JOB_COMPLETION_INDEX"), QString::number(i));
            direct.setProcessEnvironment(env);
            direct.start(QStringLiteral("/bin/sh"),
                         {QStringLiteral("-c"), QString::fromStdString(commands[i])});
            ASSERT_TRUE(direct.waitForFinished(60000));
            const WrapperRun r = runWrapper(shell, dir.path(), static_cast<int>(i), "");
            EXPECT_EQ(r.out, direct.readAllStandardOutput()) << "item " << i;
            EXPECT_EQ(r.exitCode, direct.exitCode()) << "item " << i;
        }
    }
    // Index 2 exits 7: the pod fails with the item's own exit code.
    EXPECT_EQ(runWrapper(shells().front(), dir.path(), 2, "").exitCode, 7);
}

TEST(ItemWrapper, ReRunItemsSeeTheirOriginalIndex) {
    auto list = worklist::parseLines("echo a\necho b\necho c\n", "items.txt");
    ASSERT_TRUE(list.ok());
    launch::LaunchSpec spec;
    spec.name = "again";
    spec.image = "busybox";
    spec.subset = {2};
    auto m = launch::LaunchGenerator::generate(spec, *list);
    ASSERT_TRUE(m.ok());
    QTemporaryDir dir;
    materialize(*m, dir.path());
    QFile(dir.filePath(QStringLiteral("0.cmd"))).remove();
    QFile f(dir.filePath(QStringLiteral("0.cmd")));
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("printf '%s %s' \"$JOB_COMPLETION_INDEX\" \"$TESSERA_RERUN_INDEX\"");
    f.close();
    const WrapperRun r = runWrapper(shells().front(), dir.path(), 0, "");
    EXPECT_EQ(r.out.toStdString(), "2 0");
}

TEST(ItemWrapper, MissingItemFailsWithAMessage) {
    QTemporaryDir dir;
    const WrapperRun r = runWrapper(shells().front(), dir.path(), 3, "");
    EXPECT_EQ(r.exitCode, 127);
    EXPECT_TRUE(r.err.contains("no command for index 3")) << r.err.toStdString();
}
