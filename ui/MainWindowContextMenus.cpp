// The main window's part of the operator's workbench menus: the job list's context menu and
// multi-selection (JobListMenu), and what a job view's context menus ask of the window (a re-run
// of chosen indexes, the YAML of the job or a pod, a pod described: MainWindowWorkbench.cpp).
#include "JobListMenu.h"
#include "JobView.h"
#include "MainWindow.h"
#include "store/RelaunchInput.h"

#include <QTableView>

namespace tessera::ui {

void MainWindow::buildWorkbench() {
    m_jobListMenu = new JobListMenu(
        m_table, [this] { return m_host ? m_host->store() : nullptr; }, this);
    connect(m_jobListMenu, &JobListMenu::openRequested, this, &MainWindow::openJob);
    connect(m_jobListMenu, &JobListMenu::openInWindowRequested, this, &MainWindow::openJobInWindow);
    connect(m_jobListMenu, &JobListMenu::logsRequested, this, [this](const QString& key) {
        openJob(key);
        if (m_jobView)
            m_jobView->showLogs();
    });
    connect(m_jobListMenu, &JobListMenu::rerunFailedRequested, this, [this](const QString& key) {
        rerunJob(key, [](const store::RelaunchInput& input) { return input.failed; });
    });
    connect(m_jobListMenu, &JobListMenu::yamlRequested, this, &MainWindow::openObjectYaml);
}

void MainWindow::connectJobView(JobView* view) {
    connect(view, &JobView::rerunRequested, this, &MainWindow::rerunIndexesOf);
    connect(view, &JobView::yamlRequested, this, &MainWindow::openObjectYaml);
    connect(view, &JobView::describeRequested, this, &MainWindow::openPodDescribe);
}

void MainWindow::openObjectYaml(const QString& jobKey, const QString& pod) {
    if (pod.isEmpty())
        openYaml(jobKey);
    else
        openPodYaml(jobKey, pod);
}

} // namespace tessera::ui
