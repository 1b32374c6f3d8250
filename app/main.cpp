// tessera: without a command the GUI (added under TESSERA_WITH_UI), otherwise one headless
// command from the table in Commands.cpp.
#include "CliArgs.h"
#include "Commands.h"
#ifdef TESSERA_WITH_UI
#include "ui/GuiMain.h"
#endif

#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#ifndef TESSERA_VERSION
#define TESSERA_VERSION "0.0.0"
#endif

namespace {

using namespace tessera::app;

void printHelp(std::FILE* out) {
    std::fprintf(out, "Usage: tessera [COMMAND [ARGS...]]\n\n"
                      "Watch, run and report Kubernetes Indexed Jobs, index by index.\n"
                      "Without a command, tessera opens its window.\n\n"
                      "Commands:\n");
    size_t width = 0;
    for (const Command& c : commands())
        width = std::max(width, std::strlen(c.name));
    for (const Command& c : commands())
        std::fprintf(out, "  %-*s  %s\n", static_cast<int>(width), c.name, c.summary);
    std::fprintf(out, "\nOptions:\n"
                      "  -h, --help   show this help ('tessera help COMMAND' or 'tessera COMMAND "
                      "--help' for a command)\n"
                      "  --demo       open the window on the built-in Demo source\n"
                      "  --version    show the version\n");
}

int unknownCommand(std::string_view name) {
    std::fprintf(stderr, "tessera: unknown command '%.*s'\nTry 'tessera --help'.\n",
                 static_cast<int>(name.size()), name.data());
    return kExitUsage;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
#ifdef TESSERA_WITH_UI
        return tessera::ui::runGui(argc, argv);
#else
        printHelp(stdout);
        return kExitOk;
#endif
    }
    const std::string_view first = argv[1];
#ifdef TESSERA_WITH_UI
    // `--demo` opens the window on the built-in Demo (scripts/run.sh).
    if (first == "--demo")
        return tessera::ui::runGui(argc, argv);
#endif
    if (first == "--version") {
        std::printf("tessera %s\n", TESSERA_VERSION);
        return kExitOk;
    }
    if (first == "-h" || first == "--help") {
        printHelp(stdout);
        return kExitOk;
    }
    if (first == "help") {
        if (argc == 2) {
            printHelp(stdout);
            return kExitOk;
        }
        const Command* command = findCommand(argv[2]);
        if (command == nullptr)
            return unknownCommand(argv[2]);
        std::string name = command->name;
        std::string help = "--help";
        char* helpArgv[] = {name.data(), help.data(), nullptr};
        return command->run(2, helpArgv);
    }
    if (first.size() > 1 && first[0] == '-') {
        std::fprintf(stderr, "tessera: unknown option '%s'\nTry 'tessera --help'.\n", argv[1]);
        return kExitUsage;
    }
    const Command* command = findCommand(first);
    if (command == nullptr)
        return unknownCommand(first);
    return command->run(argc - 1, argv + 1);
}
