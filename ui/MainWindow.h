#pragma once
// The main window creates and connects: a source picker (kubeconfig contexts, "Local runs",
// "Demo"), a namespace filter, the job list (JobListModel behind a sort/filter proxy, Ctrl+F),
// the selected job's JobView, and the connection state in the status bar. Each window has its
// own source; File > New window opens another. Layout, splitters, the last source and namespace
// are remembered (QSettings).
#include "SourceHost.h"
#include "local/LocalRunner.h"
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

namespace tessera::ui {

class HistoryProblemBar;
class JobListMenu;
class JobListModel;
class JobView;
namespace launch {
class LaunchDialog;
class LaunchedJobSelector;
} // namespace launch

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // Opens a source by id (SourceHost::open by default; tests hand in their own stores).
    using SourceOpener =
        std::function<std::unique_ptr<SourceHost>(const QString& id, QString* error)>;

    explicit MainWindow(SourceOpener opener = SourceHost::open, QWidget* parent = nullptr);
    ~MainWindow() override;

    // The sources offered: contexts first, then "Local runs" and "Demo".
    // `preferred` (when offered) is opened instead of the last source used.
    void setSourceIds(const QStringList& ids, const QString& preferred = QString());
    QString currentSourceId() const;
    JobListModel* jobModel() const { return m_model; }
    QSortFilterProxyModel* jobProxy() const { return m_proxy; }
    QTableView* jobTable() const { return m_table; }
    JobView* jobView() const { return m_jobView; }
    SourceHost* sourceHost() const { return m_host.get(); }
    QString connectionText() const;
    // The colour of the connection dot (green connected, amber connecting, red failed...).
    QColor connectionColour() const { return m_connectionColour; }
    // QSettings key of the language chosen in View > Language ("" = the system's).
    static QString languageSettingKey() { return QStringLiteral("language"); }

public slots:
    void openSource(const QString& id);
    void openJob(const QString& key);
    void openJobInWindow(const QString& key);
    void refresh();
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

signals:
    void reportExported(bool ok, QString message);

protected:
    void closeEvent(QCloseEvent* event) override;
    // Ctrl+K opens the palette even from a text field (where it would delete to the line's end).
    bool eventFilter(QObject* watched, QEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildUi();
    void buildMenus(); // MainWindowMenus.cpp
    void showConnection(store::ConnectionState state, const QString& detail, int retryInSeconds);
    void updateListState();
    void closeJobView();
    void saveSettings();
    QString selectedKey() const;
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
    QComboBox* m_namespace;
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
    // Closing with local runs running says so first (RunningRunsPrompt); once answered "Close",
    // the next close goes through.
    QPointer<QWidget> m_closePrompt;
    bool m_closeConfirmed = false;
    launch::LaunchedJobSelector* m_launched; // selects a job launched from here once listed
    JobListMenu* m_jobListMenu = nullptr;
    QString m_connectionText;  // without the dot
    QColor m_connectionColour; // the dot's
};

} // namespace tessera::ui
