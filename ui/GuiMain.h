#pragma once
// The window's entry point: `tessera` without a command calls runGui(). Hidden option
// `--screenshot DIR`: opens the Demo, waits until its jobs run, saves a PNG of every screen to
// DIR and exits (scripts/screenshots.sh runs it under Xvfb).
namespace tessera::ui {

int runGui(int argc, char** argv);

} // namespace tessera::ui
