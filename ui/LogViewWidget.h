#pragma once
// One index's log: pick the index and attempt, follow (stream) or fetch the tail, and filter the
// lines by text. The text arrives from the store in pieces (logTextArrived); this widget keeps
// the last kMaxLines lines and shows those matching the filter. The "All indexes" box shows
// every index's log merged with an index prefix (JobStore::kAllIndexes), refreshed every few
// seconds while Follow is on.
#include "store/JobStore.h"

#include <QStringList>
#include <QTimer>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;

namespace tessera::ui {

class LogViewWidget : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMaxLines = 20000;

    explicit LogViewWidget(QWidget* parent = nullptr);

    void setIndexRange(int count);      // indexes 0 .. count-1
    void setAttemptCount(int attempts); // choices: newest, 0 .. attempts-1
    int index() const;                  // store::JobStore::kAllIndexes for the merged view
    int attempt() const;                // -1 = newest
    bool follow() const;
    QString shownText() const;
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
    void clear();
    void reload();

signals:
    void fetchRequested(int index, int attempt, bool follow);
    void stopRequested(int index);

private:
    void refilter();
    bool matches(const QString& line) const;

    QSpinBox* m_index;
    QCheckBox* m_allIndexes;
    QComboBox* m_attempt;
    QCheckBox* m_follow;
    QLineEdit* m_filter;
    QLabel* m_state;
    QPlainTextEdit* m_text;
    QStringList m_lines;
    QString m_partial;     // a line still being written
    int m_shownIndex = -1; // -1: none; kAllIndexes: the merged view
    QTimer m_mergedRefresh;
};

} // namespace tessera::ui
