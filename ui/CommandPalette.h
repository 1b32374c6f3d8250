#pragma once
// Ctrl+K: a filterable list of everything the window can jump to or do - its jobs, the tabs of
// the open job, every menu action - as Freelens and editors have. Type to filter (every word
// must appear, in any order, case-insensitive; the best matches first, see matchRank), Up/Down to
// choose, Enter to run, Esc to close.
// The window fills it each time it opens (entries are plain functions), so it never goes stale.
#include <QDialog>
#include <functional>
#include <vector>

class QLineEdit;
class QListWidget;

namespace tessera::ui {

class CommandPalette : public QDialog {
    Q_OBJECT
public:
    struct Entry {
        QString kind;     // "Job", "Tab", "Action" (translated), shown before the text
        QString text;     // what is matched and shown
        QString shortcut; // shown on the right, may be empty
        std::function<void()> run;
        QString name; // matched first (a job's own name); empty: the text
    };
    // How well `query` matches an entry, best first: 0 its name starts with the query, 1 its name
    // contains it, 2 the query's letters appear in order in the name, 3 every word of the query
    // appears somewhere in the row (`row`: kind and text); -1 no match. Case and the separators
    // of names (space, '-', '_', '.', '/') are ignored, so "work b" finds "work-b" first.
    static int matchRank(const QString& query, const QString& name, const QString& row);

    explicit CommandPalette(QWidget* parent = nullptr);

    void setEntries(std::vector<Entry> entries);
    void setFilterText(const QString& text);
    // The entries shown now, in order (their kind and text, for tests).
    QStringList shownTexts() const;
    // Runs the chosen entry (the first shown when none is chosen) and closes.
    void runCurrent();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void refilter();

    QLineEdit* m_filter;
    QListWidget* m_list;
    std::vector<Entry> m_entries;
};

} // namespace tessera::ui
