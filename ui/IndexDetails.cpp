#include "IndexDetails.h"

#include "Format.h"

#include <QCoreApplication>

namespace tessera::ui {

using engine::IndexState;
using store::IndexAttempt;

QString IndexDetails::indexName(int index, std::optional<int> originalIndex) {
    return originalIndex ? tr("Index %1 (original index %2)").arg(index).arg(*originalIndex)
                         : tr("Index %1").arg(index);
}

QString IndexDetails::unrecorded(IndexState state) {
    switch (state) {
    case IndexState::NotStarted:
        return tr("Not started: no pod was created for this index yet.");
    case IndexState::Pending:
    case IndexState::Running:
        return tr("Its pod has not been seen yet.");
    case IndexState::Succeeded:
        return tr("Succeeded (the job's status says so). No attempt was recorded: its pods were "
                  "gone before Tessera watched this job.");
    case IndexState::FailedWillRetry:
    case IndexState::FailedTerminal:
        return tr("Failed (the job's status says so). No attempt was recorded: its pods were "
                  "gone before Tessera watched this job.");
    case IndexState::OutOfRange:
        return tr("Beyond the job's completions.");
    }
    return {};
}

QString IndexDetails::html(const store::JobSnapshot& s, int index, IndexState state) {
    QString text;
    if (const int failures = s.failuresOf(index); failures > 0)
        text += tr("Failures: %1").arg(failures) + QStringLiteral("<br>");
    const auto attempts = s.attemptsOf(index);
    if (attempts.empty())
        return text + unrecorded(state).toHtmlEscaped();
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (const IndexAttempt& a : attempts) {
        text += tr("<b>Attempt %1</b>: %2").arg(a.attempt + 1).arg(a.pod.toHtmlEscaped());
        if (!a.live)
            text += tr(" (recorded; the pod is gone)");
        text += QStringLiteral("<br>&nbsp;&nbsp;") +
                tr("node %1, %2")
                    .arg(a.node.isEmpty() ? tr("unscheduled") : a.node.toHtmlEscaped(),
                         Format::outcome(a.outcome).toHtmlEscaped());
        const QDateTime start = a.started.isValid() ? a.started : a.created;
        const bool running = a.live && engine::isUnderWay(a.outcome);
        if (start.isValid()) {
            const QString end = a.finished.isValid() ? Format::time(a.finished)
                                : running            ? tr("still running")
                                                     : tr("not recorded");
            const QString duration = a.finished.isValid() ? Format::between(start, a.finished)
                                     : running            ? Format::between(start, now)
                                                          : tr("unknown");
            text += QStringLiteral("<br>&nbsp;&nbsp;") +
                    tr("start %1, end %2, duration %3").arg(Format::time(start), end, duration);
        }
        const QString exit = Format::exitCode(a.exitCode, a.signal);
        if (!exit.isEmpty())
            text += QStringLiteral("<br>&nbsp;&nbsp;") + tr("exit code %1").arg(exit);
        if (!a.reason.isEmpty())
            text += QStringLiteral(", ") + tr("reason %1").arg(a.reason.toHtmlEscaped());
        if (const QString message = Format::attemptMessage(a.message, a.exitCode, a.signal);
            !message.isEmpty())
            text += QStringLiteral("<br>&nbsp;&nbsp;") + message.left(200).toHtmlEscaped();
        text += QStringLiteral("<br>");
    }
    return text;
}

} // namespace tessera::ui
