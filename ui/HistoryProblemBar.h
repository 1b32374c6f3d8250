#pragma once
// The status bar's word on the History database when it cannot be used (damaged, read-only, in
// a folder that cannot be made): what is wrong, that the window goes on without it, and the way
// forward, a Reset that sets the broken file aside and starts a new one. Hidden while the
// History works.
#include <QWidget>

class QLabel;
class QPushButton;

namespace tessera::ui {

class HistoryProblemBar : public QWidget {
    Q_OBJECT
public:
    explicit HistoryProblemBar(QWidget* parent = nullptr);

public slots:
    // `reason` names the file and the cause; empty hides the bar.
    void showProblem(const QString& reason);

signals:
    void resetRequested();

private:
    QLabel* m_text;
    QPushButton* m_reset;
};

} // namespace tessera::ui
