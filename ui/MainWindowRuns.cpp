// MainWindow: launching work (Launch dialogs, dropped files), local runs (start, resume, the
// runs still running at close), re-running a job's indexes, comparing two runs and exporting a
// report.
#include "CompareRunsDialog.h"
#include "JobListModel.h"
#include "JobView.h"
#include "MainWindow.h"
#include "ReportExporter.h"
#include "engine/IndexSet.h"
#include "launch/LaunchDialog.h"
#include "launch/LaunchGenerator.h"
#include "launch/LaunchedJobSelector.h"
#include "store/JobStore.h"
#include "store/LocalSource.h"
#include "store/RelaunchInput.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QMimeData>
#include <QStatusBar>
#include <QUrl>
#include <algorithm>
#include <climits>
#include <memory>
#include <set>

namespace tessera::ui {

CompareRunsDialog* MainWindow::compareSelected() {
    const QString key = selectedKey();
    if (key.isEmpty() || !m_host || !m_host->store()) {
        statusBar()->showMessage(tr("Select a job to compare first."), 5000);
        return nullptr;
    }
    auto* dialog = new CompareRunsDialog(m_host->store(), m_model, key, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

QStringList MainWindow::runningLocalRuns() const {
    QStringList names;
    if (!m_host || m_host->id() != SourceHost::localId())
        return names;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const store::JobSummary& job = m_model->job(row);
        if (job.status == engine::JobState::Running || job.status == engine::JobState::Pending)
            names << job.name;
    }
    names.sort();
    return names;
}

void MainWindow::resumeSelected() {
    const QString key = selectedKey();
    if (key.isEmpty() || !m_host) {
        statusBar()->showMessage(tr("Select an interrupted local run to resume it."), 5000);
        return;
    }
    QMetaObject::invokeMethod(m_host->store(), [s = QPointer(m_host->store()), key] {
        if (s)
            s->resumeJob(key); // failures arrive as actionFailed
    });
    statusBar()->showMessage(tr("Resuming %1…").arg(key.section(QLatin1Char('/'), -1)), 5000);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    const bool files = !urls.isEmpty() && std::all_of(urls.begin(), urls.end(), [](const QUrl& u) {
        return u.isLocalFile();
    });
    if (files)
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    QStringList paths;
    for (const QUrl& url : event->mimeData()->urls()) {
        if (url.isLocalFile())
            paths << url.toLocalFile();
    }
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    openLaunchFiles(paths);
}

launch::LaunchDialog* MainWindow::newLaunchDialog() {
    // Where a cluster launch can go: the source shown now, when it is a cluster (the Demo or a
    // context), then the other contexts (resolved when launching).
    QList<launch::ClusterTarget> targets;
    if (m_host && m_host->connection())
        targets.append(
            {m_host->displayName(), m_host->id(),
             m_host->id().startsWith(QLatin1String("context:")) ? m_host->id().mid(8) : QString(),
             m_host->connection()});
    for (int i = 0; i < m_sources->count(); ++i) {
        const QString id = m_sources->itemData(i).toString();
        if (id.startsWith(QLatin1String("context:")) && (!m_host || id != m_host->id()))
            targets.append({m_sources->itemText(i), id, id.mid(8), std::nullopt});
    }
    auto* dialog = new launch::LaunchDialog(this);
    dialog->setObjectName(QStringLiteral("launchDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setClusterTargets(targets);
    // A window showing a cluster launches there by default; Local runs and no source: locally.
    if (m_host && m_host->connection())
        dialog->setTarget(launch::LaunchDialog::Target::Cluster);
    connect(dialog, &launch::LaunchDialog::localRunRequested, this, &MainWindow::startLocalRun);
    connect(dialog, &launch::LaunchDialog::clusterLaunched, this,
            [this](const QString& sourceId, const QString& ns, const QString& name) {
                if (currentSourceId() != sourceId)
                    openSource(sourceId);
                m_launched->selectClusterJob(ns, name); // selected and shown once listed
                statusBar()->showMessage(tr("Launched %1").arg(name), 10000);
            });
    connect(dialog, &launch::LaunchDialog::launchFailed, this,
            [this](const QString& message) { statusBar()->showMessage(message, 15000); });
    return dialog;
}

void MainWindow::openLaunchFiles(const QStringList& paths) {
    for (const QString& path : paths) {
        launch::LaunchDialog* dialog = newLaunchDialog();
        dialog->openFile(path);
        dialog->show();
    }
}

void MainWindow::rerunIndexes(bool onlyFailed) {
    rerunJob(selectedKey(), [onlyFailed](const store::RelaunchInput& input) {
        return onlyFailed ? input.failed : input.notSucceeded;
    });
}

void MainWindow::rerunIndexesOf(const QString& key, const QString& indexes) {
    const auto chosen = engine::IndexSet::parseLenient(indexes.toStdString(), INT32_MAX);
    rerunJob(key, [chosen](const store::RelaunchInput&) {
        return std::vector<int32_t>(chosen.begin(), chosen.end());
    });
}

void MainWindow::rerunJob(const QString& key, const IndexChooser& choose) {
    store::JobStore* jobStore = m_host ? m_host->store() : nullptr;
    if (key.isEmpty() || jobStore == nullptr) {
        statusBar()->showMessage(tr("Select a finished job to re-run its indexes."), 5000);
        return;
    }
    // The store loads the items (a local run's directory, a cluster job's items ConfigMap) and
    // the qualifying indexes in its thread; one answer, then this connection goes.
    const QString sourceId = currentSourceId();
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(
        jobStore, &store::JobStore::relaunchInputReady, this,
        [this, key, choose, sourceId, connection](
            const QString& answered, const store::RelaunchInputPtr& input, const QString& error) {
            if (answered != key)
                return;
            disconnect(*connection);
            if (!input) {
                statusBar()->showMessage(error, 15000);
                return;
            }
            const std::vector<int32_t> subset = choose(*input);
            if (subset.empty()) {
                statusBar()->showMessage(tr("Nothing to re-run: no index qualifies."), 10000);
                return;
            }
            const auto& relaunch = input->relaunch;
            launch::LaunchDialog* dialog = newLaunchDialog();
            std::set<std::string> taken; // "x-rerun" exists: this one is "x-rerun-2"
            for (int r = 0; r < m_model->rowCount(); ++r)
                taken.insert(m_model->job(r).name.toStdString());
            dialog->openRerun(input->origin, relaunch.list, subset,
                              QString::fromStdString(tessera::launch::LaunchGenerator::rerunName(
                                  relaunch.spec.name, taken)),
                              relaunch.originalIndexes);
            if (input->local) {
                dialog->presetSettings(relaunch.spec); // the run's own limits, not the defaults
                dialog->setTarget(launch::LaunchDialog::Target::Local);
            } else {
                dialog->presetCluster(relaunch.spec, sourceId);
            }
            dialog->show();
        });
    QMetaObject::invokeMethod(jobStore, [s = QPointer<store::JobStore>(jobStore), key] {
        if (s)
            s->loadRelaunchInput(key);
    });
    statusBar()->showMessage(tr("Loading the items of %1…").arg(key), 5000);
}

void MainWindow::startLocalRun(const tessera::local::RunOptions& options,
                               const QString& temporaryFile) {
    // Local runs live in the Local runs source: show it, then start the run in its thread.
    if (currentSourceId() != SourceHost::localId())
        openSource(SourceHost::localId());
    auto* local = m_host ? qobject_cast<store::LocalSource*>(m_host->store()) : nullptr;
    if (local == nullptr) {
        statusBar()->showMessage(tr("Local runs are not available: %1").arg(m_sourceError), 15000);
        return;
    }
    QMetaObject::invokeMethod(local, [s = QPointer<store::LocalSource>(local), options,
                                      temporaryFile, selector = QPointer(m_launched)] {
        if (!s)
            return;
        const QString key = s->startRun(options); // failures arrive as actionFailed
        if (!temporaryFile.isEmpty())
            QFile::remove(temporaryFile); // the run copied the items into its directory
        if (!key.isEmpty())
            // Back in the GUI thread (the application object lives there) before the check.
            QMetaObject::invokeMethod(QCoreApplication::instance(), [selector, key] {
                if (selector)
                    selector->select(key); // selected and shown once listed
            });
    });
    statusBar()->showMessage(tr("Starting the local run…"), 5000);
}

void MainWindow::exportReport(const QString& path) {
    const QString key = selectedKey();
    if (key.isEmpty() || !m_host) {
        statusBar()->showMessage(tr("Select a job to export its report."), 5000);
        return;
    }
    auto* exporter = ReportExporter::start(m_host->store(), key, path, this);
    connect(exporter, &ReportExporter::finished, this, [this](bool ok, const QString& message) {
        statusBar()->showMessage(ok ? tr("Report written to %1").arg(message) : message, 15000);
        emit reportExported(ok, message);
    });
    statusBar()->showMessage(
        tr("Exporting the report of %1…").arg(key.section(QLatin1Char('/'), -1)));
}

} // namespace tessera::ui
