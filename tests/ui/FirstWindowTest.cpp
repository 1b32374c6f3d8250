// The first window on a 1600×1000 screen with nothing remembered: about 80 % of the screen
// (1280×800), centred, titled "Tessera — Demo". Its own binary, because the offscreen platform
// takes its screen size (a JSON "configfile") when QApplication starts.
#include "ScriptedStore.h"
#include "ui/JobView.h"
#include "ui/MainWindow.h"
#include "ui/WindowPlacement.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace tessera::ui;

TEST(FirstWindow, SizeIsAPureFunctionOfTheAvailableScreen) {
    // 80 %, at least 1200×750 where the screen has room, never more than the screen, centred.
    EXPECT_EQ(firstWindowGeometry(QRect(0, 0, 1600, 1000)), QRect(160, 100, 1280, 800));
    EXPECT_EQ(firstWindowGeometry(QRect(0, 0, 1366, 768)), QRect(83, 9, 1200, 750));
    EXPECT_EQ(firstWindowGeometry(QRect(0, 0, 1024, 700)), QRect(0, 0, 1024, 700));
    EXPECT_EQ(firstWindowGeometry(QRect(0, 0, 3840, 2160)), QRect(384, 216, 3072, 1728));
    // A panel on the left and one on top: centred in what is left.
    EXPECT_EQ(firstWindowGeometry(QRect(64, 32, 1856, 1048)), QRect(250, 137, 1484, 838));
}

TEST(FirstWindow, OpensAtEightyPercentOfA1600By1000ScreenCentredAndTitledTessera) {
    ASSERT_EQ(QGuiApplication::primaryScreen()->geometry(), QRect(0, 0, 1600, 1000));
    QStandardPaths::setTestModeEnabled(true);
    QSettings().remove(QStringLiteral("mainWindow/geometry")); // a first start
    tessera::testing::ScriptedStore store;
    MainWindow window(
        [&store](const QString& id, QString*) { return SourceHost::borrow(&store, id); });
    window.setSourceIds({SourceHost::demoId()});
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    EXPECT_EQ(window.size(), QSize(1280, 800));
    EXPECT_EQ(window.geometry().center(), QRect(0, 0, 1600, 1000).center());
    EXPECT_EQ(window.windowTitle(), QStringLiteral("Tessera — Demo"));
    // The job list and a job both have room: the lower part (the job) gets most of it.
    auto* splitter = window.findChild<QWidget*>(QStringLiteral("mainSplitter"));
    ASSERT_TRUE(splitter);
    EXPECT_GE(splitter->height(), 650);
}

// The offscreen platform with one 1600×1000 screen, unless the caller chose a platform.
int main(int argc, char** argv) {
    QTemporaryDir dir;
    const QByteArray platform = qgetenv("QT_QPA_PLATFORM");
    if (platform.isEmpty() || platform == "offscreen") {
        const QString config = dir.filePath(QStringLiteral("screens.json"));
        QFile f(config);
        if (!f.open(QIODevice::WriteOnly))
            return 1;
        f.write(R"({"screens": [{"name": "Screen1600", "x": 0, "y": 0, "width": 1600,)"
                R"( "height": 1000, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
        f.close();
        qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + QFile::encodeName(config));
    }
    QApplication app(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
