#pragma once
// Asked before a window closes while it shows local runs still running: names them and says they
// go on (each is a `tessera run` process of its own, not part of the window). Window-modal and
// opened with open(), never exec(): no nested event loop. objectName "closePrompt".
#include <QMessageBox>
#include <QStringList>

namespace tessera::ui {

class RunningRunsPrompt : public QMessageBox {
    Q_OBJECT
public:
    RunningRunsPrompt(const QStringList& runs, QWidget* parent);

signals:
    // The user chose to close the window anyway (the runs continue).
    void closeConfirmed();
};

} // namespace tessera::ui
