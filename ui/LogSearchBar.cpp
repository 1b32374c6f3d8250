#include "LogSearchBar.h"

#include <QGuiApplication>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextBlock>
#include <QToolButton>

namespace tessera::ui {

namespace {

QTextEdit::ExtraSelection marked(const QTextCursor& cursor, const QColor& color) {
    QTextEdit::ExtraSelection s;
    s.cursor = cursor;
    s.format.setBackground(color);
    return s;
}

} // namespace

LogSearchBar::LogSearchBar(QPlainTextEdit* text, QWidget* parent)
    : QWidget(parent)
    , m_text(text)
    , m_field(new QLineEdit(this))
    , m_count(new QLabel(this)) {
    setObjectName(QStringLiteral("logSearch"));
    m_field->setObjectName(QStringLiteral("logSearchField"));
    m_field->setPlaceholderText(tr("Find in log (F3 next, Shift+F3 previous)"));
    m_field->setClearButtonEnabled(true);
    m_count->setObjectName(QStringLiteral("logSearchCount"));
    // Room for the longest count, so the field does not jump as it changes.
    m_count->setMinimumWidth(m_count->fontMetrics().horizontalAdvance(
        tr("%1 of %2").arg(kMaxHighlights).arg(kMaxHighlights)));
    auto* previous = new QToolButton(this);
    previous->setObjectName(QStringLiteral("logSearchPrevious"));
    previous->setArrowType(Qt::UpArrow);
    previous->setToolTip(tr("Previous match (Shift+F3)"));
    auto* next = new QToolButton(this);
    next->setObjectName(QStringLiteral("logSearchNext"));
    next->setArrowType(Qt::DownArrow);
    next->setToolTip(tr("Next match (F3)"));
    auto* close = new QToolButton(this);
    close->setText(QStringLiteral("×"));
    close->setToolTip(tr("Close the search (Escape)"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_field, 1);
    layout->addWidget(m_count);
    layout->addWidget(previous);
    layout->addWidget(next);
    layout->addWidget(close);
    hide();

    m_rehighlight.setSingleShot(true);
    m_rehighlight.setInterval(150);
    connect(&m_rehighlight, &QTimer::timeout, this, &LogSearchBar::highlight);
    connect(m_field, &QLineEdit::textChanged, this, [this] {
        // A new word: search from the top of what is shown.
        m_text->moveCursor(QTextCursor::Start);
        m_current = 0;
        highlight();
        if (!m_field->text().isEmpty())
            findNext();
    });
    connect(m_field, &QLineEdit::returnPressed, this, [this] {
        if (QGuiApplication::keyboardModifiers() & Qt::ShiftModifier)
            findPrevious();
        else
            findNext();
    });
    connect(next, &QToolButton::clicked, this, &LogSearchBar::findNext);
    connect(previous, &QToolButton::clicked, this, &LogSearchBar::findPrevious);
    connect(close, &QToolButton::clicked, this, [this] {
        hide();
        m_text->setExtraSelections({});
        m_text->setFocus();
    });
}

void LogSearchBar::open() {
    show();
    m_field->setFocus(Qt::ShortcutFocusReason);
    m_field->selectAll();
    highlight();
}

void LogSearchBar::findNext() {
    find(false);
}

void LogSearchBar::findPrevious() {
    find(true);
}

void LogSearchBar::find(bool backward) {
    const QString word = m_field->text();
    if (word.isEmpty())
        return;
    const QTextDocument::FindFlags flags =
        backward ? QTextDocument::FindBackward : QTextDocument::FindFlags();
    QTextCursor found = m_text->document()->find(word, m_text->textCursor(), flags);
    if (found.isNull()) {
        // Wrap around, as editors do.
        QTextCursor from(m_text->document());
        if (backward)
            from.movePosition(QTextCursor::End);
        found = m_text->document()->find(word, from, flags);
    }
    if (found.isNull())
        return;
    m_text->setTextCursor(found);
    m_text->centerCursor();
    // Its number among the matches before it (counted only while they are few enough).
    m_current = 0;
    if (m_matches <= kMaxHighlights) {
        QTextCursor c(m_text->document());
        while (!(c = m_text->document()->find(word, c)).isNull() &&
               c.selectionStart() <= found.selectionStart())
            ++m_current;
    }
    highlight();
}

void LogSearchBar::textChanged() {
    if (isVisible() && !m_field->text().isEmpty())
        m_rehighlight.start();
}

void LogSearchBar::highlight() {
    QList<QTextEdit::ExtraSelection> selections;
    const QString word = m_field->text();
    m_matches = 0;
    if (!word.isEmpty() && isVisible()) {
        const QColor all(255, 226, 120), current(255, 150, 50);
        QTextCursor c(m_text->document());
        while (!(c = m_text->document()->find(word, c)).isNull()) {
            if (++m_matches > kMaxHighlights)
                break;
            selections.push_back(marked(c, all));
        }
        const QTextCursor selected = m_text->textCursor();
        if (selected.hasSelection() &&
            selected.selectedText().compare(word, Qt::CaseInsensitive) == 0)
            selections.push_back(marked(selected, current));
    }
    m_text->setExtraSelections(selections);
    updateCount();
}

void LogSearchBar::updateCount() {
    if (m_field->text().isEmpty())
        m_count->clear();
    else if (m_matches == 0)
        m_count->setText(tr("no match"));
    else if (m_matches > kMaxHighlights)
        m_count->setText(tr("over %1 matches").arg(kMaxHighlights));
    else if (m_current > 0)
        m_count->setText(tr("%1 of %2").arg(m_current).arg(m_matches));
    else
        m_count->setText(tr("%n match(es)", nullptr, m_matches));
}

} // namespace tessera::ui
