#include "CliArgs.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace tessera::app {

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
