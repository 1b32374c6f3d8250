// Small pieces: the events table gives the width to the message,
// tooltips do not repeat an exit code, and file dialogs start in the folder used last.
#include "ui/Format.h"
#include "ui/RecentFolders.h"
#include "ui/TableColumns.h"
#include "ui/TableRowsModel.h"

#include <QCoreApplication>
#include <QDir>
#include <QHeaderView>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace tessera::ui;

TEST(TableColumns, TheMessageTakesTheWidthAndEveryOtherColumnShowsItsContent) {
    TableRowsModel model({QStringLiteral("Type"), QStringLiteral("Reason"),
                          QStringLiteral("Message"), QStringLiteral("Count"),
                          QStringLiteral("Last seen")});
    const QString reason = QStringLiteral("SuccessfulCreate");
    model.setRows({{{QStringLiteral("Normal")},
                    {reason},
                    {QStringLiteral("Created pod: render-17-abcde")},
                    {3},
                    {QStringLiteral("12:00:00")}}});
    QTableView view;
    view.setModel(&model);
    fitColumnsStretching(&view, 2);
    view.resize(900, 200);
    view.show();
    QCoreApplication::processEvents();
    QHeaderView* header = view.horizontalHeader();
    EXPECT_GE(header->sectionSize(1), view.fontMetrics().horizontalAdvance(reason));
    for (int c : {0, 1, 3, 4})
        EXPECT_GT(header->sectionSize(2), header->sectionSize(c)) << c;
    EXPECT_LT(header->sectionSize(4), 200); // "Last seen" no longer takes the rest
}

TEST(Format, AnAttemptMessageThatOnlyRepeatsTheExitCodeIsLeftOut) {
    EXPECT_EQ(Format::attemptMessage(QStringLiteral("exit code 2"), 2, std::nullopt), QString());
    EXPECT_EQ(Format::attemptMessage(QStringLiteral("killed by signal 9"), -1, 9), QString());
    EXPECT_EQ(Format::attemptMessage(QStringLiteral("exit code 2"), 3, std::nullopt),
              QStringLiteral("exit code 2"));
    EXPECT_EQ(Format::attemptMessage(QStringLiteral("OOMKilled: 512Mi"), 137, std::nullopt),
              QStringLiteral("OOMKilled: 512Mi"));
}

TEST(RecentFolders, FileDialogsStartInTheFolderUsedLastForTheirPurpose) {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().remove(QStringLiteral("folders"));
    EXPECT_EQ(RecentFolders::folder(QStringLiteral("reports")), QDir::homePath());
    QTemporaryDir dir;
    RecentFolders::remember(QStringLiteral("reports"), dir.filePath(QStringLiteral("a.pdf")));
    EXPECT_EQ(RecentFolders::folder(QStringLiteral("reports")), dir.path());
    EXPECT_EQ(RecentFolders::pathIn(QStringLiteral("reports"), QStringLiteral("b.html")),
              dir.filePath(QStringLiteral("b.html")));
    EXPECT_EQ(RecentFolders::folder(QStringLiteral("launch")), QDir::homePath()); // its own
    RecentFolders::remember(QStringLiteral("reports"), QString()); // a cancelled dialog
    EXPECT_EQ(RecentFolders::folder(QStringLiteral("reports")), dir.path());
    const QString gone = dir.path();
    dir.remove();
    EXPECT_EQ(RecentFolders::folder(QStringLiteral("reports")), QDir::homePath())
        << gone.toStdString();
    QSettings().remove(QStringLiteral("folders"));
}
