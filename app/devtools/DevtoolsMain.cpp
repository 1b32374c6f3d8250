// `tessera-devtools`: what developers run against the real window, kept out of the shipped
// `tessera` binary. It starts the same window as `tessera` (ui::runGui) with a tool attached.
//   tessera-devtools screenshot DIR [--theme dark|light]   scripts/screenshots.sh
//   tessera-devtools bench-gui [INDEXES]                   scripts/bench-gui.sh
#include "GuiBench.h"
#include "ScreenshotTour.h"
#include "ui/GuiMain.h"
#include "ui/SourceHost.h"

#include <QString>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

int usage() {
    std::fputs("usage: tessera-devtools screenshot DIR [--theme dark|light]\n"
               "       tessera-devtools bench-gui [INDEXES]\n",
               stderr);
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    using namespace tessera;
    if (argc < 2)
        return usage();
    ui::GuiStart start;
    if (std::strcmp(argv[1], "screenshot") == 0 && argc >= 3) {
        const QString dir = QString::fromLocal8Bit(argv[2]);
        // Reproducible screens: the Demo alone, a fixed size, nothing restored from settings.
        start.onlySources = {ui::SourceHost::demoId()};
        start.size = QSize(1500, 950);
        start.attach = [dir](ui::MainWindow& window) {
            return devtools::startScreenshotTour(&window, dir);
        };
    } else if (std::strcmp(argv[1], "bench-gui") == 0) {
        const int indexes = argc >= 3 ? std::atoi(argv[2]) : 0;
        start.demo = true;
        start.attach = [indexes](ui::MainWindow& window) {
            return devtools::startGuiBench(&window, indexes > 0 ? indexes : 100000);
        };
    } else {
        return usage();
    }
    return ui::runGui(argc, argv, start);
}
