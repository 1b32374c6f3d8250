// A CronJob's spec.schedule as the API server validates it and the CronJob controller steps it
// (CronSchedule.h): parsing never crashes, and a schedule that parses yields activations that
// only move forward, in UTC and in a zone with DST changes.
#include "FuzzTarget.h"
#include "serve/CronJobSchedule.h"
#include "serve/CronSchedule.h"

using namespace tessera;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text = fuzz::asText(data, size);
    const auto schedule = serve::CronSchedule::parse(text);
    if (!schedule) {
        fuzz::require(!schedule.error().empty(), "a refused schedule says why");
        return 0;
    }
    static const serve::UtcOffsetAt berlin = *serve::ianaZone(QStringLiteral("Europe/Berlin"));
    for (const serve::UtcOffsetAt* zone :
         {static_cast<const serve::UtcOffsetAt*>(nullptr), &berlin}) {
        // Around a spring-forward change (2027-03-28 01:00 UTC in Berlin).
        int64_t t = 1837990800 - 3 * 3600;
        for (int i = 0; i < 8; ++i) {
            const auto next = schedule->next(t, zone ? *zone : serve::UtcOffsetAt());
            if (!next)
                break;
            fuzz::require(*next > t, "the next activation is after the time asked about");
            t = *next;
        }
    }
    const serve::NextActivation next = [&](int64_t after) {
        return schedule->next(after);
    };
    const auto lookup =
        serve::mostRecentScheduleTime(next, 1837990800, std::nullopt, 200, 1837990800 + 86400);
    if (lookup.mostRecent)
        fuzz::require(*lookup.mostRecent <= 1837990800 + 86400, "nothing due in the future");
    return 0;
}
