#pragma once
// Small helpers shared by the headless commands: one argument syntax and one error format.
//
//   tessera CMD [--flag] [--option VALUE | --option=VALUE] [--] [POSITIONAL...]
//
// Errors go to stderr as "tessera CMD: message". Exit codes: 0 success, 1 failure (bad input,
// I/O), 2 usage error (unknown option, missing value, wrong number of arguments).
// Commands that need Qt may use QCommandLineParser instead, with the same messages and codes.
#include <chrono>
#include <cstdint>
#include <limits>
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

// Numbers on the command line, one rule for every option of every command: plain decimal text
// making up the whole argument, finite, within the range the option takes. "nan", "inf",
// "1e999" (out of range), "0x10", "10abc" and "" are refused (nullopt); the caller names the
// option in its message.
std::optional<int64_t> parseInteger(std::string_view text,
                                    int64_t min = std::numeric_limits<int64_t>::min(),
                                    int64_t max = std::numeric_limits<int64_t>::max());
std::optional<double> parseNumber(std::string_view text,
                                  double min = std::numeric_limits<double>::lowest(),
                                  double max = std::numeric_limits<double>::max());

// The longest duration an option takes: far beyond any run, and far from overflowing a time point
// in milliseconds when added to one.
inline constexpr std::chrono::hours kMaxDuration{24 * 366 * 100};

// A duration: a number >= 0 and a unit, ms, s, m or h (none: seconds), at most kMaxDuration
// ("1e300h" is refused, not turned into an overflowed count). Rounded down to milliseconds.
std::optional<std::chrono::milliseconds> parseDuration(std::string_view text);

// Prints "tessera CMD: message" and "Try 'tessera CMD --help'." to stderr; returns kExitUsage.
int usageError(std::string_view command, std::string_view message);
// Prints "tessera CMD: message" to stderr; returns kExitFailure.
int failure(std::string_view command, std::string_view message);
// Writes text to stdout; false (after reporting it) when stdout cannot be written.
bool writeStdout(std::string_view command, std::string_view text);

} // namespace tessera::app
