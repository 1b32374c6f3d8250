#pragma once
// The main window creates and connects: a source picker (kubeconfig contexts, "Local runs",
// "Demo"), a namespace filter, the job list (JobListModel behind a sort/filter proxy, Ctrl+F),
// the selected job's JobView, and the connection state in the status bar. Each window has its
// own source; File > New window opens another. Layout, splitters, the last source and namespace
// are remembered (QSettings).
#include "SourceHost.h"
#include "local/LocalRunner.h"
#include "store/JobScope.h"
#include "store/JobSnapshot.h"

#include <QColor>
#include <QMainWindow>
#include <QPointer>
#include <functional>
#include <vector>

namespace tessera::store {
struct RelaunchInput;
}
#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QSplitter;
class QStackedWidget;
class QTableView;

namespace tessera::kube {
class ApiClient;
}

namespace tessera::ui {

class DesktopNotifier;
class HistoryProblemBar;
class KubeconfigBar;
class KubeconfigLoader;
class JobEndWatcher;
class JobListMenu;
class JobListModel;
class CompareRunsDialog;
class JobView;
class ScopeBar;
namespace launch {
class LaunchDialog;
class LaunchedJobSelector;
} // namespace launch

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // Opens a source by id; tests hand in their own stores. None (the default): the real sources,
    // a context resolved on a worker thread (KubeconfigLoader), the others by SourceHost::open.
    using SourceOpener =
        std::function<std::unique_ptr<SourceHost>(const QString& id, QString* error)>;

    explicit MainWindow(SourceOpener opener = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    // The sources offered: contexts first, then "Local runs" and "Demo".
    // `preferred` (when offered) is opened instead of the last source used. No ids: the
    // kubeconfig's contexts, read on a worker thread; the source opens once they are known.
    void setSourceIds(const QStringList& ids, const QString& preferred = QString());
    // Reads the kubeconfig again (the Reload of the kubeconfig bar).
    void reloadKubeconfig();
    KubeconfigLoader* kubeconfigLoader() const { return m_kubeconfig; }
    QString currentSourceId() const;
    JobListModel* jobModel() const { return m_model; }
    QSortFilterProxyModel* jobProxy() const { return m_proxy; }
    QTableView* jobTable() const { return m_table; }
    JobView* jobView() const { return m_jobView; }
    SourceHost* sourceHost() const { return m_host.get(); }
    QString connectionText() const;
    // The colour of the connection dot (green connected, amber connecting, red failed...).
    QColor connectionColour() const { return m_connectionColour; }
    // Desktop notifications when a job ends (on per job: Job > Notify when it ends; on for jobs
    // launched here). Tests hand in their own notifier (not owned).
    JobEndWatcher* jobEndWatcher() const { return m_endWatcher; }
    void setNotifier(DesktopNotifier* notifier);
    // QSettings key of the language chosen in View > Language ("" = the system's).
    static QString languageSettingKey() { return QStringLiteral("language"); }

public slots:
    void openSource(const QString& id);
    void openJob(const QString& key);
    void openJobInWindow(const QString& key);
    void refresh();
    // "Compare with another run…" for the selected job: the dialog, open (nullptr: no job).
    CompareRunsDialog* compareSelected();
    void focusFilter();
    // Ctrl+K: jump to a job, a tab of the open job, or any menu action.
    void openCommandPalette();
    // Help menu.
    void showShortcuts();
    void showAbout();
    // One Launch dialog per file (work lists and Job manifests), as a drop does.
    void openLaunchFiles(const QStringList& paths);
    // Writes a completion report of the selected job (format from the extension); the result
    // shows in the status bar.
    void exportReport(const QString& path);
    // A finished local run: a Launch dialog over only its failed (or not succeeded) items, as a
    // new job whose report maps each new index back to the original one.
    void rerunIndexes(bool onlyFailed);
    // The same over chosen indexes of a job (a Kubernetes index string: "1,3-5,7").
    void rerunIndexesOf(const QString& key, const QString& indexes);
    // The selected local run, interrupted (its runner died): continue it as `tessera run
    // --resume` would, in a runner of its own.
    void resumeSelected();
    // The workbench views of a cluster (or Demo) job's objects, as windows of their own
    // (MainWindowWorkbench.cpp). `jobKey` is a JobStore key; `pod` a pod name of that job. For a
    // local run they say in the status bar that there is no API object to show.
    void openYaml(const QString& jobKey);
    void openPodYaml(const QString& jobKey, const QString& pod);
    void openPodDescribe(const QString& jobKey, const QString& pod);
    // The YAML of the job (pod empty) or of one of its pods.
    void openObjectYaml(const QString& jobKey, const QString& pod);
    // The job opened on its log of `index`, attempt (0-based; -1 newest), with its search open.
    void openLog(const QString& jobKey, int index, int attempt = -1);

signals:
    void reportExported(bool ok, QString message);

protected:
    void closeEvent(QCloseEvent* event) override;
    // Ctrl+K opens the palette even from a text field (where it would delete to the line's end).
    bool eventFilter(QObject* watched, QEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    // Asks the store for the scope's namespaces and label selector.
    void applyScope(const store::JobScope& scope);
    void buildUi();
    void buildMenus(); // MainWindowMenus.cpp
    // The API client behind a job's source, or nullptr (with the reason shown) for local runs.
    kube::ApiClient* workbenchClient(const QString& jobKey);
    void showConnection(store::ConnectionState state, const QString& detail, int retryInSeconds);
    // MainWindowSources.cpp: the kubeconfig's contexts arrived (or why there are none).
    void applyContexts(const KubeconfigContexts& contexts);
    void fillSources(const QStringList& ids);
    // The second half of openSource, once the host is open (or failed to).
    void finishOpening(std::unique_ptr<SourceHost> host, const QString& error);
    void updateListState();
    void closeJobView();
    void saveSettings();
    QString selectedKey() const;
    // Once per source, when its first jobs are listed: select one (FirstSelection).
    void selectFirstJob();
    launch::LaunchDialog* newLaunchDialog();
    using IndexChooser = std::function<std::vector<int32_t>(const store::RelaunchInput&)>;
    void rerunJob(const QString& key, const IndexChooser& choose);
    // MainWindowWorkbench.cpp: the job list's menu and multi-selection; a job view's requests.
    void buildWorkbench();
    void connectJobView(JobView* view);
    void startLocalRun(const tessera::local::RunOptions& options, const QString& temporaryFile);
    // The names of the local runs this window shows running (they go on when it closes).
    QStringList runningLocalRuns() const;

    SourceOpener m_opener;
    std::unique_ptr<SourceHost> m_host;
    QString m_sourceError;
    bool m_connected = false;

    QComboBox* m_sources;
    QComboBox* m_namespace; // the scope bar's
    ScopeBar* m_scopeBar;
    QLineEdit* m_filter;
    JobListModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    QLabel* m_listState;
    QSplitter* m_splitter;
    QStackedWidget* m_right;
    QLabel* m_noJob;
    QPointer<JobView> m_jobView;
    QList<QPointer<QWidget>> m_jobWindows;
    QLabel* m_connection;
    HistoryProblemBar* m_historyProblem;
    KubeconfigLoader* m_kubeconfig;
    KubeconfigBar* m_kubeconfigBar;
    bool m_sourcesFollowKubeconfig = false; // setSourceIds({}): contexts come from the kubeconfig
    QString m_preferredSource;              // opened once the kubeconfig is read
    quint64 m_openGeneration = 0;           // an open still resolving is dropped by a newer one
    // Closing with local runs running says so first (RunningRunsPrompt); once answered "Close",
    // the next close goes through.
    QPointer<QWidget> m_closePrompt;
    bool m_closeConfirmed = false;
    launch::LaunchedJobSelector* m_launched; // selects a job launched from here once listed
    QString m_connectionText;                // without the dot
    QColor m_connectionColour;               // the dot's
    bool m_firstSelectionPending = false;    // the source opened lists no job yet
    JobEndWatcher* m_endWatcher;
    QAction* m_notifyAction = nullptr; // Job > Notify when it ends, for the selected job
    JobListMenu* m_jobListMenu = nullptr;
};

} // namespace tessera::ui
