#include "CronJobSchedule.h"

#include "ApiValidation.h"

#include <QDateTime>
#include <QRegularExpression>
#include <QTimeZone>

namespace tessera::serve {

namespace {

const QString kScheduleField = QStringLiteral("spec.schedule");
const QString kTimeZoneField = QStringLiteral("spec.timeZone");

QJsonObject invalid(const QString& field, const QString& value, const QString& why) {
    return fieldCause(field, "FieldValueInvalid",
                      QStringLiteral("Invalid value: \"%1\": %2").arg(value, why));
}

// Upstream's validateTimeZone: explicit IANA names only ("Local" is the controller's own zone,
// refused), each path element of the characters tzdata uses.
std::optional<QString> timeZoneProblem(const QString& zone) {
    if (zone.isEmpty())
        return QStringLiteral("timeZone must be nil or non-empty string");
    if (zone.compare(QLatin1String("Local"), Qt::CaseInsensitive) == 0)
        return QStringLiteral("timeZone must be an explicit time zone as defined in "
                              "https://www.iana.org/time-zones");
    static const QRegularExpression part(QStringLiteral("^[A-Za-z\\.\\-_0-9+]{1,14}$"));
    for (const QString& p : zone.split(QLatin1Char('/')))
        if (!part.match(p).hasMatch())
            return QStringLiteral("unknown time zone %1").arg(zone);
    if (!ianaZone(zone))
        return QStringLiteral("unknown time zone %1").arg(zone);
    return std::nullopt;
}

} // namespace

std::optional<UtcOffsetAt> ianaZone(const QString& name) {
    if (name == QLatin1String("UTC") || name == QLatin1String("Etc/UTC"))
        return UtcOffsetAt(nullptr);
    const QTimeZone zone(name.toUtf8());
    if (!zone.isValid())
        return std::nullopt;
    return UtcOffsetAt([zone](int64_t unix) {
        return zone.offsetFromUtc(QDateTime::fromSecsSinceEpoch(unix, Qt::UTC));
    });
}

QJsonArray validateCronJobSchedule(const QJsonObject& spec) {
    QJsonArray out;
    const QString schedule = spec.value(QStringLiteral("schedule")).toString();
    const QJsonValue timeZone = spec.value(QStringLiteral("timeZone"));
    if (schedule.isEmpty()) {
        out.append(
            fieldCause(kScheduleField, "FieldValueRequired", QStringLiteral("Required value")));
    } else {
        const auto parsed = CronSchedule::parse(schedule.toStdString());
        if (!parsed)
            out.append(invalid(kScheduleField, schedule, QString::fromStdString(parsed.error())));
        else if (const QString zone = QString::fromStdString(parsed->timeZoneInSchedule());
                 !zone.isEmpty() && !ianaZone(zone))
            out.append(invalid(
                kScheduleField, schedule,
                QStringLiteral("provided bad location %1: unknown time zone %1").arg(zone)));
        // The zone belongs in spec.timeZone: upstream refuses TZ in a new schedule.
        if (scheduleMentionsTimeZone(schedule.toStdString()))
            out.append(invalid(kScheduleField, schedule,
                               QStringLiteral("cannot use TZ or CRON_TZ in schedule, use "
                                              "timeZone field instead")));
    }
    if (timeZone.isString())
        if (const auto problem = timeZoneProblem(timeZone.toString()))
            out.append(invalid(kTimeZoneField, timeZone.toString(), *problem));
    return out;
}

tl::expected<ZonedCronSchedule, QString> cronJobSchedule(const QJsonObject& spec) {
    const QString text = spec.value(QStringLiteral("schedule")).toString();
    auto parsed = CronSchedule::parse(text.toStdString());
    if (!parsed)
        return tl::unexpected(QStringLiteral("unparseable schedule: \"%1\" : %2")
                                  .arg(text, QString::fromStdString(parsed.error())));
    ZonedCronSchedule out{std::move(*parsed), nullptr};
    const QJsonValue timeZone = spec.value(QStringLiteral("timeZone"));
    const QString zone = timeZone.isString()
                             ? timeZone.toString()
                             : QString::fromStdString(out.schedule.timeZoneInSchedule());
    if (!zone.isEmpty()) {
        auto offsets = ianaZone(zone);
        if (!offsets)
            return tl::unexpected(
                QStringLiteral("invalid timeZone: \"%1\": unknown time zone %1").arg(zone));
        out.offsetAt = std::move(*offsets);
    }
    return out;
}

} // namespace tessera::serve
