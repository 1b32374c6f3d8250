#include "CommandPalette.h"

#include <QKeyEvent>
#include <QLineEdit>
#include <QListWidget>
#include <QVBoxLayout>

namespace tessera::ui {

namespace {

constexpr int kEntryRole = Qt::UserRole + 1;

} // namespace

CommandPalette::CommandPalette(QWidget* parent)
    : QDialog(parent, Qt::Popup | Qt::FramelessWindowHint)
    , m_filter(new QLineEdit(this))
    , m_list(new QListWidget(this)) {
    setObjectName(QStringLiteral("commandPalette"));
    setAttribute(Qt::WA_DeleteOnClose);
    m_filter->setObjectName(QStringLiteral("commandPaletteFilter"));
    m_filter->setPlaceholderText(tr("Jump to a job, a tab or an action…"));
    m_filter->installEventFilter(this);
    m_list->setObjectName(QStringLiteral("commandPaletteList"));
    m_list->setUniformItemSizes(true);
    m_list->setFocusPolicy(Qt::NoFocus); // typing stays in the filter; arrows move the list
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_filter);
    layout->addWidget(m_list, 1);
    connect(m_filter, &QLineEdit::textChanged, this, &CommandPalette::refilter);
    connect(m_filter, &QLineEdit::returnPressed, this, &CommandPalette::runCurrent);
    connect(m_list, &QListWidget::itemActivated, this, [this] { runCurrent(); });
    connect(m_list, &QListWidget::itemClicked, this, [this] { runCurrent(); });
    resize(560, 380);
    // The filter is the popup's focus widget before it shows: Qt gives an opening popup's focus
    // widget the keyboard, and a popup without one takes no typing at all.
    m_filter->setFocus();
}

void CommandPalette::setEntries(std::vector<Entry> entries) {
    m_entries = std::move(entries);
    refilter();
}

void CommandPalette::setFilterText(const QString& text) {
    m_filter->setText(text);
}

QStringList CommandPalette::shownTexts() const {
    QStringList texts;
    for (int r = 0; r < m_list->count(); ++r)
        texts << m_list->item(r)->text();
    return texts;
}

int CommandPalette::matchRank(const QString& query, const QString& name, const QString& row) {
    const auto letters = [](const QString& text) {
        QString out;
        for (const QChar c : text)
            if (c.isLetterOrNumber())
                out += c.toCaseFolded();
        return out;
    };
    const QString q = letters(query);
    const QString n = letters(name);
    if (q.isEmpty())
        return 3;
    if (n.startsWith(q))
        return 0;
    if (n.contains(q))
        return 1;
    qsizetype at = 0;
    for (const QChar c : q) {
        at = n.indexOf(c, at);
        if (at < 0)
            break;
        ++at;
    }
    if (at >= 0)
        return 2;
    const QStringList words = query.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    const bool everyWord = std::all_of(words.begin(), words.end(), [&](const QString& w) {
        return row.contains(w, Qt::CaseInsensitive);
    });
    return everyWord ? 3 : -1;
}

void CommandPalette::refilter() {
    const QString query = m_filter->text();
    std::vector<std::pair<int, size_t>> ranked; // (rank, entry): stable within a rank
    for (size_t i = 0; i < m_entries.size(); ++i) {
        const Entry& e = m_entries[i];
        const int rank = matchRank(query, e.name.isEmpty() ? e.text : e.name,
                                   e.kind + QLatin1Char(' ') + e.text);
        if (rank >= 0)
            ranked.emplace_back(rank, i);
    }
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    m_list->clear();
    for (const auto& [rank, i] : ranked) {
        const Entry& e = m_entries[i];
        QString label = e.kind + QStringLiteral(": ") + e.text;
        if (!e.shortcut.isEmpty())
            label += QStringLiteral("    (") + e.shortcut + QLatin1Char(')');
        auto* item = new QListWidgetItem(label, m_list);
        item->setData(kEntryRole, static_cast<int>(i));
    }
    m_list->setCurrentRow(m_list->count() > 0 ? 0 : -1);
}

void CommandPalette::runCurrent() {
    QListWidgetItem* item = m_list->currentItem();
    if (item == nullptr && m_list->count() > 0)
        item = m_list->item(0);
    if (item == nullptr)
        return;
    // Copy the function out: running it may rebuild the window (and this palette with it).
    const std::function<void()> run =
        m_entries[static_cast<size_t>(item->data(kEntryRole).toInt())].run;
    close();
    if (parentWidget() != nullptr)
        parentWidget()->activateWindow(); // the keyboard goes back to the window
    if (run)
        run();
}

bool CommandPalette::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_filter && event->type() == QEvent::KeyPress) {
        auto* key = static_cast<QKeyEvent*>(event);
        const int row = m_list->currentRow();
        switch (key->key()) {
        case Qt::Key_Down:
            m_list->setCurrentRow(std::min(row + 1, m_list->count() - 1));
            return true;
        case Qt::Key_Up:
            m_list->setCurrentRow(std::max(row - 1, 0));
            return true;
        case Qt::Key_PageDown:
            m_list->setCurrentRow(std::min(row + 10, m_list->count() - 1));
            return true;
        case Qt::Key_PageUp:
            m_list->setCurrentRow(std::max(row - 10, 0));
            return true;
        case Qt::Key_Escape:
            close();
            return true;
        default:
            break;
        }
    }
    return QDialog::eventFilter(watched, event);
}

} // namespace tessera::ui
