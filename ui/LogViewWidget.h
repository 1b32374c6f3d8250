#pragma once
// One index's log: pick the index and attempt, follow (stream) or fetch the tail, and filter the
// lines by text. The text arrives from the store in pieces (logTextArrived); this widget keeps
// the last kMaxLines lines (every line once the whole log is asked for) and shows those matching
// the filter. The "All indexes" box shows every index's log merged with an index prefix
// (JobStore::kAllIndexes), refreshed every few seconds while Follow is on.
//
// When the source says the log was cut (JobStore::logCut), a bar says so and offers the whole
// log; Save writes the whole log to a file (JobStore::saveLog, streamed by the store). Lines are
// appended in batches from a queue, a few thousand per turn of the event loop, so a log of tens
// of megabytes opens while the window keeps painting. Ctrl+F in the log finds text (F3 /
// Shift+F3), Wrap wraps long lines, Timestamps asks a cluster for each line's time.
#include "store/JobStore.h"
#include "store/LogLineSplitter.h"

#include <QStringList>
#include <QTimer>
#include <QWidget>
#include <deque>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace tessera::ui {

class LogSearchBar;

class LogViewWidget : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMaxLines = 20000;
    // Lines appended to the view per turn of the event loop.
    static constexpr int kLinesPerBatch = 2000;

    explicit LogViewWidget(QWidget* parent = nullptr);

    void setIndexRange(int count);      // indexes 0 .. count-1
    void setAttemptCount(int attempts); // choices: newest, 0 .. attempts-1
    int index() const;                  // store::JobStore::kAllIndexes for the merged view
    int attempt() const;                // -1 = newest
    bool follow() const;
    QString shownText() const;
    // Lines received and not yet in the view (0 once the view caught up).
    int pendingLines() const { return int(m_pending.size()); }
    // What the state line says ("Index 3: end of log (120 lines)").
    QString stateText() const;
    // The cut notice, empty when the log shown is whole.
    QString cutText() const;
    LogSearchBar* searchBar() const { return m_search; }
    void focusFilter();
    // The index box: the first stop of the log for Tab.
    QWidget* indexBox() const;
    // Ctrl+L: the index box, its number selected for typing over.
    void focusIndex();

public slots:
    // Shows `index` and asks for its log.
    void showIndex(int index);
    // Shows one attempt (0-based; -1 = newest) of `index` and asks for its log.
    void showAttempt(int index, int attempt);
    void appendText(int index, int attempt, const QString& text, bool finished);
    // The source left out the start of the shown log (JobStore::logCut).
    void noteCut(int index, qint64 omittedBytes);
    void clear();
    void reload();
    // Asks for the whole log of the shown index's attempt instead of its tail.
    void loadWhole();
    // Writes the whole log to `path` (through the store); the answer is saveFinished.
    void saveTo(const QString& path);
    // The store's answer to a save (JobStore::logSaved).
    void saveFinished(int index, const QString& path, qint64 bytes, const QString& error);
    void setWrap(bool on);
    void setTimestamps(bool on);

signals:
    void fetchRequested(int index, int attempt, tessera::store::JobStore::LogFetch how);
    void stopRequested(int index);
    void saveRequested(int index, int attempt, const QString& path, bool timestamps);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void fetch(bool whole);
    void refilter();
    void drainPending();
    void updateState();
    bool matches(const QString& line) const;

    QSpinBox* m_index;
    QCheckBox* m_allIndexes;
    QComboBox* m_attempt;
    QCheckBox* m_follow;
    QCheckBox* m_wrap;
    QCheckBox* m_timestamps;
    QLineEdit* m_filter;
    QWidget* m_cutBar;
    QLabel* m_cut;
    QPushButton* m_whole;
    QLabel* m_state;
    QPlainTextEdit* m_text;
    LogSearchBar* m_search;
    QStringList m_lines;
    store::LogLineSplitter m_splitter;
    std::deque<QString> m_pending; // matching lines waiting for the view
    QTimer m_drain;
    int m_shownIndex = -1; // -1: none; kAllIndexes: the merged view
    bool m_wholeAsked = false;
    bool m_finished = false;
    QString m_saveNote;
    QTimer m_mergedRefresh;
};

} // namespace tessera::ui
