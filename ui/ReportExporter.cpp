#include "ReportExporter.h"

#include "launch/AsyncTask.h"
#include "report/ReportBuilder.h"

#include <QFileInfo>
#include <QProgressDialog>
#include <chrono>

namespace tessera::ui {

ReportExporter::ReportExporter(QString key, QString path, QWidget* parent)
    : QObject(parent)
    , m_key(std::move(key))
    , m_path(std::move(path)) {}

ReportExporter* ReportExporter::start(store::JobStore* store, const QString& key,
                                      const QString& path, QWidget* parent) {
    auto* e = new ReportExporter(key, path, parent);
    const auto format = report::ReportWriter::formatFromPath(path);
    if (!format || store == nullptr) {
        const QString why =
            !format ? tr("%1: unknown report format; name the file .html, .pdf, .csv or .json")
                          .arg(path)
                    : tr("%1: no source is open").arg(path);
        // Queued, so the caller can connect to `finished` first.
        QTimer::singleShot(0, e, [e, why] { e->finish(false, why); });
        return e;
    }
    e->m_format = *format;

    e->m_progress =
        new QProgressDialog(tr("Loading every attempt of the job…"), tr("Cancel"), 0, 0, parent);
    e->m_progress->setObjectName(QStringLiteral("reportProgress"));
    e->m_progress->setWindowTitle(tr("Export report"));
    e->m_progress->setMinimumDuration(400);
    e->m_progress->setAutoClose(false);
    e->m_progress->setAutoReset(false);
    connect(e->m_progress, &QProgressDialog::canceled, e, &ReportExporter::cancel);

    // The writer counts rows on its thread; the dialog reads the counters ten times a second.
    e->m_progressTimer.setInterval(100);
    connect(&e->m_progressTimer, &QTimer::timeout, e, [e] {
        if (!e->m_progress || e->m_phase != Phase::Writing)
            return;
        const qint64 total = e->m_total->load();
        if (total > 0) {
            e->m_progress->setMaximum(int(std::min<qint64>(total, 1 << 30)));
            e->m_progress->setValue(int(std::min<qint64>(e->m_done->load(), total)));
        }
    });

    connect(store, &store::JobStore::reportInputReady, e,
            [e](QString k, store::ReportInputPtr input, QString error) {
                e->onInput(k, input, error);
            });
    QMetaObject::invokeMethod(store, [s = QPointer<store::JobStore>(store), key] {
        if (s)
            s->loadReportInput(key);
    });
    return e;
}

void ReportExporter::cancel() {
    if (m_phase == Phase::Done)
        return;
    m_cancel->store(true);
    if (m_phase == Phase::Loading)
        finish(false, tr("%1: cancelled").arg(m_path));
    // Writing: the writer stops at the next row and answers "cancelled"; finish() follows.
}

void ReportExporter::onInput(const QString& key, const store::ReportInputPtr& input,
                             const QString& error) {
    if (key != m_key || m_phase != Phase::Loading)
        return;
    if (!input) {
        finish(false, error);
        return;
    }
    // A report has a row per index: refuse a job above the limit with the reason.
    if (const auto tooLarge = report::ReportBuilder::checkLimits(input->job)) {
        finish(false, QString::fromStdString(tooLarge->describe()));
        return;
    }
    m_phase = Phase::Writing;
    if (m_progress)
        m_progress->setLabelText(tr("Writing %1…").arg(QFileInfo(m_path).fileName()));
    m_progressTimer.start();

    launch::runAsync(
        this,
        [input, format = m_format, path = m_path, cancel = m_cancel, done = m_done,
         total = m_total]() -> QString {
            report::ReportInput copy = *input;
            copy.generatedAt =
                std::chrono::time_point_cast<engine::Duration>(std::chrono::system_clock::now());
            const report::Report built = report::ReportBuilder::build(std::move(copy));
            report::WriteControl control;
            control.cancel = cancel.get();
            control.progress = [done, total](int64_t d, int64_t t) {
                done->store(d);
                total->store(t);
            };
            const auto written = report::ReportWriter::write(built, format, path, control);
            return written.ok() ? QString() : QString::fromStdString(written.error().describe());
        },
        [this](QString writeError) {
            if (writeError.isEmpty())
                finish(true, m_path);
            else
                finish(false, writeError);
        });
}

void ReportExporter::finish(bool ok, const QString& message) {
    if (m_phase == Phase::Done)
        return;
    m_phase = Phase::Done;
    m_progressTimer.stop();
    if (m_progress)
        m_progress->deleteLater();
    emit finished(ok, message);
    deleteLater();
}

} // namespace tessera::ui
