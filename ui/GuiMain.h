#pragma once
// The window's entry point: `tessera` without a command calls runGui(). Without a display it
// prints why and returns 2 before Qt is started (DisplayCheck.h). Hidden options: `--screenshot
// DIR` opens the Demo, waits until its jobs run, saves a PNG of every screen to DIR and exits
// (scripts/screenshots.sh runs it under Xvfb); `--theme light|dark|system` for this run only.
namespace tessera::ui {

int runGui(int argc, char** argv);

} // namespace tessera::ui
