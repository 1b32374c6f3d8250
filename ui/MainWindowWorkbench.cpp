// MainWindow: the workbench views of one job's API objects (YAML, a pod described) and its log,
// each opened by job key (and pod), for the menus and the context menus alike.
#include "JobView.h"
#include "LogSearchBar.h"
#include "LogViewWidget.h"
#include "MainWindow.h"
#include "PodDescribeDialog.h"
#include "YamlDialog.h"
#include "store/ClusterSource.h"

#include <QStatusBar>

namespace tessera::ui {

kube::ApiClient* MainWindow::workbenchClient(const QString& jobKey) {
    auto* cluster = m_host ? qobject_cast<store::ClusterSource*>(m_host->store()) : nullptr;
    const auto parts = store::JobStore::splitKey(jobKey);
    if (!cluster || !parts || parts->source != m_host->store()->sourceName()) {
        statusBar()->showMessage(
            tr("YAML and pods are shown for cluster and Demo jobs; a local run has no API "
               "object."),
            8000);
        return nullptr;
    }
    return cluster->client();
}

void MainWindow::openYaml(const QString& jobKey) {
    kube::ApiClient* client = workbenchClient(jobKey);
    if (!client)
        return;
    const auto parts = store::JobStore::splitKey(jobKey);
    auto* dialog = new YamlDialog(
        client, {ObjectRef::Kind::Job, parts->namespace_, parts->name, jobKey}, this);
    dialog->show();
}

void MainWindow::openPodYaml(const QString& jobKey, const QString& pod) {
    kube::ApiClient* client = workbenchClient(jobKey);
    if (!client)
        return;
    const auto parts = store::JobStore::splitKey(jobKey);
    auto* dialog =
        new YamlDialog(client, {ObjectRef::Kind::Pod, parts->namespace_, pod, jobKey}, this);
    dialog->show();
}

void MainWindow::openPodDescribe(const QString& jobKey, const QString& pod) {
    kube::ApiClient* client = workbenchClient(jobKey);
    if (!client)
        return;
    const auto parts = store::JobStore::splitKey(jobKey);
    const store::JobSnapshotPtr snapshot =
        m_jobView && m_jobView->key() == jobKey ? m_jobView->snapshot() : nullptr;
    auto* dialog =
        new PodDescribeDialog(client, {ObjectRef::Kind::Pod, parts->namespace_, pod, jobKey},
                              m_host->store(), snapshot, this);
    dialog->show();
}

void MainWindow::openLog(const QString& jobKey, int index, int attempt) {
    if (!m_jobView || m_jobView->key() != jobKey)
        openJob(jobKey);
    if (!m_jobView)
        return;
    m_jobView->showIndex(index); // its attempts beside the log
    m_jobView->showLogs();
    if (attempt >= 0)
        m_jobView->logView()->showAttempt(index, attempt);
}

} // namespace tessera::ui
