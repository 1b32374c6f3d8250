#pragma once
// Above the job list: what is wrong with the kubeconfig, so its contexts do not vanish from the
// source picker silently ("Kubeconfig: /home/u/.kube/config:12:5: users[0].user.token: expected
// a string"), and what the open context does that is unsafe (a token over plain http://). Reload
// reads the kubeconfig again once it is fixed. Hidden when there is nothing to say.
#include <QWidget>

class QLabel;
class QPushButton;

namespace tessera::ui {

class KubeconfigBar : public QWidget {
    Q_OBJECT
public:
    explicit KubeconfigBar(QWidget* parent = nullptr);

    QString text() const;

public slots:
    // Why the kubeconfig gives no contexts (its load error); empty: it loaded.
    void showProblem(const QString& reason);
    // A warning about the open source's connection; empty: none.
    void showWarning(const QString& warning);

signals:
    void reloadRequested();

private:
    void update();

    QLabel* m_text;
    QPushButton* m_reload;
    QString m_problem;
    QString m_warning;
};

} // namespace tessera::ui
