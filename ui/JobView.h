#pragma once
// Everything about one job: a header (status, completions, live parallelism, suspend/resume,
// delete, conditions, start, duration, ETA), the scoreboard with its legend, the completed and
// failed index strings in full, the selected index's attempts and log, failures and events,
// where the pods run, charts and the timeline. It shows JobSnapshots from its store and sends
// the user's actions back to it (queued: the store lives on its own thread); it decides nothing.
#include "store/JobStore.h"
#include "store/RunTimeline.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QSet>
#include <QTimer>
#include <QWidget>

class QLabel;
class QMenu;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QSplitter;
class QTabWidget;
class QTableView;

namespace tessera::ui {

class ChartsWidget;
class FailuresPanel;
class GridLegendWidget;
class IndexGridWidget;
class LogViewWidget;
class StragglersPanel;
class PodsPanel;
class TableRowsModel;
class TimelineWidget;

class JobView : public QWidget {
    Q_OBJECT
public:
    JobView(store::JobStore* store, QString key, QWidget* parent = nullptr);
    ~JobView() override;

    const QString& key() const { return m_key; }
    store::JobSnapshotPtr snapshot() const { return m_snapshot; }

    IndexGridWidget* grid() const { return m_grid; }
    QSpinBox* parallelismSpinBox() const { return m_parallelism; }
    LogViewWidget* logView() const { return m_log; }
    TableRowsModel* failuresModel() const;
    FailuresPanel* failuresPanel() const { return m_failures; }
    ChartsWidget* charts() const { return m_charts; }
    TimelineWidget* timeline() const { return m_timeline; }
    StragglersPanel* stragglers() const { return m_stragglers; }
    QLabel* failedIndexesLabel() const { return m_failedLabel; }
    QPlainTextEdit* failedIndexesText() const { return m_failed; }
    QLabel* factsLabel() const { return m_facts; }
    TableRowsModel* attemptsModel() const { return m_attemptsModel; }
    QTabWidget* tabs() const { return m_tabs; }
    PodsPanel* podsPanel() const { return m_pods; }
    // The context menus (JobViewMenus.cpp), built for what is under the pointer or selected:
    // some indexes of the grid or the failures table, the selected pods, the selected attempt.
    // Each is a new object the caller shows or deletes.
    QMenu* indexesMenu(const engine::IndexSet& indexes);
    QMenu* podsMenu();
    QMenu* attemptsMenu();
    // The index whose attempts the details panel shows (-1: none).
    // The tooltip's extra lines for one index (attempts, exit codes).
    QString indexDetails(int index) const;

    // For QSettings (the main window saves them with its own).
    QByteArray saveSplitterState() const;
    void restoreSplitterState(const QByteArray& state);

protected:
    // The first time shown without remembered sizes: the details (attempts and log) get two
    // fifths of the width, whatever the window's size (a QSplitter alone gives every extra pixel
    // to its panes by stretch from their size hints, which left the log 400 px wide at 2560).
    void showEvent(QShowEvent* event) override;

public slots:
    void applySnapshot(const tessera::store::JobSnapshotPtr& snapshot);
    void showIndex(int index);
    void showLogs();
    void applyParallelism();
    void toggleSuspended();
    void confirmDelete();
    // An interrupted local run: continue it (the store starts its runner again).
    void resume();
    // The Pods tab narrowed to one node, one zone, some indexes or some pods (JobViewPods.cpp).
    void showPodsOfNode(const QString& node);
    void showPodsOfZone(const QString& zone);
    void showPodsOfIndexes(const engine::IndexSet& indexes);
    void showPods(const QSet<QString>& pods, const QString& label);
    // Selects these indexes on the grid (and shows the scoreboard).
    void selectIndexes(const engine::IndexSet& indexes);

signals:
    // The job disappeared from its source (deleted here or elsewhere).
    void jobRemoved(const QString& key);
    // Asked from a context menu; the main window carries them out. `pod` empty: the Job itself.
    void yamlRequested(const QString& key, const QString& pod);
    void describeRequested(const QString& key, const QString& pod);
    // A re-run of these indexes (a Kubernetes index string) in the re-run dialog.
    void rerunRequested(const QString& key, const QString& indexes);

private:
    QWidget* buildHeader();
    QWidget* buildScoreboardTab();
    QWidget* buildSpreadTab();
    QWidget* buildPodsTab(); // JobViewPods.cpp
    void connectWorkbench(); // JobViewPods.cpp: spread, grid and failures to the pods
    // False when it waits (a big job's pods refresh at most once a second).
    bool refreshPods();
    // The menu entries on pods (JobViewMenus.cpp).
    void addPodEntries(QMenu* menu, const std::vector<store::IndexAttempt>& pods);
    void addIndexEntries(QMenu* menu, const engine::IndexSet& indexes);
    void popup(QMenu* menu, const QPoint& globalPos);
    void refreshHeader();
    void refreshIndexStrings();
    void refreshDetails();
    void refreshTab(int tab);
    void refreshFailures();
    void refreshSpread();
    // The ETA scans the snapshot's recorded attempts: computed at most once a second (the
    // header's clock), not for each of the up to 10 snapshots a second.
    QString etaText();
    // "ETA 4m 10s–7m 05s (3.2/min, 2 stragglers)": the estimate and its spread.
    static QString etaWords(const store::CompletionEstimate& eta);
    // Lets go of a snapshot on the store's thread: the last reference frees every attempt it
    // holds (200,000 on a big job), which is not the GUI thread's work.
    void releaseOnStoreThread(store::JobSnapshotPtr snapshot);
    void setActionMessage(const QString& text);

    QPointer<store::JobStore> m_store;
    QString m_key;
    store::JobSnapshotPtr m_snapshot;
    bool m_removed = false;

    QLabel* m_title;
    QLabel* m_status;
    QLabel* m_facts;
    QLabel* m_conditions;
    QLabel* m_actionMessage;
    QSpinBox* m_parallelism;
    QPushButton* m_suspend;
    QPushButton* m_delete;
    QPushButton* m_resume; // shown for interrupted runs only
    QTimer m_parallelismDebounce;
    int m_parallelismSent = -1; // the value asked for, until a snapshot shows it
    int m_suspendSent = -1;     // 1 suspend / 0 resume asked for, until a snapshot shows it

    QTabWidget* m_tabs;
    QSplitter* m_scoreSplitter = nullptr;
    QSplitter* m_detailsSplitter = nullptr; // an index's attempts above its log
    bool m_splittersPlaced = false;         // restored, or given their first sizes when first shown
    IndexGridWidget* m_grid;
    GridLegendWidget* m_legend;
    QLabel* m_completedLabel;
    QLabel* m_failedLabel;
    QPlainTextEdit* m_completed;
    QPlainTextEdit* m_failed;
    QLabel* m_detailsTitle;
    TableRowsModel* m_attemptsModel;
    LogViewWidget* m_log;
    int m_detailsIndex = -1;

    FailuresPanel* m_failures;
    PodsPanel* m_pods = nullptr;
    QElapsedTimer m_podsAge;
    QTimer m_podsLater; // a big job's pods refresh at most once a second; the last one comes
    TableRowsModel* m_nodesModel;
    TableRowsModel* m_zonesModel;
    ChartsWidget* m_charts;
    TimelineWidget* m_timeline;
    StragglersPanel* m_stragglers;  // its tab, the grid's marks and the ETA's spread: etaText()
    quint64 m_stragglersSerial = 0; // the finished job's snapshot they were computed for
    std::vector<bool> m_tabStale;
    QElapsedTimer m_chartsAge;
    QElapsedTimer m_etaAge;
    QString m_eta;
    QTimer m_clock; // duration and ETA move between snapshots
};

} // namespace tessera::ui
