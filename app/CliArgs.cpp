#include "CliArgs.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace tessera::app {

std::optional<int64_t> parseInteger(std::string_view text, int64_t min, int64_t max) {
    int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < min || value > max)
        return std::nullopt;
    return value;
}

namespace {

// The number at the start of text (from_chars' decimal forms) and where it ends; nullopt unless
// finite: from_chars also reads "nan", "inf" and "infinity".
std::optional<double> leadingNumber(std::string_view text, const char*& end) {
    double value = 0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), value);
    end = r.ptr;
    if (r.ec != std::errc() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

} // namespace

std::optional<double> parseNumber(std::string_view text, double min, double max) {
    const char* end = nullptr;
    const std::optional<double> value = leadingNumber(text, end);
    if (!value || end != text.data() + text.size() || *value < min || *value > max)
        return std::nullopt;
    return value;
}

std::optional<std::chrono::milliseconds> parseDuration(std::string_view text) {
    const char* end = nullptr;
    const std::optional<double> value = leadingNumber(text, end);
    if (!value || *value < 0)
        return std::nullopt;
    const std::string_view unit(end, static_cast<std::size_t>(text.data() + text.size() - end));
    double msPerUnit = 0;
    if (unit == "ms")
        msPerUnit = 1;
    else if (unit == "s" || unit.empty())
        msPerUnit = 1000;
    else if (unit == "m")
        msPerUnit = 60'000;
    else if (unit == "h")
        msPerUnit = 3'600'000;
    else
        return std::nullopt;
    const double ms = *value * msPerUnit;
    if (ms > static_cast<double>(std::chrono::milliseconds(kMaxDuration).count()))
        return std::nullopt;
    return std::chrono::milliseconds(static_cast<int64_t>(ms));
}

std::optional<std::string> ParsedArgs::value(std::string_view name) const {
    const auto it = options.find(std::string(name));
    if (it == options.end())
        return std::nullopt;
    return it->second;
}

ParsedArgs parseArgs(int argc, char** argv, std::initializer_list<OptionSpec> specs) {
    ParsedArgs out;
    bool optionsEnded = false;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (optionsEnded || arg == "-" || arg.size() < 2 || arg[0] != '-') {
            out.positionals.emplace_back(arg);
            continue;
        }
        if (arg == "--") {
            optionsEnded = true;
            continue;
        }
        if (arg == "-h" || arg == "--help") {
            out.help = true;
            continue;
        }
        if (arg.substr(0, 2) != "--") {
            out.error = "unknown option '" + std::string(arg) + "'";
            return out;
        }
        std::string_view name = arg.substr(2);
        std::optional<std::string> inlineValue;
        if (const auto eq = name.find('='); eq != std::string_view::npos) {
            inlineValue = std::string(name.substr(eq + 1));
            name = name.substr(0, eq);
        }
        const OptionSpec* spec = nullptr;
        for (const OptionSpec& s : specs)
            if (name == s.name)
                spec = &s;
        if (spec == nullptr) {
            out.error = "unknown option '--" + std::string(name) + "'";
            return out;
        }
        if (!spec->takesValue) {
            if (inlineValue) {
                out.error = "option '--" + std::string(name) + "' takes no value";
                return out;
            }
            out.options[std::string(name)] = "";
            continue;
        }
        if (!inlineValue) {
            if (i + 1 >= argc) {
                out.error = "option '--" + std::string(name) + "' needs a value";
                return out;
            }
            inlineValue = argv[++i];
        }
        out.options[std::string(name)] = *inlineValue;
    }
    return out;
}

ParsedArgs
parseArgs(int argc, char** argv,
          std::initializer_list<std::pair<std::string_view, std::string_view>> shortOptions,
          std::initializer_list<OptionSpec> specs) {
    std::vector<std::string> words(argv, argv + argc);
    for (std::size_t i = 1; i < words.size() && words[i] != "--"; ++i) {
        for (const auto& [brief, full] : shortOptions) {
            if (words[i] == brief) {
                words[i] = full;
                break;
            }
        }
    }
    std::vector<char*> pointers;
    pointers.reserve(words.size());
    for (std::string& w : words)
        pointers.push_back(w.data());
    return parseArgs(static_cast<int>(pointers.size()), pointers.data(), specs);
}

int usageError(std::string_view command, std::string_view message) {
    std::fprintf(stderr, "tessera %.*s: %.*s\nTry 'tessera %.*s --help'.\n",
                 static_cast<int>(command.size()), command.data(), static_cast<int>(message.size()),
                 message.data(), static_cast<int>(command.size()), command.data());
    return kExitUsage;
}

int failure(std::string_view command, std::string_view message) {
    std::fprintf(stderr, "tessera %.*s: %.*s\n", static_cast<int>(command.size()), command.data(),
                 static_cast<int>(message.size()), message.data());
    return kExitFailure;
}

bool writeStdout(std::string_view command, std::string_view text) {
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() ||
        std::fflush(stdout) != 0) {
        failure(command, std::string("cannot write the output: ") + std::strerror(errno));
        return false;
    }
    return true;
}

} // namespace tessera::app
