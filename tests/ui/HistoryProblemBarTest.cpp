// The window says when the History database cannot be used, instead of going on silently, and
// offers the way forward (Reset), found at start or later.
#include "ScriptedStore.h"
#include "ui/JobView.h"
#include "ui/MainWindow.h"

#include <QLabel>
#include <QPushButton>
#include <QStandardPaths>
#include <QTest>
#include <gtest/gtest.h>

using namespace tessera::ui;

TEST(HistoryProblemBar, ADamagedHistoryFoundAtStartIsShownWithAReset) {
    QStandardPaths::setTestModeEnabled(true);
    tessera::testing::ScriptedStore store;
    // Found before the window listened, as ClusterSource::start() finds it.
    store.historyProblem =
        QStringLiteral("history /home/u/.local/share/tessera/history.sqlite: damaged: "
                       "database disk image is malformed");
    MainWindow window(
        [&store](const QString& id, QString*) { return SourceHost::borrow(&store, id); });
    window.setSourceIds({SourceHost::demoId()});
    window.show();
    auto* bar = window.findChild<QWidget*>(QStringLiteral("historyProblem"));
    ASSERT_TRUE(bar);
    ASSERT_TRUE(QTest::qWaitFor([&] { return bar->isVisible(); }, 5000));
    auto* text = window.findChild<QLabel*>(QStringLiteral("historyProblemText"));
    ASSERT_TRUE(text);
    EXPECT_TRUE(text->text().startsWith(QStringLiteral("History disabled")));
    EXPECT_TRUE(text->toolTip().contains(QStringLiteral("database disk image is malformed")));
    auto* reset = window.findChild<QPushButton*>(QStringLiteral("historyReset"));
    ASSERT_TRUE(reset);
    reset->click();
    EXPECT_TRUE(QTest::qWaitFor([&] { return store.historyResets == 1; }, 5000));
    // The store says it works again: the bar goes.
    emit store.historyUnavailable(QString());
    EXPECT_TRUE(QTest::qWaitFor([&] { return !bar->isVisible(); }, 5000));
    // A write that fails later shows it again.
    emit store.historyUnavailable(
        QStringLiteral("history /x: begin: attempt to write a readonly database"));
    EXPECT_TRUE(QTest::qWaitFor([&] { return bar->isVisible(); }, 5000));
}
