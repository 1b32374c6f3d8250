#pragma once
// Find in a log: every match highlighted, the current one selected and scrolled to, next and
// previous (F3 / Shift+F3, Enter / Shift+Enter in the field), "3 of 41". Shown by Ctrl+F in the
// log; Escape hides it. Matching is case-insensitive plain text, as the line filter's.
#include <QTimer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace tessera::ui {

class LogSearchBar : public QWidget {
    Q_OBJECT
public:
    // Highlights stop here: a word in every line of a whole log would make thousands.
    static constexpr int kMaxHighlights = 5000;

    explicit LogSearchBar(QPlainTextEdit* text, QWidget* parent = nullptr);

    QLineEdit* field() const { return m_field; }
    int matchCount() const { return m_matches; }
    // 1-based number of the selected match; 0 when none is selected.
    int currentMatch() const { return m_current; }

public slots:
    void open();
    void findNext();
    void findPrevious();
    // The text changed (lines appended or refiltered): highlight again, soon and once.
    void textChanged();

private:
    void find(bool backward);
    void highlight();
    void updateCount();

    QPlainTextEdit* m_text;
    QLineEdit* m_field;
    QLabel* m_count;
    QTimer m_rehighlight;
    int m_matches = 0;
    int m_current = 0;
};

} // namespace tessera::ui
