#include "ValidationQuantity.h"

#include <algorithm>
#include <charconv>
#include <cstring>

namespace tessera::engine {

namespace {

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

// digits * factor, factor small (1024): schoolbook on the decimal string.
std::string multiply(const std::string& digits, unsigned factor) {
    std::string out(digits.size(), '0');
    unsigned carry = 0;
    for (std::size_t i = digits.size(); i-- > 0;) {
        const unsigned v = static_cast<unsigned>(digits[i] - '0') * factor + carry;
        out[i] = static_cast<char>('0' + v % 10);
        carry = v / 10;
    }
    while (carry > 0) {
        out.insert(out.begin(), static_cast<char>('0' + carry % 10));
        carry /= 10;
    }
    return out;
}

void normalize(Quantity& q) {
    const std::size_t first = q.digits.find_first_not_of('0');
    q.digits.erase(0, first == std::string::npos ? q.digits.size() : first);
    while (!q.digits.empty() && q.digits.back() == '0') {
        q.digits.pop_back();
        ++q.exponent;
    }
    if (q.digits.empty()) {
        q.exponent = 0;
        q.negative = false;
    }
}

struct Suffix {
    int base = 10; // 10 or 2
    int64_t exponent = 0;
};

// quantitySuffixer.interpret: "" and decimal SI, binary SI, or e/E followed by an integer.
std::optional<Suffix> interpret(std::string_view s) {
    static constexpr struct {
        const char* text;
        int base;
        int exponent;
    } kTable[] = {{"", 10, 0},   {"n", 10, -9}, {"u", 10, -6}, {"m", 10, -3},
                  {"k", 10, 3},  {"M", 10, 6},  {"G", 10, 9},  {"T", 10, 12},
                  {"P", 10, 15}, {"E", 10, 18}, {"Ki", 2, 10}, {"Mi", 2, 20},
                  {"Gi", 2, 30}, {"Ti", 2, 40}, {"Pi", 2, 50}, {"Ei", 2, 60}};
    for (const auto& row : kTable)
        if (s == row.text)
            return Suffix{row.base, row.exponent};
    if (s.size() > 1 && (s[0] == 'e' || s[0] == 'E')) {
        int32_t exponent = 0; // strconv.ParseInt(s[1:], 10, 32)
        std::string_view digits = s.substr(1);
        if (digits.front() == '+')
            digits.remove_prefix(1);
        const auto [end, ec] =
            std::from_chars(digits.data(), digits.data() + digits.size(), exponent);
        if (ec == std::errc() && end == digits.data() + digits.size() && !digits.empty())
            return Suffix{10, exponent};
    }
    return std::nullopt;
}

} // namespace

bool Quantity::isInteger() const {
    return exponent >= 0;
}

QuantityParse parseQuantity(std::string_view str) {
    QuantityParse out;
    if (str.empty()) {
        out.problem = kQuantityFormatMessage;
        return out;
    }
    // parseQuantityString, step by step.
    std::size_t pos = 0;
    const std::size_t end = str.size();
    Quantity q;
    if (str[0] == '-' || str[0] == '+') {
        q.negative = str[0] == '-';
        ++pos;
    }
    std::string_view whole, fraction, suffix;
    std::size_t i = pos;
    while (i < end && isDigit(str[i]))
        ++i;
    whole = str.substr(pos, i - pos);
    pos = i;
    if (pos < end && str[pos] == '.') {
        ++pos;
        i = pos;
        while (i < end && isDigit(str[i]))
            ++i;
        fraction = str.substr(pos, i - pos);
        pos = i;
    }
    const std::size_t suffixStart = pos;
    while (pos < end && std::strchr("eEinumkKMGTP", str[pos]) != nullptr)
        ++pos;
    if (pos < end && (str[pos] == '-' || str[pos] == '+'))
        ++pos;
    while (pos < end && isDigit(str[pos]))
        ++pos;
    if (pos < end) {
        out.problem = kQuantityFormatMessage;
        return out;
    }
    suffix = str.substr(suffixStart);
    const auto interpreted = interpret(suffix);
    if (!interpreted) {
        out.problem = kQuantitySuffixMessage;
        return out;
    }
    q.digits = std::string(whole) + std::string(fraction);
    q.exponent = -static_cast<int64_t>(fraction.size());
    if (interpreted->base == 10) {
        q.exponent += interpreted->exponent;
    } else {
        for (int64_t k = 0; k < interpreted->exponent; k += 10)
            q.digits = multiply(q.digits.empty() ? std::string("0") : q.digits, 1024);
    }
    normalize(q);
    out.quantity = std::move(q);
    return out;
}

int compareQuantities(const Quantity& a, const Quantity& b) {
    const int signA = a.isZero() ? 0 : a.negative ? -1 : 1;
    const int signB = b.isZero() ? 0 : b.negative ? -1 : 1;
    if (signA != signB)
        return signA < signB ? -1 : 1;
    if (signA == 0)
        return 0;
    // Same sign: compare magnitudes by their leading digit's power of ten, then digit by digit.
    int magnitude = 0;
    const int64_t topA = static_cast<int64_t>(a.digits.size()) + a.exponent;
    const int64_t topB = static_cast<int64_t>(b.digits.size()) + b.exponent;
    if (topA != topB) {
        magnitude = topA < topB ? -1 : 1;
    } else {
        const std::size_t n = std::max(a.digits.size(), b.digits.size());
        for (std::size_t k = 0; k < n && magnitude == 0; ++k) {
            const char da = k < a.digits.size() ? a.digits[k] : '0';
            const char db = k < b.digits.size() ? b.digits[k] : '0';
            if (da != db)
                magnitude = da < db ? -1 : 1;
        }
    }
    return signA < 0 ? -magnitude : magnitude;
}

} // namespace tessera::engine
