#pragma once
// Display formatting shared by the views: durations ("2h 03m", "45s"), ages, exit codes.
// Presentation only; no rules about jobs live here.
#include "engine/Attempt.h"

#include <QDateTime>
#include <QString>
#include <optional>

namespace tessera::ui {

class Format {
public:
    // "45s", "3m 07s", "2h 03m", "4d 05h"; "" for a negative or invalid span.
    static QString duration(qint64 seconds);
    static QString between(const QDateTime& from, const QDateTime& to);
    // A point on a time axis or a bin edge that is a multiple of a round step
    // (history::roundTimeStep), to the step's own unit: "2.5s", "3s" (step 500 ms), "1m 20s",
    // "1h 05m" (step 5 min), "3h" (step 1 h). Multiples of one step never read alike.
    static QString durationAtStep(qint64 ms, qint64 stepMs);
    // Local time, with the date only when it is not today.
    static QString time(const QDateTime& t);
    // "1 (signal 9)", "137", "" while running.
    static QString exitCode(int exitCode, std::optional<int> signal);
    // An attempt's message, or "" when it only repeats its exit code or signal ("exit code 2"
    // next to "exit code 2" in a tooltip says nothing new).
    static QString attemptMessage(const QString& message, int exitCode, std::optional<int> signal);
    // An attempt's outcome in words: "Running", "Failed", "Deleted", "Lost (end not seen)", ...
    static QString outcome(engine::AttemptOutcome outcome);
    // A table cell's text: `text`, or a dash when there is none (not the sort value behind it,
    // such as -1 for "no exit code").
    static QString orDash(const QString& text);
};

} // namespace tessera::ui
