// YAML 1.1 plain scalar resolution, as go-yaml v2 (sigs.k8s.io/yaml, what kubectl reads YAML with)
// does it, and Go's float formatting for the JSON it writes.
#include "ManifestReaders.h"

#include <charconv>
#include <cmath>
#include <optional>

namespace tessera::codec::manifest_detail {

namespace {

bool isOneOf(std::string_view s, std::initializer_list<std::string_view> list) {
    for (std::string_view x : list)
        if (s == x)
            return true;
    return false;
}

// Go's strconv.ParseInt/ParseUint with base 0: optional sign, 0x/0o/0b or a leading 0 (octal).
bool parseGoInteger(std::string_view s, int64_t& i, uint64_t& u, bool& isUnsigned) {
    bool negative = false;
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
        negative = s[0] == '-';
        s.remove_prefix(1);
    }
    int base = 10;
    if (s.size() >= 2 && s[0] == '0') {
        const char p = s[1];
        if (p == 'x' || p == 'X') {
            base = 16;
            s.remove_prefix(2);
        } else if (p == 'b' || p == 'B') {
            base = 2;
            s.remove_prefix(2);
        } else if (p == 'o' || p == 'O') {
            base = 8;
            s.remove_prefix(2);
        } else {
            base = 8;
            s.remove_prefix(1);
        }
    }
    if (s.empty())
        return false;
    uint64_t magnitude = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), magnitude, base);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size())
        return false;
    if (negative) {
        if (magnitude > static_cast<uint64_t>(INT64_MAX) + 1)
            return false;
        i = magnitude == static_cast<uint64_t>(INT64_MAX) + 1 ? INT64_MIN
                                                              : -static_cast<int64_t>(magnitude);
        isUnsigned = false;
        return true;
    }
    if (magnitude <= static_cast<uint64_t>(INT64_MAX)) {
        i = static_cast<int64_t>(magnitude);
        isUnsigned = false;
    } else {
        u = magnitude;
        isUnsigned = true;
    }
    return true;
}

// ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$ (go-yaml's yamlStyleFloat)
bool isYamlFloat(std::string_view s) {
    size_t i = 0;
    const auto digitsFrom = [&](size_t& k) {
        const size_t start = k;
        while (k < s.size() && s[k] >= '0' && s[k] <= '9')
            ++k;
        return k - start;
    };
    if (i < s.size() && (s[i] == '+' || s[i] == '-'))
        ++i;
    if (i < s.size() && s[i] == '.') {
        ++i;
        if (digitsFrom(i) == 0)
            return false;
    } else {
        if (digitsFrom(i) == 0)
            return false;
        if (i < s.size() && s[i] == '.') {
            ++i;
            digitsFrom(i);
        }
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-'))
            ++i;
        if (digitsFrom(i) == 0)
            return false;
    }
    return i == s.size();
}

// True when a YAML float (isYamlFloat) is 10 or more in magnitude: after from_chars' ERANGE, it
// overflowed rather than underflowed.
bool hasPositiveExponent(std::string_view s) {
    size_t i = s.find_first_not_of("+-");
    long long digitsBeforePoint = 0; // significant ones
    long long zerosAfterPoint = 0;   // before the first significant digit
    bool significant = false;
    for (; i < s.size() && s[i] != 'e' && s[i] != 'E'; ++i) {
        if (s[i] == '.') {
            for (++i; i < s.size() && s[i] == '0' && !significant; ++i)
                ++zerosAfterPoint;
            break;
        }
        significant = significant || s[i] != '0';
        if (significant)
            ++digitsBeforePoint;
    }
    const size_t e = s.find_first_of("eE");
    long long exponent = 0;
    if (e != std::string_view::npos) {
        std::string_view digits = s.substr(e + 1);
        const bool negative = !digits.empty() && digits[0] == '-';
        if (!digits.empty() && (digits[0] == '+' || digits[0] == '-'))
            digits.remove_prefix(1);
        // An exponent beyond long long decides alone.
        if (std::from_chars(digits.data(), digits.data() + digits.size(), exponent).ec !=
            std::errc())
            return !negative;
        exponent = negative ? -exponent : exponent;
    }
    const long long magnitude =
        digitsBeforePoint > 0 ? digitsBeforePoint - 1 : -(zerosAfterPoint + 1);
    return exponent > -magnitude; // the value is about 10^(magnitude + exponent)
}

// A YAML float as go-yaml reads it (strconv.ParseFloat): nullopt when out of range (go-yaml
// then keeps the text as a string, so a number field refuses it by name), 0 when it underflows.
std::optional<double> parseDouble(std::string_view s) {
    std::string text(s);
    if (!text.empty() && text[0] == '+')
        text.erase(0, 1);
    double d = 0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), d);
    if (r.ec == std::errc::result_out_of_range)
        return hasPositiveExponent(text) ? std::nullopt : std::optional<double>(0.0);
    return d;
}

} // namespace

Scalar resolvePlain(std::string_view in) {
    if (isOneOf(in, {"y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"}))
        return true;
    if (isOneOf(in, {"n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"}))
        return false;
    if (isOneOf(in, {"", "~", "null", "Null", "NULL"}))
        return Null{};
    if (isOneOf(in, {".nan", ".NaN", ".NAN"}))
        return std::nan("");
    if (isOneOf(in, {".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"}))
        return HUGE_VAL;
    if (isOneOf(in, {"-.inf", "-.Inf", "-.INF"}))
        return -HUGE_VAL;
    const char first = in[0];
    if (first == '.') {
        if (isYamlFloat(in))
            if (const std::optional<double> d = parseDouble(in))
                return *d;
        return std::string(in);
    }
    if ((first >= '0' && first <= '9') || first == '+' || first == '-') {
        std::string plain;
        plain.reserve(in.size());
        for (char c : in)
            if (c != '_')
                plain.push_back(c);
        int64_t i = 0;
        uint64_t u = 0;
        bool isUnsigned = false;
        if (parseGoInteger(plain, i, u, isUnsigned)) {
            if (isUnsigned)
                return u;
            return i;
        }
        if (isYamlFloat(plain))
            if (const std::optional<double> d = parseDouble(plain))
                return *d;
    }
    return std::string(in);
}

std::string formatGoFloat(double d) {
    char buf[64];
    const double a = std::fabs(d);
    std::to_chars_result r;
    if (a == 0 || (a >= 1e-6 && a < 1e21)) {
        r = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::fixed);
        return std::string(buf, r.ptr);
    }
    r = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
    std::string s(buf, r.ptr);
    const auto e = s.find('e');
    if (e != std::string::npos && e + 2 < s.size() && s[e + 2] == '0' && e + 3 < s.size())
        s.erase(e + 2, 1);
    return s;
}

} // namespace tessera::codec::manifest_detail
