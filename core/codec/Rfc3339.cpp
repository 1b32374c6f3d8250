#include "Rfc3339.h"

#include <chrono>

namespace tessera::codec {

namespace {

// Reads exactly n digits at text[pos]; false if any is not a digit.
bool digits(std::string_view text, size_t pos, size_t n, int& out) {
    if (pos + n > text.size())
        return false;
    int v = 0;
    for (size_t i = 0; i < n; ++i) {
        const char c = text[pos + i];
        if (c < '0' || c > '9')
            return false;
        v = v * 10 + (c - '0');
    }
    out = v;
    return true;
}

void put2(std::string& out, unsigned v) {
    out.push_back(static_cast<char>('0' + v / 10));
    out.push_back(static_cast<char>('0' + v % 10));
}

} // namespace

std::optional<engine::TimePoint> parseRfc3339(std::string_view s) {
    using namespace std::chrono;
    int year, month, day, hour, minute, second;
    if (!digits(s, 0, 4, year) || s.size() < 20 || s[4] != '-' || !digits(s, 5, 2, month) ||
        s[7] != '-' || !digits(s, 8, 2, day) || (s[10] != 'T' && s[10] != 't') ||
        !digits(s, 11, 2, hour) || s[13] != ':' || !digits(s, 14, 2, minute) || s[16] != ':' ||
        !digits(s, 17, 2, second))
        return std::nullopt;
    if (hour > 23 || minute > 59 || second > 59)
        return std::nullopt;
    const year_month_day ymd{std::chrono::year{year},
                             std::chrono::month{static_cast<unsigned>(month)},
                             std::chrono::day{static_cast<unsigned>(day)}};
    if (!ymd.ok())
        return std::nullopt;

    size_t pos = 19;
    int64_t millis = 0;
    if (s[pos] == '.') {
        ++pos;
        const size_t first = pos;
        int64_t scale = 100;
        while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') {
            millis += (s[pos] - '0') * scale;
            scale /= 10;
            ++pos;
        }
        if (pos == first)
            return std::nullopt;
    }
    if (pos >= s.size())
        return std::nullopt;
    int64_t offsetMinutes = 0;
    if (s[pos] == 'Z' || s[pos] == 'z') {
        ++pos;
    } else if (s[pos] == '+' || s[pos] == '-') {
        int oh, om;
        if (!digits(s, pos + 1, 2, oh) || pos + 3 >= s.size() || s[pos + 3] != ':' ||
            !digits(s, pos + 4, 2, om) || oh > 23 || om > 59)
            return std::nullopt;
        offsetMinutes = (int64_t{oh} * 60 + om) * (s[pos] == '-' ? -1 : 1);
        pos += 6;
    } else {
        return std::nullopt;
    }
    if (pos != s.size())
        return std::nullopt;

    const sys_days days{ymd};
    const int64_t secondsOfDay = hour * 3600 + minute * 60 + second - offsetMinutes * 60;
    const int64_t total =
        (static_cast<int64_t>(days.time_since_epoch().count()) * 86400 + secondsOfDay) * 1000 +
        millis;
    return engine::fromUnixMillis(total);
}

void appendRfc3339(std::string& out, engine::TimePoint t, TimePrecision precision) {
    using namespace std::chrono;
    const int64_t ms = engine::toUnixMillis(t);
    // floor division so instants before 1970 still land on the right second
    int64_t secs = ms / 1000;
    int64_t frac = ms % 1000;
    if (frac < 0) {
        frac += 1000;
        --secs;
    }
    int64_t daysSinceEpoch = secs / 86400;
    int64_t secOfDay = secs % 86400;
    if (secOfDay < 0) {
        secOfDay += 86400;
        --daysSinceEpoch;
    }
    const year_month_day ymd{sys_days{days{daysSinceEpoch}}};
    const int y = static_cast<int>(ymd.year());
    if (y < 0 || y > 9999) {
        // Not representable in RFC 3339; clamp rather than emit a malformed string.
        out += y < 0 ? "0000-01-01T00:00:00Z" : "9999-12-31T23:59:59Z";
        return;
    }
    const auto uy = static_cast<unsigned>(y);
    put2(out, uy / 100);
    put2(out, uy % 100);
    out.push_back('-');
    put2(out, static_cast<unsigned>(ymd.month()));
    out.push_back('-');
    put2(out, static_cast<unsigned>(ymd.day()));
    out.push_back('T');
    put2(out, static_cast<unsigned>(secOfDay / 3600));
    out.push_back(':');
    put2(out, static_cast<unsigned>(secOfDay / 60 % 60));
    out.push_back(':');
    put2(out, static_cast<unsigned>(secOfDay % 60));
    if (precision == TimePrecision::Millis) {
        out.push_back('.');
        out.push_back(static_cast<char>('0' + frac / 100));
        put2(out, static_cast<unsigned>(frac % 100));
    }
    out.push_back('Z');
}

std::string formatRfc3339(engine::TimePoint t, TimePrecision precision) {
    std::string out;
    out.reserve(24);
    appendRfc3339(out, t, precision);
    return out;
}

} // namespace tessera::codec
