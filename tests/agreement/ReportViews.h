#pragma once
// What the completion report of a run shows, format by format, read back from what each writer
// wrote: the JSON (parsed), the CSV (its rows), the HTML (its text) and the PDF (its text, as
// pdftotext extracts it). `tessera report` writes the same files from the command line.
#include "Observations.h"
#include "report/Report.h"

#include <QByteArray>

namespace tessera::agreement {

// Builds nothing: `report` is what report::ReportBuilder built from the source's report input.
// `when` names the moment ("live", "reload"). PDF text only when `withPdf` (pdftotext is a
// process per report).
void observeReport(const report::Report& report, const QString& when, bool withPdf,
                   Observations& out);

// A report JSON document (the CLI's output file) under the view name `view`.
void observeJsonReport(const QByteArray& json, const QString& view, Observations& out);

} // namespace tessera::agreement
