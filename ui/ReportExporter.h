#pragma once
// File > Export report: asks the job's store for what the report is built from (in the store's
// thread), then builds the report and writes it (HTML, PDF, CSV or JSON, chosen by the file's
// extension) on the thread pool. A progress dialog shows the rows written and can cancel; the
// file is written under a temporary name and renamed (report::ReportWriter), so a cancelled or
// failed export leaves nothing behind.
//
//   auto* e = ReportExporter::start(store, key, "/tmp/render.pdf", this);
//   connect(e, &ReportExporter::finished, this, [](bool ok, QString message) { ... });
#include "report/ReportWriter.h"
#include "store/JobStore.h"

#include <QObject>
#include <QPointer>
#include <QProgressDialog>
#include <QTimer>
#include <atomic>
#include <memory>

class QWidget;

namespace tessera::ui {

class ReportExporter : public QObject {
    Q_OBJECT
public:
    // Starts an export; the exporter deletes itself after `finished`.
    static ReportExporter* start(store::JobStore* store, const QString& key, const QString& path,
                                 QWidget* parent);

public slots:
    void cancel();

signals:
    // `message`: the path written, or what went wrong (naming the path).
    void finished(bool ok, QString message);

private:
    ReportExporter(QString key, QString path, QWidget* parent);
    void onInput(const QString& key, const store::ReportInputPtr& input, const QString& error);
    void finish(bool ok, const QString& message);

    enum class Phase { Loading, Writing, Done };
    QString m_key, m_path;
    report::ReportFormat m_format = report::ReportFormat::Html;
    Phase m_phase = Phase::Loading;
    QPointer<QProgressDialog> m_progress;
    QTimer m_progressTimer;
    // Shared with the writing thread, which may outlive a cancelled exporter by a few rows.
    std::shared_ptr<std::atomic<bool>> m_cancel = std::make_shared<std::atomic<bool>>(false);
    std::shared_ptr<std::atomic<qint64>> m_done = std::make_shared<std::atomic<qint64>>(0);
    std::shared_ptr<std::atomic<qint64>> m_total = std::make_shared<std::atomic<qint64>>(0);
};

} // namespace tessera::ui
