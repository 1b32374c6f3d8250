// The job list's scope against a real `tessera serve` (in-process, watched through the real
// cluster client): several namespaces at once, a label selector the server applies, a CronJob's
// own row (watched, with its schedule) and its runs grouped under it newest first, and the
// columns fitting a 1024 px window.
#include "serve/Fault.h"
#include "serve/ObjectStore.h"
#include "serve/Server.h"
#include "store/StoreThread.h"
#include "support/Wait.h"
#include "ui/CompareRunsDialog.h"
#include "ui/JobListModel.h"
#include "ui/JobListProxy.h"
#include "ui/JobView.h"
#include "ui/MainWindow.h"
#include "ui/ScopeBar.h"
#include "ui/TableRowsModel.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QDateTime>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStringListModel>
#include <QTableView>
#include <QTest>
#include <gtest/gtest.h>
#include <set>

using namespace tessera;
using namespace tessera::ui;

using tessera::test::waitUntil;

namespace {

QByteArray job(const QString& ns, const QString& name, const QString& labels,
               const QString& owner = {}, const QString& annotations = {}) {
    return QStringLiteral(R"yaml(apiVersion: batch/v1
kind: Job
metadata:
  name: %2
  namespace: %1
  labels: {%3}
  annotations: {tessera.dev/sim-duration: "1s"%5}
%4spec:
  completionMode: Indexed
  completions: 4
  parallelism: 4
  backoffLimitPerIndex: 0
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: busybox
---
)yaml")
        .arg(ns, name, labels, owner, annotations)
        .toUtf8();
}

QByteArray namespaces(const QStringList& names) {
    QByteArray out;
    for (const QString& n : names)
        out += QStringLiteral("apiVersion: v1\nkind: Namespace\nmetadata: {name: %1}\n---\n")
                   .arg(n)
                   .toUtf8();
    return out;
}

// A tessera serve, a ClusterSource on it in its own thread, and a window showing it.
struct Cluster {
    std::unique_ptr<serve::Server> server = std::make_unique<serve::Server>();
    std::unique_ptr<store::StoreThread> thread;
    std::unique_ptr<MainWindow> window;

    explicit Cluster(const QByteArray& manifest, int width = 1280, int height = 800) {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().remove(QStringLiteral("scope"));
        QSettings().remove(QStringLiteral("mainWindow"));
        QSettings().remove(QStringLiteral("jobView"));
        if (!server->listen())
            ADD_FAILURE() << server->errorString().toStdString();
        if (!manifest.isEmpty())
            if (auto created = server->createFromManifest(manifest); !created)
                ADD_FAILURE() << created.error().message.toStdString();
        kube::ClusterConnection c;
        c.contextName = c.clusterName = c.userName = QStringLiteral("scope-test");
        c.server = server->url();
        store::ClusterSource::Options options;
        options.emitInterval = std::chrono::milliseconds(20);
        options.informerBatch = std::chrono::milliseconds(20);
        thread = store::StoreThread::cluster(c, QStringLiteral("scope-test"), options);
        window = std::make_unique<MainWindow>([this](const QString& id, QString*) {
            return SourceHost::borrow(thread->store(), id);
        });
        window->resize(width, height);
        window->setSourceIds({QStringLiteral("context:scope-test")});
        window->show();
    }
    ~Cluster() {
        window.reset();
        thread.reset();
    }
    JobListModel* model() const { return window->jobModel(); }
    std::set<QString> names() const {
        std::set<QString> out;
        for (int r = 0; r < model()->rowCount(); ++r)
            if (!model()->job(r).cron) // the Jobs' rows
                out.insert(model()->job(r).namespace_ + QLatin1Char('/') + model()->job(r).name);
        return out;
    }
    ScopeBar* scopeBar() const { return window->findChild<ScopeBar*>(); }
    void applyScope(const QString& namespaces, const QString& selector) {
        scopeBar()->namespaceBox()->setCurrentText(namespaces);
        scopeBar()->selectorEdit()->setText(selector);
        QTest::keyClick(scopeBar()->selectorEdit(), Qt::Key_Return);
    }
};

using Names = std::set<QString>;

} // namespace

TEST(Workbench, TwoNamespacesAreWatchedAtOnce) {
    Cluster cluster(
        namespaces({QStringLiteral("team-a"), QStringLiteral("team-b"), QStringLiteral("team-c")}) +
        job(QStringLiteral("team-a"), QStringLiteral("a1"), QStringLiteral("app: etl")) +
        job(QStringLiteral("team-b"), QStringLiteral("b1"), QStringLiteral("app: etl")) +
        job(QStringLiteral("team-c"), QStringLiteral("c1"), QStringLiteral("app: etl")));
    ASSERT_TRUE(waitUntil([&] { return cluster.names().size() == 3; }));

    cluster.applyScope(QStringLiteral("team-b team-a"), QString());
    EXPECT_EQ(cluster.scopeBar()->namespaceBox()->currentText(), QStringLiteral("team-a, team-b"));
    ASSERT_TRUE(waitUntil([&] {
        return cluster.names() == Names{QStringLiteral("team-a/a1"), QStringLiteral("team-b/b1")};
    })) << cluster.names().size();

    // Both namespaces stay watched: a job created in either appears, one elsewhere does not.
    ASSERT_TRUE(cluster.server->createFromManifest(
        job(QStringLiteral("team-c"), QStringLiteral("c2"), QStringLiteral("app: etl")) +
        job(QStringLiteral("team-b"), QStringLiteral("b2"), QStringLiteral("app: etl"))));
    ASSERT_TRUE(waitUntil([&] { return cluster.names().count(QStringLiteral("team-b/b2")) == 1; }));
    EXPECT_EQ(cluster.names(), (Names{QStringLiteral("team-a/a1"), QStringLiteral("team-b/b1"),
                                      QStringLiteral("team-b/b2")}));

    // Remembered for this context: the next window over it starts with the same scope.
    ScopeBar other;
    const store::JobScope restored = other.restoreFor(QStringLiteral("context:scope-test"));
    EXPECT_EQ(restored.namespaces,
              (QStringList{QStringLiteral("team-a"), QStringLiteral("team-b")}));
    EXPECT_EQ(other.restoreFor(QStringLiteral("context:elsewhere")), store::JobScope{});

    // A name that is no namespace is refused where it was typed, and nothing changes.
    cluster.applyScope(QStringLiteral("Team_A"), QString());
    EXPECT_EQ(cluster.scopeBar()->scope().namespaces.size(), 2);
    EXPECT_TRUE(cluster.scopeBar()->namespaceBox()->toolTip().contains(QStringLiteral("Team_A")));
}

// A namespace the user may not list is said so, whichever namespace answered last.
TEST(Workbench, ARefusedNamespaceShowsInTheConnectionState) {
    Cluster cluster(namespaces({QStringLiteral("team-a"), QStringLiteral("team-b")}) +
                    job(QStringLiteral("team-a"), QStringLiteral("a1"), QStringLiteral("app: x")));
    ASSERT_TRUE(waitUntil([&] { return cluster.names().size() == 1; }));
    serve::Fault forbidden;
    forbidden.pathContains = QStringLiteral("/namespaces/team-b/jobs");
    forbidden.status = 403;
    forbidden.count = -1;
    cluster.server->addFault(forbidden);
    cluster.applyScope(QStringLiteral("team-a, team-b"), QString());
    ASSERT_TRUE(waitUntil([&] {
        const QString text = cluster.window->connectionText();
        return text.contains(QStringLiteral("Unauthorized")) &&
               text.contains(QStringLiteral("team-b"));
    })) << cluster.window->connectionText().toStdString();
    // team-a's jobs are still listed.
    EXPECT_EQ(cluster.names(), Names{QStringLiteral("team-a/a1")});
}

TEST(Workbench, ALabelSelectorNarrowsTheListAtTheServer) {
    Cluster cluster(
        job(QStringLiteral("default"), QStringLiteral("etl-1"),
            QStringLiteral("app: etl, tier: prod")) +
        job(QStringLiteral("default"), QStringLiteral("etl-2"),
            QStringLiteral("app: etl, tier: test")) +
        job(QStringLiteral("default"), QStringLiteral("render-1"), QStringLiteral("app: render")));
    ASSERT_TRUE(waitUntil([&] { return cluster.names().size() == 3; }));

    // The selector completes from the labels of the jobs listed.
    QLineEdit* selector = cluster.scopeBar()->selectorEdit();
    selector->setFocus();
    ASSERT_TRUE(waitUntil([&] {
        auto* model = qobject_cast<QStringListModel*>(selector->completer()->model());
        return model && model->stringList().contains(QStringLiteral("tier=prod"));
    }));

    cluster.applyScope(QString(), QStringLiteral("app=etl,tier!=test"));
    ASSERT_TRUE(waitUntil([&] {
        return cluster.names() == Names{QStringLiteral("default/etl-1")};
    })) << cluster.names().size();
    // The server filters the watch too: a matching job appears, another does not.
    ASSERT_TRUE(cluster.server->createFromManifest(
        job(QStringLiteral("default"), QStringLiteral("render-2"), QStringLiteral("app: render")) +
        job(QStringLiteral("default"), QStringLiteral("etl-3"), QStringLiteral("app: etl"))));
    ASSERT_TRUE(waitUntil([&] { return cluster.names().count(QStringLiteral("default/etl-3")); }));
    EXPECT_EQ(cluster.names(),
              (Names{QStringLiteral("default/etl-1"), QStringLiteral("default/etl-3")}));

    // A selector that does not parse is refused before the list, naming the text.
    cluster.applyScope(QString(), QStringLiteral("app in (etl"));
    EXPECT_EQ(cluster.scopeBar()->scope().labelSelector, QStringLiteral("app=etl,tier!=test"));
    EXPECT_TRUE(selector->toolTip().contains(QStringLiteral("app in (etl")))
        << selector->toolTip().toStdString();
}

TEST(Workbench, ACronJobsRunsAreGroupedUnderOneRowNewestFirst) {
    Cluster cluster(
        job(QStringLiteral("default"), QStringLiteral("standalone"), QStringLiteral("app: x")));
    // A CronJob (suspended: no controller adds runs meanwhile) and three runs it controls,
    // created in three different seconds (creation times have seconds' precision).
    ASSERT_TRUE(cluster.server->createFromManifest(R"yaml(apiVersion: batch/v1
kind: CronJob
metadata: {name: nightly, namespace: default}
spec:
  schedule: "0 2 * * *"
  suspend: true
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          containers: [{name: main, image: busybox}]
)yaml"));
    QString uid;
    cluster.server->run([&](serve::ObjectStore& store, serve::ApiServer&) {
        uid = store
                  .get(QStringLiteral("cronjobs"), QStringLiteral("default"),
                       QStringLiteral("nightly"))
                  ->json.value(QStringLiteral("metadata"))
                  .toObject()
                  .value(QStringLiteral("uid"))
                  .toString();
    });
    const QString owner =
        QStringLiteral("  ownerReferences: [{apiVersion: batch/v1, kind: CronJob, "
                       "name: nightly, uid: %1, controller: true}]\n")
            .arg(uid);
    QStringList runs{QStringLiteral("nightly-c"), QStringLiteral("nightly-a"),
                     QStringLiteral("nightly-b")}; // created in this order: newest last
    for (const QString& run : runs) {
        const qint64 second = QDateTime::currentSecsSinceEpoch();
        ASSERT_TRUE(waitUntil([&] { return QDateTime::currentSecsSinceEpoch() > second; }, 3000));
        ASSERT_TRUE(cluster.server->createFromManifest(
            job(QStringLiteral("default"), run, QStringLiteral("app: x"), owner)));
    }
    ASSERT_TRUE(waitUntil([&] { return cluster.names().size() == 4; }));

    // One row for the CronJob (it opens its newest run), one for the Job on its own.
    QSortFilterProxyModel* proxy = cluster.window->jobProxy();
    auto* grouped = qobject_cast<JobListProxy*>(proxy);
    ASSERT_NE(grouped, nullptr);
    // Grouping moves rows in and out of sight: the proxy stays a consistent model throughout.
    QAbstractItemModelTester tester(proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    ASSERT_TRUE(waitUntil([&] { return proxy->rowCount() == 2; })) << proxy->rowCount();
    const auto rowNames = [&] {
        QStringList out;
        for (int r = 0; r < proxy->rowCount(); ++r)
            out << proxy->index(r, 0)
                       .data(JobListModel::KeyRole)
                       .toString()
                       .section(QLatin1Char('/'), -1);
        return out;
    };
    int head = rowNames().indexOf(QStringLiteral("nightly-b"));
    ASSERT_GE(head, 0) << rowNames().join(QLatin1Char(',')).toStdString();
    EXPECT_TRUE(proxy->index(head, JobListModel::Name)
                    .data()
                    .toString()
                    .contains(QStringLiteral("nightly · 3 run(s)")))
        << proxy->index(head, 0).data().toString().toStdString();

    EXPECT_EQ(proxy->index(head, JobListModel::Mode).data().toString(),
              QStringLiteral("0 2 * * *"));
    EXPECT_EQ(proxy->index(head, JobListModel::Status).data().toString(),
              JobListModel::statusWord(engine::JobState::Suspended));

    // Expanded: the runs follow their head, newest first, whichever way the list is sorted.
    QTableView* table = cluster.window->jobTable();
    const QRect arrow = table->visualRect(proxy->index(head, JobListModel::Name));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, arrow.topLeft() + QPoint(6, 4));
    EXPECT_TRUE(grouped->isGroupExpanded(QStringLiteral("default/nightly")));
    ASSERT_EQ(proxy->rowCount(), 5);
    for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
        for (int column :
             {int(JobListModel::Name), int(JobListModel::Age), int(JobListModel::Status)}) {
            table->sortByColumn(column, order);
            const QStringList rows = rowNames();
            head = rows.indexOf(QStringLiteral("nightly-b")); // the CronJob's row opens it
            ASSERT_GE(head, 0);
            ASSERT_LE(head + 3, 4) << rows.join(QLatin1Char(',')).toStdString();
            EXPECT_TRUE(proxy->index(head, 0).data(JobListModel::GroupHeadRole).toBool());
            EXPECT_EQ(rows.mid(head, 4),
                      (QStringList{QStringLiteral("nightly-b"), QStringLiteral("nightly-b"),
                                   QStringLiteral("nightly-a"), QStringLiteral("nightly-c")}))
                << column << " " << order;
        }
    }
    // Each run shows its own outcome, the typed state's word.
    for (int r = 0; r < proxy->rowCount(); ++r)
        EXPECT_FALSE(proxy->index(r, JobListModel::Status).data().toString().isEmpty());
    // Collapsed again with '-'.
    table->setFocus();
    table->setCurrentIndex(proxy->index(rowNames().indexOf(QStringLiteral("nightly-b")), 0));
    QTest::keyClick(table, Qt::Key_Minus);
    EXPECT_EQ(proxy->rowCount(), 2);
}

namespace {

// The proxy row showing the CronJob `name`'s own row (-1 when none).
int cronJobRow(QSortFilterProxyModel* proxy, const QString& name) {
    for (int r = 0; r < proxy->rowCount(); ++r) {
        const QModelIndex source = proxy->mapToSource(proxy->index(r, 0));
        const auto* model = qobject_cast<const JobListModel*>(proxy->sourceModel());
        const store::JobSummary& row = model->job(source.row());
        if (row.cron && row.name == name)
            return r;
    }
    return -1;
}

QString cronJobUid(const serve::Server& server, const QString& name) {
    QString uid;
    server.run([&](serve::ObjectStore& store, serve::ApiServer&) {
        if (const auto o = store.get(QStringLiteral("cronjobs"), QStringLiteral("default"), name))
            uid = o->json.value(QStringLiteral("metadata"))
                      .toObject()
                      .value(QStringLiteral("uid"))
                      .toString();
    });
    return uid;
}

} // namespace

TEST(Workbench, ACronJobIsWatchedItsRowShowsItsScheduleItsRunsGroupUnderItAndDeletionRemovesIt) {
    Cluster cluster(
        job(QStringLiteral("default"), QStringLiteral("standalone"), QStringLiteral("app: x")));
    QSortFilterProxyModel* proxy = cluster.window->jobProxy();
    QAbstractItemModelTester tester(proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    ASSERT_TRUE(waitUntil([&] { return proxy->rowCount() == 1; }));
    // Created while the window watches; its schedule (New Year's Day) does not fire meanwhile.
    ASSERT_TRUE(cluster.server->createFromManifest(R"yaml(apiVersion: batch/v1
kind: CronJob
metadata: {name: yearly, namespace: default}
spec:
  schedule: "0 3 1 1 *"
  timeZone: "Etc/UTC"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          containers: [{name: main, image: busybox}]
)yaml"));
    // A CronJob with no runs has its row, with its schedule.
    ASSERT_TRUE(waitUntil([&] { return cronJobRow(proxy, QStringLiteral("yearly")) >= 0; }));
    int row = cronJobRow(proxy, QStringLiteral("yearly"));
    EXPECT_EQ(proxy->index(row, JobListModel::Name).data().toString(),
              QStringLiteral("▸ yearly · 0 run(s)"));
    EXPECT_EQ(proxy->index(row, JobListModel::Mode).data().toString(), QStringLiteral("0 3 1 1 *"));
    EXPECT_EQ(proxy->index(row, JobListModel::Status).data().toString(),
              QStringLiteral("Not scheduled yet"));
    const QString tip = proxy->index(row, JobListModel::Name).data(Qt::ToolTipRole).toString();
    EXPECT_TRUE(tip.contains(QStringLiteral("Schedule: 0 3 1 1 * (Etc/UTC)"))) << tip.toStdString();
    EXPECT_TRUE(proxy->index(row, 0).data(JobListModel::KeyRole).toString().isEmpty());

    // A Job it controls groups beneath it.
    const QString owner =
        QStringLiteral("  ownerReferences: [{apiVersion: batch/v1, kind: CronJob, "
                       "name: yearly, uid: %1, controller: true}]\n")
            .arg(cronJobUid(*cluster.server, QStringLiteral("yearly")));
    ASSERT_TRUE(cluster.server->createFromManifest(job(
        QStringLiteral("default"), QStringLiteral("yearly-1"), QStringLiteral("app: x"), owner)));
    ASSERT_TRUE(waitUntil([&] {
        row = cronJobRow(proxy, QStringLiteral("yearly"));
        return row >= 0 && proxy->index(row, JobListModel::Name).data().toString() ==
                               QStringLiteral("▸ yearly · 1 run(s)");
    }));
    EXPECT_EQ(proxy->rowCount(), 2); // the run is in its closed group
    auto* grouped = qobject_cast<JobListProxy*>(proxy);
    grouped->setGroupExpanded(QStringLiteral("default/yearly"), true);
    row = cronJobRow(proxy, QStringLiteral("yearly"));
    ASSERT_EQ(proxy->rowCount(), 3);
    EXPECT_TRUE(proxy->index(row + 1, 0)
                    .data(JobListModel::KeyRole)
                    .toString()
                    .endsWith(QStringLiteral("/yearly-1")));
    EXPECT_TRUE(proxy->index(row, 0)
                    .data(JobListModel::KeyRole)
                    .toString()
                    .endsWith(QStringLiteral("/yearly-1"))); // the CronJob opens its newest run

    // Deleted: its row goes (and its run with it, collected by the garbage collector).
    cluster.server->run([&](serve::ObjectStore& store, serve::ApiServer&) {
        ASSERT_TRUE(store.remove(QStringLiteral("cronjobs"), QStringLiteral("default"),
                                 QStringLiteral("yearly")));
    });
    ASSERT_TRUE(waitUntil([&] { return cronJobRow(proxy, QStringLiteral("yearly")) < 0; }));
}

TEST(Workbench, ACronJobListTheUserMayNotReadLeavesTheJobsListedAndIsSaidOnce) {
    Cluster cluster(QByteArray{});
    serve::Fault refused;
    refused.pathContains = QStringLiteral("/cronjobs");
    refused.status = 403;
    refused.count = -1;
    cluster.server->addFault(refused);
    // F5: the informers list again, now refused.
    QMetaObject::invokeMethod(cluster.thread->store(),
                              [store = cluster.thread->store()] { store->refresh(); });
    ASSERT_TRUE(cluster.server->createFromManifest(
        job(QStringLiteral("default"), QStringLiteral("still-listed"), QStringLiteral("app: x"))));
    ASSERT_TRUE(
        waitUntil([&] { return cluster.names().count(QStringLiteral("default/still-listed")); }));
    ASSERT_TRUE(waitUntil([&] {
        return cluster.window->statusBar()->currentMessage().contains(
            QStringLiteral("CronJobs are not listed"));
    })) << cluster.window->statusBar()->currentMessage().toStdString();
    EXPECT_TRUE(cluster.window->connectionText().contains(QStringLiteral("Connected")))
        << cluster.window->connectionText().toStdString();
}

TEST(Workbench, TheJobListsColumnsFitA1024PxWindow) {
    for (const QSize size : {QSize(1024, 700), QSize(1280, 800), QSize(2560, 1440)}) {
        Cluster cluster(job(QStringLiteral("default"), QStringLiteral("a-job-with-a-long-name"),
                            QStringLiteral("app: x")),
                        size.width(), size.height());
        ASSERT_TRUE(waitUntil([&] { return cluster.names().size() == 1; }));
        ASSERT_TRUE(QTest::qWaitForWindowExposed(cluster.window.get()));
        // With a job open (its header's facts are one long line): the window still fits.
        cluster.window->jobTable()->setCurrentIndex(cluster.window->jobProxy()->index(0, 0));
        ASSERT_TRUE(waitUntil(
            [&] { return cluster.window->jobView() && cluster.window->jobView()->snapshot(); }));
        EXPECT_LE(cluster.window->minimumSizeHint().width(), size.width());
        EXPECT_EQ(cluster.window->width(), size.width());
        QTableView* table = cluster.window->jobTable();
        QHeaderView* header = table->horizontalHeader();
        const int viewport = table->viewport()->width();
        for (int c = 0; c < JobListModel::ColumnCount; ++c)
            EXPECT_LE(header->sectionViewportPosition(c) + header->sectionSize(c), viewport)
                << "column " << c << " at " << size.width() << " px";
        EXPECT_FALSE(table->horizontalScrollBar()->isVisible()) << size.width();
        // The names get the room, not the status: Status is as wide as its widest word.
        EXPECT_LT(header->sectionSize(JobListModel::Status), 200) << size.width();
        // The state in the column, the reason in the tooltip.
        const QModelIndex status = cluster.window->jobProxy()->index(0, JobListModel::Status);
        EXPECT_FALSE(status.data().toString().contains(QLatin1Char(':')));
    }
}

// Two runs of the same work (the second a night later): the window's comparison names the
// indexes whose outcome changed and each index's duration change.
TEST(Workbench, ComparesTwoRunsIndexByIndex) {
    // Night 1 fails indexes 1 and 3; night 2 only 3: index 1 was fixed.
    Cluster cluster(
        job(QStringLiteral("default"), QStringLiteral("night-1"), QStringLiteral("app: x"), {},
            QStringLiteral(", tessera.dev/sim-fail-indexes: \"1,3\"")) +
        job(QStringLiteral("default"), QStringLiteral("night-2"), QStringLiteral("app: x"), {},
            QStringLiteral(", tessera.dev/sim-fail-indexes: \"3\"")));
    const auto finished = [&] {
        JobListModel* m = cluster.model();
        int done = 0;
        for (int r = 0; r < m->rowCount(); ++r)
            done += m->job(r).finished.isValid() ? 1 : 0;
        return done == 2;
    };
    ASSERT_TRUE(waitUntil(finished));
    JobListModel* model = cluster.model();
    const auto keyOf = [&](const QString& name) {
        for (int r = 0; r < model->rowCount(); ++r)
            if (model->job(r).name == name)
                return model->job(r).key;
        return QString();
    };
    cluster.window->jobTable()->setCurrentIndex(cluster.window->jobProxy()->mapFromSource(
        model->index(model->rowOf(keyOf(QStringLiteral("night-2"))), 0)));
    CompareRunsDialog* dialog = cluster.window->compareSelected();
    ASSERT_NE(dialog, nullptr);
    ASSERT_EQ(dialog->otherPicker()->count(), 1);
    bool compared = false;
    QObject::connect(dialog, &CompareRunsDialog::compared, [&] { compared = true; });
    dialog->compareWith(keyOf(QStringLiteral("night-1")));
    ASSERT_TRUE(waitUntil([&] { return compared; })) << dialog->summary()->text().toStdString();

    // Only the changed index is listed (by default), failed before and succeeded after.
    const auto& rows = dialog->rowsModel()->rows();
    ASSERT_EQ(rows.size(), 1u) << dialog->summary()->text().toStdString();
    EXPECT_EQ(rows[0][CompareRunsDialog::Index].value.toInt(), 1);
    EXPECT_EQ(rows[0][CompareRunsDialog::Before].display, QStringLiteral("Failed"));
    EXPECT_EQ(rows[0][CompareRunsDialog::After].display, QStringLiteral("Succeeded"));
    EXPECT_TRUE(dialog->summary()->text().contains(QStringLiteral("night-1 → night-2")))
        << dialog->summary()->text().toStdString();
    // Every index when asked, each with its duration change.
    dialog->findChild<QCheckBox*>(QStringLiteral("compareChangedOnly"))->setChecked(false);
    ASSERT_EQ(dialog->rowsModel()->rows().size(), 4u);
    for (const auto& row : dialog->rowsModel()->rows())
        EXPECT_FALSE(row[CompareRunsDialog::Change].display.isEmpty())
            << row[CompareRunsDialog::Index].value.toInt();
}

// The scoreboard's panes: the log gets the height of its pane and two fifths of the width at
// any window size, and the sizes the user sets come back with the next job.
TEST(Workbench, TheLogHasRoomAndThePanesKeepTheirSizes) {
    for (const QSize size : {QSize(1280, 800), QSize(2560, 1440)}) {
        Cluster cluster(
            job(QStringLiteral("default"), QStringLiteral("first"), QStringLiteral("app: x")) +
                job(QStringLiteral("default"), QStringLiteral("second"), QStringLiteral("app: x")),
            size.width(), size.height());
        ASSERT_TRUE(waitUntil([&] { return cluster.names().size() == 2; }));
        ASSERT_TRUE(QTest::qWaitForWindowExposed(cluster.window.get()));
        QSortFilterProxyModel* proxy = cluster.window->jobProxy();
        cluster.window->jobTable()->setCurrentIndex(proxy->index(0, 0));
        ASSERT_TRUE(waitUntil([&] { return cluster.window->jobView() != nullptr; }));
        auto* score =
            cluster.window->jobView()->findChild<QSplitter*>(QStringLiteral("scoreboardSplitter"));
        auto* details =
            cluster.window->jobView()->findChild<QSplitter*>(QStringLiteral("detailsSplitter"));
        ASSERT_TRUE(score && details);
        ASSERT_TRUE(waitUntil([&] { return score->sizes().value(1) > 0; }));
        const QList<int> widths = score->sizes();
        EXPECT_GE(widths[1] * 5, (widths[0] + widths[1]) * 2 - 10) << size.width();
        // The log shows at least 8 lines at 1280×800.
        auto* log = cluster.window->jobView()->findChild<QWidget*>(QStringLiteral("logText"));
        ASSERT_NE(log, nullptr);
        EXPECT_GE(log->height(), log->fontMetrics().lineSpacing() * 8) << size.width();

        // The user's sizes come back when the next job opens.
        score->setSizes({widths[0] + widths[1] - 300, 300});
        details->setSizes({200, details->sizes()[0] + details->sizes()[1] - 200});
        const QList<int> set = score->sizes(), setDetails = details->sizes();
        const QPointer<QSplitter> previous(score);
        cluster.window->jobTable()->setCurrentIndex(proxy->index(1, 0));
        ASSERT_TRUE(waitUntil([&] { return previous.isNull() && cluster.window->jobView(); }));
        auto* score2 =
            cluster.window->jobView()->findChild<QSplitter*>(QStringLiteral("scoreboardSplitter"));
        auto* details2 =
            cluster.window->jobView()->findChild<QSplitter*>(QStringLiteral("detailsSplitter"));
        ASSERT_TRUE(waitUntil([&] { return score2->isVisible(); }));
        EXPECT_EQ(score2->sizes(), set) << size.width();
        EXPECT_EQ(details2->sizes(), setDetails) << size.width();
    }
}
