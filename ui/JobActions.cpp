#include "JobActions.h"

#include "store/JobStore.h"

#include <QApplication>
#include <QClipboard>
#include <QInputDialog>
#include <QMessageBox>
#include <QPushButton>
#include <functional>

namespace tessera::ui {

namespace {

QString nameOf(const QString& key) {
    return key.section(QLatin1Char('/'), -1);
}

// "a, b and c" in a confirmation, at most `shown` names then "and N more".
QString nameList(const QStringList& names) {
    constexpr int shown = 12;
    QStringList listed = names.mid(0, shown);
    QString text = listed.join(QStringLiteral("\n  • "));
    if (names.size() > shown)
        text +=
            JobActions::tr("\n  … and %n more", nullptr, static_cast<int>(names.size() - shown));
    return QStringLiteral("  • ") + text;
}

void confirm(QWidget* parent, const QString& objectName, const QString& title, const QString& text,
             const QString& yesText, bool destructive, std::function<void()> onYes) {
    auto* box = new QMessageBox(destructive ? QMessageBox::Warning : QMessageBox::Question, title,
                                text, QMessageBox::Cancel, parent);
    box->setObjectName(objectName);
    QPushButton* yes = box->addButton(yesText, destructive ? QMessageBox::DestructiveRole
                                                           : QMessageBox::AcceptRole);
    yes->setObjectName(objectName + QStringLiteral("Yes"));
    if (destructive)
        box->setDefaultButton(QMessageBox::Cancel);
    else
        box->setDefaultButton(yes);
    box->setAttribute(Qt::WA_DeleteOnClose);
    QObject::connect(box, &QMessageBox::finished, box, [box, yes, onYes = std::move(onYes)] {
        if (box->clickedButton() == yes)
            onYes();
    });
    box->open();
}

} // namespace

template <typename Call>
void JobActions::inStore(const QPointer<store::JobStore>& store, Call call) {
    if (!store)
        return;
    QMetaObject::invokeMethod(store.data(), [s = store, call] {
        if (s)
            call(*s);
    });
}

void JobActions::onJobs(QWidget* parent, store::JobStore* store, const QStringList& keys,
                        JobAction action) {
    if (keys.isEmpty() || !store)
        return;
    const auto run = [guarded = QPointer<store::JobStore>(store), keys, action] {
        inStore(guarded, [keys, action](store::JobStore& s) {
            for (const QString& key : keys) {
                if (action == JobAction::Delete)
                    s.deleteJob(key);
                else
                    s.setSuspended(key, action == JobAction::Suspend);
            }
        });
    };
    if (action != JobAction::Delete && keys.size() == 1) {
        run(); // as the header's Suspend button: one job, no question
        return;
    }
    QStringList names;
    for (const QString& key : keys)
        names.append(nameOf(key));
    const int n = static_cast<int>(keys.size());
    switch (action) {
    case JobAction::Suspend:
        confirm(parent, QStringLiteral("jobsConfirmation"), tr("Suspend jobs"),
                tr("Suspend these %n jobs? Their running pods are stopped.", nullptr, n) +
                    QStringLiteral("\n\n") + nameList(names),
                tr("Suspend %n jobs", nullptr, n), false, run);
        break;
    case JobAction::Resume:
        confirm(parent, QStringLiteral("jobsConfirmation"), tr("Resume jobs"),
                tr("Resume these %n jobs?", nullptr, n) + QStringLiteral("\n\n") + nameList(names),
                tr("Resume %n jobs", nullptr, n), false, run);
        break;
    case JobAction::Delete:
        confirm(parent, QStringLiteral("jobsConfirmation"), tr("Delete jobs"),
                (n == 1 ? tr("Delete this job and its pods?")
                        : tr("Delete these %n jobs and their pods?", nullptr, n)) +
                    QStringLiteral("\n\n") + nameList(names),
                n == 1 ? tr("Delete") : tr("Delete %n jobs", nullptr, n), true, run);
        break;
    }
}

void JobActions::askParallelism(QWidget* parent, store::JobStore* store, const QString& key,
                                int current) {
    auto* dialog = new QInputDialog(parent);
    dialog->setObjectName(QStringLiteral("parallelismDialog"));
    dialog->setWindowTitle(tr("Set parallelism"));
    dialog->setLabelText(tr("Pods of %1 running at once:").arg(nameOf(key)));
    dialog->setInputMode(QInputDialog::IntInput);
    dialog->setIntRange(0, 1000000);
    dialog->setIntValue(current);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    QObject::connect(
        dialog, &QInputDialog::intValueSelected, dialog,
        [guarded = QPointer<store::JobStore>(store), key](int value) {
            inStore(guarded, [key, value](store::JobStore& s) { s.setParallelism(key, value); });
        });
    dialog->open();
}

void JobActions::deletePods(QWidget* parent, store::JobStore* store, const QString& key,
                            const QStringList& pods) {
    if (pods.isEmpty() || !store)
        return;
    const int n = static_cast<int>(pods.size());
    confirm(parent, QStringLiteral("podsConfirmation"), tr("Delete pods"),
            (n == 1 ? tr("Delete this pod of %1? The job starts a new one as it would after "
                         "kubectl delete pod.")
                    : tr("Delete these %n pods of %1? The job starts new ones as it "
                         "would after kubectl delete pod.",
                         nullptr, n))
                    .arg(nameOf(key)) +
                QStringLiteral("\n\n") + nameList(pods),
            n == 1 ? tr("Delete") : tr("Delete %n pods", nullptr, n), true,
            [guarded = QPointer<store::JobStore>(store), key, pods] {
                inStore(guarded, [key, pods](store::JobStore& s) {
                    for (const QString& pod : pods)
                        s.deletePod(key, pod);
                });
            });
}

void JobActions::copy(const QString& text) {
    QApplication::clipboard()->setText(text);
}

} // namespace tessera::ui
