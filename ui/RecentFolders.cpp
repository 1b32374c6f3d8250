#include "RecentFolders.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace tessera::ui {

namespace {

QString keyOf(const QString& purpose) {
    return QStringLiteral("folders/") + purpose;
}

} // namespace

QString RecentFolders::folder(const QString& purpose) {
    const QString saved = QSettings().value(keyOf(purpose)).toString();
    return !saved.isEmpty() && QFileInfo(saved).isDir() ? saved : QDir::homePath();
}

QString RecentFolders::pathIn(const QString& purpose, const QString& fileName) {
    return QDir(folder(purpose)).filePath(fileName);
}

void RecentFolders::remember(const QString& purpose, const QString& chosenPath) {
    if (chosenPath.isEmpty())
        return;
    QSettings().setValue(keyOf(purpose), QFileInfo(chosenPath).absolutePath());
}

} // namespace tessera::ui
