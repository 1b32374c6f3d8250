#include "Format.h"

#include <QCoreApplication>
#include <QLocale>
#include <cstdlib>

namespace tessera::ui {

namespace {
// The context lupdate files this class's tr() calls under (its qualified name): with "Format",
// no duration was ever translated.
constexpr const char* kContext = "tessera::ui::Format";
} // namespace

QString Format::duration(qint64 s) {
    if (s < 0)
        return {};
    auto tr = [](const char* text) {
        return QCoreApplication::translate(kContext, text);
    };
    if (s < 60)
        return tr("%1s").arg(s);
    if (s < 3600)
        return tr("%1m %2s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    if (s < 86400)
        return tr("%1h %2m").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
    return tr("%1d %2h").arg(s / 86400).arg((s % 86400) / 3600, 2, 10, QLatin1Char('0'));
}

QString Format::durationAtStep(qint64 ms, qint64 stepMs) {
    auto tr = [](const char* text) {
        return QCoreApplication::translate(kContext, text);
    };
    const bool negative = ms < 0;
    ms = std::abs(ms);
    const qint64 h = ms / 3600000, m = (ms / 60000) % 60;
    // Seconds with the decimals they have ("2.5", "3"): a multiple of a step under a second has
    // no more decimals than the step.
    const QString s =
        QLocale().toString(double(ms % 60000) / 1000.0, 'g', QLocale::FloatingPointShortest);
    const QString padded = (ms % 60000 < 10000 ? QStringLiteral("0") : QString()) + s;
    QString text;
    if (stepMs >= 3600000 || (h > 0 && stepMs >= 60000 && ms % 60000 == 0 && m == 0))
        text = tr("%1h").arg(h);
    else if (h > 0 && stepMs >= 60000)
        text = tr("%1h %2m").arg(h).arg(m, 2, 10, QLatin1Char('0'));
    else if (h > 0)
        text = tr("%1h %2m %3s").arg(h).arg(m, 2, 10, QLatin1Char('0')).arg(padded);
    else if (stepMs >= 60000 || (m > 0 && ms % 60000 == 0))
        text = tr("%1m").arg(m);
    else if (m > 0)
        text = tr("%1m %2s").arg(m).arg(padded);
    else
        text = tr("%1s").arg(s);
    return negative ? QStringLiteral("-") + text : text;
}

QString Format::between(const QDateTime& from, const QDateTime& to) {
    if (!from.isValid() || !to.isValid())
        return {};
    return duration(from.secsTo(to));
}

QString Format::time(const QDateTime& t) {
    if (!t.isValid())
        return {};
    const QDateTime local = t.toLocalTime();
    if (local.date() == QDate::currentDate())
        return local.toString(QStringLiteral("HH:mm:ss"));
    return local.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

QString Format::outcome(engine::AttemptOutcome outcome) {
    auto tr = [](const char* text) {
        return QCoreApplication::translate(kContext, text);
    };
    switch (outcome) {
    case engine::AttemptOutcome::Pending:
        return tr("Pending");
    case engine::AttemptOutcome::Running:
        return tr("Running");
    case engine::AttemptOutcome::Succeeded:
        return tr("Succeeded");
    case engine::AttemptOutcome::Failed:
        return tr("Failed");
    case engine::AttemptOutcome::Deleted:
        return tr("Deleted");
    case engine::AttemptOutcome::Removed:
        return tr("Removed by its Job (scale-down; not a failure)");
    case engine::AttemptOutcome::Lost:
        return tr("Lost (its end was not seen)");
    }
    return {};
}

QString Format::orDash(const QString& text) {
    return text.isEmpty() ? QStringLiteral("\u2014") : text;
}

QString Format::exitCode(int exitCode, std::optional<int> signal) {
    if (exitCode < 0 && !signal)
        return {};
    QString text = QString::number(exitCode);
    if (signal)
        text += QCoreApplication::translate("Format", " (signal %1)").arg(*signal);
    return text;
}

QString Format::attemptMessage(const QString& message, int exitCode, std::optional<int> signal) {
    // The local runner's messages (core/local/ProcessExecutor) restate what the exit code says.
    if (message == QStringLiteral("exit code %1").arg(exitCode) ||
        (signal && message == QStringLiteral("killed by signal %1").arg(*signal)))
        return {};
    return message;
}

} // namespace tessera::ui
