#pragma once
// A CronJob's spec.schedule with its spec.timeZone, the one place both are read: the API
// server's validation (a clear 422 naming the field, as upstream's ValidateCronJob words it) and
// the CronJob controller (which schedules with the result). Zones are IANA names resolved by
// QTimeZone; the rules of the schedule itself are CronSchedule's (pure C++).
#include "CronSchedule.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <tl/expected.hpp>

namespace tessera::serve {

struct ZonedCronSchedule {
    CronSchedule schedule;
    UtcOffsetAt offsetAt; // nullptr: UTC (no spec.timeZone), as kube-controller-manager runs
    // The next activation strictly after `after` (Unix seconds); nullopt when there is none.
    std::optional<int64_t> next(int64_t after) const { return schedule.next(after, offsetAt); }
};

// The UTC offset function of an IANA zone ("Europe/Berlin", "Etc/UTC"); nullopt if unknown.
std::optional<UtcOffsetAt> ianaZone(const QString& name);

// Field causes for spec.schedule and spec.timeZone of a CronJob `spec` (empty when valid).
QJsonArray validateCronJobSchedule(const QJsonObject& spec);

// The schedule the controller follows; the error is the text of its Warning event.
tl::expected<ZonedCronSchedule, QString> cronJobSchedule(const QJsonObject& spec);

} // namespace tessera::serve
