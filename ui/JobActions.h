#pragma once
// The user's actions on jobs and pods that more than one view offers (the job list's context
// menu and bulk actions, the job view's menus): each asks what it must (one confirmation naming
// every job or pod it acts on; a parallelism), then hands the action to the store on its thread
// through the store's own calls (JobStore::setSuspended, deleteJob, setParallelism, deletePod).
// Dialogs open asynchronously (open(), never exec()): no nested event loop.
#include <QCoreApplication>
#include <QPointer>
#include <QString>
#include <QStringList>

class QWidget;

namespace tessera::store {
class JobStore;
}

namespace tessera::ui {

class JobActions {
    Q_DECLARE_TR_FUNCTIONS(JobActions)

public:
    enum class JobAction { Suspend, Resume, Delete };

    // Suspends, resumes or deletes `keys`. A delete, or any action on more than one job, asks
    // first in one box naming them all (objectName "jobsConfirmation").
    static void onJobs(QWidget* parent, store::JobStore* store, const QStringList& keys,
                       JobAction action);
    // Asks for a parallelism (starting at `current`) and sets it (objectName
    // "parallelismDialog").
    static void askParallelism(QWidget* parent, store::JobStore* store, const QString& key,
                               int current);
    // Deletes pods of job `key` after one confirmation naming them (objectName
    // "podsConfirmation"); the Job's controller replaces them as it would after kubectl delete.
    static void deletePods(QWidget* parent, store::JobStore* store, const QString& key,
                           const QStringList& pods);
    static void copy(const QString& text);

private:
    // Runs `call(store)` in the store's thread.
    template <typename Call> static void inStore(const QPointer<store::JobStore>& store, Call call);
};

} // namespace tessera::ui
