#pragma once
// A CronJob's spec.schedule, parsed and stepped as upstream's CronJob controller does with
// robfig/cron v3's ParseStandard (github.com/robfig/cron/v3 parser.go and spec.go):
//  - five fields: minute (0-59), hour (0-23), day of month (1-31), month (1-12 or JAN-DEC),
//    day of week (0-6 or SUN-SAT); each a list of `*`, `?`, N, N-M, with an optional /STEP
//    (`N/STEP` is N-max/STEP); names are case-insensitive;
//  - when both day fields are restricted (neither starts with `*` or `?`), a day matches either
//    (cron's OR rule); otherwise both must match;
//  - the macros @yearly (@annually), @monthly, @weekly, @daily (@midnight), @hourly and
//    @every DURATION (Go duration syntax, whole seconds, at least 1 s);
//  - a leading `CRON_TZ=ZONE ` or `TZ=ZONE ` is reported (`timeZoneInSchedule`) for the caller
//    to resolve or refuse, as Kubernetes validation does.
// Error messages are robfig's, which the API server returns in its 422.
//
// Pure C++: time zones come in as a function from an instant to its UTC offset, so the rules
// (and their DST steps) are testable without Qt; CronTimeZone.h adapts QTimeZone.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <tl/expected.hpp>

namespace tessera::serve {

// Seconds east of UTC in force at a Unix time (in seconds).
using UtcOffsetAt = std::function<int(int64_t unixSeconds)>;

class CronSchedule {
public:
    // robfig's ParseStandard. An error is the text upstream's validation puts after the value.
    static tl::expected<CronSchedule, std::string> parse(std::string_view spec);

    // The first activation strictly after `after` (Unix seconds), in the zone `offsetAt` gives
    // (nullptr: UTC); nullopt when there is none within five years (e.g. "0 0 30 2 *").
    std::optional<int64_t> next(int64_t after, const UtcOffsetAt& offsetAt = nullptr) const;

    // The zone named by a leading CRON_TZ= or TZ= ("" when none); the rest was parsed.
    const std::string& timeZoneInSchedule() const { return m_timeZone; }

private:
    uint64_t m_minute = 0, m_hour = 0, m_dom = 0, m_month = 0, m_dow = 0;
    int64_t m_every = 0; // @every: seconds between runs (0: a field schedule)
    std::string m_timeZone;
};

// Upstream's mostRecentScheduleTime (pkg/controller/cronjob/utils.go), in Unix seconds: the
// latest activation in (earliest, now], where earliest is the last schedule time (else the
// CronJob's creation) moved up to now - startingDeadlineSeconds when one is given and asked for.
struct ScheduleLookup {
    int64_t earliest = 0;
    std::optional<int64_t> mostRecent;
    int64_t missed = 0; // activations in (earliest, now], counted roughly as upstream does
    // More than 100 missed: upstream's "too many missed start times" warning.
    bool tooManyMissed() const { return missed > 100; }
    std::string error; // two activations less than a second apart
};
using NextActivation = std::function<std::optional<int64_t>(int64_t after)>;
ScheduleLookup mostRecentScheduleTime(const NextActivation& next, int64_t created,
                                      std::optional<int64_t> lastScheduled,
                                      std::optional<int64_t> startingDeadlineSeconds, int64_t now);

// True when a schedule names a zone itself ("TZ" anywhere, as upstream's validation checks).
bool scheduleMentionsTimeZone(std::string_view spec);

} // namespace tessera::serve
