// CronJob schedules: robfig/cron's standard syntax and its next activation (UTC and IANA zones
// across DST changes), upstream's missed-schedule arithmetic, and the API's validation causes.
#include "serve/CronSchedule.h"

#include "serve/CronJobSchedule.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QTimeZone>
#include <gtest/gtest.h>

using namespace tessera::serve;

namespace {

int64_t at(const char* iso) {
    const QDateTime t = QDateTime::fromString(QLatin1String(iso), Qt::ISODate);
    EXPECT_TRUE(t.isValid()) << iso;
    return t.toSecsSinceEpoch();
}

std::string iso(std::optional<int64_t> t, const QString& zone = QString()) {
    if (!t)
        return "none";
    QDateTime d = QDateTime::fromSecsSinceEpoch(*t, Qt::UTC);
    if (!zone.isEmpty()) {
        const QTimeZone tz(zone.toUtf8());
        d = d.toTimeZone(tz).toOffsetFromUtc(tz.offsetFromUtc(d));
    }
    return d.toString(Qt::ISODate).toStdString();
}

struct NextCase {
    const char* name;
    const char* schedule;
    const char* zone; // "" for UTC
    const char* after;
    std::vector<const char*> expected; // the next activations, in order
};

} // namespace

TEST(CronSchedule, FindsTheNextActivationsAsRobfigCronDoes) {
    const NextCase cases[] = {
        {"every minute",
         "*/1 * * * *",
         "",
         "2026-11-26T20:13:20Z",
         {"2026-11-26T20:14:00Z", "2026-11-26T20:15:00Z"}},
        {"exactly on a minute is not again",
         "* * * * *",
         "",
         "2026-11-26T20:14:00Z",
         {"2026-11-26T20:15:00Z"}},
        {"lists, ranges and steps",
         "5,10-20/5 * * * *",
         "",
         "2026-11-26T20:05:00Z",
         {"2026-11-26T20:10:00Z", "2026-11-26T20:15:00Z", "2026-11-26T20:20:00Z",
          "2026-11-26T21:05:00Z"}},
        {"N/step runs to the maximum",
         "50/5 * * * *",
         "",
         "2026-11-26T20:51:00Z",
         {"2026-11-26T20:55:00Z", "2026-11-26T21:50:00Z"}},
        {"month and day names, any case",
         "30 9 * JAN-mar mon-FRI",
         "",
         "2026-11-26T00:00:00Z",
         {"2027-01-01T09:30:00Z", "2027-01-04T09:30:00Z"}},
        {"day of month OR day of week when both are restricted",
         "0 0 10 * 5",
         "",
         "2026-11-01T00:00:00Z",
         {"2026-11-06T00:00:00Z", "2026-11-10T00:00:00Z", "2026-11-13T00:00:00Z"}},
        {"? in day of week: day of month only",
         "0 0 10 * ?",
         "",
         "2026-11-01T00:00:00Z",
         {"2026-11-10T00:00:00Z", "2026-12-10T00:00:00Z"}},
        {"a stepped day of week is a restriction (OR)",
         "0 0 10 * */3",
         "",
         "2026-11-01T00:00:00Z",
         {"2026-11-04T00:00:00Z" /* Sun, Wed, Sat or the 10th; `after` is exclusive */}},
        {"Feb 29 only in leap years",
         "0 0 29 2 *",
         "",
         "2025-03-01T00:00:00Z",
         {"2028-02-29T00:00:00Z", "2032-02-29T00:00:00Z"}},
        {"a day that never comes", "0 0 30 2 *", "", "2026-01-01T00:00:00Z", {"none"}},
        {"@hourly", "@hourly", "", "2026-11-26T20:13:20Z", {"2026-11-26T21:00:00Z"}},
        {"@daily", "@daily", "", "2026-11-26T20:13:20Z", {"2026-11-27T00:00:00Z"}},
        {"@midnight", "@midnight", "", "2026-11-26T20:13:20Z", {"2026-11-27T00:00:00Z"}},
        {"@weekly: Sundays", "@weekly", "", "2026-11-26T20:13:20Z", {"2026-11-29T00:00:00Z"}},
        {"@monthly", "@monthly", "", "2026-11-26T20:13:20Z", {"2026-12-01T00:00:00Z"}},
        {"@yearly", "@yearly", "", "2026-11-26T20:13:20Z", {"2027-01-01T00:00:00Z"}},
        {"@annually", "@annually", "", "2026-11-26T20:13:20Z", {"2027-01-01T00:00:00Z"}},
        {"@every",
         "@every 1h30m",
         "",
         "2026-11-26T20:13:20Z",
         {"2026-11-26T21:43:20Z", "2026-11-26T23:13:20Z"}},
        {"a zone's wall clock (winter)",
         "0 9 * * *",
         "Europe/Berlin",
         "2026-11-26T00:00:00Z",
         {"2026-11-26T09:00:00+01:00"}},
        {"a zone's wall clock (summer)",
         "0 9 * * *",
         "Europe/Berlin",
         "2026-07-01T00:00:00Z",
         {"2026-07-01T09:00:00+02:00"}},
        {"spring forward: 02:30 does not exist that day",
         "30 2 * * *",
         "Europe/Berlin",
         "2027-03-27T02:00:00Z",
         {"2027-03-29T02:30:00+02:00"}},
        {"fall back: 02:30 happens twice",
         "30 2 * * *",
         "Europe/Berlin",
         "2026-10-25T00:00:00Z",
         {"2026-10-25T02:30:00+02:00", "2026-10-25T02:30:00+01:00", "2026-10-26T02:30:00+01:00"}},
        {"a midnight that does not exist (Sao Paulo, 2018) is skipped, as robfig/cron skips it",
         "0 0 * * *",
         "America/Sao_Paulo",
         "2018-11-03T12:00:00Z",
         {"2018-11-05T00:00:00-02:00", "2018-11-06T00:00:00-02:00"}},
        {"New York, every hour across spring forward",
         "0 * * * *",
         "America/New_York",
         "2027-03-14T05:30:00Z",
         {"2027-03-14T01:00:00-05:00", "2027-03-14T03:00:00-04:00"}},
    };
    for (const NextCase& c : cases) {
        SCOPED_TRACE(c.name);
        auto schedule = CronSchedule::parse(c.schedule);
        ASSERT_TRUE(schedule) << schedule.error();
        UtcOffsetAt zone;
        if (*c.zone) {
            auto found = ianaZone(QLatin1String(c.zone));
            ASSERT_TRUE(found) << c.zone;
            zone = *found;
        }
        int64_t t = at(c.after);
        for (const char* expected : c.expected) {
            const auto next = schedule->next(t, zone);
            EXPECT_EQ(iso(next, QLatin1String(c.zone)), expected);
            if (!next)
                break;
            t = *next;
        }
    }
}

TEST(CronSchedule, RefusesBadSchedulesWithRobfigsMessages) {
    const std::pair<const char*, const char*> cases[] = {
        {"", "empty spec string"},
        {"* * * *", "expected exactly 5 fields, found 4: [* * * *]"},
        {"* * * * * *", "expected exactly 5 fields, found 6: [* * * * * *]"},
        {"60 * * * *", "end of range (60) above maximum (59): 60"},
        {"* 24 * * *", "end of range (24) above maximum (23): 24"},
        {"* * 0 * *", "beginning of range (0) below minimum (1): 0"},
        {"* * * 13 *", "end of range (13) above maximum (12): 13"},
        {"* * * * 7", "end of range (7) above maximum (6): 7"},
        {"5-1 * * * *", "beginning of range (5) beyond end of range (1): 5-1"},
        {"*/0 * * * *", "step of range should be a positive number: */0"},
        {"x * * * *", "failed to parse int from x: strconv.Atoi: parsing \"x\": invalid syntax"},
        {"* * * FOO *",
         "failed to parse int from FOO: strconv.Atoi: parsing \"FOO\": invalid syntax"},
        {"*/-5 * * * *", "negative number (-5) not allowed: -5"},
        {"1-2-3 * * * *", "too many hyphens: 1-2-3"},
        {"*/2/3 * * * *", "too many slashes: */2/3"},
        {"-1 * * * *", "failed to parse int from : strconv.Atoi: parsing \"\": invalid syntax"},
        {"@fortnightly", "unrecognized descriptor: @fortnightly"},
        {"@every 1x", "failed to parse duration 1x: time: unknown unit \"x\" in duration \"1x\""},
    };
    for (const auto& [schedule, message] : cases) {
        SCOPED_TRACE(schedule);
        const auto parsed = CronSchedule::parse(schedule);
        ASSERT_FALSE(parsed);
        EXPECT_EQ(parsed.error(), message);
    }
}

TEST(CronSchedule, ReadsAZoneAtTheStartOfTheSchedule) {
    const auto parsed = CronSchedule::parse("CRON_TZ=Asia/Tokyo 0 9 * * *");
    ASSERT_TRUE(parsed) << parsed.error();
    EXPECT_EQ(parsed->timeZoneInSchedule(), "Asia/Tokyo");
}

TEST(CronSchedule, CountsMissedActivationsAsUpstream) {
    const CronSchedule everyMinute = *CronSchedule::parse("* * * * *");
    const NextActivation next = [&](int64_t t) {
        return everyMinute.next(t);
    };
    const int64_t created = at("2026-11-26T20:00:30Z");

    ScheduleLookup l = mostRecentScheduleTime(next, created, std::nullopt, std::nullopt,
                                              at("2026-11-26T20:00:59Z"));
    EXPECT_FALSE(l.mostRecent) << "nothing is due before the first activation";

    l = mostRecentScheduleTime(next, created, std::nullopt, std::nullopt,
                               at("2026-11-26T20:01:05Z"));
    EXPECT_EQ(iso(l.mostRecent), "2026-11-26T20:01:00Z");

    l = mostRecentScheduleTime(next, created, std::nullopt, std::nullopt,
                               at("2026-11-26T20:05:05Z"));
    EXPECT_EQ(iso(l.mostRecent), "2026-11-26T20:05:00Z");
    EXPECT_EQ(l.missed, 5);

    l = mostRecentScheduleTime(next, created, at("2026-11-26T20:04:00Z"), std::nullopt,
                               at("2026-11-26T20:05:05Z"));
    EXPECT_EQ(iso(l.mostRecent), "2026-11-26T20:05:00Z") << "from the last schedule time on";

    l = mostRecentScheduleTime(next, created, at("2026-11-26T20:05:00Z"), std::nullopt,
                               at("2026-11-26T20:05:30Z"));
    EXPECT_FALSE(l.mostRecent) << "the last schedule time is not due again";

    l = mostRecentScheduleTime(next, created, std::nullopt, 100, at("2026-11-26T23:05:05Z"));
    EXPECT_EQ(iso(l.mostRecent), "2026-11-26T23:05:00Z");
    EXPECT_FALSE(l.tooManyMissed()) << "the deadline bounds the search";

    l = mostRecentScheduleTime(next, created, std::nullopt, std::nullopt,
                               at("2026-11-26T23:05:05Z"));
    EXPECT_TRUE(l.tooManyMissed()) << l.missed;
    EXPECT_EQ(iso(l.mostRecent), "2026-11-26T23:05:00Z");
}

TEST(CronJobSchedule, ValidatesScheduleAndTimeZoneAsTheApiServer) {
    // A spec from (key, value) pairs.
    const auto messages = [](std::initializer_list<std::pair<const char*, const char*>> fields) {
        QJsonObject spec;
        for (const auto& [k, v] : fields)
            spec.insert(QLatin1String(k), QString::fromUtf8(v));
        std::vector<std::string> out;
        for (const QJsonValue& c : validateCronJobSchedule(spec))
            out.push_back((c.toObject().value(QStringLiteral("field")).toString() +
                           QStringLiteral(": ") +
                           c.toObject().value(QStringLiteral("message")).toString())
                              .toStdString());
        return out;
    };
    using V = std::vector<std::string>;
    EXPECT_EQ(messages({{"schedule", "*/5 * * * *"}, {"timeZone", "Europe/Berlin"}}), V{});
    EXPECT_EQ(messages({{"schedule", "@hourly"}, {"timeZone", "Etc/UTC"}}), V{});
    EXPECT_EQ(messages({}), V{"spec.schedule: Required value"});
    EXPECT_EQ(messages({{"schedule", "61 * * * *"}}),
              V{"spec.schedule: Invalid value: \"61 * * * *\": end of range (61) above maximum "
                "(59): 61"});
    EXPECT_EQ(messages({{"schedule", "CRON_TZ=UTC * * * * *"}}),
              V{"spec.schedule: Invalid value: \"CRON_TZ=UTC * * * * *\": cannot use TZ or "
                "CRON_TZ in schedule, use timeZone field instead"});
    EXPECT_EQ(messages({{"schedule", "TZ=Mars/Olympus_Mons 0 * * * *"}}),
              (V{"spec.schedule: Invalid value: \"TZ=Mars/Olympus_Mons 0 * * * *\": provided bad "
                 "location Mars/Olympus_Mons: unknown time zone Mars/Olympus_Mons",
                 "spec.schedule: Invalid value: \"TZ=Mars/Olympus_Mons 0 * * * *\": cannot use TZ "
                 "or CRON_TZ in schedule, use timeZone field instead"}));
    EXPECT_EQ(messages({{"schedule", "* * * * *"}, {"timeZone", "Mars/Olympus_Mons"}}),
              V{"spec.timeZone: Invalid value: \"Mars/Olympus_Mons\": unknown time zone "
                "Mars/Olympus_Mons"});
    EXPECT_EQ(messages({{"schedule", "* * * * *"}, {"timeZone", "Local"}}),
              V{"spec.timeZone: Invalid value: \"Local\": timeZone must be an explicit time zone "
                "as defined in https://www.iana.org/time-zones"});
    EXPECT_EQ(messages({{"schedule", "* * * * *"}, {"timeZone", ""}}),
              V{"spec.timeZone: Invalid value: \"\": timeZone must be nil or non-empty string"});
}
