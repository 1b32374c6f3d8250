#include "SimSettings.h"

#include <optional>

namespace tessera::serve {

namespace {

// "5s", "1500ms", "2m", "0.5s"; nullopt when malformed.
std::optional<engine::Duration> parseDuration(const QString& text) {
    QString t = text.trimmed();
    double factor = 1000;
    if (t.endsWith(QLatin1String("ms"))) {
        factor = 1;
        t.chop(2);
    } else if (t.endsWith(QLatin1Char('s'))) {
        t.chop(1);
    } else if (t.endsWith(QLatin1Char('m'))) {
        factor = 60000;
        t.chop(1);
    }
    bool ok = false;
    const double v = t.toDouble(&ok);
    if (!ok || v < 0)
        return std::nullopt;
    return engine::Duration(static_cast<int64_t>(v * factor));
}

} // namespace

SimSettings SimSettings::of(const QJsonObject& annotations, const ServeOptions& options) {
    SimSettings out;
    out.duration =
        parseDuration(annotations.value(QStringLiteral("tessera.dev/sim-duration")).toString())
            .value_or(options.podDuration);
    bool ok = false;
    const double rate =
        annotations.value(QStringLiteral("tessera.dev/sim-fail-rate")).toString().toDouble(&ok);
    out.failRate = ok ? rate : options.failRate;
    for (const QString& ix : annotations.value(QStringLiteral("tessera.dev/sim-fail-indexes"))
                                 .toString()
                                 .split(QLatin1Char(','), Qt::SkipEmptyParts))
        out.failIndexes.insert(ix.trimmed().toInt());
    const int code =
        annotations.value(QStringLiteral("tessera.dev/sim-exit-code")).toString().toInt(&ok);
    out.exitCode = ok && code != 0 ? code : 1;
    // Retry delays scaled as `tessera run --backoff-scale` scales them (soak and demo loads that
    // fail often would otherwise spend most of their slots on indexes waiting out 10 s, 20 s, ...).
    const double scale =
        annotations.value(QStringLiteral("tessera.dev/sim-backoff-scale")).toString().toDouble(&ok);
    if (ok && scale >= 0) {
        const auto scaled = [scale](engine::Duration d) {
            return engine::Duration(static_cast<int64_t>(static_cast<double>(d.count()) * scale));
        };
        out.sync.podFailureBackoff = scaled(out.sync.podFailureBackoff);
        out.sync.maxPodFailureBackoff = scaled(out.sync.maxPodFailureBackoff);
    }
    return out;
}

} // namespace tessera::serve
