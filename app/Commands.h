#pragma once
// The `tessera` subcommands. Each command lives in its own file under app/commands/ and is
// listed once in the table in Commands.cpp: adding a command is one line there plus its file.
#include <span>
#include <string_view>

namespace tessera::app {

struct Command {
    const char* name;
    const char* summary; // one line for `tessera --help`
    // argv[0] is the command name; the command parses the rest and handles --help itself.
    // Returns the process exit code (see CliArgs.h: 0 ok, 1 failure, 2 usage error).
    int (*run)(int argc, char** argv);
};

// In the order `tessera --help` lists them.
std::span<const Command> commands();
const Command* findCommand(std::string_view name);

// ---- entry points, one per file in app/commands/ ----
int runReconcile(int argc, char** argv);
int runSimulate(int argc, char** argv);
int runServe(int argc, char** argv);
int runReport(int argc, char** argv);
int runLaunch(int argc, char** argv);
int runRun(int argc, char** argv);
int runCtl(int argc, char** argv);

} // namespace tessera::app
