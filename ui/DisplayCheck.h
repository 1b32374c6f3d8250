#pragma once
// Before the window: is there a display Qt can open? Without one Qt aborts (exit 134, "This
// application failed to start because no Qt platform plugin could be initialized. Reinstalling
// the application may fix this problem."), which misleads someone who ran `tessera` over ssh.
// This looks at what Qt would look at - `-platform NAME`, QT_QPA_PLATFORM, DISPLAY,
// WAYLAND_DISPLAY - before QApplication exists, so the window's entry point can say plainly
// what is missing and exit with the usage status instead.
#include <functional>
#include <string>

namespace tessera::ui {

// Reads one environment variable ("" when unset).
using EnvironmentReader = std::function<std::string(const char* name)>;

// True when a window can be opened: a platform that needs no display server (offscreen,
// minimal, vnc, eglfs, linuxfb, ...), or xcb with DISPLAY, or wayland with WAYLAND_DISPLAY; with
// no platform chosen, either DISPLAY or WAYLAND_DISPLAY. A list ("wayland;xcb") is usable when
// one of its entries is.
bool displayAvailable(int argc, char** argv, const EnvironmentReader& env);

// The message printed when there is none (one paragraph, ends with a newline).
std::string noDisplayMessage();

} // namespace tessera::ui
