#include "KubeconfigBar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>

namespace tessera::ui {

KubeconfigBar::KubeconfigBar(QWidget* parent)
    : QWidget(parent)
    , m_text(new QLabel(this))
    , m_reload(new QPushButton(tr("Reload &kubeconfig"), this)) {
    setObjectName(QStringLiteral("kubeconfigBar"));
    m_text->setObjectName(QStringLiteral("kubeconfigBarText"));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_reload->setObjectName(QStringLiteral("kubeconfigReload"));
    m_reload->setToolTip(tr("Read the kubeconfig files again (KUBECONFIG, else ~/.kube/config)"));
    auto* icon = new QLabel(this);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(16, 16));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->addWidget(icon, 0, Qt::AlignTop);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_reload, 0, Qt::AlignTop);
    connect(m_reload, &QPushButton::clicked, this, &KubeconfigBar::reloadRequested);
    hide();
}

QString KubeconfigBar::text() const {
    return m_text->text();
}

void KubeconfigBar::showProblem(const QString& reason) {
    m_problem = reason;
    update();
}

void KubeconfigBar::showWarning(const QString& warning) {
    m_warning = warning;
    update();
}

void KubeconfigBar::update() {
    QStringList lines;
    if (!m_problem.isEmpty())
        lines << tr("Kubeconfig: %1").arg(m_problem);
    if (!m_warning.isEmpty())
        lines << tr("Warning: %1").arg(m_warning);
    m_text->setText(lines.join(QLatin1Char('\n')));
    setVisible(!lines.isEmpty());
}

} // namespace tessera::ui
