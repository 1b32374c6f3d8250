// The whole window against the built-in Demo endpoint (the in-process `tessera serve` with its
// demo jobs, watched through the real cluster client): the job list fills, a job opens, the
// parallelism spin box reaches the endpoint, a failing index shows its exit code, and the grid
// paints it in its state's colour.
#include "ui/MainWindow.h"

#include "serve/ObjectStore.h"
#include "serve/Server.h"
#include "support/Wait.h"
#include "ui/IndexGridWidget.h"
#include "ui/JobListModel.h"
#include "ui/JobView.h"
#include "ui/StatePalette.h"
#include "ui/TableRowsModel.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QHelpEvent>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QToolTip>
#include <gtest/gtest.h>

using tessera::engine::IndexState;
using namespace tessera::ui;

namespace {

// Generous: the machine is shared and the demo's pods take seconds.
using tessera::test::waitUntil;

QString keyOf(JobListModel* model, const QString& name) {
    for (int r = 0; r < model->rowCount(); ++r) {
        if (model->job(r).name == name)
            return model->job(r).key;
    }
    return {};
}

int parallelismAtEndpoint(tessera::serve::Server* server, const QString& name) {
    int value = -1;
    server->run([&](tessera::serve::ObjectStore& store, tessera::serve::ApiServer&) {
        auto job = store.get(QStringLiteral("jobs"), QStringLiteral("default"), name);
        if (job)
            value = job->json.value(QStringLiteral("spec"))
                        .toObject()
                        .value(QStringLiteral("parallelism"))
                        .toInt(-1);
    });
    return value;
}

} // namespace

TEST(MainWindow, WatchesTheDemoEndpointAndActsOnIt) {
    QStandardPaths::setTestModeEnabled(true);
    SourceHost* host = nullptr;
    MainWindow window([&host](const QString& id, QString* error) {
        auto opened = SourceHost::open(id, error);
        host = opened.get();
        return opened;
    });
    window.resize(1400, 900);
    window.setSourceIds({SourceHost::demoId()});
    window.show();
    ASSERT_TRUE(host && host->server());

    // The job list fills from the endpoint.
    ASSERT_TRUE(waitUntil([&] {
        return !keyOf(window.jobModel(), QStringLiteral("etl-shards")).isEmpty();
    })) << window.connectionText().toStdString();
    EXPECT_GE(window.jobModel()->rowCount(), 4);
    EXPECT_FALSE(keyOf(window.jobModel(), QStringLiteral("render-frames")).isEmpty());
    ASSERT_TRUE(waitUntil([&] {
        return window.connectionText().contains(QStringLiteral("Connected"));
    })) << window.connectionText().toStdString();

    // Open the job whose indexes 7, 42 and 77 fail.
    window.openJob(keyOf(window.jobModel(), QStringLiteral("etl-shards")));
    JobView* view = window.jobView();
    ASSERT_NE(view, nullptr);
    ASSERT_TRUE(waitUntil([&] { return view->snapshot() && view->grid()->indexCount() == 100; }));

    // The spin box changes the running job's parallelism at the endpoint.
    QSpinBox* spin = view->parallelismSpinBox();
    ASSERT_TRUE(waitUntil([&] { return spin->isEnabled() && spin->value() == 10; }));
    spin->setValue(3);
    view->applyParallelism();
    EXPECT_TRUE(waitUntil([&] {
        return parallelismAtEndpoint(host->server(), QStringLiteral("etl-shards")) == 3;
    })) << parallelismAtEndpoint(host->server(), QStringLiteral("etl-shards"));
    EXPECT_TRUE(waitUntil([&] { return view->snapshot()->summary.parallelism == 3; }));
    EXPECT_EQ(spin->value(), 3);

    // A failing index shows its exit code (tooltip details, details panel, failures table).
    IndexGridWidget* grid = view->grid();
    ASSERT_TRUE(waitUntil([&] {
        const IndexState s = grid->stateAt(7);
        return s == IndexState::FailedWillRetry || s == IndexState::FailedTerminal;
    })) << tessera::engine::toString(grid->stateAt(7));
    ASSERT_TRUE(waitUntil([&] {
        return view->indexDetails(7).contains(QStringLiteral("exit code 1"));
    })) << view->indexDetails(7).toStdString();
    view->showIndex(7);
    bool attemptWithExit1 = false;
    for (const auto& row : view->attemptsModel()->rows())
        attemptWithExit1 = attemptWithExit1 || row[7].value.toInt() == 1;
    EXPECT_TRUE(attemptWithExit1);
    view->tabs()->setCurrentIndex(1);
    bool failureRow = false;
    for (const auto& row : view->failuresModel()->rows())
        failureRow = failureRow || (row[0].value.toInt() == 7 && row[2].value.toInt() == 1);
    EXPECT_TRUE(failureRow);
    view->tabs()->setCurrentIndex(0);

    // Hovering index 7 names it and its hostname; its cell is painted in its state's colour.
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    const QRect cell = grid->cellRect(7);
    ASSERT_FALSE(cell.isEmpty());
    QTest::mouseMove(grid, cell.center());
    EXPECT_EQ(grid->hoveredIndex(), 7);
    QHelpEvent help(QEvent::ToolTip, cell.center(), grid->mapToGlobal(cell.center()));
    QApplication::sendEvent(grid, &help);
    const QString tip = QToolTip::text();
    EXPECT_TRUE(tip.contains(QStringLiteral("Index 7"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("etl-shards-7"))) << tip.toStdString();
    QToolTip::hideText();
    const QImage image = grid->grab().toImage();
    const StatePalette colors(grid->palette());
    const QRgb painted = image.pixel(cell.center()) | 0xff000000u;
    EXPECT_EQ(painted, colors.rgb(grid->stateAt(7)));
}
