#pragma once
// The folder each kind of file dialog last used (QSettings "folders/<purpose>"), so opening the
// next work list or saving the next report starts where the previous one was, across restarts.
// Purposes: "launch" (work lists and manifests), "reports", "yaml".
#include <QString>

namespace tessera::ui {

class RecentFolders {
public:
    // The folder last used for `purpose`; the home folder before the first use or when it is gone.
    static QString folder(const QString& purpose);
    // `fileName` in that folder: the starting point of a save dialog.
    static QString pathIn(const QString& purpose, const QString& fileName);
    // Remembers the folder of `chosenPath` (a file); nothing when it is empty.
    static void remember(const QString& purpose, const QString& chosenPath);
};

} // namespace tessera::ui
