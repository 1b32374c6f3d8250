#include "RunningRunsPrompt.h"

#include <QPushButton>

namespace tessera::ui {

RunningRunsPrompt::RunningRunsPrompt(const QStringList& runs, QWidget* parent)
    : QMessageBox(QMessageBox::Information, tr("Local runs keep running"),
                  tr("Still running: %1.").arg(runs.join(QStringLiteral(", "))) +
                      QStringLiteral("\n\n") +
                      tr("They continue after this window closes, each in its own process. Open "
                         "\"Local runs\" again to watch them; a run stopped by a restart shows "
                         "as Interrupted and can be resumed."),
                  QMessageBox::Cancel, parent) {
    setObjectName(QStringLiteral("closePrompt"));
    QPushButton* close = addButton(tr("Close"), QMessageBox::AcceptRole);
    setDefaultButton(close);
    setWindowModality(Qt::WindowModal);
    setAttribute(Qt::WA_DeleteOnClose);
    connect(this, &QMessageBox::finished, this, [this, close] {
        if (clickedButton() == close)
            emit closeConfirmed();
    });
}

} // namespace tessera::ui
