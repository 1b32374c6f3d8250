#pragma once
// `tessera-devtools bench-gui [INDEXES]` (scripts/bench-gui.sh): how long until the window is
// painted, then memory with a job of INDEXES indexes open and running on the Demo endpoint for
// ten seconds. Prints one line per figure, then the application exits.
#include <QObject>
#include <memory>

namespace tessera::ui {
class MainWindow;
}

namespace tessera::devtools {

std::unique_ptr<QObject> startGuiBench(ui::MainWindow* window, int indexes);

} // namespace tessera::devtools
