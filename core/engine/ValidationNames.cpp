#include "ValidationNames.h"

#include <algorithm>
#include <cstdio>

namespace tessera::engine {

namespace {

bool isLowerAlnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}
bool isAlnum(char c) {
    return isLowerAlnum(c) || (c >= 'A' && c <= 'Z');
}
bool isAlpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// upstream RegexError: "msg (e.g. 'a',  or 'b', regex used for validation is 'fmt')".
std::string regexError(std::string_view message, std::string_view format,
                       std::initializer_list<std::string_view> examples) {
    std::string out(message);
    out += " (e.g. ";
    bool first = true;
    for (const std::string_view e : examples) {
        if (!first)
            out += " or ";
        first = false;
        out += "'";
        out += e;
        out += "', ";
    }
    out += "regex used for validation is '";
    out += format;
    out += "')";
    return out;
}

std::string maxLenError(std::size_t n) {
    return "must be no more than " + std::to_string(n) + " characters";
}

// [a-z0-9]([-a-z0-9]*[a-z0-9])?
bool matchesLabel(std::string_view s) {
    if (s.empty() || !isLowerAlnum(s.front()) || !isLowerAlnum(s.back()))
        return false;
    return std::all_of(s.begin(), s.end(), [](char c) { return isLowerAlnum(c) || c == '-'; });
}

bool matchesSubdomain(std::string_view s) {
    if (s.empty())
        return false;
    std::size_t start = 0;
    while (true) {
        const std::size_t dot = s.find('.', start);
        if (!matchesLabel(s.substr(start, dot == std::string_view::npos ? s.npos : dot - start)))
            return false;
        if (dot == std::string_view::npos)
            return true;
        start = dot + 1;
    }
}

// ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]
bool matchesQualifiedName(std::string_view s) {
    if (s.empty() || !isAlnum(s.front()) || !isAlnum(s.back()))
        return false;
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return isAlnum(c) || c == '-' || c == '_' || c == '.'; });
}

constexpr std::string_view kLabelMessage =
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and "
    "must start and end with an alphanumeric character";
constexpr std::string_view kLabelFormat = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
constexpr std::string_view kSubdomainMessage =
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or "
    "'.', and must start and end with an alphanumeric character";
constexpr std::string_view kSubdomainFormat =
    "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
constexpr std::string_view kQualifiedMessage =
    "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
    "alphanumeric character";
constexpr std::string_view kQualifiedFormat = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";

} // namespace

Problems dns1123LabelProblems(std::string_view value) {
    Problems out;
    if (value.size() > 63)
        out.push_back(maxLenError(63));
    if (!matchesLabel(value)) {
        if (matchesSubdomain(value))
            out.emplace_back("must not contain dots");
        else
            out.push_back(regexError(kLabelMessage, kLabelFormat, {"my-name", "123-abc"}));
    }
    return out;
}

bool isDns1123Label(std::string_view value) {
    return value.size() <= 63 && matchesLabel(value);
}

Problems dns1123SubdomainProblems(std::string_view value) {
    Problems out;
    if (value.size() > 253)
        out.push_back(maxLenError(253));
    if (!matchesSubdomain(value))
        out.push_back(regexError(kSubdomainMessage, kSubdomainFormat, {"example.com"}));
    return out;
}

Problems dns1035LabelProblems(std::string_view value) {
    Problems out;
    if (value.size() > 63)
        out.push_back(maxLenError(63));
    if (value.empty() || !isAlpha(value.front()) || value.front() < 'a' || !matchesLabel(value))
        out.push_back(regexError(
            "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start "
            "with an alphabetic character, and end with an alphanumeric character",
            "[a-z]([-a-z0-9]*[a-z0-9])?", {"my-name", "abc-123"}));
    return out;
}

Problems qualifiedNameProblems(std::string_view value) {
    Problems out;
    std::string_view name = value;
    const std::size_t slash = value.find('/');
    if (slash != std::string_view::npos) {
        if (value.find('/', slash + 1) != std::string_view::npos) {
            out.push_back(
                "a qualified name " +
                regexError(kQualifiedMessage, kQualifiedFormat, {"MyName", "my.name", "123-abc"}) +
                " with an optional DNS subdomain prefix and '/' (e.g. "
                "'example.com/MyName')");
            return out;
        }
        const std::string_view prefix = value.substr(0, slash);
        name = value.substr(slash + 1);
        if (prefix.empty())
            out.emplace_back("prefix part must be non-empty");
        else
            for (const std::string& p : dns1123SubdomainProblems(prefix))
                out.push_back("prefix part " + p);
    }
    if (name.empty())
        out.emplace_back("name part must be non-empty");
    else if (name.size() > 63)
        out.push_back("name part " + maxLenError(63));
    if (!matchesQualifiedName(name))
        out.push_back("name part " + regexError(kQualifiedMessage, kQualifiedFormat,
                                                {"MyName", "my.name", "123-abc"}));
    return out;
}

Problems labelValueProblems(std::string_view value) {
    Problems out;
    if (value.size() > 63)
        out.push_back(maxLenError(63));
    if (!value.empty() && !matchesQualifiedName(value))
        out.push_back(regexError("a valid label must be an empty string or consist of "
                                 "alphanumeric characters, '-', '_' or '.', and must start and "
                                 "end with an alphanumeric character",
                                 "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?",
                                 {"MyValue", "my_value", "12345"}));
    return out;
}

Problems envVarNameProblems(std::string_view value) {
    Problems out;
    const auto allowed = [](char c) {
        return isAlnum(c) || c == '-' || c == '.' || c == '_';
    };
    if (value.empty() || (value.front() >= '0' && value.front() <= '9') ||
        !std::all_of(value.begin(), value.end(), allowed))
        out.push_back(regexError("a valid environment variable name must consist of alphabetic "
                                 "characters, digits, '_', '-', or '.', and must not start with "
                                 "a digit",
                                 "[-._a-zA-Z][-._a-zA-Z0-9]*",
                                 {"my.env-name", "MY_ENV.NAME", "MyEnvName1"}));
    if (value == ".")
        out.emplace_back("must not be '.'");
    else if (value == "..")
        out.emplace_back("must not be '..'");
    else if (value.starts_with(".."))
        out.emplace_back("must not start with '..'");
    return out;
}

Problems portNameProblems(std::string_view value) {
    Problems out;
    if (value.size() > 15)
        out.push_back(maxLenError(15));
    if (value.empty() || !std::all_of(value.begin(), value.end(),
                                      [](char c) { return isLowerAlnum(c) || c == '-'; }))
        out.emplace_back("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)");
    if (std::none_of(value.begin(), value.end(), [](char c) { return c >= 'a' && c <= 'z'; }))
        out.emplace_back("must contain at least one letter (a-z)");
    if (value.find("--") != std::string_view::npos)
        out.emplace_back("must not contain consecutive hyphens");
    if (!value.empty() && (value.front() == '-' || value.back() == '-'))
        out.emplace_back("must not begin or end with a hyphen");
    return out;
}

Problems portNumberProblems(int64_t value) {
    if (value >= 1 && value <= 65535)
        return {};
    return {"must be between 1 and 65535, inclusive"};
}

Problems userOrGroupIdProblems(int64_t value) {
    if (value >= 0 && value <= 2147483647)
        return {};
    return {"must be between 0 and 2147483647, inclusive"};
}

Problems httpHeaderNameProblems(std::string_view value) {
    if (!value.empty() &&
        std::all_of(value.begin(), value.end(), [](char c) { return isAlnum(c) || c == '-'; }))
        return {};
    return {regexError("a valid HTTP header must consist of alphanumeric characters or '-'",
                       "[-A-Za-z0-9]+", {"X-Header-Name"})};
}

std::string quoteValue(std::string_view value) {
    std::string out = "\"";
    for (std::size_t i = 0; i < value.size(); ++i) {
        const auto c = static_cast<unsigned char>(value[i]);
        // A valid UTF-8 sequence passes through; a stray byte becomes \xNN as Go prints it.
        const std::size_t length = c < 0x80           ? 1
                                   : (c >> 5) == 0x6  ? 2
                                   : (c >> 4) == 0xE  ? 3
                                   : (c >> 3) == 0x1E ? 4
                                                      : 0;
        bool validSequence = length > 1 && i + length <= value.size();
        for (std::size_t k = 1; validSequence && k < length; ++k)
            validSequence = (static_cast<unsigned char>(value[i + k]) >> 6) == 0x2;
        if (validSequence) {
            out.append(value.substr(i, length));
            i += length - 1;
            continue;
        }
        char escaped[8];
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\r':
            out += "\\r";
            break;
        default:
            if (c < 0x20 || c >= 0x7F) {
                std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
                out += escaped;
            } else {
                out += static_cast<char>(c);
            }
        }
    }
    out += "\"";
    return out;
}

} // namespace tessera::engine
