#pragma once
// Help > Keyboard shortcuts: every menu action that has a shortcut (read from the menus, so the
// list cannot drift from them) and the keys of the scoreboard, the log and the job windows.
#include <QDialog>

class QMenuBar;
class QTableWidget;

namespace tessera::ui {

class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    explicit ShortcutsDialog(const QMenuBar* menus, QWidget* parent = nullptr);

    // Rows as "keys\twhat" (for tests).
    QStringList rows() const;

private:
    void addRow(const QString& keys, const QString& what);
    QTableWidget* m_table;
};

} // namespace tessera::ui
