#include "CronSchedule.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <climits>
#include <vector>

namespace tessera::serve {

namespace {

// robfig's starBit: the field was `*` or `?` (with no step above 1), which selects the AND rule
// for the two day fields.
constexpr uint64_t kStar = uint64_t(1) << 63;

struct Bounds {
    unsigned min, max;
    const char* const* names; // lower-case, index = value - min; nullptr: numbers only
};

constexpr const char* kMonthNames[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                       "jul", "aug", "sep", "oct", "nov", "dec"};
constexpr const char* kDayNames[] = {"sun", "mon", "tue", "wed", "thu", "fri", "sat"};
constexpr Bounds kMinutes{0, 59, nullptr};
constexpr Bounds kHours{0, 23, nullptr};
constexpr Bounds kDaysOfMonth{1, 31, nullptr};
constexpr Bounds kMonths{1, 12, kMonthNames};
constexpr Bounds kDaysOfWeek{0, 6, kDayNames};

using Error = tl::unexpected<std::string>;

uint64_t bits(unsigned min, unsigned max, unsigned step) {
    uint64_t out = 0;
    for (unsigned i = min; i <= max; i += step)
        out |= uint64_t(1) << i;
    return out;
}
uint64_t all(const Bounds& b) {
    return bits(b.min, b.max, 1) | kStar;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t at = text.find(separator, start);
        out.push_back(text.substr(start, at == std::string_view::npos ? at : at - start));
        if (at == std::string_view::npos)
            return out;
        start = at + 1;
    }
}

std::vector<std::string_view> whitespaceFields(std::string_view text) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
            ++i;
        const std::size_t start = i;
        while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])))
            ++i;
        if (i > start)
            out.push_back(text.substr(start, i - start));
    }
    return out;
}

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    return text;
}

// robfig's mustParseInt over Go's strconv.Atoi, with their messages.
tl::expected<int64_t, std::string> number(std::string_view text) {
    const std::string quoted = "failed to parse int from " + std::string(text) +
                               ": strconv.Atoi: parsing \"" + std::string(text) + "\": ";
    std::size_t i = 0;
    bool negative = false;
    if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
        negative = text[0] == '-';
        i = 1;
    }
    if (i == text.size())
        return Error(quoted + "invalid syntax");
    int64_t value = 0;
    bool overflow = false;
    for (; i < text.size(); ++i) {
        if (text[i] < '0' || text[i] > '9')
            return Error(quoted + "invalid syntax");
        overflow = overflow || value > (INT64_MAX - (text[i] - '0')) / 10;
        if (!overflow)
            value = value * 10 + (text[i] - '0');
    }
    if (overflow)
        return Error(quoted + "value out of range");
    if (negative && value != 0)
        return Error("negative number (-" + std::to_string(value) +
                     ") not allowed: " + std::string(text));
    return value;
}

tl::expected<int64_t, std::string> numberOrName(std::string_view text, const Bounds& b) {
    if (b.names) {
        std::string lower(text);
        for (char& c : lower)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        for (unsigned v = b.min; v <= b.max; ++v)
            if (lower == b.names[v - b.min])
                return int64_t(v);
    }
    return number(text);
}

// One comma-separated piece of a field: robfig's getRange.
tl::expected<uint64_t, std::string> range(std::string_view expr, const Bounds& b) {
    const std::vector<std::string_view> rangeAndStep = split(expr, '/');
    const std::vector<std::string_view> lowAndHigh = split(rangeAndStep[0], '-');
    int64_t start = 0, end = 0, step = 1;
    uint64_t extra = 0;
    if (lowAndHigh[0] == "*" || lowAndHigh[0] == "?") {
        start = b.min;
        end = b.max;
        extra = kStar;
    } else {
        auto low = numberOrName(lowAndHigh[0], b);
        if (!low)
            return Error(low.error());
        start = end = *low;
        if (lowAndHigh.size() == 2) {
            auto high = numberOrName(lowAndHigh[1], b);
            if (!high)
                return Error(high.error());
            end = *high;
        } else if (lowAndHigh.size() > 2) {
            return Error("too many hyphens: " + std::string(expr));
        }
    }
    if (rangeAndStep.size() == 2) {
        auto parsed = number(rangeAndStep[1]);
        if (!parsed)
            return Error(parsed.error());
        step = *parsed;
        if (lowAndHigh.size() == 1) // "N/step" means "N-max/step"
            end = b.max;
        if (step > 1)
            extra = 0;
    } else if (rangeAndStep.size() > 2) {
        return Error("too many slashes: " + std::string(expr));
    }
    const std::string suffix = ": " + std::string(expr);
    if (start < int64_t(b.min))
        return Error("beginning of range (" + std::to_string(start) + ") below minimum (" +
                     std::to_string(b.min) + ")" + suffix);
    if (end > int64_t(b.max))
        return Error("end of range (" + std::to_string(end) + ") above maximum (" +
                     std::to_string(b.max) + ")" + suffix);
    if (start > end)
        return Error("beginning of range (" + std::to_string(start) + ") beyond end of range (" +
                     std::to_string(end) + ")" + suffix);
    if (step == 0)
        return Error("step of range should be a positive number" + suffix);
    return bits(static_cast<unsigned>(start), static_cast<unsigned>(end),
                static_cast<unsigned>(std::min<int64_t>(step, 64))) |
           extra;
}

tl::expected<uint64_t, std::string> field(std::string_view text, const Bounds& b) {
    uint64_t out = 0;
    for (std::string_view piece : split(text, ',')) {
        auto r = range(piece, b);
        if (!r)
            return r;
        out |= *r;
    }
    return out;
}

// Go's time.ParseDuration, for @every: whole seconds are what counts.
tl::expected<int64_t, std::string> goDurationSeconds(std::string_view text) {
    const std::string original(text);
    const Error invalid("failed to parse duration " + original + ": time: invalid duration \"" +
                        original + "\"");
    bool negative = false;
    if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
        negative = text[0] == '-';
        text.remove_prefix(1);
    }
    if (text == "0")
        return 0;
    if (text.empty())
        return invalid;
    long double seconds = 0;
    while (!text.empty()) {
        std::size_t i = 0;
        long double value = 0;
        bool digits = false;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
            value = value * 10 + (text[i++] - '0');
            digits = true;
        }
        if (i < text.size() && text[i] == '.') {
            ++i;
            long double scale = 0.1L;
            while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
                value += (text[i++] - '0') * scale;
                scale /= 10;
                digits = true;
            }
        }
        if (!digits)
            return invalid;
        std::size_t unitEnd = i;
        while (unitEnd < text.size() && text[unitEnd] != '.' &&
               !std::isdigit(static_cast<unsigned char>(text[unitEnd])))
            ++unitEnd;
        const std::string_view unit = text.substr(i, unitEnd - i);
        static const std::array<std::pair<std::string_view, long double>, 8> units{
            {{"ns", 1e-9L},
             {"us", 1e-6L},
             {"\xc2\xb5s", 1e-6L},
             {"\xce\xbcs", 1e-6L},
             {"ms", 1e-3L},
             {"s", 1},
             {"m", 60},
             {"h", 3600}}};
        long double factor = -1;
        for (const auto& [name, f] : units)
            if (unit == name)
                factor = f;
        if (unit.empty())
            return Error("failed to parse duration " + original +
                         ": time: missing unit in "
                         "duration \"" +
                         original + "\"");
        if (factor < 0)
            return Error("failed to parse duration " + original + ": time: unknown unit \"" +
                         std::string(unit) + "\" in duration \"" + original + "\"");
        seconds += value * factor;
        if (seconds > 9.2e9L)
            return invalid; // past Go's int64 nanoseconds
        text.remove_prefix(unitEnd);
    }
    return static_cast<int64_t>(negative ? -seconds : seconds);
}

// ---- Civil time (proleptic Gregorian), after Howard Hinnant's days_from_civil ----

int64_t floorDiv(int64_t a, int64_t b) {
    return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}

int64_t daysFromCivil(int64_t y, int64_t m, int64_t d) {
    y -= m <= 2;
    const int64_t era = floorDiv(y, 400);
    const int64_t yoe = y - era * 400;
    const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

struct Civil {
    int64_t year;
    int month, day, hour, minute, second, weekday; // weekday: 0 = Sunday
};

Civil civilFromLocalSeconds(int64_t local) {
    const int64_t days = floorDiv(local, 86400);
    const int64_t secs = local - days * 86400;
    const int64_t z = days + 719468;
    const int64_t era = floorDiv(z, 146097);
    const int64_t doe = z - era * 146097;
    const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const int64_t mp = (5 * doy + 2) / 153;
    const int64_t d = doy - (153 * mp + 2) / 5 + 1;
    const int64_t m = mp < 10 ? mp + 3 : mp - 9;
    Civil c;
    c.year = yoe + era * 400 + (m <= 2);
    c.month = static_cast<int>(m);
    c.day = static_cast<int>(d);
    c.hour = static_cast<int>(secs / 3600);
    c.minute = static_cast<int>(secs / 60 % 60);
    c.second = static_cast<int>(secs % 60);
    c.weekday = static_cast<int>(((days % 7) + 11) % 7); // 1970-01-01 was a Thursday
    return c;
}

// A point in time and its wall-clock reading in one zone, as Go's time.Time in a Location.
class ZonedTime {
public:
    ZonedTime(int64_t unix, const UtcOffsetAt& offsetAt)
        : m_offsetAt(offsetAt) {
        set(unix);
    }
    int64_t unix() const { return m_unix; }
    const Civil& civil() const { return m_civil; }
    void add(int64_t seconds) { set(m_unix + seconds); }
    // Go's time.Date: fields out of range are normalised; a wall time that does not exist (or
    // exists twice) across a DST change takes the offset in force just before the change.
    void setWall(int64_t year, int64_t month, int64_t day, int64_t hour, int64_t minute,
                 int64_t second) {
        year += floorDiv(month - 1, 12);
        month = month - 1 - floorDiv(month - 1, 12) * 12 + 1;
        const int64_t local =
            (daysFromCivil(year, month, 1) + day - 1) * 86400 + hour * 3600 + minute * 60 + second;
        const int64_t guess = offset(local);
        set(local - offset(local - guess));
    }
    void addDays(int days) {
        setWall(m_civil.year, m_civil.month, m_civil.day + days, m_civil.hour, m_civil.minute,
                m_civil.second);
    }

private:
    int64_t offset(int64_t unix) const { return m_offsetAt ? m_offsetAt(unix) : 0; }
    void set(int64_t unix) {
        m_unix = unix;
        m_civil = civilFromLocalSeconds(unix + offset(unix));
    }
    const UtcOffsetAt& m_offsetAt;
    int64_t m_unix = 0;
    Civil m_civil{};
};

bool has(uint64_t set, int value) {
    return (set >> value) & 1;
}

} // namespace

bool scheduleMentionsTimeZone(std::string_view spec) {
    return spec.find("TZ") != std::string_view::npos;
}

tl::expected<CronSchedule, std::string> CronSchedule::parse(std::string_view spec) {
    if (spec.empty())
        return Error("empty spec string");
    CronSchedule out;
    if (spec.substr(0, 3) == "TZ=" || spec.substr(0, 8) == "CRON_TZ=") {
        const std::size_t space = spec.find(' ');
        const std::size_t equals = spec.find('=');
        if (space == std::string_view::npos)
            return Error("provided bad location " + std::string(spec.substr(equals + 1)) +
                         ": no schedule after the time zone");
        out.m_timeZone = std::string(spec.substr(equals + 1, space - equals - 1));
        spec = trimmed(spec.substr(space));
    }
    if (!spec.empty() && spec[0] == '@') {
        out.m_minute = uint64_t(1);
        out.m_hour = uint64_t(1);
        out.m_dom = uint64_t(1) << 1;
        out.m_month = uint64_t(1) << 1;
        out.m_dow = all(kDaysOfWeek);
        if (spec == "@yearly" || spec == "@annually")
            return out;
        out.m_month = all(kMonths);
        if (spec == "@monthly")
            return out;
        out.m_dom = all(kDaysOfMonth);
        out.m_dow = uint64_t(1);
        if (spec == "@weekly")
            return out;
        out.m_dow = all(kDaysOfWeek);
        if (spec == "@daily" || spec == "@midnight")
            return out;
        out.m_hour = all(kHours);
        if (spec == "@hourly")
            return out;
        constexpr std::string_view every = "@every ";
        if (spec.substr(0, every.size()) == every) {
            auto seconds = goDurationSeconds(spec.substr(every.size()));
            if (!seconds)
                return Error(seconds.error());
            out.m_every = std::max<int64_t>(1, *seconds);
            return out;
        }
        return Error("unrecognized descriptor: " + std::string(spec));
    }
    const std::vector<std::string_view> fields = whitespaceFields(spec);
    if (fields.size() != 5) {
        std::string list = "[";
        for (std::size_t i = 0; i < fields.size(); ++i)
            list += (i ? " " : "") + std::string(fields[i]);
        return Error("expected exactly 5 fields, found " + std::to_string(fields.size()) + ": " +
                     list + "]");
    }
    const std::pair<uint64_t*, const Bounds*> targets[] = {
        {&out.m_minute, &kMinutes}, {&out.m_hour, &kHours},     {&out.m_dom, &kDaysOfMonth},
        {&out.m_month, &kMonths},   {&out.m_dow, &kDaysOfWeek},
    };
    for (std::size_t i = 0; i < 5; ++i) {
        auto bitsOf = field(fields[i], *targets[i].second);
        if (!bitsOf)
            return Error(bitsOf.error());
        *targets[i].first = *bitsOf;
    }
    return out;
}

std::optional<int64_t> CronSchedule::next(int64_t after, const UtcOffsetAt& offsetAt) const {
    if (m_every > 0)
        return after + m_every;
    // robfig's SpecSchedule.Next, step for step (the DST corrections included), seconds = 0.
    ZonedTime t(after + 1, offsetAt);
    bool added = false;
    // A bound on the steps, whatever a zone's rules do (five years of hours and days are far
    // fewer): never a hang on a zone whose changes fall at a field's boundary.
    int steps = 0;
    constexpr int kMaxSteps = 200000;
    const int64_t yearLimit = t.civil().year + 5;
    const auto dayMatches = [this](const Civil& c) {
        const bool dom = has(m_dom, c.day);
        const bool dow = has(m_dow, c.weekday);
        if ((m_dom & kStar) || (m_dow & kStar))
            return dom && dow;
        return dom || dow;
    };
wrap:
    if (t.civil().year > yearLimit || ++steps > kMaxSteps)
        return std::nullopt;
    while (!has(m_month, t.civil().month)) {
        if (++steps > kMaxSteps)
            return std::nullopt;
        if (!added) {
            added = true;
            t.setWall(t.civil().year, t.civil().month, 1, 0, 0, 0);
        }
        t.setWall(t.civil().year, t.civil().month + 1, t.civil().day, t.civil().hour,
                  t.civil().minute, t.civil().second);
        if (t.civil().month == 1)
            goto wrap;
    }
    while (!dayMatches(t.civil())) {
        if (++steps > kMaxSteps)
            return std::nullopt;
        if (!added) {
            added = true;
            t.setWall(t.civil().year, t.civil().month, t.civil().day, 0, 0, 0);
        }
        t.addDays(1);
        // Midnight moved by a DST change: back to it.
        if (const int hour = t.civil().hour; hour != 0)
            t.add(hour > 12 ? int64_t(24 - hour) * 3600 : -int64_t(hour) * 3600);
        if (t.civil().day == 1)
            goto wrap;
    }
    while (!has(m_hour, t.civil().hour)) {
        if (++steps > kMaxSteps)
            return std::nullopt;
        if (!added) {
            added = true;
            t.setWall(t.civil().year, t.civil().month, t.civil().day, t.civil().hour, 0, 0);
        }
        t.add(3600);
        if (t.civil().hour == 0)
            goto wrap;
    }
    while (!has(m_minute, t.civil().minute)) {
        if (++steps > kMaxSteps)
            return std::nullopt;
        if (!added) {
            added = true;
            t.add(-(t.unix() - floorDiv(t.unix(), 60) * 60));
        }
        t.add(60);
        if (t.civil().minute == 0)
            goto wrap;
    }
    while (t.civil().second != 0) {
        if (++steps > kMaxSteps)
            return std::nullopt;
        t.add(1);
        if (t.civil().second == 0)
            goto wrap;
    }
    return t.unix();
}

ScheduleLookup mostRecentScheduleTime(const NextActivation& next, int64_t created,
                                      std::optional<int64_t> lastScheduled,
                                      std::optional<int64_t> startingDeadlineSeconds, int64_t now) {
    ScheduleLookup out;
    out.earliest = lastScheduled.value_or(created);
    // The controller schedules nothing older than the deadline allows.
    if (startingDeadlineSeconds && now - *startingDeadlineSeconds > out.earliest)
        out.earliest = now - *startingDeadlineSeconds;
    const std::optional<int64_t> t1 = next(out.earliest);
    if (!t1 || now < *t1)
        return out;
    const std::optional<int64_t> t2 = next(*t1);
    if (!t2 || now < *t2) {
        out.mostRecent = t1;
        out.missed = 1;
        return out;
    }
    const int64_t between = *t2 - *t1;
    if (between < 1) {
        out.error = "time difference between two schedules is less than 1 second";
        return out;
    }
    // Upstream's approximation: how many intervals fit between the first miss and now; the
    // walk starts one interval before that estimate, so irregular schedules still land right.
    out.missed = (now - *t1) / between + 1;
    const int64_t potentialEarliest = *t1 + (out.missed - 2) * between;
    for (std::optional<int64_t> t = next(potentialEarliest); t && *t <= now; t = next(*t))
        out.mostRecent = t;
    return out;
}

} // namespace tessera::serve
