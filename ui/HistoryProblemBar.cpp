#include "HistoryProblemBar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>

namespace tessera::ui {

HistoryProblemBar::HistoryProblemBar(QWidget* parent)
    : QWidget(parent)
    , m_text(new QLabel(this))
    , m_reset(new QPushButton(tr("Reset history"), this)) {
    setObjectName(QStringLiteral("historyProblem"));
    m_text->setObjectName(QStringLiteral("historyProblemText"));
    m_reset->setObjectName(QStringLiteral("historyReset"));
    m_reset->setToolTip(tr("Keep the broken file aside (renamed) and start a new history"));
    auto* icon = new QLabel(this);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(16, 16));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(icon);
    layout->addWidget(m_text);
    layout->addWidget(m_reset);
    connect(m_reset, &QPushButton::clicked, this, &HistoryProblemBar::resetRequested);
    hide();
}

void HistoryProblemBar::showProblem(const QString& reason) {
    if (reason.isEmpty()) {
        hide();
        return;
    }
    // Short in the bar, whole in the tooltip: the path and SQLite's words can be long.
    m_text->setText(tr("History disabled: attempts of deleted pods are not kept"));
    m_text->setToolTip(reason);
    setToolTip(reason);
    show();
}

} // namespace tessera::ui
