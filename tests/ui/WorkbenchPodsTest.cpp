// The operator's workbench in the window, against the built-in Demo endpoint (the in-process
// `tessera serve` with its demo jobs, watched through the real cluster client): the Pods tab
// filtered by node (from the Spread tab) and by exit code (its value menu) and by a grid
// selection; a pod deleted from its context menu goes at the endpoint; two jobs suspended from
// the job list's menu with one confirmation naming both; a failure pattern's click shows its pods.
#include "serve/ObjectStore.h"
#include "serve/Server.h"
#include "store/FailurePatterns.h"
#include "support/Wait.h"
#include "ui/FailurePatternsView.h"
#include "ui/FailuresPanel.h"
#include "ui/IndexGridWidget.h"
#include "ui/JobListMenu.h"
#include "ui/JobListModel.h"
#include "ui/JobView.h"
#include "ui/MainWindow.h"
#include "ui/PodsModel.h"
#include "ui/PodsPanel.h"
#include "ui/TableRowsModel.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QToolButton>
#include <gtest/gtest.h>

using tessera::engine::AttemptOutcome;
using namespace tessera::ui;

using tessera::test::waitUntil;

namespace {

struct DemoWindow {
    SourceHost* host = nullptr;
    std::unique_ptr<MainWindow> window;

    DemoWindow() {
        QStandardPaths::setTestModeEnabled(true);
        window = std::make_unique<MainWindow>([this](const QString& id, QString* error) {
            auto opened = SourceHost::open(id, error);
            host = opened.get();
            return opened;
        });
        window->resize(1400, 900);
        window->setSourceIds({SourceHost::demoId()});
        window->show();
    }
    QString keyOf(const QString& name) const {
        JobListModel* model = window->jobModel();
        for (int r = 0; r < model->rowCount(); ++r)
            if (model->job(r).name == name)
                return model->job(r).key;
        return {};
    }
    // Opens a demo job once listed; its view once it shows a snapshot.
    JobView* open(const QString& name) {
        if (!waitUntil([&] { return !keyOf(name).isEmpty(); }))
            return nullptr;
        window->openJob(keyOf(name));
        JobView* view = window->jobView();
        if (!view || !waitUntil([&] { return view->snapshot() != nullptr; }))
            return nullptr;
        return view;
    }
    QJsonObject atEndpoint(const QString& resource, const QString& name) const {
        QJsonObject json;
        host->server()->run([&](tessera::serve::ObjectStore& store, tessera::serve::ApiServer&) {
            if (auto o = store.get(resource, QStringLiteral("default"), name))
                json = o->json;
        });
        return json;
    }
};

// Shows the Pods tab (which refreshes it from the view's snapshot).
PodsPanel* podsTab(JobView* view) {
    view->tabs()->setCurrentWidget(view->podsPanel());
    return view->podsPanel();
}

// Each shown pod's attempt.
std::vector<tessera::store::IndexAttempt> shownAttempts(PodsPanel* pods) {
    std::vector<tessera::store::IndexAttempt> shown;
    auto* proxy = pods->proxy();
    for (int r = 0; r < proxy->rowCount(); ++r)
        shown.push_back(pods->podsModel()->attemptAt(proxy->mapToSource(proxy->index(r, 0)).row()));
    return shown;
}

QAction* actionNamed(QMenu* menu, const QString& name) {
    for (QAction* a : menu->actions())
        if (a->objectName() == name)
            return a;
    return nullptr;
}

// The confirmation box `objectName` once it is open, answered with its "yes" button.
QMessageBox* confirmation(QWidget* window, const QString& objectName) {
    QMessageBox* box = nullptr;
    waitUntil([&] {
        box = window->findChild<QMessageBox*>(objectName);
        return box && box->isVisible();
    });
    return box;
}

} // namespace

TEST(Workbench, PodsFilterByNodeFromSpreadByExitCodeAndByGridSelection) {
    DemoWindow demo;
    JobView* view = demo.open(QStringLiteral("etl-shards"));
    ASSERT_NE(view, nullptr) << demo.window->connectionText().toStdString();
    PodsPanel* pods = podsTab(view);
    QAbstractItemModelTester tester(pods->podsModel(),
                                    QAbstractItemModelTester::FailureReportingMode::Warning);

    // Index 7 fails every attempt with exit code 1 (the demo's sim-fail-indexes).
    ASSERT_TRUE(waitUntil([&] {
        for (const auto& a : view->snapshot()->attempts)
            if (a.index == 7 && a.outcome == AttemptOutcome::Failed && a.exitCode == 1)
                return true;
        return false;
    }));
    // A node with active pods, as the Spread tab lists it (the row the user clicks).
    view->tabs()->setCurrentIndex(2);
    auto* nodes = view->findChild<QTableView*>(QStringLiteral("nodesTable"));
    ASSERT_NE(nodes, nullptr);
    ASSERT_TRUE(waitUntil([&] { return nodes->model()->rowCount() > 0; }));
    const QModelIndex row = nodes->model()->index(0, 0);
    const QString node = row.data(TableRowsModel::SortRole).toString();
    ASSERT_FALSE(node.isEmpty());
    emit nodes->activated(row);
    EXPECT_EQ(view->tabs()->currentWidget(), pods);
    const auto snapshot = pods->podsModel()->snapshot();
    int onNode = 0;
    for (const auto& a : snapshot->attempts)
        onNode += a.node == node;
    const auto byNode = shownAttempts(pods);
    EXPECT_EQ(static_cast<int>(byNode.size()), onNode);
    EXPECT_GT(onNode, 0);
    for (const auto& a : byNode)
        EXPECT_EQ(a.node, node) << a.pod.toStdString();
    EXPECT_EQ(pods->findChild<QToolButton*>(QStringLiteral("podsNodeButton"))->text(),
              QStringLiteral("Node (1)"));

    // Exit code 1 through the Exit code button's value menu, all nodes again.
    pods->clearFilters();
    auto* exitButton = pods->findChild<QToolButton*>(QStringLiteral("podsExitCodeButton"));
    ASSERT_NE(exitButton, nullptr);
    emit exitButton->menu()->aboutToShow(); // the menu counts the values as it opens
    QAction* exit1 = nullptr;
    for (QAction* a : exitButton->menu()->actions())
        if (a->text().startsWith(QStringLiteral("1 (")))
            exit1 = a;
    ASSERT_NE(exit1, nullptr);
    exit1->trigger();
    int failedWith1 = 0;
    for (const auto& a : pods->podsModel()->snapshot()->attempts)
        failedWith1 += a.exitCode == 1;
    const auto byExit = shownAttempts(pods);
    EXPECT_EQ(static_cast<int>(byExit.size()), failedWith1);
    bool index7 = false;
    for (const auto& a : byExit) {
        EXPECT_EQ(a.exitCode, 1);
        index7 = index7 || a.index == 7;
    }
    EXPECT_TRUE(index7);
    // The text filter narrows further: "etl-shards-7-" is index 7's pods.
    QTest::keyClicks(pods->filterEdit(), QStringLiteral("etl-shards-7-"));
    const auto byText = shownAttempts(pods);
    EXPECT_FALSE(byText.empty());
    for (const auto& a : byText)
        EXPECT_EQ(a.index, 7);

    // A grid selection narrows the pods to its indexes (5-9 holds index 7's attempts).
    pods->clearFilters();
    view->grid()->setSelection(tessera::engine::IndexSet::range(5, 9));
    int inSelection = 0;
    for (const auto& a : pods->podsModel()->snapshot()->attempts)
        inSelection += a.index >= 5 && a.index <= 9;
    const auto bySelection = shownAttempts(pods);
    EXPECT_EQ(static_cast<int>(bySelection.size()), inSelection);
    EXPECT_GE(inSelection, 2);
    for (const auto& a : bySelection)
        EXPECT_TRUE(a.index >= 5 && a.index <= 9) << a.index;
    EXPECT_TRUE(pods->scopeText().contains(QStringLiteral("5-9")))
        << pods->scopeText().toStdString();
}

TEST(Workbench, AContextMenuDeletesAPodAtTheEndpoint) {
    DemoWindow demo;
    JobView* view = demo.open(QStringLiteral("render-frames"));
    ASSERT_NE(view, nullptr) << demo.window->connectionText().toStdString();
    PodsPanel* pods = podsTab(view);
    // A live running pod, selected in the Pods tab.
    QString pod;
    ASSERT_TRUE(waitUntil([&] {
        for (const auto& a : view->snapshot()->attempts)
            if (a.live && a.outcome == AttemptOutcome::Running)
                pod = a.pod;
        return !pod.isEmpty();
    }));
    view->tabs()->setCurrentIndex(0); // back to the Pods tab: it shows the newest snapshot
    podsTab(view);
    pods->filterEdit()->setText(pod);
    ASSERT_EQ(pods->proxy()->rowCount(), 1);
    pods->table()->selectRow(0);
    ASSERT_FALSE(demo.atEndpoint(QStringLiteral("pods"), pod).isEmpty());

    std::unique_ptr<QMenu> menu(view->podsMenu());
    QAction* remove = actionNamed(menu.get(), QStringLiteral("podDeleteAction"));
    ASSERT_NE(remove, nullptr);
    ASSERT_TRUE(remove->isEnabled());
    remove->trigger();
    QMessageBox* box = confirmation(view, QStringLiteral("podsConfirmation"));
    ASSERT_NE(box, nullptr);
    EXPECT_TRUE(box->text().contains(pod)) << box->text().toStdString();
    box->findChild<QAbstractButton*>(QStringLiteral("podsConfirmationYes"))->click();
    // The endpoint deletes it (its Job's controller counts it and drops its finalizer).
    EXPECT_TRUE(waitUntil([&] { return demo.atEndpoint(QStringLiteral("pods"), pod).isEmpty(); }))
        << QJsonDocument(demo.atEndpoint(QStringLiteral("pods"), pod)).toJson().toStdString();
}

TEST(Workbench, BulkSuspendOfTwoJobsAsksOnceNamingBoth) {
    DemoWindow demo;
    ASSERT_TRUE(waitUntil([&] {
        return !demo.keyOf(QStringLiteral("render-frames")).isEmpty() &&
               !demo.keyOf(QStringLiteral("etl-shards")).isEmpty();
    })) << demo.window->connectionText().toStdString();
    QTableView* table = demo.window->jobTable();
    auto* proxy = demo.window->jobProxy();
    auto* model = demo.window->jobModel();
    QItemSelection both;
    for (const QString& name : {QStringLiteral("render-frames"), QStringLiteral("etl-shards")}) {
        const QModelIndex at =
            proxy->mapFromSource(model->index(model->rowOf(demo.keyOf(name)), 0));
        both.select(at, at);
    }
    table->selectionModel()->select(both, QItemSelectionModel::ClearAndSelect |
                                              QItemSelectionModel::Rows);
    auto* jobMenu = demo.window->findChild<JobListMenu*>();
    ASSERT_NE(jobMenu, nullptr);
    ASSERT_EQ(jobMenu->selectedKeys().size(), 2);
    std::unique_ptr<QMenu> menu(jobMenu->buildMenu());
    QAction* suspend = actionNamed(menu.get(), QStringLiteral("jobSuspendAction"));
    ASSERT_NE(suspend, nullptr);
    EXPECT_EQ(suspend->text(), QStringLiteral("Suspend 2 jobs"));
    suspend->trigger();
    QMessageBox* box = confirmation(demo.window.get(), QStringLiteral("jobsConfirmation"));
    ASSERT_NE(box, nullptr);
    EXPECT_TRUE(box->text().contains(QStringLiteral("render-frames"))) << box->text().toStdString();
    EXPECT_TRUE(box->text().contains(QStringLiteral("etl-shards"))) << box->text().toStdString();
    // Nothing is suspended before the answer.
    const auto suspended = [&](const char* name) {
        return demo.atEndpoint(QStringLiteral("jobs"), QLatin1String(name))
            .value(QStringLiteral("spec"))
            .toObject()
            .value(QStringLiteral("suspend"))
            .toBool();
    };
    EXPECT_FALSE(suspended("render-frames"));
    box->findChild<QAbstractButton*>(QStringLiteral("jobsConfirmationYes"))->click();
    EXPECT_TRUE(waitUntil([&] { return suspended("render-frames") && suspended("etl-shards"); }));
    // The one box is gone once answered.
    EXPECT_TRUE(waitUntil([&] {
        return demo.window->findChildren<QMessageBox*>(QStringLiteral("jobsConfirmation"))
            .isEmpty();
    }));
}

TEST(Workbench, AFailurePatternsClickShowsItsPodsAndSelectsItsIndexes) {
    DemoWindow demo;
    JobView* view = demo.open(QStringLiteral("etl-shards"));
    ASSERT_NE(view, nullptr) << demo.window->connectionText().toStdString();
    // Indexes 7, 42 and 77 fail twice each (backoffLimitPerIndex 1) with exit code 1.
    const auto failedAttempts = [&] {
        int n = 0;
        for (const auto& a : view->snapshot()->attempts)
            n += tessera::engine::countsAsFailed(a.outcome);
        return n;
    };
    ASSERT_TRUE(waitUntil([&] { return failedAttempts() >= 6; })) << failedAttempts();
    view->tabs()->setCurrentWidget(view->failuresPanel());
    FailurePatternsView* patterns = view->failuresPanel()->patternsView();
    ASSERT_TRUE(waitUntil([&] { return patterns->patterns().failedAttempts >= 6; }));
    // The view shows the core's groups of this snapshot.
    const auto expected = tessera::store::failurePatternsOf(*view->snapshot());
    ASSERT_EQ(patterns->patterns().groups.size(), expected.groups.size());
    EXPECT_EQ(patterns->model()->rowCount(), static_cast<int>(expected.groups.size()));
    EXPECT_TRUE(patterns->headline().contains(QStringLiteral("exit 1")))
        << patterns->headline().toStdString();

    // Clicking the first row shows that group's pods in the Pods tab, and nothing else.
    QTableView* table = patterns->table();
    const tessera::store::FailurePattern* group = patterns->groupAtViewRow(0);
    ASSERT_NE(group, nullptr);
    const tessera::store::FailurePattern chosen = *group;
    table->setCurrentIndex(table->model()->index(0, 0));
    emit table->activated(table->model()->index(0, 0));
    ASSERT_EQ(view->tabs()->currentWidget(), view->podsPanel());
    const auto shown = shownAttempts(view->podsPanel());
    ASSERT_EQ(static_cast<int>(shown.size()), chosen.attempts);
    for (const auto& a : shown) {
        EXPECT_TRUE(chosen.pods.contains(a.pod)) << a.pod.toStdString();
        EXPECT_EQ(a.exitCode, chosen.exitCode);
        EXPECT_EQ(a.node, chosen.node);
        EXPECT_TRUE(tessera::engine::countsAsFailed(a.outcome));
    }
    EXPECT_TRUE(view->podsPanel()->scopeText().contains(QStringLiteral("exit 1")))
        << view->podsPanel()->scopeText().toStdString();

    // "Select indexes" selects the group's indexes on the grid.
    view->tabs()->setCurrentWidget(view->failuresPanel());
    patterns->findChild<QAbstractButton*>(QStringLiteral("failurePatternIndexes"))->click();
    EXPECT_EQ(view->tabs()->currentIndex(), 0);
    EXPECT_EQ(view->grid()->selection(), chosen.indexes);
}
