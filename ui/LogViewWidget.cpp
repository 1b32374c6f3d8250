#include "LogViewWidget.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSpinBox>
#include <QVBoxLayout>

namespace tessera::ui {

LogViewWidget::LogViewWidget(QWidget* parent)
    : QWidget(parent)
    , m_index(new QSpinBox(this))
    , m_allIndexes(new QCheckBox(tr("All i&ndexes"), this))
    , m_attempt(new QComboBox(this))
    , m_follow(new QCheckBox(tr("F&ollow"), this))
    , m_filter(new QLineEdit(this))
    , m_state(new QLabel(this))
    , m_text(new QPlainTextEdit(this)) {
    setObjectName(QStringLiteral("logView"));
    m_index->setObjectName(QStringLiteral("logIndex"));
    m_index->setPrefix(tr("Index "));
    m_index->setRange(0, 0);
    m_index->setToolTip(tr("The index whose log is shown (Ctrl+L)"));
    m_allIndexes->setObjectName(QStringLiteral("logAllIndexes"));
    m_allIndexes->setToolTip(tr("Every index's log merged, each line prefixed with its index"));
    m_attempt->setObjectName(QStringLiteral("logAttempt"));
    m_follow->setObjectName(QStringLiteral("logFollow"));
    m_follow->setChecked(true);
    m_filter->setObjectName(QStringLiteral("logFilter"));
    m_filter->setPlaceholderText(tr("Filter lines"));
    m_filter->setClearButtonEnabled(true);
    m_text->setObjectName(QStringLiteral("logText"));
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setPlaceholderText(tr("Click an index in the scoreboard (or pick one above) to see "
                                  "its log."));
    auto* load = new QPushButton(tr("&Load"), this);
    load->setObjectName(QStringLiteral("logLoad"));
    setAttemptCount(0);

    // Which log (index or all, attempt), then how (follow, load, filter): two rows, so the filter
    // keeps its room in a narrow pane.
    auto* which = new QHBoxLayout;
    which->addWidget(m_index);
    which->addWidget(m_allIndexes);
    which->addWidget(m_attempt, 1);
    auto* how = new QHBoxLayout;
    how->addWidget(m_follow);
    how->addWidget(load);
    how->addWidget(m_filter, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(which);
    layout->addLayout(how);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_state);

    connect(load, &QPushButton::clicked, this, &LogViewWidget::reload);
    connect(m_allIndexes, &QCheckBox::toggled, this, [this](bool all) {
        m_index->setEnabled(!all);
        m_attempt->setEnabled(!all);
        reload();
    });
    connect(m_attempt, &QComboBox::activated, this, &LogViewWidget::reload);
    // A new index typed or stepped to: its log (Enter or the arrows, not every keystroke).
    m_index->setKeyboardTracking(false);
    connect(m_index, &QSpinBox::valueChanged, this, [this] {
        if (!m_allIndexes->isChecked() && m_shownIndex != m_index->value())
            reload();
    });
    connect(m_filter, &QLineEdit::textChanged, this, &LogViewWidget::refilter);
    connect(m_follow, &QCheckBox::toggled, this, [this](bool on) {
        if (!on && m_shownIndex >= 0)
            emit stopRequested(m_shownIndex);
        else if (on)
            reload();
    });
    // The merged view is a snapshot; following it means asking again every few seconds.
    m_mergedRefresh.setInterval(3000);
    connect(&m_mergedRefresh, &QTimer::timeout, this, [this] {
        if (m_shownIndex == store::JobStore::kAllIndexes && follow())
            emit fetchRequested(m_shownIndex, -1, false);
    });
}

void LogViewWidget::setIndexRange(int count) {
    const QSignalBlocker block(m_index);
    m_index->setRange(0, std::max(0, count - 1));
}

void LogViewWidget::setAttemptCount(int attempts) {
    const int keep = m_attempt->currentIndex();
    if (m_attempt->count() == attempts + 1)
        return;
    m_attempt->clear();
    m_attempt->addItem(tr("Newest attempt"), -1);
    for (int a = 0; a < attempts; ++a)
        m_attempt->addItem(tr("Attempt %1").arg(a + 1), a);
    m_attempt->setCurrentIndex(keep >= 0 && keep < m_attempt->count() ? keep : 0);
}

int LogViewWidget::index() const {
    return m_allIndexes->isChecked() ? store::JobStore::kAllIndexes : m_index->value();
}

int LogViewWidget::attempt() const {
    return m_attempt->currentData().toInt();
}

bool LogViewWidget::follow() const {
    return m_follow->isChecked();
}

QString LogViewWidget::shownText() const {
    return m_text->toPlainText();
}

void LogViewWidget::focusFilter() {
    m_filter->setFocus();
    m_filter->selectAll();
}

QWidget* LogViewWidget::indexBox() const {
    return m_index;
}

void LogViewWidget::focusIndex() {
    if (m_allIndexes->isChecked())
        m_allIndexes->setChecked(false);
    m_index->setFocus(Qt::ShortcutFocusReason);
    m_index->selectAll();
}

void LogViewWidget::showIndex(int index) {
    showAttempt(index, -1);
}

void LogViewWidget::showAttempt(int index, int attempt) {
    const bool all = index == store::JobStore::kAllIndexes;
    {
        const QSignalBlocker blockAll(m_allIndexes);
        const QSignalBlocker blockIndex(m_index);
        m_allIndexes->setChecked(all);
        m_index->setEnabled(!all);
        m_attempt->setEnabled(!all);
        if (!all)
            m_index->setValue(index);
        const int at = m_attempt->findData(attempt);
        m_attempt->setCurrentIndex(at >= 0 ? at : 0);
    }
    reload();
}

void LogViewWidget::reload() {
    if (m_shownIndex >= 0 && m_shownIndex != index())
        emit stopRequested(m_shownIndex);
    clear();
    m_shownIndex = index();
    const bool merged = m_shownIndex == store::JobStore::kAllIndexes;
    m_state->setText(merged ? tr("Loading the logs of every index…")
                            : tr("Loading the log of index %1…").arg(m_shownIndex));
    if (merged && follow())
        m_mergedRefresh.start();
    else
        m_mergedRefresh.stop();
    emit fetchRequested(m_shownIndex, merged ? -1 : attempt(), merged ? false : follow());
}

void LogViewWidget::clear() {
    m_lines.clear();
    m_partial.clear();
    m_text->clear();
    m_state->clear();
}

bool LogViewWidget::matches(const QString& line) const {
    const QString f = m_filter->text();
    return f.isEmpty() || line.contains(f, Qt::CaseInsensitive);
}

void LogViewWidget::appendText(int index, int attempt, const QString& text, bool finished) {
    Q_UNUSED(attempt);
    if (index != m_shownIndex)
        return;
    if (index == store::JobStore::kAllIndexes) {
        // Each answer is the whole merged view: replace, keeping the reader's place at the end.
        m_lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        m_partial.clear();
        refilter();
        m_state->setText(follow()
                             ? tr("All indexes: %1 lines, refreshed every 3 s").arg(m_lines.size())
                             : tr("All indexes: %1 lines").arg(m_lines.size()));
        return;
    }
    QStringList pieces = (m_partial + text).split(QLatin1Char('\n'));
    m_partial = pieces.takeLast(); // empty when the text ended with a newline
    QScrollBar* v = m_text->verticalScrollBar();
    const bool atBottom = v->value() >= v->maximum() - 2;
    QStringList shown;
    for (QString& line : pieces) {
        if (matches(line))
            shown.push_back(line);
        m_lines.push_back(std::move(line));
    }
    if (finished && !m_partial.isEmpty()) {
        if (matches(m_partial))
            shown.push_back(m_partial);
        m_lines.push_back(m_partial);
        m_partial.clear();
    }
    if (m_lines.size() > kMaxLines) {
        m_lines.erase(m_lines.begin(), m_lines.begin() + (m_lines.size() - kMaxLines));
        refilter();
    } else if (!shown.isEmpty()) {
        m_text->appendPlainText(shown.join(QLatin1Char('\n')));
    }
    if (atBottom)
        v->setValue(v->maximum());
    m_state->setText(finished ? tr("Index %1: end of log (%2 lines)").arg(index).arg(m_lines.size())
                              : tr("Index %1: %2 lines, following").arg(index).arg(m_lines.size()));
}

void LogViewWidget::refilter() {
    QStringList shown;
    for (const QString& line : std::as_const(m_lines)) {
        if (matches(line))
            shown.push_back(line);
    }
    m_text->setPlainText(shown.join(QLatin1Char('\n')));
    m_text->verticalScrollBar()->setValue(m_text->verticalScrollBar()->maximum());
}

} // namespace tessera::ui
