#pragma once
// The numbers of one run that the window (store::RunTimeline over the job's snapshot: charts,
// timeline, counts) and the exported report (report::ReportBuilder, written as JSON: counts,
// progress curve, duration histogram) must agree on. Tests compute both and compare them.
#include "report/JsonReportWriter.h"
#include "report/ReportBuilder.h"
#include "store/RunTimeline.h"

#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>
#include <ostream>

namespace tessera::store::test {

struct RunNumbers {
    int succeeded = 0;      // indexes
    int failed = 0;         // indexes
    int failedAttempts = 0; // pods / processes
    int succeededAtEnd = 0; // the succeeded-over-time curve's last value
    int failedAtEnd = 0;    // the failed-indexes curve's last value
    int durations = 0;      // durations of succeeded indexes (the histogram's total)
    bool operator==(const RunNumbers&) const = default;
    friend std::ostream& operator<<(std::ostream& o, const RunNumbers& n) {
        return o << "{succeeded " << n.succeeded << ", failed " << n.failed << ", failedAttempts "
                 << n.failedAttempts << ", succeededAtEnd " << n.succeededAtEnd << ", failedAtEnd "
                 << n.failedAtEnd << ", durations " << n.durations << "}";
    }
};

inline RunNumbers windowNumbers(const JobSnapshot& s) {
    const RunTimeline h = RunTimeline::of(s, QDateTime::currentDateTimeUtc());
    return {h.counts.of(engine::IndexState::Succeeded),
            h.counts.of(engine::IndexState::FailedTerminal) +
                h.counts.of(engine::IndexState::FailedWillRetry),
            h.counts.failedAttempts,
            h.succeeded.back().value,
            h.failedIndexes.back().value,
            static_cast<int>(h.succeededDurationsMs.size())};
}

// The numbers as the exported report has them: the report written as JSON (the format scripts
// read) and parsed back.
inline RunNumbers reportNumbers(const report::Report& r) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QString error;
    if (!report::JsonReportWriter::write(r, buffer, {}, error))
        ADD_FAILURE() << "JSON report: " << error.toStdString();
    const QJsonObject json = QJsonDocument::fromJson(buffer.data()).object();
    RunNumbers n;
    const QJsonObject outcome = json.value(QStringLiteral("outcome")).toObject();
    n.succeeded = outcome.value(QStringLiteral("succeeded")).toInt(-1);
    n.failed = outcome.value(QStringLiteral("failed")).toInt(-1);
    // The failed attempts recorded, by the report's own count (history::countIndexes, as the
    // window's) and, attempt by attempt, by its history's outcomes: both must say the same.
    n.failedAttempts = outcome.value(QStringLiteral("failedAttempts")).toInt(-1);
    int fromHistory = 0;
    for (const QJsonValue& row : json.value(QStringLiteral("indexes")).toArray())
        for (const QJsonValue& a : row.toObject().value(QStringLiteral("history")).toArray()) {
            const auto o = engine::attemptOutcomeFromString(
                a.toObject().value(QStringLiteral("outcome")).toString().toStdString());
            fromHistory += o && engine::countsAsFailed(*o) ? 1 : 0;
        }
    if (fromHistory != n.failedAttempts)
        ADD_FAILURE() << "outcome.failedAttempts " << n.failedAttempts << " but the history has "
                      << fromHistory;
    const QJsonArray progress = json.value(QStringLiteral("progress")).toArray();
    if (!progress.isEmpty()) {
        n.succeededAtEnd = progress.last().toObject().value(QStringLiteral("succeeded")).toInt();
        n.failedAtEnd = progress.last().toObject().value(QStringLiteral("failed")).toInt();
    }
    for (const QJsonValue& bin : json.value(QStringLiteral("histogram")).toArray())
        n.durations += bin.toObject().value(QStringLiteral("count")).toInt();
    if (json.value(QStringLiteral("durations"))
            .toObject()
            .value(QStringLiteral("samples"))
            .toInt() != n.durations)
        ADD_FAILURE() << "the histogram's total is not the durations' samples";
    return n;
}

} // namespace tessera::store::test
