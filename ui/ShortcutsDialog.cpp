#include "ShortcutsDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QTableWidget>
#include <QVBoxLayout>

namespace tessera::ui {

namespace {

// "&Re-run failed indexes…" → "Re-run failed indexes"
QString plain(QString text) {
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    text.replace(QStringLiteral("&&"), QStringLiteral("&"));
    if (text.endsWith(QChar(0x2026)))
        text.chop(1);
    return text;
}

} // namespace

ShortcutsDialog::ShortcutsDialog(const QMenuBar* menus, QWidget* parent)
    : QDialog(parent)
    , m_table(new QTableWidget(0, 2, this)) {
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard shortcuts"));
    m_table->setObjectName(QStringLiteral("shortcutsTable"));
    m_table->setHorizontalHeaderLabels({tr("Keys"), tr("What they do")});
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);

    // The menus' own shortcuts, "Menu › Action".
    for (QAction* top : menus->actions()) {
        QMenu* menu = top->menu();
        if (menu == nullptr)
            continue;
        for (QAction* a : menu->actions()) {
            if (a->shortcut().isEmpty())
                continue;
            QStringList keys;
            for (const QKeySequence& k : a->shortcuts())
                keys << k.toString(QKeySequence::NativeText);
            addRow(keys.join(tr(" or ")),
                   plain(top->text()) + QStringLiteral(" › ") + plain(a->text()));
        }
    }
    addRow(tr("Tab, Shift+Tab"), tr("Move between the job list, the scoreboard, the tabs and the "
                                    "log"));
    addRow(tr("Alt+underlined letter"), tr("Open a menu or tab, or go to a field"));
    addRow(tr("Arrows, Page Up/Down, Home, End"), tr("Scoreboard: move the current index"));
    addRow(tr("Shift+arrows, Ctrl+A"), tr("Scoreboard: select indexes"));
    addRow(tr("Ctrl+C"), tr("Scoreboard: copy the selection as an index string (\"3-5,9\")"));
    addRow(tr("Enter, Space"), tr("Scoreboard: show the current index's attempts and log"));
    addRow(tr("Ctrl+wheel, Ctrl++, Ctrl+-"), tr("Scoreboard: zoom (the wheel zooms around the "
                                                "pointer)"));
    addRow(tr("Ctrl+0"), tr("Scoreboard: fit every index"));
    addRow(tr("Ctrl+W, Esc"), tr("Close a job's own window"));
    addRow(tr("Ctrl+F in the log"), tr("Log: find text (F3 next, Shift+F3 previous)"));
    m_table->resizeColumnToContents(0);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    resize(640, 520);
}

void ShortcutsDialog::addRow(const QString& keys, const QString& what) {
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    m_table->setItem(row, 0, new QTableWidgetItem(keys));
    m_table->setItem(row, 1, new QTableWidgetItem(what));
}

QStringList ShortcutsDialog::rows() const {
    QStringList rows;
    for (int r = 0; r < m_table->rowCount(); ++r)
        rows << m_table->item(r, 0)->text() + QLatin1Char('\t') + m_table->item(r, 1)->text();
    return rows;
}

} // namespace tessera::ui
