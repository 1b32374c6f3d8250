#include "Format.h"

#include <QCoreApplication>

namespace tessera::ui {

QString Format::duration(qint64 s) {
    if (s < 0)
        return {};
    auto tr = [](const char* text) {
        return QCoreApplication::translate("Format", text);
    };
    if (s < 60)
        return tr("%1s").arg(s);
    if (s < 3600)
        return tr("%1m %2s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    if (s < 86400)
        return tr("%1h %2m").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
    return tr("%1d %2h").arg(s / 86400).arg((s % 86400) / 3600, 2, 10, QLatin1Char('0'));
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
        return QCoreApplication::translate("Format", text);
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
