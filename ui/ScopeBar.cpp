#include "ScopeBar.h"

#include <QComboBox>
#include <QCompleter>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QStringListModel>
#include <QUrl>

namespace tessera::ui {

namespace {

// Completes the selector's last requirement (after the last comma), keeping the ones before.
class SelectorCompleter : public QCompleter {
public:
    using QCompleter::QCompleter;

    QStringList splitPath(const QString& path) const override {
        return {path.section(QLatin1Char(','), -1).trimmed()};
    }
    QString pathFromIndex(const QModelIndex& index) const override {
        const QString text = static_cast<QLineEdit*>(widget())->text();
        const qsizetype comma = text.lastIndexOf(QLatin1Char(','));
        const QString before = comma < 0 ? QString() : text.left(comma + 1);
        return before + QCompleter::pathFromIndex(index);
    }
};

} // namespace

ScopeBar::ScopeBar(QWidget* parent)
    : QWidget(parent)
    , m_namespaces(new QComboBox(this))
    , m_selector(new QLineEdit(this))
    , m_completions(new QStringListModel(this)) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_namespaces->setObjectName(QStringLiteral("namespaceFilter"));
    m_namespaces->setEditable(true);
    m_namespaces->setMinimumContentsLength(14);
    m_namespaces->lineEdit()->setPlaceholderText(tr("All namespaces"));
    m_namespaces->setToolTip(tr("Namespaces, separated by commas (empty: all namespaces); press "
                                "Enter to apply"));
    m_selector->setObjectName(QStringLiteral("labelSelector"));
    m_selector->setPlaceholderText(tr("Label selector"));
    m_selector->setToolTip(tr("Only jobs with these labels, as kubectl -l takes them "
                              "(app=etl,tier!=test); press Enter to apply"));
    m_selector->setClearButtonEnabled(true);
    m_selector->setMinimumWidth(m_selector->fontMetrics().horizontalAdvance(QLatin1Char('x')) * 18);
    auto* completer = new SelectorCompleter(m_completions, m_selector);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchContains);
    m_selector->setCompleter(completer);
    auto* namespaceLabel = new QLabel(tr("  Namespaces: "), this);
    namespaceLabel->setBuddy(m_namespaces);
    layout->addWidget(namespaceLabel);
    layout->addWidget(m_namespaces);
    layout->addWidget(m_selector);
    connect(m_namespaces->lineEdit(), &QLineEdit::returnPressed, this, &ScopeBar::apply);
    connect(m_selector, &QLineEdit::returnPressed, this, &ScopeBar::apply);
    m_selector->installEventFilter(this);
}

bool ScopeBar::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_selector && event->type() == QEvent::FocusIn && m_labelSource)
        setSeenLabels(m_labelSource());
    return QWidget::eventFilter(watched, event);
}

QString ScopeBar::settingsGroup(const QString& sourceId) {
    // Context names may hold '/', which QSettings reads as a group.
    return QStringLiteral("scope/") + QString::fromLatin1(QUrl::toPercentEncoding(sourceId));
}

store::JobScope ScopeBar::restoreFor(const QString& sourceId) {
    m_sourceId = sourceId;
    QSettings settings;
    settings.beginGroup(settingsGroup(sourceId));
    const QString namespaces = settings.value(QStringLiteral("namespaces")).toString();
    const QString selector = settings.value(QStringLiteral("labelSelector")).toString();
    settings.endGroup();
    // What was remembered passed the gate when it was set; a hand-edited file may not.
    auto parsed = store::JobScope::parse(namespaces, selector);
    m_scope = parsed ? *parsed : store::JobScope{};
    m_namespaces->setCurrentText(m_scope.namespacesText());
    m_selector->setText(m_scope.labelSelector);
    return m_scope;
}

void ScopeBar::apply() {
    auto parsed = store::JobScope::parse(m_namespaces->currentText(), m_selector->text());
    if (!parsed) {
        const QString message = QString::fromStdString(parsed.error().describe());
        (parsed.error().field == "namespace" ? static_cast<QWidget*>(m_namespaces) : m_selector)
            ->setToolTip(message);
        emit scopeRefused(message);
        return;
    }
    m_namespaces->setCurrentText(parsed->namespacesText());
    if (*parsed == m_scope)
        return;
    m_scope = *parsed;
    if (!m_sourceId.isEmpty()) {
        QSettings settings;
        settings.beginGroup(settingsGroup(m_sourceId));
        settings.setValue(QStringLiteral("namespaces"), m_scope.namespacesText());
        settings.setValue(QStringLiteral("labelSelector"), m_scope.labelSelector);
        settings.endGroup();
    }
    emit scopeChanged(m_scope);
}

void ScopeBar::setSeenLabels(const QMap<QString, QStringList>& valuesByKey) {
    QStringList items;
    for (auto it = valuesByKey.begin(); it != valuesByKey.end(); ++it) {
        items << it.key();
        for (const QString& value : it.value())
            items << it.key() + QLatin1Char('=') + value;
    }
    if (items != m_completions->stringList())
        m_completions->setStringList(items);
}

} // namespace tessera::ui
