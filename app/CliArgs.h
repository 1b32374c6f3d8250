#pragma once
// Small helpers shared by the headless commands: one argument syntax and one error format.
//
//   tessera CMD [--flag] [--option VALUE | --option=VALUE] [--] [POSITIONAL...]
//
// Errors go to stderr as "tessera CMD: message". Exit codes: 0 success, 1 failure (bad input,
// I/O), 2 usage error (unknown option, missing value, wrong number of arguments).
// Commands that need Qt may use QCommandLineParser instead, with the same messages and codes.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::app {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

struct OptionSpec {
    const char* name; // without the dashes: "now" for --now
    bool takesValue;
};

struct ParsedArgs {
    bool help = false;                          // -h or --help was given
    std::map<std::string, std::string> options; // flags map to ""
    std::vector<std::string> positionals;       // "-" is a positional (standard input)
    std::string error;                          // non-empty on a usage error

    bool has(std::string_view name) const { return options.count(std::string(name)) != 0; }
    std::optional<std::string> value(std::string_view name) const;
};

// Parses argv[1..argc) (argv[0] is the command name).
ParsedArgs parseArgs(int argc, char** argv, std::initializer_list<OptionSpec> specs);
// The same, after spelling out short options ({"-o", "--output"}, ...) before a "--".
ParsedArgs
parseArgs(int argc, char** argv,
          std::initializer_list<std::pair<std::string_view, std::string_view>> shortOptions,
          std::initializer_list<OptionSpec> specs);

// Prints "tessera CMD: message" and "Try 'tessera CMD --help'." to stderr; returns kExitUsage.
int usageError(std::string_view command, std::string_view message);
// Prints "tessera CMD: message" to stderr; returns kExitFailure.
int failure(std::string_view command, std::string_view message);
// Writes text to stdout; false (after reporting it) when stdout cannot be written.
bool writeStdout(std::string_view command, std::string_view text);

} // namespace tessera::app
