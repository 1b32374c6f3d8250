#include "LogViewWidget.h"

#include "LogSearchBar.h"
#include "RecentFolders.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
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
    , m_wrap(new QCheckBox(tr("Wrap"), this))
    , m_timestamps(new QCheckBox(tr("Times"), this))
    , m_filter(new QLineEdit(this))
    , m_cutBar(new QWidget(this))
    , m_cut(new QLabel(m_cutBar))
    , m_whole(new QPushButton(tr("Show the whole log"), m_cutBar))
    , m_state(new QLabel(this))
    , m_text(new QPlainTextEdit(this))
    , m_search(new LogSearchBar(m_text, this)) {
    setObjectName(QStringLiteral("logView"));
    m_index->setObjectName(QStringLiteral("logIndex"));
    m_index->setPrefix(tr("Index "));
    m_index->setRange(0, 0);
    m_index->setToolTip(tr("The index whose log is shown (Ctrl+L)"));
    m_allIndexes->setObjectName(QStringLiteral("logAllIndexes"));
    m_allIndexes->setToolTip(tr("Every index's log merged, each line prefixed with its index"));
    m_attempt->setObjectName(QStringLiteral("logAttempt"));
    m_attempt->setToolTip(tr("Which attempt of the index: the newest, or an earlier one"));
    m_follow->setObjectName(QStringLiteral("logFollow"));
    m_follow->setChecked(true);
    m_wrap->setObjectName(QStringLiteral("logWrap"));
    m_wrap->setToolTip(tr("Wrap long lines"));
    m_timestamps->setObjectName(QStringLiteral("logTimestamps"));
    m_timestamps->setToolTip(tr("Each line's time, as the cluster recorded it (local runs "
                                "record none)"));
    m_filter->setObjectName(QStringLiteral("logFilter"));
    m_filter->setPlaceholderText(tr("Filter lines"));
    m_filter->setClearButtonEnabled(true);
    m_text->setObjectName(QStringLiteral("logText"));
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setPlaceholderText(tr("Click an index in the scoreboard (or pick one above) to see "
                                  "its log."));
    m_text->setToolTip(tr("Ctrl+F finds text in the log"));
    m_text->installEventFilter(this);
    m_search->field()->installEventFilter(this);
    m_cutBar->setObjectName(QStringLiteral("logCutBar"));
    m_cut->setObjectName(QStringLiteral("logCut"));
    m_cut->setWordWrap(true);
    m_whole->setObjectName(QStringLiteral("logWhole"));
    m_cutBar->hide();
    m_state->setObjectName(QStringLiteral("logState"));
    auto* load = new QPushButton(tr("&Load"), this);
    load->setObjectName(QStringLiteral("logLoad"));
    auto* save = new QPushButton(tr("Save…"), this);
    save->setObjectName(QStringLiteral("logSave"));
    save->setToolTip(tr("Save the whole log of this attempt to a file"));
    setAttemptCount(0);

    // Which log (index or all, attempt) and how it reads (wrap, times), then what to do with it
    // (follow, load, save, filter): two rows, so the filter keeps its room in a narrow pane.
    auto* which = new QHBoxLayout;
    which->addWidget(m_index);
    which->addWidget(m_allIndexes);
    which->addWidget(m_attempt, 1);
    which->addWidget(m_wrap);
    which->addWidget(m_timestamps);
    auto* how = new QHBoxLayout;
    how->addWidget(m_follow);
    how->addWidget(load);
    how->addWidget(save);
    how->addWidget(m_filter, 1);
    auto* cutLayout = new QHBoxLayout(m_cutBar);
    cutLayout->setContentsMargins(0, 0, 0, 0);
    cutLayout->addWidget(m_cut, 1);
    cutLayout->addWidget(m_whole);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(which);
    layout->addLayout(how);
    layout->addWidget(m_cutBar);
    layout->addWidget(m_search);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_state);

    connect(load, &QPushButton::clicked, this, &LogViewWidget::reload);
    connect(m_whole, &QPushButton::clicked, this, &LogViewWidget::loadWhole);
    connect(save, &QPushButton::clicked, this, [this] {
        if (m_shownIndex < 0 || m_shownIndex == store::JobStore::kAllIndexes) {
            m_state->setText(tr("Pick one index to save its log."));
            return;
        }
        const QString name = QStringLiteral("index-%1.log").arg(m_shownIndex);
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save log"), RecentFolders::pathIn(QStringLiteral("log"), name),
            tr("Logs (*.log *.txt);;All files (*)"));
        RecentFolders::remember(QStringLiteral("log"), path);
        if (!path.isEmpty())
            saveTo(path);
    });
    connect(m_wrap, &QCheckBox::toggled, this, &LogViewWidget::setWrap);
    connect(m_timestamps, &QCheckBox::toggled, this, [this] { reload(); });
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
            emit fetchRequested(m_shownIndex, -1, {});
    });
    // The view takes queued lines a batch per turn of the event loop (paints come between).
    m_drain.setInterval(0);
    connect(&m_drain, &QTimer::timeout, this, &LogViewWidget::drainPending);
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

QString LogViewWidget::stateText() const {
    return m_state->text();
}

QString LogViewWidget::cutText() const {
    return m_cutBar->isHidden() ? QString() : m_cut->text();
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
    fetch(false);
}

void LogViewWidget::loadWhole() {
    fetch(true);
}

void LogViewWidget::fetch(bool whole) {
    if (m_shownIndex >= 0 && m_shownIndex != index())
        emit stopRequested(m_shownIndex);
    clear();
    m_shownIndex = index();
    m_wholeAsked = whole;
    const bool merged = m_shownIndex == store::JobStore::kAllIndexes;
    m_state->setText(merged ? tr("Loading the logs of every index…")
                            : tr("Loading the log of index %1…").arg(m_shownIndex));
    if (merged && follow())
        m_mergedRefresh.start();
    else
        m_mergedRefresh.stop();
    store::JobStore::LogFetch how;
    how.follow = !merged && follow();
    how.whole = !merged && whole;
    how.timestamps = m_timestamps->isChecked();
    emit fetchRequested(m_shownIndex, merged ? -1 : attempt(), how);
}

void LogViewWidget::saveTo(const QString& path) {
    m_saveNote = tr("Saving the log of index %1 to %2…")
                     .arg(m_shownIndex)
                     .arg(QDir::toNativeSeparators(path));
    updateState();
    emit saveRequested(m_shownIndex, attempt(), path, m_timestamps->isChecked());
}

void LogViewWidget::saveFinished(int index, const QString& path, qint64 bytes,
                                 const QString& error) {
    Q_UNUSED(index);
    m_saveNote = error.isEmpty()
                     ? tr("Saved %1 (%2)")
                           .arg(QDir::toNativeSeparators(path), QLocale().formattedDataSize(bytes))
                     : tr("Not saved: %1").arg(error);
    updateState();
}

void LogViewWidget::setWrap(bool on) {
    const QSignalBlocker block(m_wrap);
    m_wrap->setChecked(on);
    m_text->setLineWrapMode(on ? QPlainTextEdit::WidgetWidth : QPlainTextEdit::NoWrap);
}

void LogViewWidget::setTimestamps(bool on) {
    m_timestamps->setChecked(on); // asks again when it changes
}

void LogViewWidget::clear() {
    m_lines.clear();
    m_splitter.clear();
    m_pending.clear();
    m_drain.stop();
    m_text->clear();
    m_state->clear();
    m_cutBar->hide();
    m_finished = false;
    m_saveNote.clear();
}

bool LogViewWidget::matches(const QString& line) const {
    const QString f = m_filter->text();
    return f.isEmpty() || line.contains(f, Qt::CaseInsensitive);
}

void LogViewWidget::noteCut(int index, qint64 omittedBytes) {
    if (index != m_shownIndex || m_wholeAsked || !m_cutBar->isHidden())
        return;
    m_cut->setText(omittedBytes >= 0
                       ? tr("The start of this log is not shown: %1 before these lines were left "
                            "out.")
                             .arg(QLocale().formattedDataSize(omittedBytes))
                       : tr("Only the last lines of this log are shown; earlier ones may exist."));
    m_cutBar->show();
}

void LogViewWidget::appendText(int index, int attempt, const QString& text, bool finished) {
    Q_UNUSED(attempt);
    if (index != m_shownIndex)
        return;
    if (index == store::JobStore::kAllIndexes) {
        // Each answer is the whole merged view: replace, keeping the reader's place at the end.
        m_lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        m_splitter.clear();
        m_finished = true;
        refilter();
        return;
    }
    QStringList lines = m_splitter.push(text);
    if (finished) {
        const QString last = m_splitter.finish();
        if (!last.isEmpty())
            lines.push_back(last);
    }
    m_finished = finished;
    for (QString& line : lines) {
        if (matches(line))
            m_pending.push_back(line);
        m_lines.push_back(std::move(line));
    }
    // A tail keeps its last kMaxLines lines; a log asked for whole keeps every line.
    if (!m_wholeAsked && m_lines.size() > kMaxLines) {
        m_lines.erase(m_lines.begin(), m_lines.begin() + (m_lines.size() - kMaxLines));
        // More than the source left out is now missing: say so by lines.
        m_cut->setText(
            tr("The start of this log is not shown: only its last %1 lines are.").arg(kMaxLines));
        m_cutBar->show();
        refilter();
        return;
    }
    if (!m_pending.empty() && !m_drain.isActive())
        m_drain.start();
    updateState();
}

void LogViewWidget::drainPending() {
    QScrollBar* v = m_text->verticalScrollBar();
    const bool atBottom = v->value() >= v->maximum() - 2;
    QString batch;
    for (int n = 0; n < kLinesPerBatch && !m_pending.empty(); ++n) {
        if (n > 0)
            batch += QLatin1Char('\n');
        batch += m_pending.front();
        m_pending.pop_front();
    }
    if (!batch.isNull())
        m_text->appendPlainText(batch);
    if (atBottom)
        v->setValue(v->maximum());
    if (m_pending.empty())
        m_drain.stop();
    m_search->textChanged();
    updateState();
}

void LogViewWidget::updateState() {
    const int lines = int(m_lines.size());
    QString state;
    if (m_shownIndex == store::JobStore::kAllIndexes)
        state = follow() ? tr("All indexes: %1 lines, refreshed every 3 s").arg(lines)
                         : tr("All indexes: %1 lines").arg(lines);
    else if (!m_pending.empty())
        state = tr("Index %1: %2 lines, showing…").arg(m_shownIndex).arg(lines);
    else if (!m_finished)
        state = tr("Index %1: %2 lines, following").arg(m_shownIndex).arg(lines);
    else if (!m_cutBar->isHidden())
        state = tr("Index %1: end of log (the last %2 lines)").arg(m_shownIndex).arg(lines);
    else
        state = tr("Index %1: end of log (%2 lines)").arg(m_shownIndex).arg(lines);
    if (!m_saveNote.isEmpty())
        state += QStringLiteral(" · ") + m_saveNote;
    m_state->setText(state);
}

void LogViewWidget::refilter() {
    m_pending.clear();
    m_text->clear();
    for (const QString& line : std::as_const(m_lines)) {
        if (matches(line))
            m_pending.push_back(line);
    }
    if (!m_pending.empty() && !m_drain.isActive())
        m_drain.start();
    updateState();
}

bool LogViewWidget::eventFilter(QObject* watched, QEvent* event) {
    // In the log, Ctrl+F finds in the log rather than filtering the job list (the window's
    // shortcut): claim the keys before shortcuts see them.
    if (event->type() != QEvent::ShortcutOverride && event->type() != QEvent::KeyPress)
        return QWidget::eventFilter(watched, event);
    const auto* key = static_cast<QKeyEvent*>(event);
    const bool find = key->matches(QKeySequence::Find);
    const bool f3 = key->key() == Qt::Key_F3;
    const bool escape = key->key() == Qt::Key_Escape && watched == m_search->field();
    if (!find && !f3 && !escape)
        return QWidget::eventFilter(watched, event);
    if (event->type() == QEvent::ShortcutOverride) {
        event->accept();
        return true;
    }
    if (find)
        m_search->open();
    else if (escape) {
        m_search->hide();
        m_text->setExtraSelections({});
        m_text->setFocus();
    } else if (key->modifiers() & Qt::ShiftModifier)
        m_search->findPrevious();
    else
        m_search->findNext();
    return true;
}

} // namespace tessera::ui
