#include "DisplayCheck.h"

#include <cstring>
#include <string_view>

namespace tessera::ui {

namespace {

bool platformUsable(std::string_view entry, const EnvironmentReader& env) {
    // "offscreen:size=1600x1000": the name is what comes before the first ':'.
    const std::string_view name = entry.substr(0, entry.find(':'));
    if (name.empty())
        return false;
    if (name == "xcb")
        return !env("DISPLAY").empty();
    if (name.substr(0, 7) == "wayland")
        return !env("WAYLAND_DISPLAY").empty();
    // offscreen, minimal, vnc, eglfs, linuxfb, vkkhrdisplay...: no display server needed, and
    // a name Qt does not know gets Qt's own message, which then is the right one.
    return true;
}

} // namespace

bool displayAvailable(int argc, char** argv, const EnvironmentReader& env) {
    std::string platform = env("QT_QPA_PLATFORM");
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::strcmp(argv[i], "-platform") == 0 || std::strcmp(argv[i], "--platform") == 0)
            platform = argv[i + 1];
    }
    if (platform.empty())
        return !env("DISPLAY").empty() || !env("WAYLAND_DISPLAY").empty();
    std::string_view rest = platform;
    while (!rest.empty()) {
        const size_t end = rest.find(';');
        if (platformUsable(rest.substr(0, end), env))
            return true;
        if (end == std::string_view::npos)
            break;
        rest.remove_prefix(end + 1);
    }
    return false;
}

std::string noDisplayMessage() {
    return "tessera: no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is "
           "set).\nStart tessera from a desktop session, or see 'tessera --help' for the headless "
           "commands (run, launch, report, serve, ...).\n";
}

} // namespace tessera::ui
