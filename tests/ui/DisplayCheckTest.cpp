// Whether `tessera` can open its window, decided before Qt is asked (ui/DisplayCheck.h): the
// platforms that need no display server pass, xcb and wayland need their variable.
#include "ui/DisplayCheck.h"

#include <gtest/gtest.h>
#include <map>

using tessera::ui::displayAvailable;

namespace {

bool available(std::map<std::string, std::string> env, std::vector<std::string> args = {}) {
    std::vector<char*> argv{const_cast<char*>("tessera")};
    for (std::string& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    return displayAvailable(static_cast<int>(argv.size() - 1), argv.data(),
                            [&env](const char* name) { return env[name]; });
}

} // namespace

TEST(DisplayCheck, NeedsDisplayOrWaylandDisplayWhenNoPlatformIsChosen) {
    EXPECT_FALSE(available({}));
    EXPECT_TRUE(available({{"DISPLAY", ":0"}}));
    EXPECT_TRUE(available({{"WAYLAND_DISPLAY", "wayland-0"}}));
}

TEST(DisplayCheck, PlatformsWithoutADisplayServerAreUsable) {
    for (const char* platform : {"offscreen", "offscreen:size=1600x1000", "minimal", "vnc",
                                 "vnc:size=800x600", "eglfs", "linuxfb"})
        EXPECT_TRUE(available({{"QT_QPA_PLATFORM", platform}})) << platform;
}

TEST(DisplayCheck, XcbAndWaylandNeedTheirOwnVariable) {
    EXPECT_FALSE(available({{"QT_QPA_PLATFORM", "xcb"}}));
    EXPECT_FALSE(available({{"QT_QPA_PLATFORM", "xcb"}, {"WAYLAND_DISPLAY", "wayland-0"}}));
    EXPECT_TRUE(available({{"QT_QPA_PLATFORM", "xcb"}, {"DISPLAY", ":1"}}));
    EXPECT_FALSE(available({{"QT_QPA_PLATFORM", "wayland"}, {"DISPLAY", ":1"}}));
    EXPECT_TRUE(available({{"QT_QPA_PLATFORM", "wayland-egl"}, {"WAYLAND_DISPLAY", "w"}}));
    // A list is usable when one entry is.
    EXPECT_TRUE(available({{"QT_QPA_PLATFORM", "wayland;xcb"}, {"DISPLAY", ":1"}}));
    EXPECT_FALSE(available({{"QT_QPA_PLATFORM", "wayland;xcb"}}));
}

TEST(DisplayCheck, ThePlatformOptionWinsOverTheEnvironment) {
    EXPECT_TRUE(available({}, {"-platform", "offscreen"}));
    EXPECT_FALSE(available({{"QT_QPA_PLATFORM", "offscreen"}}, {"-platform", "xcb"}));
}
