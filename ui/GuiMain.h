#pragma once
// The window's entry point: `tessera` without a command calls runGui(). Without a display it
// prints why and returns 2 before Qt is started (DisplayCheck.h). Options: `--demo` opens on the
// built-in Demo (scripts/run.sh); hidden `--theme light|dark|system` for this run only. The
// developer tools (the screenshot tour, the window benchmark) are another binary,
// `tessera-devtools` (app/devtools/), which starts the same window through `GuiStart`.
#include <QSize>
#include <QStringList>
#include <functional>
#include <memory>

class QObject;

namespace tessera::ui {

class MainWindow;

struct GuiStart {
    bool demo = false;       // select the Demo source, as --demo does
    QStringList onlySources; // offer only these sources (SourceHost ids); empty: every one
    QSize size;              // the window's size; invalid: as the settings remember it
    // Called once the window exists, before it is shown; what it returns lives until exit.
    std::function<std::unique_ptr<QObject>(MainWindow&)> attach;
};

int runGui(int argc, char** argv, const GuiStart& start = {});

} // namespace tessera::ui
