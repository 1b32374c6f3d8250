#include "ReportViews.h"

#include "engine/JobState.h"
#include "report/ReportLabels.h"
#include "report/ReportWriter.h"

#include <QBuffer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <gtest/gtest.h>
#include <map>

namespace tessera::agreement {

namespace q = quantity;

namespace {

QByteArray written(const report::Report& r, report::ReportFormat format) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QString error;
    if (!report::ReportWriter::writeTo(r, format, buffer, {}, error))
        ADD_FAILURE() << "report writer (" << report::ReportWriter::extension(format)
                      << "): " << error.toStdString();
    return buffer.data();
}

// The value written after `label` in a report's text (HTML without its tags, or PDF text): the
// first word after the label that is not the label again (headings repeat some labels).
QString valueAfter(const QString& text, const QString& label) {
    const QRegularExpression re(QRegularExpression::escape(label) +
                                QStringLiteral("(?=\\s+(\\S+))"));
    for (auto it = re.globalMatch(text); it.hasNext();) {
        const QString value = it.next().captured(1);
        if (!label.startsWith(value))
            return value;
    }
    return QStringLiteral("(not found)");
}

void observeText(const QString& text, const QString& view, Observations& out) {
    const report::ReportLabels labels;
    out.add(view, q::state, valueAfter(text, labels.outcome));
    out.add(view, q::succeededIndexes, valueAfter(text, labels.succeededIndexes));
    out.add(view, q::failedIndexes, valueAfter(text, labels.failedIndexCount));
}

QString htmlText(const QByteArray& html) {
    QString text = QString::fromUtf8(html);
    text.remove(QRegularExpression(QStringLiteral("<style>.*</style>"),
                                   QRegularExpression::DotMatchesEverythingOption));
    text.replace(QRegularExpression(QStringLiteral("<[^>]*>")), QStringLiteral(" "));
    return text;
}

QString pdfText(const QByteArray& pdf) {
    QTemporaryDir dir;
    QFile file(dir.filePath(QStringLiteral("report.pdf")));
    if (!file.open(QIODevice::WriteOnly) || file.write(pdf) != pdf.size())
        return QStringLiteral("(cannot write %1)").arg(file.fileName());
    file.close();
    QProcess p;
    p.start(QStringLiteral("pdftotext"),
            {QStringLiteral("-layout"), file.fileName(), QStringLiteral("-")});
    if (!p.waitForFinished(30000) || p.exitCode() != 0)
        return QStringLiteral("(pdftotext failed: %1)")
            .arg(QString::fromUtf8(p.readAllStandardError()));
    return QString::fromUtf8(p.readAllStandardOutput());
}

// CSV rows as the writer quotes them (RFC 4180), header first.
std::vector<QStringList> csvRows(const QByteArray& csv) {
    std::vector<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    const QString text = QString::fromUtf8(csv);
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == u'"' && i + 1 < text.size() && text[i + 1] == u'"') {
                field += c;
                ++i;
            } else if (c == u'"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == u'"') {
            quoted = true;
        } else if (c == u',') {
            row << field;
            field.clear();
        } else if (c == u'\n') {
            row << field;
            field.clear();
            rows.push_back(row);
            row.clear();
        } else if (c != u'\r') {
            field += c;
        }
    }
    return rows;
}

void observeCsv(const QByteArray& csv, const QString& view, Observations& out) {
    const std::vector<QStringList> rows = csvRows(csv);
    if (rows.empty())
        return;
    const QStringList& header = rows.front();
    const auto column = [&](const char* name) {
        return header.indexOf(QLatin1String(name));
    };
    const int index = column("index"), status = column("status"), attempts = column("attempts"),
              hostname = column("hostname"), exitCode = column("exit_code");
    long long succeeded = 0, failed = 0, attemptsTotal = 0;
    for (std::size_t r = 1; r < rows.size(); ++r) {
        const QStringList& row = rows[r];
        const int i = row.value(index).toInt();
        succeeded += row.value(status) == QLatin1String("Succeeded");
        failed += row.value(status) == QLatin1String("Failed");
        attemptsTotal += row.value(attempts).toInt();
        out.add(view, q::stateOf(i), row.value(status));
        out.add(view, q::attemptsOf(i), row.value(attempts));
        out.add(view, q::lastExitCodeOf(i), row.value(exitCode));
        out.add(view, q::hostnameOf(i), row.value(hostname));
    }
    out.add(view, q::succeededIndexes, succeeded);
    out.add(view, q::failedIndexes, failed);
    out.add(view, q::attempts, attemptsTotal);
}

} // namespace

void observeJsonReport(const QByteArray& bytes, const QString& view, Observations& out) {
    const QJsonObject json = QJsonDocument::fromJson(bytes).object();
    const QJsonObject outcome = json[u"outcome"].toObject();
    out.add(view, q::state, outcome[u"result"].toString());
    out.add(view, q::reason, outcome[u"reason"].toString());
    out.add(view, q::completedIndexSet, outcome[u"completedIndexes"].toString());
    out.add(view, q::failedIndexSet, outcome[u"failedIndexes"].toString());
    out.add(view, q::succeededIndexes, outcome[u"succeeded"].toInt(-1));
    // docs/report-schema.md: outcome.failedPods is the Job's status.failed, outcome.failed the
    // failed indexes, outcome.failedAttempts the failed attempts recorded.
    out.add(view, q::statusFailed, outcome[u"failedPods"].toInt(-1));
    out.add(view + QStringLiteral(" outcome"), q::failedIndexes, outcome[u"failed"].toInt(-1));
    out.add(view + QStringLiteral(" outcome"), q::failedAttempts,
            outcome[u"failedAttempts"].toInt(-1));
    out.add(view, q::active, outcome[u"active"].toInt(-1));
    long long failedAttempts = 0, attempts = 0, ended = 0, failedIndexes = 0, withFailures = 0;
    for (const QJsonValue& value : json[u"indexes"].toArray()) {
        const QJsonObject row = value.toObject();
        const int i = row[u"index"].toInt();
        const QString status = row[u"status"].toString();
        failedIndexes += status == QLatin1String("Failed");
        out.add(view, q::stateOf(i), status);
        out.add(view, q::attemptsOf(i), row[u"attempts"].toInt());
        out.add(view, q::lastExitCodeOf(i),
                row[u"exitCode"].isNull() ? QString() : QString::number(row[u"exitCode"].toInt()));
        out.add(view, q::hostnameOf(i), row[u"hostname"].toString());
        QStringList failureCounts;
        int failures = 0;
        for (const QJsonValue& a : row[u"history"].toArray()) {
            ++attempts;
            ended += !a[u"finishedAt"].isNull();
            failureCounts << QString::number(a[u"failureCount"].toInt());
            // The one rule for a failed attempt, over the outcome the report names.
            const auto attemptOutcome =
                engine::attemptOutcomeFromString(a[u"outcome"].toString().toStdString());
            failures += attemptOutcome && engine::countsAsFailed(*attemptOutcome) ? 1 : 0;
        }
        failedAttempts += failures;
        withFailures += failures > 0;
        out.add(view, q::failuresOf(i), failures);
        out.add(view, q::failureCountsOf(i), failureCounts.join(QLatin1Char(',')));
    }
    out.add(view, q::failedIndexes, failedIndexes);
    out.add(view, q::failedAttempts, failedAttempts);
    out.add(view, q::attempts, attempts);
    out.add(view, q::attemptsEnded, ended);
    out.add(view, q::indexesWithFailures, withFailures);
    const QJsonArray progress = json[u"progress"].toArray();
    if (!progress.isEmpty()) {
        out.add(view + QStringLiteral(" progress curve"), q::succeededIndexes,
                progress.last()[u"succeeded"].toInt());
        out.add(view + QStringLiteral(" progress curve"), q::failedIndexes,
                progress.last()[u"failed"].toInt());
    }
}

void observeReport(const report::Report& r, const QString& when, bool withPdf, Observations& out) {
    const auto view = [&](const char* format) {
        return QStringLiteral("report %1 (%2)").arg(QLatin1String(format), when);
    };
    observeJsonReport(written(r, report::ReportFormat::Json), view("JSON"), out);
    observeCsv(written(r, report::ReportFormat::Csv), view("CSV"), out);
    observeText(htmlText(written(r, report::ReportFormat::Html)), view("HTML"), out);
    if (withPdf)
        observeText(pdfText(written(r, report::ReportFormat::Pdf)), view("PDF"), out);
}

} // namespace tessera::agreement
