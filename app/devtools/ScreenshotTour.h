#pragma once
// The screenshot tour (scripts/screenshots.sh): on the Demo, each step waits for something
// visible, then saves one screen as DIR/<name>.png and prints its path; the application exits 0
// after the last screen, 1 when a step waits longer than 90 s.
#include <QObject>
#include <QString>
#include <memory>

namespace tessera::ui {
class MainWindow;
}

namespace tessera::devtools {

std::unique_ptr<QObject> startScreenshotTour(ui::MainWindow* window, const QString& dir);

} // namespace tessera::devtools
