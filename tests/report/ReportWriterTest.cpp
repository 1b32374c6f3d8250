// Every writer on real files: the JSON is parsed back, the CSV read with an RFC 4180 reader, the
// HTML checked for escaping and self-containment, the PDF checked with pdfinfo.
#include "report/ReportWriter.h"

#include "ReportFixtures.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <cerrno>
#include <cstring>
#include <gtest/gtest.h>
#include <limits>
#include <sys/mount.h>

using namespace tessera;
using namespace tessera::report;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

QString writeReport(const Report& r, ReportFormat format, const QTemporaryDir& dir,
                    const QString& name) {
    const QString path = dir.filePath(name);
    const auto written = ReportWriter::write(r, format, path);
    EXPECT_TRUE(written.ok()) << (written.ok() ? "" : written.error().message);
    return path;
}

// A small RFC 4180 reader: quoted fields may hold commas, quotes ("") and line breaks.
std::vector<std::vector<std::string>> parseCsv(const std::string& text) {
    std::vector<std::vector<std::string>> rows(1);
    std::string field;
    bool quoted = false, fieldStarted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"' && !fieldStarted) {
            quoted = fieldStarted = true;
        } else if (c == ',') {
            rows.back().push_back(field);
            field.clear();
            fieldStarted = false;
        } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
            rows.back().push_back(field);
            field.clear();
            fieldStarted = false;
            rows.emplace_back();
            ++i;
        } else {
            field += c;
            fieldStarted = true;
        }
    }
    if (rows.back().empty() && field.empty())
        rows.pop_back();
    return rows;
}

int pdfPages(const QString& path) {
    QProcess p;
    p.start(QStringLiteral("pdfinfo"), {path});
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        return -1;
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    const auto m = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(out);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

} // namespace

TEST(JsonReportWriter, ListsEveryIndexAndEveryAttempt) {
    const engine::SimulationResult sim = reporttest::simulateRun(40);
    const Report r = ReportBuilder::build(reporttest::inputFrom(sim));
    QTemporaryDir dir;
    const QString path = writeReport(r, ReportFormat::Json, dir, QStringLiteral("r.json"));
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(readAll(path), &err);
    ASSERT_EQ(err.error, QJsonParseError::NoError) << err.errorString().toStdString();
    const QJsonObject root = doc.object();
    EXPECT_EQ(root[u"schema"].toString(), QStringLiteral("tessera.report/v1"));
    EXPECT_EQ(root[u"job"][u"name"].toString(), QStringLiteral("render"));
    EXPECT_EQ(root[u"outcome"][u"completedIndexes"].toString(),
              QString::fromStdString(sim.status.completedIndexes));
    const QJsonArray indexes = root[u"indexes"].toArray();
    ASSERT_EQ(indexes.size(), 40);
    qsizetype attempts = 0;
    for (qsizetype i = 0; i < indexes.size(); ++i) {
        const QJsonObject o = indexes[i].toObject();
        EXPECT_EQ(o[u"index"].toInt(), i);
        const QJsonArray history = o[u"history"].toArray();
        EXPECT_EQ(o[u"attempts"].toInt(), history.size());
        for (const QJsonValue& h : history) {
            // Each listed attempt is one of the simulated ones, with its own pod name.
            const auto match =
                std::find_if(sim.attempts.begin(), sim.attempts.end(), [&](const auto& a) {
                    return QString::fromStdString(a.podName) == h[u"pod"].toString();
                });
            ASSERT_NE(match, sim.attempts.end());
            EXPECT_EQ(match->index, i);
        }
        attempts += history.size();
    }
    EXPECT_EQ(attempts, static_cast<qsizetype>(sim.attempts.size()));
    EXPECT_EQ(indexes[7].toObject()[u"status"].toString(), QStringLiteral("Failed"));
    EXPECT_EQ(indexes[3].toObject()[u"attempts"].toInt(), 2);
    EXPECT_DOUBLE_EQ(root[u"durations"][u"p50Seconds"].toDouble(),
                     engine::toSeconds(*r.percentiles.p50));
}

TEST(CsvReportWriter, OneQuotedRowPerIndexUnderAHeader) {
    const Report r = ReportBuilder::build(reporttest::handMadeInput());
    QTemporaryDir dir;
    const QString path = writeReport(r, ReportFormat::Csv, dir, QStringLiteral("r.csv"));
    const auto rows = parseCsv(readAll(path).toStdString());
    ASSERT_EQ(rows.size(), 5u); // header + 4 indexes
    EXPECT_EQ(rows[0].front(), "index");
    EXPECT_EQ(rows[0][12], "message");
    // The index's failure count is the last column (history::failuresAfter, as JSON's).
    EXPECT_EQ(rows[0].back(), "failed_attempts");
    EXPECT_EQ(rows[1].back(), std::to_string(r.rows[0].failures));
    for (const auto& row : rows) {
        EXPECT_EQ(row.size(), rows[0].size());
    }
    EXPECT_EQ(rows[1][0], "0");
    EXPECT_EQ(rows[1][2], "Succeeded");
    EXPECT_EQ(rows[1][3], "2");
    EXPECT_EQ(rows[1][4], "job-<x>-0");
    EXPECT_EQ(rows[1][8], "20.000");
    EXPECT_EQ(rows[2][11], "OOMKilled");
    EXPECT_EQ(rows[2][10], "9");
    EXPECT_EQ(rows[2][12], "<script>alert('x')</script> & more");
    EXPECT_EQ(rows[4][2], "NotStarted");
}

TEST(CsvReportWriter, QuotesFieldsWithCommasQuotesAndNewlines) {
    ReportInput in = reporttest::handMadeInput();
    in.attempts.erase(in.attempts.begin() + 2); // index 0 now ends on its failed first attempt
    in.job.status.completedIndexes = "";
    const Report r = ReportBuilder::build(in);
    QTemporaryDir dir;
    const QString path = writeReport(r, ReportFormat::Csv, dir, QStringLiteral("r.csv"));
    const QByteArray raw = readAll(path);
    EXPECT_NE(raw.indexOf("\"said \"\"no\"\", then quit\nsecond line\""), -1);
    const auto rows = parseCsv(raw.toStdString());
    ASSERT_EQ(rows.size(), 5u);
    EXPECT_EQ(rows[1][12], "said \"no\", then quit\nsecond line");
}

TEST(HtmlReportWriter, EscapesTextAndEmbedsEverything) {
    const Report r = ReportBuilder::build(reporttest::handMadeInput());
    QTemporaryDir dir;
    const QString path = writeReport(r, ReportFormat::Html, dir, QStringLiteral("r.html"));
    const QString html = QString::fromUtf8(readAll(path));
    EXPECT_FALSE(html.contains(u"job-<x>"));
    EXPECT_TRUE(html.contains(u"job-&lt;x&gt;"));
    EXPECT_FALSE(html.contains(u"hand <made>"));
    EXPECT_TRUE(html.contains(u"team &amp; co"));
    EXPECT_FALSE(html.contains(u"<script"));
    // One self-contained file: inline SVG charts, nothing fetched from elsewhere.
    EXPECT_TRUE(html.contains(u"<svg"));
    EXPECT_TRUE(html.contains(u"id=\"progress-chart\""));
    EXPECT_TRUE(html.contains(u"id=\"histogram-chart\""));
    EXPECT_FALSE(html.contains(u"src="));
    EXPECT_FALSE(html.contains(u"<link"));
    // One table row per index, with its status class.
    EXPECT_EQ(html.count(QRegularExpression(QStringLiteral("<tr class=\"[A-Za-z]+\">"))), 4);
    EXPECT_TRUE(html.contains(u"<tr class=\"NotStarted\">"));
}

TEST(HtmlReportWriter, ShowsEveryIndexOfASimulatedRun) {
    const Report r = ReportBuilder::build(reporttest::inputFrom(reporttest::simulateRun(40)));
    QTemporaryDir dir;
    const QString html = QString::fromUtf8(
        readAll(writeReport(r, ReportFormat::Html, dir, QStringLiteral("r.html"))));
    for (int i = 0; i < 40; ++i) {
        EXPECT_TRUE(html.contains(QStringLiteral("<td>render-%1</td>").arg(i))) << i;
    }
    EXPECT_EQ(html.count(u"<tr class=\"Failed\">"), 1);
}

TEST(PdfReportWriter, ProducesPagesThatPdfinfoReads) {
    if (QStandardPaths::findExecutable(QStringLiteral("pdfinfo")).isEmpty()) {
        GTEST_SKIP() << "pdfinfo (poppler-utils) is not installed";
    }
    QTemporaryDir dir;
    const Report small = ReportBuilder::build(reporttest::handMadeInput());
    const QString a = writeReport(small, ReportFormat::Pdf, dir, QStringLiteral("small.pdf"));
    EXPECT_TRUE(readAll(a).startsWith("%PDF-"));
    EXPECT_GE(pdfPages(a), 1);
    // 600 indexes need several table pages (at most ~45 rows a page).
    const Report big = ReportBuilder::build(reporttest::inputFrom(reporttest::simulateRun(600)));
    const QString b = writeReport(big, ReportFormat::Pdf, dir, QStringLiteral("big.pdf"));
    EXPECT_GE(pdfPages(b), 600 / 45 + 2);
}

TEST(ReportWriter, CancelLeavesNoFileBehindAndProgressReachesTheEnd) {
    const Report r = ReportBuilder::build(reporttest::inputFrom(reporttest::simulateRun(40)));
    QTemporaryDir dir;
    for (ReportFormat f :
         {ReportFormat::Json, ReportFormat::Csv, ReportFormat::Html, ReportFormat::Pdf}) {
        std::atomic<bool> cancel{true};
        const QString path = dir.filePath(QStringLiteral("cancelled.") +
                                          QString::fromUtf8(ReportWriter::extension(f)));
        const auto written = ReportWriter::write(r, f, path, WriteControl{{}, &cancel});
        ASSERT_FALSE(written.ok());
        EXPECT_NE(written.error().message.find("cancelled"), std::string::npos);
        EXPECT_FALSE(QFile::exists(path));

        int64_t lastDone = -1, lastTotal = -1;
        WriteControl control{[&](int64_t done, int64_t total) {
                                 lastDone = done;
                                 lastTotal = total;
                             },
                             nullptr};
        ASSERT_TRUE(ReportWriter::write(r, f, path, control).ok());
        EXPECT_EQ(lastDone, 40);
        EXPECT_EQ(lastTotal, 40);
        EXPECT_TRUE(QFile::exists(path));
    }
    // Only the finished reports are left: no temporary files.
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files).size(), 4);
}

TEST(ReportWriter, ReportsAnUnwritablePath) {
    const Report r = ReportBuilder::build(reporttest::handMadeInput());
    const auto written =
        ReportWriter::write(r, ReportFormat::Json, QStringLiteral("/nonexistent-dir/r.json"));
    ASSERT_FALSE(written.ok());
    EXPECT_NE(written.error().message.find("/nonexistent-dir/r.json"), std::string::npos);
}

TEST(ReportWriter, AFullDiskIsAnErrorSayingSoAndLeavesNoTruncatedReport) {
    // A real full disk: a 64 KiB tmpfs (root only; CI runs as root).
    QTemporaryDir dir;
    const QByteArray disk = QFile::encodeName(dir.filePath(QStringLiteral("disk")));
    ASSERT_TRUE(QDir().mkpath(QString::fromLocal8Bit(disk)));
    if (::mount("tmpfs", disk.constData(), "tmpfs", 0, "size=64k") != 0)
        GTEST_SKIP() << "mounting a tmpfs is not permitted here: " << std::strerror(errno);
    struct Unmount {
        QByteArray path;
        ~Unmount() { ::umount2(path.constData(), MNT_DETACH); }
    } unmount{disk};
    // Large enough that every format overflows 64 KiB.
    const Report r = ReportBuilder::build(reporttest::inputFrom(reporttest::simulateRun(3000)));
    for (ReportFormat f :
         {ReportFormat::Json, ReportFormat::Csv, ReportFormat::Html, ReportFormat::Pdf}) {
        const QString path = QString::fromLocal8Bit(disk) + QStringLiteral("/r.") +
                             QString::fromUtf8(ReportWriter::extension(f));
        const auto written = ReportWriter::write(r, f, path);
        ASSERT_FALSE(written.ok()) << ReportWriter::extension(f) << " reported written";
        EXPECT_EQ(written.error().message, path.toStdString() + ": No space left on device");
        EXPECT_FALSE(QFile::exists(path));
    }
    EXPECT_TRUE(QDir(QString::fromLocal8Bit(disk)).entryList(QDir::Files | QDir::Hidden).isEmpty());
}

TEST(ReportWriter, FormatsByNameAndExtension) {
    EXPECT_EQ(ReportWriter::formatFromName("PDF"), ReportFormat::Pdf);
    EXPECT_EQ(ReportWriter::formatFromName("json"), ReportFormat::Json);
    EXPECT_FALSE(ReportWriter::formatFromName("docx").has_value());
    EXPECT_EQ(ReportWriter::formatFromPath(QStringLiteral("/tmp/a.report.csv")), ReportFormat::Csv);
    EXPECT_EQ(ReportWriter::formatFromPath(QStringLiteral("x.htm")), ReportFormat::Html);
}

namespace {

// The text of each page of a PDF (pdftotext), or an empty list when it cannot be read.
QStringList pdfPageTexts(const QString& path) {
    QProcess p;
    p.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), path, QStringLiteral("-")});
    if (!p.waitForFinished(30000) || p.exitCode() != 0)
        return {};
    QStringList pages = QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\f'));
    if (!pages.isEmpty() && pages.last().trimmed().isEmpty())
        pages.removeLast();
    return pages;
}

} // namespace

TEST(PdfReportWriter, FillsItsPagesAndLabelsTheChartAxes) {
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()) {
        GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
    }
    QTemporaryDir dir;
    for (const int indexes : {4, 40, 600}) {
        const Report r =
            indexes == 4
                ? ReportBuilder::build(reporttest::handMadeInput())
                : ReportBuilder::build(reporttest::inputFrom(reporttest::simulateRun(indexes)));
        const QString path =
            writeReport(r, ReportFormat::Pdf, dir, QStringLiteral("r%1.pdf").arg(indexes));
        const QStringList pages = pdfPageTexts(path);
        ASSERT_FALSE(pages.isEmpty()) << indexes;
        // No page but the last is left nearly empty (the charts and the table follow the text
        // on the same page when they fit).
        for (qsizetype i = 0; i + 1 < pages.size(); ++i) {
            const auto lines = pages[i].split(QLatin1Char('\n'), Qt::SkipEmptyParts);
            EXPECT_GE(lines.size(), 25) << indexes << " indexes, page " << i + 1 << ":\n"
                                        << pages[i].toStdString();
        }
        const QString all = pages.join(QLatin1Char('\n'));
        // Axis titles and tick values, not bare lines.
        EXPECT_TRUE(all.contains(QStringLiteral("time since the start ("))) << indexes;
        EXPECT_TRUE(all.contains(QStringLiteral("duration ("))) << indexes;
        EXPECT_TRUE(all.contains(QStringLiteral("indexes"))) << indexes;
        // Which times the per-index table shows.
        EXPECT_TRUE(all.contains(QStringLiteral("First start"))) << indexes;
        EXPECT_TRUE(all.contains(QStringLiteral("the duration is that of its last attempt")))
            << indexes;
    }
}

TEST(ReportWriter, AnUnlimitedBackoffLimitReadsUnlimitedForPeopleAndStaysANumberInJson) {
    report::ReportInput in = reporttest::handMadeInput();
    in.job.spec.backoffLimit = std::numeric_limits<int32_t>::max();
    const Report r = ReportBuilder::build(in);
    QTemporaryDir dir;
    const QString html = QString::fromUtf8(
        readAll(writeReport(r, ReportFormat::Html, dir, QStringLiteral("r.html"))));
    EXPECT_TRUE(html.contains(QStringLiteral("<th>Backoff limit</th><td>unlimited</td>")));
    EXPECT_FALSE(html.contains(QStringLiteral("2147483647")));
    EXPECT_TRUE(html.contains(QStringLiteral("<th>First start</th>")));
    EXPECT_TRUE(html.contains(QStringLiteral("<th>Last attempt&#x27;s duration</th>")) ||
                html.contains(QStringLiteral("<th>Last attempt's duration</th>")));
    const QJsonObject json = QJsonDocument::fromJson(readAll(writeReport(r, ReportFormat::Json, dir,
                                                                         QStringLiteral("r.json"))))
                                 .object();
    EXPECT_EQ(json.value(QStringLiteral("spec")).toObject().value(QStringLiteral("backoffLimit")),
              QJsonValue(2147483647.0))
        << QJsonDocument(json.value(QStringLiteral("spec")).toObject()).toJson().toStdString();
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
        return;
    const QString pdf =
        pdfPageTexts(writeReport(r, ReportFormat::Pdf, dir, QStringLiteral("r.pdf")))
            .join(QLatin1Char('\n'));
    EXPECT_TRUE(pdf.contains(QStringLiteral("unlimited"))) << pdf.toStdString();
}

// The three "failed" numbers, each under its own name in JSON and labelled in HTML: failed
// indexes, the Job's status.failed (pods), and the failed attempts recorded (a deleted one
// counts, a removed one does not), with each index's failure count.
TEST(ReportWriters, NameEachFailedNumber) {
    ReportInput in = reporttest::handMadeInput();
    in.job.status.failed = 9; // the Job's own counter (pods no longer listed included)
    engine::Attempt deleted = in.attempts.back();
    deleted.index = 3;
    deleted.number = 1;
    deleted.podName = "job-x-3-1";
    deleted.outcome = engine::AttemptOutcome::Deleted;
    deleted.finishedAt = deleted.startedAt;
    in.attempts.push_back(deleted);
    engine::Attempt removed = deleted;
    removed.number = 2;
    removed.podName = "job-x-3-2";
    removed.outcome = engine::AttemptOutcome::Removed;
    in.attempts.push_back(removed);
    const Report r = ReportBuilder::build(in);
    QTemporaryDir dir;
    const QJsonObject root = QJsonDocument::fromJson(readAll(writeReport(r, ReportFormat::Json, dir,
                                                                         QStringLiteral("r.json"))))
                                 .object();
    const QJsonObject outcome = root[u"outcome"].toObject();
    EXPECT_EQ(outcome[u"failed"].toInt(), r.failedCount); // indexes
    EXPECT_EQ(outcome[u"failedPods"].toInt(), 9);
    EXPECT_EQ(outcome[u"failedAttempts"].toInt(), 3); // two failed, one deleted
    EXPECT_EQ(outcome[u"deletedAttempts"].toInt(), 1);
    const QJsonArray indexes = root[u"indexes"].toArray();
    EXPECT_EQ(indexes[0].toObject()[u"failures"].toInt(), 1); // failed, then succeeded
    EXPECT_EQ(indexes[3].toObject()[u"failures"].toInt(), 1); // deleted, then removed
    const QString html = QString::fromUtf8(
        readAll(writeReport(r, ReportFormat::Html, dir, QStringLiteral("r.html"))));
    EXPECT_TRUE(html.contains(u"Failed pods (Job status.failed)</th><td>9"));
    EXPECT_TRUE(html.contains(u"Failed attempts recorded</th><td>3 (1 deleted)"));
}
