// The operator's workbench against real servers and real runs: a Job's YAML from a real
// `tessera serve`, edited and applied by server-side apply after its diff, and a 422 listed
// field by field; a pod described with its own events; a local item's log longer than the tail
// the view loads says it is cut, saves the whole file byte for byte and shows it whole; and
// finding text in a log with F3 / Shift+F3.
#include "engine/Clock.h"
#include "kube/ApiClient.h"
#include "serve/JobEvents.h"
#include "serve/ObjectStore.h"
#include "serve/Server.h"
#include "support/Wait.h"
#include "ui/JobListModel.h"
#include "ui/JobView.h"
#include "ui/LogSearchBar.h"
#include "ui/LogViewWidget.h"
#include "ui/MainWindow.h"
#include "ui/PodDescribeDialog.h"
#include "ui/TableRowsModel.h"
#include "ui/YamlDialog.h"
#include "ui/YamlHighlighter.h"

#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <gtest/gtest.h>

using namespace tessera;
using namespace tessera::ui;

using tessera::test::waitUntil;

namespace {

kube::ClusterConnection connectionTo(const serve::Server& server) {
    kube::ClusterConnection c;
    c.contextName = QStringLiteral("test");
    c.userName = QStringLiteral("tester");
    c.server = server.url();
    c.namespace_ = QStringLiteral("default");
    return c;
}

const QByteArray kJob = R"(apiVersion: batch/v1
kind: Job
metadata:
  name: wb-edit
  namespace: default
spec:
  completionMode: Indexed
  completions: 4
  parallelism: 2
  suspend: true
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: work
        image: busybox
        command: ["true"]
)";

int parallelismOf(const serve::Server& server, const QString& name) {
    int value = -100;
    server.run([&](serve::ObjectStore& store, serve::ApiServer&) {
        if (auto job = store.get(QStringLiteral("jobs"), QStringLiteral("default"), name))
            value = job->json.value(QStringLiteral("spec"))
                        .toObject()
                        .value(QStringLiteral("parallelism"))
                        .toInt(-100);
    });
    return value;
}

// With TESSERA_SCREENSHOT_DIR set, each view is saved there as a PNG to look at.
void saveShot(QWidget* widget, const QString& name) {
    const QString dir = qEnvironmentVariable("TESSERA_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        widget->grab().save(QDir(dir).filePath(name + QStringLiteral(".png")));
}

// Replaces the first `from` in the editor's text by `to`.
void edit(YamlDialog& dialog, const QString& from, const QString& to) {
    QString text = dialog.editor()->toPlainText();
    ASSERT_TRUE(text.contains(from)) << text.toStdString();
    text.replace(text.indexOf(from), from.size(), to);
    dialog.editor()->setPlainText(text);
}

} // namespace

TEST(Workbench, YamlOfAJobIsAppliedByServerSideApplyAfterItsDiffAndA422IsListed) {
    serve::Server server;
    ASSERT_TRUE(server.listen()) << server.errorString().toStdString();
    ASSERT_TRUE(server.createFromManifest(kJob));
    kube::ApiClient client(connectionTo(server));
    // Another field manager (kubectl's user agent) sets the parallelism first.
    kube::ApiClient::Options kubectl;
    kubectl.userAgent = "kubectl/v1.31.0";
    kube::ApiClient other(connectionTo(server), kubectl);
    bool patched = false;
    other.setParallelism(
        QStringLiteral("default"), QStringLiteral("wb-edit"), 5, nullptr,
        [&](const kube::ApiResult<kube::ApiResponse>& r) { patched = r.has_value(); });
    ASSERT_TRUE(waitUntil([&] { return patched; }));

    YamlDialog dialog(&client, {ObjectRef::Kind::Job, QStringLiteral("default"),
                                QStringLiteral("wb-edit"), QStringLiteral("test/default/wb-edit")});
    dialog.setAttribute(Qt::WA_DeleteOnClose, false);
    dialog.show();
    using Stage = YamlDialog::Stage;
    ASSERT_TRUE(waitUntil([&] { return dialog.stage() == Stage::Viewing; }));
    const QString live = dialog.editor()->toPlainText();
    EXPECT_TRUE(live.contains(QStringLiteral("  parallelism: 5"))) << live.toStdString();
    EXPECT_TRUE(live.contains(QStringLiteral("status:"))) << live.toStdString();
    EXPECT_FALSE(live.contains(QStringLiteral("managedFields"))) << live.toStdString();
    EXPECT_TRUE(dialog.editor()->isReadOnly());
    // Keys are coloured, values in another colour.
    const QTextBlock kindLine =
        dialog.editor()->document()->findBlock(int(live.indexOf(QStringLiteral("kind:"))));
    const QColor key = YamlHighlighter::formatAt(kindLine, 0).foreground().color();
    const QColor value = YamlHighlighter::formatAt(kindLine, 7).foreground().color();
    EXPECT_TRUE(YamlHighlighter::formatAt(kindLine, 0).hasProperty(QTextFormat::ForegroundBrush));
    EXPECT_NE(key, value);

    // Managed fields only when asked for.
    dialog.managedFieldsBox()->setChecked(true);
    ASSERT_TRUE(waitUntil([&] {
        return dialog.stage() == Stage::Viewing &&
               dialog.editor()->toPlainText().contains(QStringLiteral("managedFields"));
    }));
    dialog.managedFieldsBox()->setChecked(false);
    ASSERT_TRUE(waitUntil([&] {
        return dialog.stage() == Stage::Viewing &&
               !dialog.editor()->toPlainText().contains(QStringLiteral("managedFields"));
    }));

    // Edit: no status, no server-set fields; the diff names the one changed line.
    dialog.startEdit();
    ASSERT_EQ(dialog.stage(), Stage::Editing);
    EXPECT_FALSE(dialog.editor()->isReadOnly());
    const QString editable = dialog.editor()->toPlainText();
    EXPECT_FALSE(editable.contains(QStringLiteral("status:"))) << editable.toStdString();
    EXPECT_FALSE(editable.contains(QStringLiteral("resourceVersion"))) << editable.toStdString();
    edit(dialog, QStringLiteral("  parallelism: 5"), QStringLiteral("  parallelism: 3"));
    dialog.review();
    ASSERT_TRUE(waitUntil([&] { return dialog.stage() == Stage::Reviewing; }))
        << dialog.statusText().toStdString();
    const QString diff = dialog.diffView()->toPlainText();
    EXPECT_TRUE(diff.startsWith(QStringLiteral("@@ -"))) << diff.toStdString();
    EXPECT_TRUE(diff.contains(QStringLiteral("\n-  parallelism: 5\n+  parallelism: 3\n")))
        << diff.toStdString();
    EXPECT_EQ(diff.count(QStringLiteral("\n+")), 1) << diff.toStdString();
    saveShot(&dialog, QStringLiteral("workbench-yaml-diff"));
    EXPECT_EQ(parallelismOf(server, QStringLiteral("wb-edit")), 5); // nothing applied yet
    // kubectl set the parallelism last: its field manager owns it, so the apply conflicts and
    // is applied only when the user takes the field over.
    dialog.apply();
    ASSERT_TRUE(waitUntil([&] { return dialog.forceButton()->isVisible(); }))
        << dialog.statusText().toStdString();
    ASSERT_GT(dialog.causes()->count(), 0);
    EXPECT_TRUE(dialog.causes()->item(0)->text().contains(QStringLiteral("spec.parallelism")))
        << dialog.causes()->item(0)->text().toStdString();
    EXPECT_TRUE(dialog.causes()->item(0)->text().contains(QStringLiteral("kubectl")))
        << dialog.causes()->item(0)->text().toStdString();
    EXPECT_EQ(parallelismOf(server, QStringLiteral("wb-edit")), 5);
    saveShot(&dialog, QStringLiteral("workbench-yaml-conflict"));
    dialog.apply(true);
    ASSERT_TRUE(waitUntil([&] {
        return dialog.stage() == Stage::Viewing &&
               dialog.statusText().contains(QStringLiteral("Applied"));
    })) << dialog.statusText().toStdString();
    EXPECT_EQ(parallelismOf(server, QStringLiteral("wb-edit")), 3);
    EXPECT_TRUE(dialog.editor()->toPlainText().contains(QStringLiteral("  parallelism: 3")));

    // An invalid value: the API server's 422 lists the field under the editor.
    dialog.startEdit();
    edit(dialog, QStringLiteral("  parallelism: 3"), QStringLiteral("  parallelism: -1"));
    dialog.review();
    ASSERT_TRUE(waitUntil([&] { return dialog.stage() == Stage::Reviewing; }));
    dialog.apply();
    ASSERT_TRUE(waitUntil([&] {
        return dialog.stage() == Stage::Reviewing && dialog.causes()->count() > 0;
    })) << dialog.statusText().toStdString();
    EXPECT_TRUE(dialog.causes()->isVisible());
    EXPECT_TRUE(dialog.causes()->item(0)->text().startsWith(QStringLiteral("spec.parallelism: ")))
        << dialog.causes()->item(0)->text().toStdString();
    EXPECT_TRUE(dialog.statusText().contains(QStringLiteral("422")))
        << dialog.statusText().toStdString();
    saveShot(&dialog, QStringLiteral("workbench-yaml-422"));
    EXPECT_EQ(parallelismOf(server, QStringLiteral("wb-edit")), 3);

    // Saved through a temporary name: the file holds what the view shows.
    dialog.backToEdit();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("wb-edit.yaml"));
    ASSERT_TRUE(dialog.saveTo(path));
    QFile saved(path);
    ASSERT_TRUE(saved.open(QIODevice::ReadOnly));
    EXPECT_EQ(QString::fromUtf8(saved.readAll()), dialog.editor()->toPlainText());
}

TEST(Workbench, DescribeOfAPodShowsItsConditionsContainersAndEventsAsTheyAreWatched) {
    serve::ServeOptions options;
    options.podDuration = std::chrono::minutes(10); // the pod stays running while it is looked at
    serve::Server server(options);
    ASSERT_TRUE(server.listen()) << server.errorString().toStdString();
    QByteArray running = kJob;
    running.replace("suspend: true", "suspend: false");
    running.replace("completions: 4", "completions: 1");
    ASSERT_TRUE(server.createFromManifest(running));
    QString pod, uid;
    ASSERT_TRUE(waitUntil([&] {
        server.run([&](serve::ObjectStore& store, serve::ApiServer&) {
            for (const auto& p : store.list(QStringLiteral("pods"), QStringLiteral("default"))) {
                const QJsonObject meta = p->json.value(QStringLiteral("metadata")).toObject();
                const QString phase = p->json.value(QStringLiteral("status"))
                                          .toObject()
                                          .value(QStringLiteral("phase"))
                                          .toString();
                if (phase == QStringLiteral("Running")) {
                    pod = meta.value(QStringLiteral("name")).toString();
                    uid = meta.value(QStringLiteral("uid")).toString();
                }
            }
        });
        return !pod.isEmpty();
    }));
    // The kubelet's word about this pod (an event about another pod must not show).
    server.run([&](serve::ObjectStore& store, serve::ApiServer&) {
        serve::JobEvents events(store, 100);
        const auto now = engine::SystemClock().now();
        events.record(
            {QStringLiteral("v1"), QStringLiteral("Pod"), QStringLiteral("default"), pod, uid},
            QStringLiteral("kubelet"), QStringLiteral("Warning"), QStringLiteral("OOMKilling"),
            QStringLiteral("Memory cgroup out of memory"), now);
        events.record({QStringLiteral("v1"), QStringLiteral("Pod"), QStringLiteral("default"),
                       QStringLiteral("someone-else"), QStringLiteral("x")},
                      QStringLiteral("kubelet"), QStringLiteral("Normal"), QStringLiteral("Pulled"),
                      QStringLiteral("not this pod"), now);
    });
    kube::ApiClient client(connectionTo(server));
    PodDescribeDialog dialog(&client,
                             {ObjectRef::Kind::Pod, QStringLiteral("default"), pod,
                              QStringLiteral("test/default/wb-edit")},
                             nullptr, nullptr);
    dialog.setAttribute(Qt::WA_DeleteOnClose, false);
    dialog.show();
    ASSERT_TRUE(waitUntil([&] { return dialog.podEventsModel()->rowCount() > 0; }));
    EXPECT_TRUE(dialog.summaryText().contains(pod)) << dialog.summaryText().toStdString();
    EXPECT_TRUE(dialog.summaryText().contains(QStringLiteral("Running")))
        << dialog.summaryText().toStdString();
    EXPECT_TRUE(dialog.summaryText().contains(QStringLiteral("index 0")))
        << dialog.summaryText().toStdString();
    ASSERT_EQ(dialog.podEventsModel()->rowCount(), 1);
    EXPECT_EQ(dialog.podEventsModel()->rows()[0][1].value.toString(), QStringLiteral("OOMKilling"));
    EXPECT_GT(dialog.conditionsModel()->rowCount(), 0);
    ASSERT_EQ(dialog.containersModel()->rowCount(), 1);
    EXPECT_TRUE(dialog.containersModel()->rows()[0][1].value.toString().startsWith(
        QStringLiteral("Running since")))
        << dialog.containersModel()->rows()[0][1].value.toString().toStdString();
    EXPECT_FALSE(dialog.podGone());
    saveShot(&dialog, QStringLiteral("workbench-describe"));

    // Watched, not polled: the pod and its events each have a watch open on the server, and an
    // event recorded now shows when it arrives.
    ASSERT_TRUE(waitUntil([&] { return server.watchCount() == 2; })) << server.watchCount();
    server.run([&](serve::ObjectStore& store, serve::ApiServer&) {
        serve::JobEvents(store, 100, 0x27a0000000ULL)
            .record(
                {QStringLiteral("v1"), QStringLiteral("Pod"), QStringLiteral("default"), pod, uid},
                QStringLiteral("kubelet"), QStringLiteral("Normal"), QStringLiteral("Killing"),
                QStringLiteral("Stopping container main"), engine::SystemClock().now());
    });
    ASSERT_TRUE(waitUntil([&] { return dialog.podEventsModel()->rowCount() == 2; }));
    QStringList reasons;
    for (const auto& row : dialog.podEventsModel()->rows())
        reasons << row[1].value.toString();
    EXPECT_TRUE(reasons.contains(QStringLiteral("Killing"))) << reasons.join(u',').toStdString();

    // Gone: the dialog says so when the deletion arrives (the History's record is shown when the
    // window has one).
    server.run([&](serve::ObjectStore& store, serve::ApiServer&) {
        store.remove(QStringLiteral("pods"), QStringLiteral("default"), pod);
    });
    ASSERT_TRUE(waitUntil([&] { return dialog.podGone(); }));
    EXPECT_TRUE(dialog.summaryText().contains(QStringLiteral("no longer exists")))
        << dialog.summaryText().toStdString();

    // Closed: its watches end.
    dialog.close();
    ASSERT_TRUE(waitUntil([&] { return server.watchCount() == 0; })) << server.watchCount();
}

TEST(Workbench, LogSearchHighlightsEveryMatchAndStepsWithF3) {
    LogViewWidget log;
    log.resize(700, 400);
    log.show();
    log.setIndexRange(1);
    log.showIndex(0);
    QString text;
    for (int i = 0; i < 300; ++i)
        text += i % 100 == 7 ? QStringLiteral("line %1 has a NEEDLE in it\n").arg(i)
                             : QStringLiteral("line %1\n").arg(i);
    log.appendText(0, 0, text, true);
    ASSERT_TRUE(waitUntil([&] { return log.pendingLines() == 0; }));
    auto* view = log.findChild<QPlainTextEdit*>(QStringLiteral("logText"));
    ASSERT_NE(view, nullptr);
    view->setFocus();
    QTest::keyClick(view, Qt::Key_F, Qt::ControlModifier);
    LogSearchBar* search = log.searchBar();
    ASSERT_TRUE(search->isVisible());
    EXPECT_TRUE(search->field()->hasFocus());
    QTest::keyClicks(search->field(), QStringLiteral("needle"));
    EXPECT_EQ(search->matchCount(), 3);
    EXPECT_EQ(search->currentMatch(), 1);
    EXPECT_EQ(view->textCursor().block().text(), QStringLiteral("line 7 has a NEEDLE in it"));
    // Every match is highlighted, the current one too.
    EXPECT_EQ(view->extraSelections().size(), 4);
    QTest::keyClick(search->field(), Qt::Key_F3);
    EXPECT_EQ(search->currentMatch(), 2);
    EXPECT_EQ(view->textCursor().block().text(), QStringLiteral("line 107 has a NEEDLE in it"));
    QTest::keyClick(view, Qt::Key_F3);
    EXPECT_EQ(search->currentMatch(), 3);
    QTest::keyClick(view, Qt::Key_F3); // wraps around
    EXPECT_EQ(search->currentMatch(), 1);
    QTest::keyClick(view, Qt::Key_F3, Qt::ShiftModifier); // and back
    EXPECT_EQ(search->currentMatch(), 3);
    EXPECT_EQ(view->textCursor().block().text(), QStringLiteral("line 207 has a NEEDLE in it"));
    saveShot(&log, QStringLiteral("workbench-log-search"));
    QTest::keyClick(search->field(), Qt::Key_Escape);
    EXPECT_FALSE(search->isVisible());
    EXPECT_TRUE(view->extraSelections().isEmpty());
}

TEST(Workbench, ACutLocalLogSaysSoSavesTheWholeFileAndShowsItWhole) {
    QStandardPaths::setTestModeEnabled(true);
    QTemporaryDir data;
    ASSERT_TRUE(data.isValid());
    const QByteArray oldData = qgetenv("XDG_DATA_HOME");
    qputenv("XDG_DATA_HOME", data.path().toLocal8Bit());
    // One item printing 20,000 numbered lines (968,894 bytes, over the 256 KiB tail the view
    // loads, whose ≈5,400 lines the view keeps whole), as a real `tessera run`.
    const QString list = data.filePath(QStringLiteral("bigout.txt"));
    {
        QFile f(list);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("seq -f '%g the quick brown fox jumps over the lazy dog' 1 20000\n");
    }
    QProcess run;
    run.start(QStringLiteral(TESSERA_BINARY), {QStringLiteral("run"), list});
    ASSERT_TRUE(run.waitForFinished(120000));
    ASSERT_EQ(run.exitCode(), 0) << run.readAllStandardError().toStdString();
    QByteArray expected;
    for (int i = 1; i <= 20000; ++i)
        expected += QByteArray::number(i) + " the quick brown fox jumps over the lazy dog\n";

    {
        MainWindow window;
        window.resize(1280, 800);
        window.setSourceIds({SourceHost::localId()});
        window.show();
        QString key;
        ASSERT_TRUE(waitUntil([&] {
            for (int r = 0; r < window.jobModel()->rowCount(); ++r)
                if (window.jobModel()->job(r).name.startsWith(QStringLiteral("bigout-")))
                    key = window.jobModel()->job(r).key;
            return !key.isEmpty();
        }));
        window.openLog(key, 0);
        LogViewWidget* log = window.jobView()->logView();
        ASSERT_TRUE(waitUntil([&] {
            return log->pendingLines() == 0 && log->stateText().contains(QStringLiteral("end"));
        })) << log->stateText().toStdString();
        // The tail: it says the start is missing, and how much.
        EXPECT_TRUE(log->cutText().contains(QStringLiteral("KiB before these lines were left out")))
            << log->cutText().toStdString();
        EXPECT_TRUE(log->stateText().contains(QStringLiteral("the last")))
            << log->stateText().toStdString();
        const QStringList tail = log->shownText().split(QLatin1Char('\n'));
        EXPECT_LT(tail.size(), 6000);
        const QString fox = QStringLiteral(" the quick brown fox jumps over the lazy dog");
        EXPECT_EQ(tail.last(), QStringLiteral("20000") + fox);
        EXPECT_EQ(tail.first(), QString::number(20000 - tail.size() + 1) + fox); // a whole line

        saveShot(&window, QStringLiteral("workbench-log-cut"));
        // Save writes the whole log, not the shown tail.
        const QString path = data.filePath(QStringLiteral("saved.log"));
        log->saveTo(path);
        ASSERT_TRUE(waitUntil([&] { return log->stateText().contains(QStringLiteral("Saved")); }))
            << log->stateText().toStdString();
        QFile saved(path);
        ASSERT_TRUE(saved.open(QIODevice::ReadOnly));
        EXPECT_TRUE(saved.readAll() == expected);

        // And the whole log in the view, appended in batches.
        log->loadWhole();
        ASSERT_TRUE(waitUntil([&] {
            return log->pendingLines() == 0 && log->stateText().contains(QStringLiteral("end"));
        })) << log->stateText().toStdString();
        EXPECT_TRUE(log->cutText().isEmpty());
        EXPECT_EQ(log->shownText() + QLatin1Char('\n'), QString::fromLatin1(expected));
    }
    qputenv("XDG_DATA_HOME", oldData);
}
